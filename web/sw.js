// The service worker that makes the page work offline once loaded: on
// install it stores the page, its modules, the worker and the wasm build;
// afterwards every request goes to the network first (so a rebuilt page is
// seen at once) and falls back to the stored copy when the network fails.
// Bump CACHE when the list changes, so the old copy is dropped.

const CACHE = "satoku-v1";
const FILES = [
  "./",
  "index.html",
  "style.css",
  "engine.js",
  "worker.js",
  "pkg/satoku_web.js",
  "pkg/satoku_web_bg.wasm",
  "app/board.js",
  "app/cnf.js",
  "app/game.js",
  "app/grid-dom.js",
  "app/hint.js",
  "app/main.js",
  "app/pad.js",
  "app/play-grid.js",
  "app/replay.js",
  "app/rules.js",
  "app/sources.js",
  "app/ui.js",
  "app/watch.js",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  const drop = (keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)));
  event.waitUntil(caches.keys().then(drop).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin) return;
  event.respondWith(networkFirst(event.request));
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const stored = await cache.match(request, { ignoreSearch: true });
    if (stored) return stored;
    throw error;
  }
}
