/*
 * Names follow a reseat without a reload (issue 33 item 4). The organiser may reseat a player or
 * publish the round again while a phone has the table's page open; the table link stays the same,
 * so the page asks #table-page[data-names-url] (scoring.phones.views.table_names) every
 * data-names-every ms (default 5000) who sits at the table now. The server answers 304 while nothing
 * changed (If-None-Match with its ETag).
 *
 * One source of truth: window.tableNames holds the names answer (first the one the page was rendered
 * with, script#table-names-now, then each new poll) and every name on the page is written from it:
 *   [data-side-name=<side>]       a side's players (the list under the header, "Who is typing?")
 *   [data-side-word=<side>]       a side as a sentence names it: "zij (Jan Smit & Piet Bos)"
 *                                 (who typed, "Hand the phone to …", who accepted, who sent it back)
 *   [data-seat-first-name=<seat>] the dealer's first name at each deal
 *   [data-offender-seat=<seat>]   "O (name)": who verzaakt, in the summary to check
 *   select[data-offender-for] option[value=<seat>]  "O (name)": the player who verzaakt
 *   #round-label                  the round
 * Scripts that write names themselves (table_conflict.js) read tableNames.sideWord / seatName and
 * register tableNames.onChange(fn) to write them again. #table-page[data-names-updates] counts the
 * changes shown. Nothing typed is touched.
 */
(function () {
  "use strict";
  var page = document.getElementById("table-page");
  if (!page) return;
  var now = { round: "", sides: [], seats: [] };
  try { now = JSON.parse(document.getElementById("table-names-now").textContent) || now; } catch (e) { /* none */ }
  var listeners = [];

  function side(index) {
    return (now.sides || []).filter(function (s) { return String(s.index) === String(index); })[0] || null;
  }
  function seat(code) {
    return (now.seats || []).filter(function (s) { return s.seat === code; })[0] || null;
  }
  var names = {
    now: function () { return now; },
    sideName: function (index) { var s = side(index); return s ? s.name : ""; },
    // as the server's SideWords prints a side: "zij (Jan Smit & Piet Bos)", or the word alone
    sideWord: function (index) {
      var s = side(index);
      if (!s) return "";
      return s.name && s.name !== s.label ? s.label + " (" + s.name + ")" : s.label;
    },
    seatName: function (code) { var s = seat(code); return s ? String(s.name || "") : ""; },
    // as scoring.sheet.offenders.offender_label: "O (Jan Smit)"
    offender: function (code) {
      var s = seat(code);
      if (!s) return "";
      return s.name ? s.label + " (" + s.name + ")" : s.label;
    },
    onChange: function (fn) { listeners.push(fn); },
  };
  window.tableNames = names;

  function each(selector, fn) { Array.prototype.forEach.call(document.querySelectorAll(selector), fn); }
  function put(el, text) { if (el.textContent !== text) el.textContent = text; }

  function render() {
    each("[data-side-name]", function (el) { if (side(el.dataset.sideName)) put(el, names.sideName(el.dataset.sideName)); });
    each("[data-side-word]", function (el) { if (side(el.dataset.sideWord)) put(el, names.sideWord(el.dataset.sideWord)); });
    each("[data-seat-first-name]", function (el) {
      if (seat(el.dataset.seatFirstName)) put(el, names.seatName(el.dataset.seatFirstName).split(" ")[0]);
    });
    each("[data-offender-seat]", function (el) { if (seat(el.dataset.offenderSeat)) put(el, names.offender(el.dataset.offenderSeat)); });
    each("select[data-offender-for] option", function (option) { if (seat(option.value)) put(option, names.offender(option.value)); });
    var round = document.getElementById("round-label");
    if (round && now.round) put(round, now.round);
    listeners.forEach(function (fn) { try { fn(now); } catch (e) { /* one renderer does not stop the others */ } });
  }

  if (!page.dataset.namesUrl || !window.fetch) return;
  var url = page.dataset.namesUrl;
  var every = parseInt(page.dataset.namesEvery, 10) || 5000;
  var etag = null;
  var busy = false;
  var updates = 0;

  function tick() {
    if (busy || document.hidden) return;
    busy = true;
    var headers = { "Accept": "application/json" };
    if (etag) headers["If-None-Match"] = etag;
    fetch(url, { cache: "no-store", credentials: "same-origin", headers: headers }).then(function (response) {
      if (response.status !== 200) return null;  // 304 unchanged; 423/410 paused or ended: table.js says so on save
      var first = etag === null;
      etag = response.headers.get("ETag");
      return response.json().then(function (answer) {
        var changed = JSON.stringify(answer) !== JSON.stringify(now);
        now = answer;
        render();
        if (!first || changed) page.dataset.namesUpdates = String(++updates);
      });
    }).catch(function () { /* offline: the names shown stay */ }).then(function () { busy = false; });
  }
  // the first poll comes after the scripts that read the map have registered (all are deferred)
  window.setTimeout(tick, 0);
  window.setInterval(tick, every);
})();
