/*
 * Score entry (templates/scoring/entry/enter.html): keyboard help and live totals. No framework, no CDN.
 * The page works without this script (plain POST); the script never scores anything itself: it
 * posts the sheet to the server, whose rules engine answers, and only displays that answer.
 *
 * What the page offers to tests and scripts (stable):
 *
 *   form#sheet                      data-mode="enter"|"blind", data-totals-url, data-deal-total (162/146),
 *                                   data-sides (2|3), data-side-keys ("w z" or "n e s"), data-rows
 *   input[name=version]#version     hidden: the match version the sheet was loaded at
 *   inputs, name == id:             deal-<n>-bidder, deal-<n>-points_a, deal-<n>-points_b, (deal-<n>-points_c),
 *                                   deal-<n>-roem_a, deal-<n>-roem_b, (deal-<n>-roem_c), deal-<n>-pit,
 *                                   deal-<n>-verzaakt, and where the rules need them deal-<n>-trump,
 *                                   deal-<n>-challenge, deal-<n>-nil (checkbox), South African deal-<n>-big_roem_a,
 *                                   deal-<n>-big_roem_b (checkboxes: four jacks or a five-run); each input has
 *                                   data-deal="<n>" and data-field="<field>"; a bidder pre-filled by
 *                                   "verplicht" has data-forced="<key>"; a points box filled in from the
 *                                   other side's points has data-auto="1"; a pit box filled in because
 *                                   a side has all the points (162–0: the pit is the default) has
 *                                   data-default="1"
 *   select#deal-<n>-verzaakt_seat   individual play: the player who verzaakt ([data-offender-for=<n>], options
 *                                   with data-side); shown only while the deal's verzaakt box names a side,
 *                                   and then offers only that side's two players (Tab reaches it after
 *                                   the verzaakt box)
 *   tr#deal-<n>.deal                data-deal, data-state ("empty"|"ok"|"error"), data-mark ("", "N", "P",
 *                                   "TP", "V"), data-invalid="true" while it has errors
 *   td[data-mark-for=<n>]           the deal's mark (span.mark.mark-N …)
 *   td[data-score-side=<i>]         in the deal's row: the deal's score of side i (0 wij, 1 zij, 2 third),
 *                                   data-side-mark = that side's mark ("N" is shown in red)
 *   td[data-running-side=<i>]       in the deal's row: side i's running total after the deal
 *   tr#deal-<n>-errors              [data-errors-for=<n>] the deal's error messages (li[data-field]); hidden
 *                                   when there are none, and while the cursor is still in that deal
 *   td[data-total-side=<i>]         (tfoot) side i's total of the valid deals
 *   #sheet-status                   data-valid, data-finished; announces "the match is complete"
 *   button#save, #back; on a conflict: section#conflict[data-version], #conflict-reload,
 *                                   button#conflict-overwrite (name="overwrite", value = their version)
 *   body.live-ready                 set once this script has wired the page; each answer of the server
 *                                   sets form#sheet[data-updates] to a count (wait for it in browser tests)
 *
 * Keys: bidder/pit/verzaakt take one key (w/z or a/b; n/o/z at a three-player table); after the bidder
 * the cursor moves on to the points. Typing one side's points fills the other side's (deal total minus
 * them), and Tab then skips that filled box. Enter: the next deal's first empty box (bidder, or points
 * when the bidder is pre-filled). Arrow up/down: the same field a deal up/down. Ctrl+Enter (or
 * Cmd+Enter): save.
 */
