/*
 * Names follow a reseat without a reload (issue 33 item 4). The organiser may reseat a player or
 * publish the round again while a phone has the table's page open; the table link stays the same,
 * so the page asks #table-page[data-names-url] (scoring.phones.views.table_names) every
 * data-names-every ms (default 5000) who sits at the table now. The server answers 304 while nothing
 * changed (If-None-Match with its ETag). New names are written into:
 *   [data-side-name=<side>]       a side's players (the list under the header, "Who is typing?")
 *   [data-seat-first-name=<seat>] the dealer's first name at each deal
 *   select[data-offender-for] option[value=<seat>]  "N (name)": the player who verzaakt
 *   #round-label                  the round
 * and #table-page[data-names-updates] counts the changes shown. Nothing typed is touched.
 */
(function () {
  "use strict";
  var page = document.getElementById("table-page");
  if (!page || !page.dataset.namesUrl || !window.fetch) return;
  var url = page.dataset.namesUrl;
  var every = parseInt(page.dataset.namesEvery, 10) || 5000;
  var etag = null;
  var busy = false;
  var updates = 0;

  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }
  function put(el, text) { if (el.textContent !== text) el.textContent = text; }

  function show(names) {
    (names.sides || []).forEach(function (s) {
      each('[data-side-name="' + s.index + '"]', function (el) { put(el, s.name); });
    });
    (names.seats || []).forEach(function (seat) {
      var first = String(seat.name || "").split(" ")[0];
      each('[data-seat-first-name="' + seat.seat + '"]', function (el) { put(el, first); });
      each('select[data-offender-for] option[value="' + seat.seat + '"]', function (option) {
        put(option, seat.label + " (" + seat.name + ")");
      });
    });
    var round = document.getElementById("round-label");
    if (round && names.round) put(round, names.round);
  }

  function tick() {
    if (busy || document.hidden) return;
    busy = true;
    var headers = { "Accept": "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(url, { cache: "no-store", credentials: "same-origin", headers: headers }).then(function (response) {
      if (response.status !== 200) return null;  // 304 unchanged; 423/410 paused or ended: table.js says so on save
      var first = etag === null;
      etag = response.headers.get("ETag");
      return response.json().then(function (names) {
        show(names);
        if (!first) page.dataset.namesUpdates = String(++updates);
      });
    }).catch(function () { /* offline: the names shown stay */ }).then(function () { busy = false; });
  }
  tick();
  window.setInterval(tick, every);
})();
