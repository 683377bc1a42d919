/* global self, caches, fetch, URL, Response, __PRECACHE__, __ON_DEMAND__ */
// The Pharma Scan service worker (decision 0009). The build (pwa/vite-plugin-sw.ts) fills in the
// version and the list of built files, and writes it to dist/sw.js.
//
// - install: precache the built assets and index.html (the app shell); wait.
// - a new version activates when the page asks (no scans pending, or the user confirmed), so a
//   running scan screen is never swapped under the operator; the scan queue is in IndexedDB.
// - navigations get the cached shell (offline or not); known files come from the cache;
//   /api and /auth are never touched (always the network, never cached).
// - a language's catalogue chunks (ON_DEMAND, decision 0092) are not precached: fetched when the language
//   is shown, then kept; a device that showed a language gets that language's chunks of the next version
//   at its install, so the language stays offline across updates.
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `pharma-scan-${VERSION}`;
const SHELL = '/index.html';
const ON_DEMAND = __ON_DEMAND__;
const KNOWN = new Set(PRECACHE);
/** The mark a cache holds for each language this device has shown. */
const languageMark = (language) => `/__language__/${language}`;

/** The languages an older version's cache marks as shown on this device. */
const shownBefore = () =>
  caches.keys().then((keys) =>
    Promise.all(
      keys.filter((key) => key.startsWith('pharma-scan-') && key !== CACHE).map((key) => caches.open(key).then((cache) => cache.keys())),
    ).then(
      (lists) =>
        new Set(
          lists
            .flat()
            .map((request) => new URL(request.url).pathname.split('/__language__/')[1])
            .filter(Boolean),
        ),
    ),
  );

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE).then(() =>
        shownBefore().then((languages) =>
          Promise.all(
            [...languages].map((language) =>
              cache
                .addAll(Object.keys(ON_DEMAND).filter((url) => ON_DEMAND[url] === language))
                .then(() => cache.put(languageMark(language), new Response('')))
                .catch(() => undefined),
            ),
          ),
        ),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('pharma-scan-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

const isServerPath = (path) =>
  path === '/api' || path.startsWith('/api/') || path === '/auth' || path.startsWith('/auth/') || path === '/sw.js';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isServerPath(url.pathname)) return;
  if (request.mode === 'navigate' && !KNOWN.has(url.pathname)) {
    event.respondWith(caches.match(SHELL, { cacheName: CACHE }).then((shell) => shell || fetch(request)));
    return;
  }
  const language = ON_DEMAND[url.pathname];
  if (language) {
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request, { ignoreSearch: true }).then(
          (cached) =>
            cached ||
            fetch(request).then((response) => {
              if (response.ok) {
                cache.put(url.pathname, response.clone());
                cache.put(languageMark(language), new Response(''));
              }
              return response;
            }),
        ),
      ),
    );
    return;
  }
  event.respondWith(caches.match(request, { ignoreSearch: KNOWN.has(url.pathname) }).then((cached) => cached || fetch(request)));
});
