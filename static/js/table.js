/*
 * The phone at the table (templates/scoring/phones/page.html). No framework, no CDN. The server's
 * rules engine scores every deal and its answer is the one that stays; meanwhile, and while offline,
 * the phone scores the deals itself (static/js/deal_score.js, the engine's deal scoring ported, with
 * the competition's rule set embedded as #deal-rules), so the totals and marks never wait. The sheet
 * reads like the paper one: the deals typed are compact rows (a tap opens one to correct it), the
 * deal being typed is the one form shown, the deals not reached yet are left out (without JavaScript
 * every deal is a form). This script also keeps the typed sheet safe:
 *
 * - every change is kept in localStorage under "klaverjas-table:<code>" (the sheet's fields, the
 *   typing side, the version it was typed on) until the server has accepted it: a reload or a
 *   closed tab brings it back;
 * - "Save" makes a key for that sheet and keeps it with the sheet as "pending"; it is sent, and sent
 *   again when the connection comes back (the "online" event, and every few seconds), until the
 *   server answers. The server writes a key once: a sheet whose answer was lost is never saved twice;
 * - the answer: 200 saved (the storage is cleared, the page reloads to the check), 400 the errors at
 *   their deals, 409 changed elsewhere meanwhile (the sheet stays; "Save mine over it" offered),
 *   403 refused (the message).
 *
 * Stable hooks for tests: #table-page[data-state], form#table-sheet[data-updates] (a count of the
 * server's answers), section#deal-<n>[data-state, data-mark], output[data-score-side],
 * output[data-running-side], output[data-total-side], ul[data-errors-for=<n>],
 * #save-state[data-state] ("server", "draft", "restored", "sending", "offline", "saved", "error",
 * "conflict"), button#save, button#overwrite, body.table-ready once wired; after a save of part of the
 * sheet #table-page[data-resumed-at=<n>] names the deal the page came back at; #table-page[data-advanced-to=<n>]
 * the deal the page moved on to by itself; section#deal-<n>[data-view] ("open" a form, "row" a compact
 * row, "later" not reached yet), button[data-row-for=<n>][data-mark] the compact row (taps open the
 * deal) with [data-row-score=<side>] and [data-row-typed=<side>], form#table-sheet[data-local] (a
 * count of the phone's own scorings), ul[data-errors-for=<n>] li[data-local][data-field] the phone's own
 * short message for a deal its scoring refuses (replaced by the server's li[data-field] when it answers).
 */
