/* global self, caches, fetch, URL, __PRECACHE__ */
// The Pharma Scan service worker (decision 0009). The build (pwa/vite-plugin-sw.ts) fills in the
// version and the list of built files, and writes it to dist/sw.js.
//
// - install: precache the built assets and index.html (the app shell); wait.
// - a new version activates when the page asks (no scans pending, or the user confirmed), so a
//   running scan screen is never swapped under the operator; the scan queue is in IndexedDB.
// - navigations get the cached shell (offline or not); known files come from the cache;
//   /api and /auth are never touched (always the network, never cached).
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const CACHE = `pharma-scan-${VERSION}`;
const SHELL = '/index.html';
const KNOWN = new Set(PRECACHE);

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
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
  event.respondWith(caches.match(request, { ignoreSearch: KNOWN.has(url.pathname) }).then((cached) => cached || fetch(request)));
});
