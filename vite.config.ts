import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { browserCheckPlugin } from './build/browser-check-plugin';
import { documentsPlugin } from './build/documents-plugin';
import { licensesPlugin } from './build/licenses-plugin';
import { localesPlugin } from './build/locales-plugin';
import { precompressPlugin } from './build/precompress-plugin';
import { patientLinkChunk } from './server/routes/index-page';
import { startScreenPlugin } from './build/start-screen-plugin';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

/**
 * The patient's link page (src/features/assessments/patient-login-page.tsx) with its styles and what it imports beyond
 * the first download: the one date function it uses, the few Mantine components it adds, the privacy notice, the form fields, the
 * shared contract and its server calls. A module left out still loads, in a file of its own; one the page stops
 * using still goes into its file (Grid left this list when the page's fields went into one column, issue 32). The server preloads this chunk on that page (server/routes/index-page.ts).
 */
const patientLinkModules = new RegExp(
  [
    // Of the date library, only what the privacy notice's acceptance time needs (formatISO). Shown dates (the
    // formats, the three languages' month names: 9 KB compressed) are for the later pages and the staff's, which
    // fetch them with their own code: the link page showed none of them.
    'node_modules/date-fns/(formatISO|toDate|constructFrom|constants|_lib/addLeadingZeros)\\.js',
    'node_modules/@mantine/core/esm/components/(Checkbox|List|VisuallyHidden)/',
    'node_modules/@mantine/hooks/esm/use-resize-observer/',
    'src/shared/ui/(policy/|form/(fields|field-error|server-errors)\\.|page\\.|document-language-note\\.|deferred-modal\\.)',
    // The schemas of every answer, which import each other: staff pages, which all load this file for the form
    // fields, need the rest of them. As a file of its own (4.6 KB) it was one more round trip on a phone.
    'common/(contract|validation)/',
    'src/app/patient-link-styles\\.',
    // The page itself, and its calls to the server, which the patient's later pages share.
    'src/features/assessments/(api|patient-link-token|patient-login-page|patient-login-schema)\\.',
  ]
    .join('|')
    .replaceAll('/', '[\\\\/]'),
);

export default defineConfig({
  plugins: [
    react(),
    localesPlugin(),
    documentsPlugin(),
    licensesPlugin(),
    browserCheckPlugin(),
    startScreenPlugin(),
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
    // The server reads it to name a first visit's files in index.html (server/routes/index-page.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React and the router change together and rarely: one long-cached chunk every page needs.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
            // Everything the first download needs (what index.html's script imports) in one file: those modules are
            // loaded before any lazily loaded page, so splitting them by the pages that also use them only made
            // twenty more files to download, each with its own headers (a patient's phone fetched 67 files). The
            // application's own start-up code (app, shell, the sign-in page) joins them: as the entry's own file it
            // compressed 1.8 KB worse than inside this one, and changes with it anyway.
            {
              name: 'start',
              // Vite's preload helper too: every lazily loaded page calls it, and the first page's code does.
              test: /node_modules|[\\/]src[\\/](shared|app|shell|features)[\\/]|[\\/]common[\\/]|vite[\\/]preload-helper|virtual:pwa-register/,
              tags: ['$initial'],
              priority: 25,
            },
            // What the patient's link page needs beyond the first download, in one file: split by the set of pages
            // that use each module, it came as twenty files of one or two kilobytes, and on a phone's network each
            // costs a round trip and its headers. Staff pages that use some of it load the whole file (small).
            {
              name: patientLinkChunk,
              test: patientLinkModules,
              priority: 22,
            },
            // Libraries and shared code go to chunks by the set of routes that use them, never into a feature's
            // chunk, so a page never downloads another feature (the patient link page loaded the staff pages'
            // chunks for the date library and Mantine components they shared).
            { name: 'vendor', test: /node_modules/, entriesAware: true, priority: 20 },
            { name: 'shared', test: /[\\/](src[\\/]shared|common)[\\/]/, entriesAware: true, priority: 10 },
          ],
        },
      },
    },
  },
});
