/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// The shell, locale files and documents are precached at install, so the app opens on a sleeping tablet.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Client-side routes get the shell; server pages and the API never do (and the API is never cached: PHI).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api\//, /^\/dev\//, /^\/runner\//, /^\/report\//, /^\/locales\//, /^\/docs\//, /^\/videos\//],
  }),
);

// The runtime configuration holds no patient data; the last copy lets the shell start offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'runtime-config', networkTimeoutSeconds: 4 }),
);

// The resource config holds no patient data either; with its last copy the Resources page opens offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/resources-config.json',
  new NetworkFirst({ cacheName: 'resource-config', networkTimeoutSeconds: 4 }),
);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data;
  if (typeof data === 'object' && data !== null && 'type' in data && data.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
