import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { browserCheckPlugin } from './build/browser-check-plugin';
import { codeSplitting, firstDownloadPlugin } from './build/code-splitting';
import { documentsPlugin } from './build/documents-plugin';
import { licensesPlugin } from './build/licenses-plugin';
import { patientEntry } from './build/page-starts-plugin';
import { localesPlugin } from './build/locales-plugin';
import { mantineUseIdPlugin } from './build/mantine-use-id';
import { precompressPlugin } from './build/precompress-plugin';
import { pwaPlugin } from './build/pwa-plugin';
import { reactRouterProductionPlugin } from './build/react-router-production';
import { startScreenPlugin } from './build/start-screen-plugin';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    firstDownloadPlugin(),
    reactRouterProductionPlugin(),
    mantineUseIdPlugin(),
    localesPlugin(),
    documentsPlugin(),
    licensesPlugin(),
    browserCheckPlugin(),
    startScreenPlugin(),
    pwaPlugin(),
    precompressPlugin(),
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
      '/resources-config.json': apiTarget,
      '/videos': apiTarget,
    },
  },
  build: {
    sourcemap: false,
    target: 'es2022',
    // The server reads it to name a first visit's files in index.html (server/routes/index-page.ts).
    manifest: true,
    // Which modules go into which file: build/code-splitting.ts. index.html starts the patient's link page with
    // its own entry (issue 32, build/page-starts-plugin.ts).
    rolldownOptions: {
      input: [join(import.meta.dirname, 'index.html'), patientEntry],
      output: { codeSplitting },
    },
  },
});
