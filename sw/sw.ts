/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
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

// The runtime configuration holds no patient data; the last copy lets the shell start offline. Online, every
// start reads it from the network and refreshes the copy.
const runtimeConfigCache = 'runtime-config';
const runtimeConfigPath = '/config.json';
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === runtimeConfigPath,
  new NetworkFirst({ cacheName: runtimeConfigCache, networkTimeoutSeconds: 4 }),
);

// The page that installed this worker read /config.json before any worker existed, so nothing above saw it: the
// worker fetches its own copy while installing, or an offline reload right after the first visit could not start.
// A failed fetch fails the install (a worker that cannot start offline must not take over); the browser tries
// again on the next visit.
self.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const response = await fetch(runtimeConfigPath, { cache: 'no-store' });
      if (!response.ok) throw new Error(`config.json answered ${String(response.status)}`);
      await (await caches.open(runtimeConfigCache)).put(runtimeConfigPath, response);
    })(),
  );
});

// A worker only activates when the person accepted the update (or on first install); it then takes over open
// pages, so even a page opened before any worker existed reloads into the new version.
clientsClaim();
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
