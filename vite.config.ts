import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const localesDir = join(import.meta.dirname, 'locales');

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * Locale files live at the top level (locales/<language>/<namespace>.json) and are fetched at run time from
 * the static path, so they are emitted into the build as plain files (not bundled) and precached by the worker.
 */
function localesPlugin(): Plugin {
  return {
    name: 'cgm-locales',
    generateBundle() {
      for (const file of listFiles(localesDir)) {
        this.emitFile({
          type: 'asset',
          fileName: `locales/${relative(localesDir, file).split('\\').join('/')}`,
          source: readFileSync(file),
        });
      }
    },
    configureServer(server) {
      server.middlewares.use('/locales', (req, res, next) => {
        const path = join(localesDir, decodeURIComponent((req.url ?? '').split('?')[0] ?? ''));
        if (!path.startsWith(localesDir)) {
          next();
          return;
        }
        try {
          res.setHeader('Content-Type', 'application/json');
          res.end(readFileSync(path));
        } catch {
          next();
        }
      });
    },
  };
}

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    localesPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        id: '/cgm',
        name: 'Cognitive Assessment',
        short_name: 'Cognitive',
        description: 'Order, run and review computerised cognitive assessments.',
        start_url: '/cgm',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1c4e80',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,json,png,svg,ico,pdf,webmanifest}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
  ],
  define: {
    // Busts the cached lists of an older build (DESIGN §3).
    __BUILD_ID__: JSON.stringify(process.env.BUILD_ID ?? new Date().toISOString()),
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/config.json': apiTarget,
      '/runner': apiTarget,
      '/report': apiTarget,
      '/dev': apiTarget,
    },
  },
  build: {
    sourcemap: false,
    target: 'es2022',
  },
});
