/*
 * The typed sheet follows its table when a table link ends (issue 27 item 2). Runs before table.js.
 *
 * A table's link stays the same for its table and round whatever the organiser reseats or publishes
 * again; it ends only when its table is no more (the round deleted, or drawn again with fewer tables).
 * table.js keeps what a phone typed in localStorage under "klaverjas-table:<code>". Then:
 * - on the page of an ended link (#table-link-state[data-state=ended][data-code]) the sheet kept for
 *   that code moves to "klaverjas-table-moved" (with the old code and the time);
 * - on a sheet page (#table-page[data-code] with form#table-sheet) that has nothing kept yet, a moved
 *   sheet of the last 12 hours is taken over: table.js restores it as it restores any kept sheet,
 *   and #moved-notice says so (nothing is saved until the table presses "Save").
 */
(function () {
  "use strict";
  var PREFIX = "klaverjas-table:";
  var MOVED = "klaverjas-table-moved";
  var FRESH_MS = 12 * 3600 * 1000;

  function read(key) {
    try { return JSON.parse(window.localStorage.getItem(key)) || null; } catch (e) { return null; }
  }
  function write(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* private mode */ }
  }
  function drop(key) {
    try { window.localStorage.removeItem(key); } catch (e) { /* nothing kept */ }
  }
  function typed(kept) {
    if (!kept) return null;
    var fields = kept.pending ? kept.pending.fields : kept.fields;
    if (!fields) return null;
    var deals = Object.keys(fields).filter(function (name) { return name.indexOf("deal-") === 0; });
    return deals.length ? fields : null;
  }

  var ended = document.getElementById("table-link-state");
  if (ended && ended.dataset.state === "ended" && ended.dataset.code) {
    var oldKey = PREFIX + ended.dataset.code;
    var fields = typed(read(oldKey));
    if (fields) {
      write(MOVED, { from: ended.dataset.code, fields: fields, at: Date.now() });
      drop(oldKey);
    }
    return;
  }

  var page = document.getElementById("table-page");
  if (!page || !document.getElementById("table-sheet")) return;
  var moved = read(MOVED);
  if (!moved || !moved.fields || moved.from === page.dataset.code || Date.now() - (moved.at || 0) > FRESH_MS) return;
  var key = PREFIX + page.dataset.code;
  if (typed(read(key))) return;  // this sheet has its own typing: leave the moved one waiting
  write(key, { fields: moved.fields, at: Date.now(), movedFrom: moved.from });
  drop(MOVED);
  var notice = document.getElementById("moved-notice");
  if (notice) notice.hidden = false;
})();
