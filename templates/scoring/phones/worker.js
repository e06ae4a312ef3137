{% load static %}{% get_static_prefix as static_prefix %}/* The table pages' service worker (scoring.phones.views.table_worker, scope /t/). Network first: a
 * table page and the files it uses are fetched as always and a copy is kept; without a connection the
 * kept copy answers, so a reload offline shows the sheet (table.js brings back what was typed from
 * localStorage) instead of the browser's offline page. Posts (preview, save) are never touched. */
"use strict";
var CACHE = "klaverjas-table-v1";
self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });
// the page that registered the worker sends its own address and files: kept at once, so even the first
// visit can be reloaded offline
self.addEventListener("message", function (event) {
  var urls = (event.data && event.data.keep) || [];
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(urls.map(function (u) {
      return fetch(u, { credentials: "same-origin" }).then(function (r) { if (r.ok) return cache.put(u, r); }, function () {});
    }));
  }));
});
self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  var page = request.mode === "navigate" && url.pathname.indexOf("/t/") === 0;
  var asset = url.pathname.indexOf("{{ static_prefix }}") === 0;
  if (!page && !asset) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok) {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(page ? url.pathname : url.pathname + url.search, copy); });
    }
    return response;
  }, function () {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(page ? url.pathname : url.pathname + url.search).then(function (kept) {
        return kept || Response.error();
      });
    });
  }));
});