(function () {
  "use strict";

  var form = document.getElementById("sheet");
  if (!form || !window.fetch) return;

  var url = form.dataset.totalsUrl;
  var dealTotal = parseInt(form.dataset.dealTotal, 10);
  var sides = parseInt(form.dataset.sides, 10);
  var ALIASES = sides === 2
    ? { w: "w", a: "w", z: "z", b: "z" }
    : { n: "n", a: "n", "1": "n", o: "o", e: "o", b: "o", "2": "o", z: "z", s: "z", c: "z", "3": "z" };
  var TRUMPS = { c: "C", k: "C", d: "D", r: "D", h: "H", s: "S" };
  var msgDeal = form.dataset.msgDeal || "deal %s";
  var msgFinished = form.dataset.msgFinished || "";
  var updates = 0;
  var timer = null;
  var inflight = null;
  var last = null;

  function inputsOf(row) {
    return Array.prototype.slice.call(row.querySelectorAll("input[data-field]"));
  }
  function rowOf(el) {
    return el.closest("tr.deal");
  }
  function field(row, name) {
    return row ? row.querySelector('[data-field="' + name + '"]') : null;
  }
  function pointsOf(row) {
    return Array.prototype.slice.call(row.querySelectorAll('input[data-field^="points_"]'));
  }
  function isNumber(text) {
    return /^\d+$/.test(text);
  }

  // --- the other side's points

  function fillPoints(input) {
    var row = rowOf(input);
    var boxes = pointsOf(row);
    delete input.dataset.auto;
    var typed = input.value.trim();
    if (sides === 2) {
      var other = boxes[0] === input ? boxes[1] : boxes[0];
      if (isNumber(typed) && parseInt(typed, 10) <= dealTotal) {
        other.value = String(dealTotal - parseInt(typed, 10));
        other.dataset.auto = "1";
      } else if (other.dataset.auto === "1") {
        // 170 or "1x" gives no other side: never leave the number of an earlier keystroke standing
        other.value = "";
        delete other.dataset.auto;
      }
      defaultPit(row, boxes);
      return;
    }
    boxes.forEach(function (b) {
      if (b !== input && b.dataset.auto === "1") { b.value = ""; delete b.dataset.auto; }
    });
    var open = boxes.filter(function (b) { return b.value.trim() === "" || b.dataset.auto === "1"; });
    var given = boxes.filter(function (b) { return open.indexOf(b) < 0; });
    if (open.length === 1 && given.every(function (b) { return isNumber(b.value.trim()); })) {
      var sum = given.reduce(function (s, b) { return s + parseInt(b.value, 10); }, 0);
      if (sum <= dealTotal) {
        open[0].value = String(dealTotal - sum);
        open[0].dataset.auto = "1";
      }
    }
    defaultPit(row, boxes);
  }

  // A side with all the deal's points (162, the other 0) made a pit unless someone says otherwise:
  // its key goes into the pit box (data-default="1"), shown, and typing over it or "-" changes it. Points
  // that change away from all take an automatic pit off again; a pit typed by hand is left alone.
  var SIDE_KEYS = (form.dataset.sideKeys || (sides === 2 ? "w z" : "n o z")).split(" ");
  function defaultPit(row, boxes) {
    var pit = field(row, "pit");
    if (!pit) return;
    var values = boxes.map(function (b) { return b.value.trim(); });
    var all = -1;
    values.forEach(function (v, i) {
      if (v === String(dealTotal) && values.every(function (w, j) { return j === i || w === "0"; })) all = i;
    });
    var renege = field(row, "verzaakt");
    if (pit.dataset.default === "1" && (all < 0 || pit.value !== SIDE_KEYS[all])) {
      pit.value = "";
      delete pit.dataset.default;
    }
    if (all >= 0 && pit.value.trim() === "" && !(renege && renege.value.trim() !== "")) {
      pit.value = SIDE_KEYS[all];
      pit.dataset.default = "1";
    }
  }

  // --- one-key fields

  function normaliseKey(input) {
    var name = input.dataset.field;
    var text = input.value.trim().toLowerCase();
    if (text === "") return true;
    if (name === "trump") {
      if (TRUMPS[text]) { input.value = TRUMPS[text]; return true; }
      return false;
    }
    if (name === "challenge") return /^[0-3]$/.test(text);
    if (ALIASES[text]) { input.value = ALIASES[text]; return true; }
    if (text === "-" || text === " ") { input.value = ""; return true; }
    return false;
  }

  // --- the player who verzaakt (individual play)

  function offerOffenders(row) {
    var select = row ? row.querySelector("select[data-offender-for]") : null;
    var renege = field(row, "verzaakt");
    if (!select || !renege) return;
    var side = SIDE_KEYS.indexOf(renege.value.trim().toLowerCase());
    select.hidden = side < 0;
    Array.prototype.forEach.call(select.options, function (option) {
      if (option.value === "") return;
      var other = String(side) !== option.dataset.side;
      option.disabled = other;
      option.hidden = other;
      if (other && option.selected) select.value = "";
    });
  }

  // --- moving around

  function firstInputOf(row) {
    if (!row) return null;
    var bidder = field(row, "bidder");
    if (bidder && bidder.value.trim() === "") return bidder;
    return field(row, "points_a") || inputsOf(row)[0];
  }
  function nextRow(row, step) {
    var n = parseInt(row.dataset.deal, 10) + step;
    return document.getElementById("deal-" + n);
  }
  function focus(el) {
    if (!el) return;
    el.focus();
    if (el.select) el.select();
  }

  form.addEventListener("keydown", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.field) return;
    var row = rowOf(input);
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      var save = document.getElementById("save");
      if (save && !save.disabled) form.requestSubmit ? form.requestSubmit(save) : form.submit();
      return;
    }
    if (event.key === "Enter") {
      event.preventDefault();
      focus(firstInputOf(nextRow(row, 1)));
      return;
    }
    if ((event.key === "ArrowDown" || event.key === "ArrowUp") && input.type !== "checkbox") {
      var target = nextRow(row, event.key === "ArrowDown" ? 1 : -1);
      if (target) {
        event.preventDefault();
        focus(field(target, input.dataset.field));
      }
      return;
    }
    if (event.key === "Tab" && !event.shiftKey) {
      var all = inputsOf(row);
      var i = all.indexOf(input) + 1;
      var skipped = false;
      while (i < all.length && all[i].dataset.auto === "1") { i++; skipped = true; }
      if (skipped) {
        event.preventDefault();
        focus(i < all.length ? all[i] : firstInputOf(nextRow(row, 1)));
      }
    }
  });

  form.addEventListener("input", function (event) {
    var input = event.target;
    if (!input.dataset || !input.dataset.field) return;
    dirty = true;
    var name = input.dataset.field;
    if (name.indexOf("points_") === 0) {
      fillPoints(input);
    } else if (input.classList.contains("key")) {
      delete input.dataset.default;
      var ok = normaliseKey(input);
      input.classList.toggle("bad-key", !ok);
      if (name === "verzaakt") offerOffenders(rowOf(input));
      if (ok && name === "bidder" && input.value !== "") {
        var points = field(rowOf(input), "points_a");
        focus(points);
      }
    }
    schedule();
  });
  form.addEventListener("change", function (event) {
    if (event.target.type === "checkbox" || event.target.dataset.offenderFor) { dirty = true; schedule(); }
  });

  // --- no traps: unsaved changes, the save bar, where the cursor starts

  var dirty = false;
  form.addEventListener("submit", function () { dirty = false; });
  window.addEventListener("beforeunload", function (event) {
    if (!dirty) return undefined;
    event.preventDefault();
    event.returnValue = form.dataset.msgUnsaved || "";
    return event.returnValue;
  });

  // The sticky save bar (bottom) and the sticky column heads (top) never cover the active row.
  function keepVisible(row) {
    if (!row) return;
    var bar = form.querySelector(".sheet-actions");
    var head = form.querySelector("table.entry thead");
    var box = row.getBoundingClientRect();
    var errors = document.getElementById("deal-" + row.dataset.deal + "-errors");
    var bottom = errors && !errors.hidden ? errors.getBoundingClientRect().bottom : box.bottom;
    var barTop = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    var headBottom = head ? Math.max(0, head.getBoundingClientRect().bottom) : 0;
    if (bar && bottom > barTop - 4) {
      window.scrollBy(0, bottom - barTop + 12);
    } else if (box.top < headBottom + 2 && box.top < window.innerHeight) {
      window.scrollBy(0, box.top - headBottom - 12);
    }
  }
  form.addEventListener("focusin", function (event) {
    var row = rowOf(event.target);
    if (row) keepVisible(row);
  });

  function firstProblem() {
    var bad = form.querySelector('td.invalid input, input[aria-invalid="true"]');
    if (bad) return bad;
    var row = form.querySelector('tr.deal[data-invalid="true"]');
    return row ? inputsOf(row)[0] : null;
  }

  function startingPoint() {
    var conflict = document.getElementById("conflict");
    if (conflict) {
      conflict.setAttribute("tabindex", "-1");
      conflict.scrollIntoView({ block: "start" });
      conflict.focus({ preventScroll: true });
      return;
    }
    var problem = firstProblem();
    if (problem) {
      problem.scrollIntoView({ block: "center" });
      focus(problem);
      return;
    }
    if (form.querySelector("#save[disabled]")) return;  // a confirmed result only the organiser corrects
    var rows = form.querySelectorAll("tr.deal");
    for (var i = 0; i < rows.length; i++) {
      if (rows[i].dataset.state === "empty") { focus(firstInputOf(rows[i])); keepVisible(rows[i]); return; }
    }
    if (rows.length) focus(firstInputOf(rows[0]));
  }

  // Errors of a deal appear once the cursor leaves that deal.
  form.addEventListener("focusout", function (event) {
    var row = rowOf(event.target);
    window.setTimeout(function () {
      if (row && last && !row.contains(document.activeElement)) showErrors(row, last);
    }, 0);
  });

  // --- asking the server

  function schedule() {
    if (timer) window.clearTimeout(timer);
    timer = window.setTimeout(refresh, 200);
  }

  function refresh() {
    if (inflight) inflight.abort();
    inflight = window.AbortController ? new AbortController() : null;
    fetch(url, {
      method: "POST",
      body: new FormData(form),
      credentials: "same-origin",
      headers: { "X-Requested-With": "XMLHttpRequest", Accept: "application/json" },
      signal: inflight ? inflight.signal : undefined,
    })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (answer) { if (answer) show(answer); })
      .catch(function () { /* aborted or offline: the plain form still works */ });
  }

  // --- showing the answer

  var GROUPS = { points: "points_", roem: "roem_", deals: "points_", number: "points_" };

  function showErrors(row, answer) {
    var n = parseInt(row.dataset.deal, 10);
    var deal = answer.deals[n - 1];
    var box = document.getElementById("deal-" + n + "-errors");
    if (!deal || !box) return;
    var list = box.querySelector("ul");
    list.textContent = "";
    Array.prototype.forEach.call(row.querySelectorAll("td.invalid"), function (td) { td.classList.remove("invalid"); });
    inputsOf(row).forEach(function (el) { el.removeAttribute("aria-invalid"); });
    var active = row.contains(document.activeElement);
    if (deal.errors.length === 0 || active) {
      box.hidden = true;
      if (deal.errors.length === 0) row.removeAttribute("data-invalid");
      return;
    }
    row.dataset.invalid = "true";
    deal.errors.forEach(function (error) {
      var li = document.createElement("li");
      li.dataset.field = error.field;
      li.textContent = msgDeal.replace("%s", n) + ": " + error.message;
      list.appendChild(li);
      var prefix = GROUPS[error.field];
      inputsOf(row).forEach(function (el) {
        var f = el.dataset.field;
        if (prefix ? f.indexOf(prefix) === 0 : f === error.field) {
          el.parentNode.classList.add("invalid");
          el.setAttribute("aria-invalid", "true");
        }
      });
    });
    box.hidden = false;
  }

  function setCells(row, selector, values) {
    Array.prototype.forEach.call(row.querySelectorAll(selector), function (td, i) {
      td.textContent = values ? String(values[i]) : "";
    });
  }

  function show(answer) {
    last = answer;
    answer.deals.forEach(function (deal) {
      var row = document.getElementById("deal-" + deal.number);
      if (!row) return;
      row.dataset.state = deal.state;
      row.dataset.mark = deal.mark || "";
      var markCell = row.querySelector("[data-mark-for]");
      if (markCell) {
        var span = document.createElement("span");
        span.className = "mark mark-" + (deal.mark || "none");
        span.textContent = deal.mark || "";
        markCell.textContent = "";
        markCell.appendChild(span);
      }
      setCells(row, "td[data-score-side]", deal.scores);
      Array.prototype.forEach.call(row.querySelectorAll("td[data-score-side]"), function (td, i) {
        td.dataset.sideMark = deal.marks ? deal.marks[i] : "";
      });
      setCells(row, "td[data-running-side]", deal.running);
      showErrors(row, answer);
    });
    Array.prototype.forEach.call(form.querySelectorAll("td[data-total-side]"), function (td, i) {
      td.textContent = String(answer.totals[i]);
    });
    var status = document.getElementById("sheet-status");
    if (status) {
      status.dataset.valid = String(answer.valid);
      status.dataset.finished = String(answer.finished);
      status.textContent = answer.finished && answer.valid ? msgFinished : "";
    }
    updates += 1;
    form.dataset.updates = String(updates);
  }

  // A bidder pre-filled by "verplicht" is shown as such until someone changes it.
  Array.prototype.forEach.call(form.querySelectorAll("input[data-forced]"), function (input) {
    input.addEventListener("input", function () {
      input.parentNode.classList.toggle("forced", input.value === input.dataset.forced);
    });
  });

  Array.prototype.forEach.call(form.querySelectorAll("tr.deal"), offerOffenders);
  startingPoint();
  document.body.classList.add("live-ready");
})();
