import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { parse as parseJavaScript } from 'acorn';
import { defineConfig, transformWithOxc, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { generateDocuments, type GeneratedFile } from './server/documents/generate-pdf';
import { generateDocumentTexts } from './server/documents/document-text';
import { collectLicenses } from './server/documents/licenses';
import { browserNotSupportedPath } from './src/app/browser-support';
import { interfaceLanguages } from './src/shared/lib/i18n/languages';

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

/**
 * The demo documents (user manuals, privacy documents, resources) are generated with pdf-lib at build time
 * (server/documents/) and emitted under docs/, so the service worker precaches them with the shell. The privacy
 * documents' text is emitted beside their PDFs as JSON, which the screens show as HTML.
 */
function documentsPlugin(): Plugin {
  let generated: Promise<GeneratedFile[]> | undefined;
  const documents = () => (generated ??= generateDocuments().then((pdfs) => [...pdfs, ...generateDocumentTexts()]));
  return {
    name: 'cgm-documents',
    async generateBundle() {
      for (const file of await documents()) {
        this.emitFile({ type: 'asset', fileName: file.fileName, source: file.bytes });
      }
    },
    configureServer(server) {
      server.middlewares.use('/docs', (req, res, next) => {
        const fileName = `docs${decodeURIComponent((req.url ?? '').split('?')[0] ?? '')}`;
        documents()
          .then((files) => {
            const file = files.find((candidate) => candidate.fileName === fileName);
            if (!file) {
              next();
              return;
            }
            res.setHeader('Content-Type', fileName.endsWith('.json') ? 'application/json' : 'application/pdf');
            res.end(file.bytes);
          })
          .catch(next);
      });
    },
  };
}

/**
 * licenses.json for the About area's licenses page: the licenses of the installed production dependencies,
 * read from their package.json and license files at build time.
 */
function licensesPlugin(): Plugin {
  const source = () => JSON.stringify(collectLicenses(import.meta.dirname));
  return {
    name: 'cgm-licenses',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'licenses.json', source: source() });
    },
    configureServer(server) {
      server.middlewares.use('/licenses.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(source());
      });
    },
  };
}

const browserCheckFile = 'browser-check.js';

/**
 * The browser check runs before the application (README, "Supported browsers"): src/app/browser-support.ts
 * becomes a classic ES5 script, so that a browser too old to parse the application still runs it. The build
 * fails if the script is not ES5, rather than letting an old browser choke on it.
 */
async function browserCheckScript(): Promise<string> {
  const path = join(import.meta.dirname, 'src/app/browser-support.ts');
  const { code } = await transformWithOxc(readFileSync(path, 'utf8'), path, { lang: 'ts', target: 'es2015' });
  const body = code.replace(/^export /gm, '').replace(/^\/\/# sourceMappingURL.*$/gm, '');
  const script = `(function () {
${body}
var missing = missingBrowserFeatures(window);
if (missing.length > 0) {
  window.cgmUnsupportedBrowser = missing;
  window.location.replace(${JSON.stringify(browserNotSupportedPath)});
}
})();
`;
  parseJavaScript(script, { ecmaVersion: 5, sourceType: 'script' });
  return script;
}

const htmlEscapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => htmlEscapes[char] ?? char);

interface BrowserNotSupportedTexts {
  title: string;
  text: string;
  supportedTitle: string;
  browsers: string[];
  action: string;
}

/**
 * The browser-not-supported page is static HTML with no script (the browser that sees it may run none). It cannot
 * know the configured language, so it says everything in each interface language (en-US first), each part marked
 * with its lang; the texts are read from the locale files at build time.
 */