(function () {
  "use strict";

  var page = document.getElementById("table-page");
  if (!page || !window.fetch) return;
  var form = document.getElementById("table-sheet");
  var storeKey = "klaverjas-table:" + page.dataset.code;
  var saveUrl = page.dataset.saveUrl;
  var pageUrl = page.dataset.pageUrl;
  var sending = false;
  var retry = null;

  function load() {
    try { return JSON.parse(window.localStorage.getItem(storeKey)) || null; } catch (e) { return null; }
  }
  function store(value) {
    try { window.localStorage.setItem(storeKey, JSON.stringify(value)); } catch (e) { /* private mode: no keeping */ }
  }
  function forget() {
    try { window.localStorage.removeItem(storeKey); } catch (e) { /* nothing kept */ }
  }
  function csrf() {
    var input = document.querySelector("input[name=csrfmiddlewaretoken]");
    var cookie = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    return cookie ? decodeURIComponent(cookie[1]) : (input ? input.value : "");
  }
  function newKey() {
    if (window.crypto && window.crypto.randomUUID) return window.crypto.randomUUID();
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  var status = document.getElementById("save-state");
  function show(state, text) {
    if (!status) return;
    status.dataset.state = state;
    var fallback = form ? form.dataset["msg" + state.charAt(0).toUpperCase() + state.slice(1)] : "";
    status.textContent = text || fallback || "";
  }

  // --- sending, once

  function retryLater() {
    if (retry) return;
    retry = window.setTimeout(function () { retry = null; send(); }, 4000);
  }

  function send() {
    var kept = load();
    if (!kept || !kept.pending || sending) return;
    sending = true;
    show("sending");
    var pending = kept.pending;
    var body = new URLSearchParams();
    Object.keys(pending.fields).forEach(function (name) { body.append(name, pending.fields[name]); });
    body.append("version", pending.version);
    body.append("key", pending.key);
    body.append("side", pending.side);
    fetch(saveUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "Accept": "application/json" },
    }).then(function (response) {
      return response.json().then(function (json) { return { status: response.status, body: json }; },
        function () { return { status: response.status, body: {} }; });
    }).then(function (answer) {
      sending = false;
      if (answer.status === 200) {
        forget();
        remember(pending.side);
        show("saved", answer.body.message);
        window.setTimeout(function () { window.location.replace(pageUrl + "?saved=1"); }, 400);
        return;
      }
      // 423: the round is unpublished for a change (the link pauses): keep the sheet and send it again;
      // 410: the table link ended (table_moves.js carries the sheet on to the new one).
      if (answer.status >= 500) { show("offline"); retryLater(); return; }
      if (answer.status === 423) { show("offline", answer.body.message); retryLater(); return; }
      if (answer.status === 410) {
        show("error", answer.body.message);
        window.setTimeout(function () { window.location.replace(pageUrl); }, 2500);
        return;
      }
      var now = load() || {};
      delete now.pending;
      if (answer.status === 409) now.conflict = answer.body.version;
      store(now);
      if (answer.status === 400 && answer.body.preview) showAnswer(answer.body.preview, true);
      if (answer.status === 409) {
        show("conflict", answer.body.message);
        var overwrite = document.getElementById("overwrite");
        if (overwrite) overwrite.hidden = false;
        if (window.tableConflict) window.tableConflict.show(answer.body);  // both versions, table_conflict.js
      } else {
        show("error", answer.body.message || (form && form.dataset.msgFailed));
      }
    }, function () {
      sending = false;
      show("offline");
      retryLater();
    });
  }

  window.addEventListener("online", send);

  // --- where the phone was: a save of part of the sheet reloads the page; it comes back at the deal
  // after the last one typed, with the same "who is typing" (sessionStorage, this tab only).
  var whereKey = "klaverjas-table-where:" + page.dataset.code;
  function remember(typing) {
    try { window.sessionStorage.setItem(whereKey, JSON.stringify({ side: typing })); } catch (e) { /* no keeping */ }
  }
  function comeBack() {
    var where = null;
    try { where = JSON.parse(window.sessionStorage.getItem(whereKey)); window.sessionStorage.removeItem(whereKey); } catch (e) { where = null; }
    if (!where || !form) return;
    var radio = form.querySelector('input[name=side][value="' + where.side + '"]');
    if (radio && !form.querySelector("input[name=side]:checked")) radio.checked = true;
    var cards = Array.prototype.slice.call(form.querySelectorAll(".t-deal"));
    var next = cards.filter(function (card) {
      return Array.prototype.every.call(card.querySelectorAll('input[data-field="points"]'), function (b) { return b.value.trim() === ""; });
    })[0];
    if (next) {
      next.scrollIntoView({ block: "start" });
      page.dataset.resumedAt = next.dataset.deal;
    }
  }

  if (!form) {  // a page without a sheet to type: only a sheet still waiting on this phone is sent
    if (load() && load().pending) send(); else forget();
    document.body.classList.add("table-ready");
    return;
  }

  // --- the typed sheet

  var sides = parseInt(form.dataset.sides, 10);
  var dealTotal = parseInt(form.dataset.dealTotal, 10);
  var baseVersion = parseInt(form.querySelector("input[name=version]").value, 10);
  var SKIP = { csrfmiddlewaretoken: 1, key: 1, version: 1 };

  function inputs() {
    return Array.prototype.slice.call(form.querySelectorAll("input, select")).filter(function (el) { return el.name && !SKIP[el.name]; });
  }
  function fields() {
    var out = {};
    inputs().forEach(function (el) {
      if (el.type === "radio" || el.type === "checkbox") {
        if (el.checked) out[el.name] = el.type === "checkbox" ? "on" : el.value;
      } else if (el.value.trim() !== "") {
        out[el.name] = el.value.trim();
      }
    });
    return out;
  }
  function apply(values) {
    inputs().forEach(function (el) {
      if (el.type === "radio") el.checked = values[el.name] === el.value;
      else if (el.type === "checkbox") el.checked = values[el.name] === "on";
      else el.value = values[el.name] || "";
    });
  }
  function keep() {
    var kept = load() || { version: baseVersion };
    kept.fields = fields();
    kept.at = Date.now();
    store(kept);
    if (!kept.pending) show("draft");
  }

  // --- the engine's answer

  var updates = 0;
  var timer = null;

  function setText(el, value) { if (el) el.textContent = value === null || value === undefined ? "" : String(value); }

  function paint(card, deal) {
    card.dataset.state = deal.state;
    card.dataset.mark = deal.mark || "";
    var mark = card.querySelector("[data-mark-for]");
    mark.textContent = deal.mark || "";
    mark.className = "mark mark-" + (deal.mark || "none");
    for (var i = 0; i < sides; i++) {
      setText(card.querySelector('[data-score-side="' + i + '"]'), deal.scores ? deal.scores[i] : "");
      setText(card.querySelector('[data-running-side="' + i + '"]'), deal.running ? deal.running[i] : "");
    }
  }

  function focusedDeal() {
    return document.activeElement && document.activeElement.closest ? document.activeElement.closest(".t-deal") : null;
  }

  function showAnswer(answer, all) {
    var focused = focusedDeal();
    (answer.deals || []).forEach(function (deal) {
      var card = document.getElementById("deal-" + deal.number);
      if (!card) return;
      paint(card, deal);
      var list = card.querySelector("[data-errors-for]");
      messagesFor[deal.number] = typedKey(card);
      list.innerHTML = "";
      (deal.errors || []).forEach(function (error) {
        var li = document.createElement("li");
        li.dataset.field = error.field;
        li.textContent = error.message;
        list.appendChild(li);
      });
      list.hidden = !deal.errors || !deal.errors.length || (!all && card === focused);
    });
    (answer.totals || []).forEach(function (total, i) {
      setText(form.querySelector('[data-total-side="' + i + '"]'), total);
    });
    form.dataset.updates = String(++updates);
    arrange();
  }

  // --- the phone's own scoring: at once, and offline (the server's answer follows when online)

  var dealRules = null;
  try { dealRules = JSON.parse(document.getElementById("deal-rules").textContent); } catch (e) { dealRules = null; }
  var scorer = dealRules && window.KlaverjasScore ? window.KlaverjasScore : null;
  var locals = 0;

  function boxesOf(card, field) {
    return Array.prototype.slice.call(card.querySelectorAll('input[data-field="' + field + '"]'));
  }
  function chosenIn(card, field) {
    var on = card.querySelector('input[data-field="' + field + '"]:checked');
    return on ? on.value : "";
  }
  function typedIn(card) {
    var value = function (b) { return b.value; };
    return {
      bidder: chosenIn(card, "bidder"),
      points: boxesOf(card, "points").map(value),
      roem: boxesOf(card, "roem").map(value),
      pit: chosenIn(card, "pit"),
      verzaakt: chosenIn(card, "verzaakt"),
      trump: chosenIn(card, "trump"),
      challenge: chosenIn(card, "challenge"),
      nil: !!card.querySelector('input[data-field="nil"]:checked'),
      ticked: !!card.querySelector('input[data-field="big_roem"]:checked'),
      forced: card.dataset.forced,
    };
  }
  // A deal the phone's scoring refuses gets a short message of its own (form#table-sheet
  // data-refused-<field>, translated by the server: li[data-local]) until the server's message,
  // which names the values, replaces it. The server's message stays while its deal is as it was
  // when the server answered (messagesFor: what was typed then). Online, the deal being typed keeps
  // its message hidden as the server's answer does; offline (or with the server out of reach) it shows.
  var messagesFor = {};
  function typedKey(card) { return JSON.stringify(typedIn(card)); }
  function refusal(field) {
    var key = "refused" + (field ? field.charAt(0).toUpperCase() + field.slice(1) : "Order");
    return form.dataset[key] || form.dataset.refused || "";
  }
  function showRefusal(card, deal, reveal) {
    var list = card.querySelector("[data-errors-for]");
    var typed = typedKey(card);
    var fromServer = messagesFor[card.dataset.deal] === typed && list.children.length && !list.querySelector("[data-local]");
    if (!fromServer) {
      var li = document.createElement("li");
      li.dataset.field = deal.field || "order";
      li.dataset.local = "1";
      li.textContent = refusal(deal.field);
      list.innerHTML = "";
      list.appendChild(li);
      messagesFor[card.dataset.deal] = typed;
    }
    list.hidden = !reveal && card === focusedDeal() && navigator.onLine !== false;
  }
  function revealRefusals() {  // the server out of reach: every refusal shown, the deal being typed too
    cards.forEach(function (card) {
      var list = card.querySelector("[data-errors-for]");
      if (card.dataset.state === "error" && list.children.length) list.hidden = false;
    });
  }

  function scoreHere() {
    if (scorer) {
      var answer = scorer.scoreSheet(dealRules, cards.map(typedIn));
      answer.deals.forEach(function (deal, i) {
        paint(cards[i], deal);
        if (deal.state === "error") showRefusal(cards[i], deal, false);
        else cards[i].querySelector("[data-errors-for]").hidden = true;
      });
      answer.totals.forEach(function (total, i) {
        setText(form.querySelector('[data-total-side="' + i + '"]'), total);
      });
      form.dataset.local = String(++locals);
    }
    arrange();
  }

  // --- the sheet as on paper: rows for the deals typed, one form for the deal being typed

  var cards = Array.prototype.slice.call(form.querySelectorAll(".t-deal"));
  var active = null;  // the deal last typed in or tapped open (its number)
  var rowsHead = document.getElementById("rows-head");
  var rowButtons = Array.prototype.slice.call(form.querySelectorAll("[data-row-for]"));

  function blank(card) {
    return boxesOf(card, "points").every(function (b) { return b.value.trim() === ""; });
  }
  function paintRow(card) {
    var row = card.querySelector("[data-row-for]");
    if (!row) return;
    var markText = card.dataset.mark || "";
    row.dataset.mark = markText;
    var mark = row.querySelector("[data-row-mark]");
    mark.textContent = markText;
    mark.className = "mark mark-" + (markText || "none");
    var points = boxesOf(card, "points");
    var roem = boxesOf(card, "roem");
    for (var i = 0; i < sides; i++) {
      var score = card.querySelector('[data-score-side="' + i + '"]');
      setText(row.querySelector('[data-row-score="' + i + '"]'), score ? score.textContent : "");
      var r = roem[i] ? roem[i].value.trim() : "";
      setText(row.querySelector('[data-row-typed="' + i + '"]'), (points[i] ? points[i].value.trim() : "") + (r && r !== "0" ? " +" + r : ""));
      var bid = card.querySelector('.t-side[data-side="' + i + '"] input[data-field="bidder"]:checked');
      row.querySelector('[data-row-score="' + i + '"]').parentNode.classList.toggle("bid", !!bid);
    }
  }
  function arrange() {
    var anchor = active !== null ? document.getElementById("deal-" + active) : null;
    var before = anchor ? anchor.getBoundingClientRect().top : 0;
    var next = cards.filter(blank)[0];
    var rows = 0;
    cards.forEach(function (card) {
      var view = "row";
      if (card === next || card.dataset.deal === active) view = "open";
      else if (blank(card)) view = next && parseInt(card.dataset.deal, 10) > parseInt(next.dataset.deal, 10) ? "later" : "open";
      else if (card.dataset.state === "error") view = "open";
      if (view === "row") rows++;
      card.dataset.view = view;
      paintRow(card);
    });
    if (rowsHead) rowsHead.hidden = rows === 0;
    if (anchor) {
      var moved = anchor.getBoundingClientRect().top - before;
      if (moved) window.scrollBy(0, moved);
    }
  }
  function touch(card) {
    if (card && card.dataset.deal !== active) active = card.dataset.deal;
  }
  function openDeal(number) {
    active = String(number);
    arrange();
    var card = document.getElementById("deal-" + number);
    card.scrollIntoView({ block: "nearest" });
  }

  function preview() {
    var body = new URLSearchParams();
    var values = fields();
    Object.keys(values).forEach(function (name) { body.append(name, values[name]); });
    body.append("version", baseVersion);
    fetch(form.dataset.previewUrl, {
      method: "POST", body: body, credentials: "same-origin",
      headers: { "X-CSRFToken": csrf(), "Accept": "application/json" },
    }).then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { if (answer) showAnswer(answer, false); }, function () { revealRefusals(); /* offline: the phone's own scoring stands */ });
  }
  function later() {
    window.clearTimeout(timer);
    timer = window.setTimeout(preview, 300);
  }

  // --- the other side's points, and taps that undo

  function fillPoints(input) {
    var card = input.closest(".t-deal");
    var boxes = Array.prototype.slice.call(card.querySelectorAll('input[data-field="points"]'));
    delete input.dataset.auto;
    var typed = input.value.trim();
    if (boxes.length === 2) {
      // Two sides: the other side always follows the side just typed (also after a send-back, when
      // both boxes came from the server), and 170 or "1x" never leaves an earlier keystroke's number.
      var other = boxes[0] === input ? boxes[1] : boxes[0];
      if (/^\d+$/.test(typed) && parseInt(typed, 10) <= dealTotal) {
        other.value = String(dealTotal - parseInt(typed, 10));
        other.dataset.auto = "1";
      } else {
        other.value = "";
        delete other.dataset.auto;
      }
      defaultPit(card, boxes);
      return;
    }
    boxes.forEach(function (b) {
      if (b !== input && b.dataset.auto === "1") { b.value = ""; delete b.dataset.auto; }
    });
    var open = boxes.filter(function (b) { return b.value.trim() === "" || b.dataset.auto === "1"; });
    var given = boxes.filter(function (b) { return open.indexOf(b) < 0; });
    var numbers = given.every(function (b) { return /^\d+$/.test(b.value.trim()); });
    if (open.length === 1 && numbers) {
      var sum = given.reduce(function (s, b) { return s + parseInt(b.value, 10); }, 0);
      if (sum <= dealTotal) { open[0].value = String(dealTotal - sum); open[0].dataset.auto = "1"; }
    }
    defaultPit(card, boxes);
  }

  // A side with all the deal's points (162, the other 0) made a pit unless someone says otherwise:
  // the pit chip is ticked for it (data-auto="1"), shown, and a tap takes it off. Points that change
  // away from all take an automatic pit off again; a pit ticked by hand is left alone.
  function defaultPit(card, boxes) {
    var values = boxes.map(function (b) { return b.value.trim(); });
    var all = -1;
    values.forEach(function (v, i) {
      if (v === String(dealTotal) && values.every(function (w, j) { return j === i || w === "0"; })) all = i;
    });
    var chips = Array.prototype.slice.call(card.querySelectorAll('input[data-field="pit"]'));
    var ticked = chips.filter(function (c) { return c.checked; })[0];
    var renege = card.querySelector('input[data-field="verzaakt"]:checked');
    if (ticked && ticked.dataset.auto === "1" && (all < 0 || chips.indexOf(ticked) !== all)) {
      ticked.checked = false;
      delete ticked.dataset.auto;
      chosen[ticked.name] = null;
      ticked = null;
    }
    if (all >= 0 && !ticked && !renege && chips[all]) {
      chips[all].checked = true;
      chips[all].dataset.auto = "1";
      chosen[chips[all].name] = chips[all].value;
    }
  }

  // --- on to the next deal by itself: points that no further digit can make valid (0, or 17 and up:
  // 97 -> 970 would be more than 162) end the deal when its bidder is chosen; the next deal comes to
  // the top of the screen with the cursor in its points, as long as that deal is still empty.
  function onToNext(input) {
    var typed = input.value.trim();
    if (!/^\d+$/.test(typed) || document.activeElement !== input) return;
    var n = parseInt(typed, 10);
    if (n > dealTotal || !(typed === "0" || n * 10 > dealTotal)) return;
    var card = input.closest(".t-deal");
    if (card.querySelectorAll('input[data-field="points"]').length !== 2) return;
    if (card.querySelector('input[data-field="bidder"]') && !card.querySelector('input[data-field="bidder"]:checked')) return;
    var next = document.getElementById("deal-" + (parseInt(card.dataset.deal, 10) + 1));
    if (!next) return;
    var boxes = Array.prototype.slice.call(next.querySelectorAll('input[data-field="points"]'));
    if (!boxes.length || boxes.some(function (b) { return b.value.trim() !== ""; })) return;
    boxes[0].focus({ preventScroll: true });
    next.scrollIntoView({ block: "end" });  // the deals typed so far above it, as on paper
    page.dataset.advancedTo = next.dataset.deal;
  }

  // Individual play: once a side's "verz." is ticked, who of its two players verzaakt (select
  // deal-<n>-verzaakt_seat, options with data-side); hidden, and emptied, while no side is ticked.
  function offerOffenders(card) {
    var select = card ? card.querySelector("select[data-offender-for]") : null;
    if (!select) return;
    var ticked = card.querySelector('input[data-field="verzaakt"]:checked');
    var side = ticked ? ticked.dataset.side : null;
    select.closest(".t-offender").hidden = side === null;
    Array.prototype.forEach.call(select.options, function (option) {
      if (option.value === "") return;
      var other = option.dataset.side !== side;
      option.disabled = other;
      option.hidden = other;
      if (other && option.selected) select.value = "";
    });
  }

  var chosen = {};
  inputs().forEach(function (el) { if (el.type === "radio" && el.checked) chosen[el.name] = el.value; });
  form.addEventListener("click", function (event) {
    var el = event.target;
    var row = el.closest ? el.closest("[data-row-for]") : null;
    if (row) { openDeal(row.dataset.rowFor); return; }
    if (el.type !== "radio" || el.name === "side") return;
    touch(el.closest(".t-deal"));
    if (chosen[el.name] === el.value) { el.checked = false; chosen[el.name] = null; } else { chosen[el.name] = el.value; }
    Array.prototype.forEach.call(form.querySelectorAll('input[name="' + el.name + '"]'), function (r) { delete r.dataset.auto; });
    if (el.dataset.field === "bidder" && el.checked) {
      // after the bid the cursor goes to the points (as on the entry page), if none are typed yet
      var boxes = Array.prototype.slice.call(el.closest(".t-deal").querySelectorAll('input[data-field="points"]'));
      if (boxes.length && boxes.every(function (b) { return b.value.trim() === ""; })) boxes[0].focus({ preventScroll: true });
    }
    if (el.dataset.field === "verzaakt") offerOffenders(el.closest(".t-deal"));
    keep();
    scoreHere();
    later();
  });
  form.addEventListener("input", function (event) {
    var el = event.target;
    if (el.closest) touch(el.closest(".t-deal"));
    if (el.dataset.field === "points") fillPoints(el);
    if (el.type !== "radio") { keep(); scoreHere(); later(); }
    if (el.dataset.field === "points") onToNext(el);
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "side") keep();
    if (event.target.dataset.offenderFor) { keep(); later(); }
  });
  form.addEventListener("focusout", function () { window.setTimeout(later, 0); });

  function side() {
    var checked = form.querySelector("input[name=side]:checked");
    return checked ? checked.value : "";
  }
  function save(version) {
    if (side() === "") {
      show("error", form.dataset.msgSide);
      document.getElementById("who").scrollIntoView({ block: "center" });
      return;
    }
    var kept = load() || { version: baseVersion };
    kept.fields = fields();
    kept.pending = { key: newKey(), version: version, side: side(), fields: kept.fields };
    delete kept.conflict;
    store(kept);
    document.getElementById("overwrite").hidden = true;
    send();
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var kept = load();
    save(kept && kept.version !== undefined ? kept.version : baseVersion);
  });
  document.getElementById("overwrite").addEventListener("click", function () {
    var kept = load();
    if (kept && kept.conflict !== undefined) save(kept.conflict);
  });

  // --- what this phone kept

  var kept = load();
  if (kept && kept.fields) {
    apply(kept.fields);
    inputs().forEach(function (el) { if (el.type === "radio") chosen[el.name] = el.checked ? el.value : chosen[el.name]; });
    Object.keys(chosen).forEach(function (name) {
      var on = form.querySelector('input[name="' + name + '"]:checked');
      chosen[name] = on ? on.value : null;
    });
    show("restored");
    preview();
  }
  rowButtons.forEach(function (b) { b.hidden = false; });
  document.body.classList.add("t-compact");
  scoreHere();
  Array.prototype.forEach.call(form.querySelectorAll(".t-deal"), offerOffenders);
  comeBack();
  if (kept && kept.pending) send();
  else if (kept && kept.conflict !== undefined) document.getElementById("overwrite").hidden = false;
  document.body.classList.add("table-ready");
})();
