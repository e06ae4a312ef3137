/* Live parts of a page (the projector, tonight's dashboard): an element with data-live-url is
   replaced by what that URL answers, polled every data-live-every ms (default 2000). The server
   answers 304 (If-None-Match with the ETag it gave, first in data-live-etag) while nothing changed,
   so a poll costs next to nothing. After a swap the element fires "live:updated" (bubbling) and
   counts its swaps in data-live-updates; focus stays on the same id where it can. If the server
   cannot be reached, the last content stays and the body gets the class "stale" until it answers
   again. Without JavaScript a <meta http-equiv="refresh"> in <noscript> reloads the page instead. */
(function () {
  "use strict";
  if (!window.fetch) return;

  function live(el) {
    var url = el.getAttribute("data-live-url");
    var every = parseInt(el.getAttribute("data-live-every"), 10) || 2000;
    var etag = el.getAttribute("data-live-etag");
    var busy = false;
    var updates = 0;

    function swap(html) {
      var active = document.activeElement;
      var focusId = active && el.contains(active) ? active.id : "";
      el.innerHTML = html;
      if (focusId) {
        var again = document.getElementById(focusId);
        if (again) again.focus();
      }
      updates += 1;
      el.setAttribute("data-live-updates", String(updates));
      el.dispatchEvent(new CustomEvent("live:updated", { bubbles: true }));
    }

    function tick() {
      if (busy || document.hidden) return;
      busy = true;
      var headers = { "X-Requested-With": "fetch" };
      if (etag) headers["If-None-Match"] = etag;
      fetch(url, { cache: "no-store", credentials: "same-origin", headers: headers })
        .then(function (response) {
          if (response.status === 304) return null;
          if (!response.ok) throw new Error(String(response.status));
          etag = response.headers.get("ETag") || etag;
          return response.text();
        })
        .then(function (html) {
          document.body.classList.remove("stale");
          if (html !== null) swap(html);
        })
        .catch(function () { document.body.classList.add("stale"); })
        .then(function () { busy = false; });
    }
    window.setInterval(tick, every);
  }

  Array.prototype.forEach.call(document.querySelectorAll("[data-live-url]"), live);
})();
