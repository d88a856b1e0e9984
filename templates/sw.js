/* The table assistant's service worker (served by assistant/web/pwa.py). Static files come
   from the cache first (their links carry their fingerprint); pages from the network first,
   each page kept as it was last seen, so that a phone with no network reopens its game, its
   city and the scoreboard. Saves (POST) are never touched: the city page keeps unsent edits
   on the phone and sends them when the server answers. */
"use strict";
var VERSION = {{ version|tojson }};
var STATIC = "static-" + VERSION;
var PAGES = "pages";
var KEEP = {{ keep|tojson }};
var OFFLINE = {{ url_for("pwa.offline")|tojson }};
var MOST_PAGES = 60;

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(STATIC).then(function (cache) { return cache.addAll(KEEP); }).then(function () {
    return self.skipWaiting();
  }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) { return name !== STATIC && name !== PAGES; }).map(function (name) {
      return caches.delete(name);
    }));
  }).then(function () { return self.clients.claim(); }));
});

var trim = function () {
  return caches.open(PAGES).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - MOST_PAGES)).map(function (k) { return cache.delete(k); }));
    });
  });
};

var isPage = function (request, response) {
  var type = (response.headers.get("Content-Type") || "");
  return response.ok && !response.redirected && type.indexOf("text/html") === 0;
};

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname === "/sw.js") { return; }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/palette") === 0 || url.pathname.indexOf("/icons/") === 0) {
    // Fingerprinted files: the kept copy, else the network (kept for next time); an old
    // page's link to an older fingerprint falls back to the file kept now.
    event.respondWith(caches.open(STATIC).then(function (cache) {
      return cache.match(request).then(function (hit) {
        return hit || fetch(request).then(function (response) {
          if (response.ok) { cache.put(request, response.clone()); }
          return response;
        }).catch(function () {
          return cache.match(request, { ignoreSearch: true }).then(function (near) { return near || Response.error(); });
        });
      });
    }));
    return;
  }
  var keep = request.mode === "navigate" || request.headers.get("X-Keep-Copy") === "1";
  if (!keep) { return; }  // live answers and the API: the network only
  event.respondWith(fetch(request).then(function (response) {
    if (isPage(request, response)) {
      var copy = response.clone();
      event.waitUntil(caches.open(PAGES).then(function (cache) {
        return cache.delete(request.url).then(function () { return cache.put(request.url, copy); });
      }).then(trim));
    }
    return response;
  }).catch(function () {
    return caches.open(PAGES).then(function (cache) { return cache.match(request.url); }).then(function (hit) {
      if (hit) { return hit; }
      return caches.match(OFFLINE).then(function (page) { return page || Response.error(); });
    });
  }));
});
