/*
 * Two versions of one sheet on the phone (templates/scoring/phones/_conflict.html). When a save is
 * refused because the sheet was saved meanwhile (409), table.js hands the answer to
 * window.tableConflict.show(answer): both versions deal by deal, the stored one (theirs: who saved it
 * and when) beside this phone's, the deals and fields that differ marked, and two choices:
 *
 * - "Keep theirs": this phone's sheet is dropped (its storage cleared) and the page loads the stored one;
 * - "Save mine over it": table.js's #overwrite saves this phone's sheet at the version it was shown.
 *
 * The comparison is kept (localStorage, "klaverjas-table-conflict:<code>") while the choice is open, so a
 * reload shows it again, also when the page then shows the stored sheet to check (this phone's sheet is
 * dropped only by "Keep theirs"). The deals that differ come first, under the two choices; the count
 * says "spel 14 verschilt" for one deal and "14 spellen verschillen" for fourteen. Stable hooks for tests: section#conflict (hidden until a conflict),
 * #conflict-table tbody tr[data-deal][data-differs], its cells td[data-version="theirs"|"mine"] with
 * mark[data-field] on what differs, button#keep-theirs, button#save-mine.
 */
(function () {
  "use strict";

  var page = document.getElementById("table-page");
  var box = document.getElementById("conflict");
  if (!page || !box) return;
  var code = page.dataset.code;
  var keepKey = "klaverjas-table-conflict:" + code;
  var msg = box.dataset;

  function fmt(text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, name) { return values[name] === undefined ? "" : String(values[name]); });
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function part(cell, field, text, differs) {
    if (cell.childNodes.length) cell.appendChild(document.createTextNode(" · "));
    var node = el(differs.indexOf(field) >= 0 ? "mark" : "span", { "data-field": field }, text);
    cell.appendChild(node);
  }
  function joined(values) { return (values || []).join("\u00a0–\u00a0"); }  // never broken over two lines

  function version(deal, differs, which) {
    var cell = el("td", { "data-version": which });
    if (!deal) {
      cell.appendChild(el("mark", { "data-field": "deal" }, msg.msgMissing));
      return cell;
    }
    part(cell, "points", joined(deal.points), differs);
    if ((deal.roem || []).some(function (r) { return r; }) || differs.indexOf("roem") >= 0) {
      part(cell, "roem", msg.msgRoem + "\u00a0" + joined(deal.roem), differs);
    }
    if (deal.bidder || differs.indexOf("bidder") >= 0) part(cell, "bidder", msg.msgBid + " " + (deal.bidder || "–"), differs);
    if (deal.pit || differs.indexOf("pit") >= 0) part(cell, "pit", msg.msgPit + " " + (deal.pit || "–"), differs);
    if (deal.verzaakt || differs.indexOf("verzaakt") >= 0) part(cell, "verzaakt", msg.msgVerzaakt + " " + (deal.verzaakt || "–"), differs);
    ["trump", "challenge", "nil", "big_roem"].forEach(function (field) {
      if (differs.indexOf(field) >= 0) part(cell, field, field, differs);
    });
    var score = el("div", { "class": "t-compare-score" });
    score.appendChild(el("b", { "class": "mark mark-" + (deal.mark || "none") }, deal.mark || ""));
    score.appendChild(document.createTextNode(" " + joined(deal.scores)));
    cell.appendChild(score);
    return cell;
  }

  // Who saved and the sides, named from the page's names map (table_names.js): a reseat shows here too.
  function naming(answer) {
    var names = window.tableNames;
    var by = answer.by;
    if (names && typeof answer.by_side === "number") by = names.sideWord(answer.by_side) || by;
    document.getElementById("conflict-who").textContent = by ? fmt(msg.msgBy, { by: by, at: answer.at }) : "";
    var sides = (answer.labels || []).map(function (label, index) { return (names && names.sideWord(index)) || label; });
    document.getElementById("conflict-sides").textContent = fmt(msg.msgSides, { sides: sides.join(" – ") });
  }

  var shown = null;
  function show(answer) {
    if (!answer || !answer.deals) return;
    try { window.localStorage.setItem(keepKey, JSON.stringify(answer)); } catch (e) { /* not kept */ }
    shown = answer;
    naming(answer);
    var numbers = answer.differing || [];
    document.getElementById("conflict-count").textContent = !numbers.length ? msg.msgSame
      : fmt(numbers.length === 1 ? msg.msgOne : msg.msgCount, { count: numbers.length, deals: numbers.join(", ") });
    var body = box.querySelector("#conflict-table tbody");
    body.innerHTML = "";
    // the deals that differ first (under the two choices, on screen), then the ones alike
    var ordered = answer.deals.filter(function (d) { return (d.differs || []).length; })
      .concat(answer.deals.filter(function (d) { return !(d.differs || []).length; }));
    ordered.forEach(function (deal) {
      var differs = deal.differs || [];
      var row = el("tr", { "data-deal": deal.number, "data-differs": differs.length ? "1" : "0" });
      if (differs.length) row.className = "differs";
      var head = el("th", { scope: "row", "class": "num" }, String(deal.number));
      if (differs.length) head.appendChild(el("span", { "class": "visually-hidden" }, " " + msg.msgDiffers));
      row.appendChild(head);
      row.appendChild(version(deal.theirs, differs, "theirs"));
      row.appendChild(version(deal.mine, differs, "mine"));
      body.appendChild(row);
    });
    var totals = answer.totals || {};
    document.getElementById("conflict-total-theirs").textContent = joined(totals.theirs);
    document.getElementById("conflict-total-mine").textContent = joined(totals.mine);
    box.hidden = false;
    box.scrollIntoView({ block: "start" });
    box.focus({ preventScroll: true });
  }

  function close() {
    try { window.localStorage.removeItem(keepKey); } catch (e) { /* nothing kept */ }
    box.hidden = true;
    shown = null;
  }
  if (window.tableNames) window.tableNames.onChange(function () { if (shown && !box.hidden) naming(shown); });

  document.getElementById("keep-theirs").addEventListener("click", function () {
    close();
    try {
      window.localStorage.removeItem("klaverjas-table:" + code);
      window.sessionStorage.removeItem("klaverjas-table-where:" + code);
    } catch (e) { /* nothing kept */ }
    window.location.replace(page.dataset.pageUrl);
  });
  document.getElementById("save-mine").addEventListener("click", function () {
    close();
    var overwrite = document.getElementById("overwrite");
    if (overwrite) overwrite.click();
    else if (window.tableSheet) window.tableSheet.saveKept();  // reloaded onto the stored sheet: no form
  });

  window.tableConflict = { show: show, close: close };

  // A reload while the choice is open: the comparison comes back with the sheet table.js restores.
  var kept = null, sheet = null;
  try {
    kept = JSON.parse(window.localStorage.getItem(keepKey));
    sheet = JSON.parse(window.localStorage.getItem("klaverjas-table:" + code));
  } catch (e) { kept = null; }
  // Also when the page now shows the stored sheet to check (no form): this phone's sheet is kept until
  // its user chooses (issue 33 item 3).
  if (kept && sheet && sheet.conflict !== undefined) show(kept);
  else if (kept) close();
})();