function browserNotSupportedPage(): string {
  const texts = interfaceLanguages.map((language) => {
    const shell = JSON.parse(readFileSync(join(localesDir, `${language}/shell.json`), 'utf8')) as {
      productName: string;
      browserNotSupported: BrowserNotSupportedTexts;
    };
    return { language, productName: shell.productName, ...shell.browserNotSupported };
  });
  const [first] = texts;
  if (!first) throw new Error('no interface language');
  const sections = texts
    .map(
      (part, index) => `<section lang="${part.language}">
<h${index === 0 ? '1' : '2'}>${escapeHtml(part.title)}</h${index === 0 ? '1' : '2'}>
<p>${escapeHtml(part.text)}</p>
<h${index === 0 ? '2' : '3'}>${escapeHtml(part.supportedTitle)}</h${index === 0 ? '2' : '3'}>
<ul>
${part.browsers.map((browser) => `<li>${escapeHtml(browser)}</li>`).join('\n')}
</ul>
<p>${escapeHtml(part.action)}</p>
</section>`,
    )
    .join('\n<hr>\n');
  return `<!doctype html>
<html lang="${first.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(first.title)} · ${escapeHtml(first.productName)}</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0; color: #1a1a1a; }
  header { background: #1c4e80; color: #fff; padding: 0.9rem 1rem; font-weight: 700; }
  main { max-width: 40rem; margin: 0 auto; padding: 1rem; line-height: 1.5; }
  h1, h2 { color: #1c4e80; }
  h1 { font-size: 1.6rem; }
</style>
</head>
<body>
<header>${escapeHtml(first.productName)}</header>
<main>
${sections}
</main>
</body>
</html>
`;
}

function browserCheckPlugin(): Plugin {
  return {
    name: 'cgm-browser-check',
    // A classic script runs before the (deferred) module script wherever it sits in the head.
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'script', attrs: { src: `/${browserCheckFile}` }, injectTo: 'head' }],
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: browserCheckFile, source: await browserCheckScript() });
      this.emitFile({
        type: 'asset',
        fileName: browserNotSupportedPath.replace(/^\//, ''),
        source: browserNotSupportedPage(),
      });
    },
    configureServer(server) {
      server.middlewares.use(`/${browserCheckFile}`, (_req, res, next) => {
        browserCheckScript()
          .then((script) => {
            res.setHeader('Content-Type', 'text/javascript');
            res.end(script);
          })
          .catch(next);
      });
      server.middlewares.use(browserNotSupportedPath, (_req, res) => {
        res.setHeader('Content-Type', 'text/html');
        res.end(browserNotSupportedPage());
      });
    },
  };
}

/** Text files the server can send compressed; images, PDFs and fonts are compressed formats already. */
const compressibleFile = /\.(js|mjs|css|html|json|svg|webmanifest|txt)$/;

/**
 * Every text file of the build gets a brotli (.br) and a gzip (.gz) twin, which the server sends to browsers that
 * accept them (server/routes/client.ts): compressed once here at the best level, never per request. It runs after
 * the service worker is generated, so sw.js has its twins too; the twins match no precache pattern.
 */
function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'cgm-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const file of listFiles(outDir)) {
          if (!compressibleFile.test(file)) continue;
          const source = readFileSync(file);
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(source, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        }
      },
    },
  };
}

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    react(),
    localesPlugin(),
    documentsPlugin(),
    licensesPlugin(),
    browserCheckPlugin(),
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
        globPatterns: ['**/*.{js,mjs,css,html,json,png,svg,ico,pdf,webmanifest}'],
        // The licenses list is large and rarely read: it is fetched when the licenses page opens, not precached.
        // pdf.js (about 450 KB compressed with its worker) only draws a PDF that has no text beside it, which the
        // product's own documents always have: a patient's phone must not download it in the background.
        globIgnores: ['**/licenses.json', '**/assets/*pdf*.{js,mjs}'],
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
      },
    }),
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change together and rarely: one long-cached chunk every page needs.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // Libraries and shared code go to chunks by the set of routes that use them, never into a feature's
            // chunk, so a page never downloads another feature (the patient link page loaded the staff pages'
            // chunks for the date library and Mantine components they shared).
            { name: 'vendor', test: /node_modules/, entriesAware: true, priority: 20 },
            { name: 'shared', test: /[\\/]src[\\/]shared[\\/]/, entriesAware: true, priority: 10 },
          ],
        },
      },
    },
  },
});
