import { VitePWA } from 'vite-plugin-pwa';

/**
 * The service worker (sw/sw.ts, injectManifest: DESIGN §3) and the web app manifest. Updates are offered with a
 * prompt, and the application registers the worker itself.
 */
export function pwaPlugin() {
  return VitePWA({
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
  });
}
