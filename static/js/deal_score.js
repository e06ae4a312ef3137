/*
 * The deal scoring of the rules engine (scoring/rules/deal.py, score_deal) in the phone, so that the
 * totals and the N/P/TP/V marks follow what is typed while the phone is offline. The server's engine
 * stays the authority: table.js shows this module's answer at once and the server's when it comes.
 * tests/browser/test_phone_offline.py compares the two on thousands of generated deals for every
 * preset and the house rules that change a deal's score.
 *
 * window.KlaverjasScore:
 *   scoreDeal(rules, deal) -> {scores, marks, mark, nat} or {error: field}
 *     rules: the competition's rule set as scoring.phones.sheet.rules_for_phone gives it (JSON);
 *     deal: {points: [..], roem: [..], bidder, pit, verzaakt (side indexes or null), trump ("C", "D",
 *     "H", "S" or null), challenge (0-3), nil (bool)}.
 *   Refused: {error: field, reason, value}; reason "over" (value: the points typed, more than the
 *   deal has) and "nilPit" (a nil deal with 0 bidder points and no pit) name the rule, else "".
 *   readDeal(rules, typed) -> {empty: true} | {error: field} | {deal}: one deal as the phone's form
 *     holds it (scoring.sheet.forms.SheetForm.read_row): typed = {bidder: "w", points: ["97", ""],
 *     roem: ["", "|V"], pit: "", verzaakt: "", trump: "", challenge: "", nil: false, ticked: false,
 *     forced: side or null}.
 *   scoreSheet(rules, rows) -> {deals: [{state, scores, marks, mark, running}], totals}: every row
 *     read and scored, the running totals, and the rule "fill in the deals in order".
 */
(function () {
  "use strict";

  var SUITS = { C: 1, D: 1, H: 1, S: 1 };
  var SIDE_KEYS = {
    2: { w: 0, a: 0, z: 1, b: 1 },
    3: { n: 0, a: 0, "1": 0, o: 1, e: 1, b: 1, "2": 1, z: 2, s: 2, c: 2, "3": 2 },
  };
  var TALLY = { O: 100, o: 100, V: 50, v: 50, "|": 20 };

  function Invalid(field, reason, value) { this.field = field; this.reason = reason || ""; this.value = value; }
  function isInt(v) { return typeof v === "number" && Math.floor(v) === v && isFinite(v); }
  function validRoem(v) { return isInt(v) && v >= 0 && v <= 1000 && v % 10 === 0 && v !== 10 && v !== 30; }
  function side(v, n) { return isInt(v) && v >= 0 && v < n; }

  function result(scores, nat, pit, made, verzaakt, multiplier, bidder, replayed) {
    return { scores: scores, nat: nat, pit: pit, made: made, verzaakt: verzaakt, multiplier: multiplier,
      bidder: bidder, replayed: !!replayed };
  }

  function checkPointsRoem(rules, deal) {
    var n = rules.sides;
    if (!deal.points || deal.points.length !== n) throw new Invalid("points");
    var roem = deal.roem || [];
    if (roem.length !== n) throw new Invalid("roem");
    var sum = 0;
    deal.points.forEach(function (p) {
      if (!isInt(p) || p < 0) throw new Invalid("points");
      sum += p;
    });
    if (sum !== rules.deal_total) throw new Invalid("points");
    roem.forEach(function (r) { if (!validRoem(r)) throw new Invalid("roem"); });
    return roem;
  }

  function verzaakt2(rules, verzaakt, ra, rb, multiplier, bidder) {
    var whole = (rules.deal_total + ra + rb + rules.verzaakt_bonus) * multiplier;
    var made = bidder === null ? null : verzaakt !== bidder;
    return result(verzaakt ? [whole, 0] : [0, whole], false, null, made, verzaakt, multiplier, bidder);
  }

  function scoreTwo(rules, deal) {
    var roem = checkPointsRoem(rules, deal);
    var points = deal.points;
    var pa = points[0], pb = points[1], ra = roem[0], rb = roem[1];
    var total = rules.deal_total;
    var pit = deal.pit === undefined ? null : deal.pit;
    var verzaakt = deal.verzaakt === undefined ? null : deal.verzaakt;
    if (pit !== null) {
      if (!side(pit, 2)) throw new Invalid("pit");
      if (points[pit] !== total) throw new Invalid("pit");
      if (verzaakt !== null) throw new Invalid("verzaakt");
      if (pit) rb += rules.pit_bonus; else ra += rules.pit_bonus;
    } else if (verzaakt !== null && !side(verzaakt, 2)) {
      throw new Invalid("verzaakt");
    }
    var challenge = deal.challenge || 0;
    if (challenge) {
      if (!side(challenge, 4)) throw new Invalid("challenge");
      if (!rules.challenges) throw new Invalid("challenge");
    }
    var trump = deal.trump || null;
    var multiplier = 1;
    if (rules.needs_trump || trump !== null) {
      if (trump === null) throw new Invalid("trump");
      if (!SUITS[trump]) throw new Invalid("trump");
      if (rules.spades_double && trump === "S") multiplier = 2;
    }
    if (deal.nil && !rules.nil_bid) throw new Invalid("nil");
    if (!rules.has_bidder) {
      if (verzaakt !== null) return verzaakt2(rules, verzaakt, ra, rb, multiplier, null);
      return result([pa + ra, pb + rb], false, pit, null, null, 1, null);
    }
    var bidder = deal.bidder === undefined ? null : deal.bidder;
    // "verz." and its side is a whole deal without a bidder: the other side scores it whoever bid
    // (RULES.md §4; "fixed-points" scores the deal as played and asks for the bidder in scoreDeal)
    if (bidder === null && verzaakt !== null) return verzaakt2(rules, verzaakt, ra, rb, multiplier << challenge, null);
    if (!side(bidder, 2)) throw new Invalid("bidder");
    if (challenge) multiplier = multiplier << challenge;
    if (verzaakt !== null) return verzaakt2(rules, verzaakt, ra, rb, multiplier, bidder);
    var cb = bidder ? pb + rb : pa + ra;
    var cd = bidder ? pa + ra : pb + rb;
    var whole;
    if (challenge) {
      var challenger = challenge === 2 ? bidder : 1 - bidder;
      var won = challenger === bidder ? cb > cd : cd > cb;
      var winner = won ? challenger : 1 - challenger;
      whole = (total + ra + rb) * multiplier;
      return result(winner ? [0, whole] : [whole, 0], winner !== bidder, pit, winner === bidder, null, multiplier, bidder);
    }
    if (deal.nil) {
      // made exactly when the defenders took every trick (their pit), whatever hand roem the bidder
      // side announced; 0 bidder points without that pit is refused at the pit (RULES.md §4)
      if (pit === 1 - bidder) {
        var nilScores = bidder ? [(pa + ra) * multiplier, rules.nil_bonus * multiplier]
          : [rules.nil_bonus * multiplier, (pb + rb) * multiplier];
        return result(nilScores, false, pit, true, null, multiplier, bidder);
      }
      if (points[bidder] === 0 && pit === null) throw new Invalid("pit", "nilPit");
      whole = (total + ra + rb) * multiplier;
      return result(bidder === 0 ? [0, whole] : [whole, 0], true, pit, false, null, multiplier, bidder);
    }
    if (cb > cd || (cb === cd && !rules.nat_on_tie)) {
      var sa = pa + ra, sb = pb + rb;
      if (rules.slot_bonus && cd === 0) {
        if (bidder) sb += rules.slot_bonus; else sa += rules.slot_bonus;
      }
      return result([sa * multiplier, sb * multiplier], false, pit, true, null, multiplier, bidder);
    }
    if (rules.no_nat) {
      return result([(pa + ra) * multiplier, (pb + rb) * multiplier], false, pit, false, null, multiplier, bidder);
    }
    whole = (total + ra + rb) * multiplier;
    return result(bidder === 0 ? [0, whole] : [whole, 0], true, pit, false, null, multiplier, bidder);
  }

  function scoreThree(rules, deal) {
    var n = rules.sides;
    var roem = checkPointsRoem(rules, deal);
    var points = deal.points;
    var total = rules.deal_total;
    var pit = deal.pit === undefined ? null : deal.pit;
    var verzaakt = deal.verzaakt === undefined ? null : deal.verzaakt;
    var effective = roem.slice();
    var i;
    if (pit !== null) {
      if (!side(pit, n)) throw new Invalid("pit");
      if (points[pit] !== total) throw new Invalid("pit");
      if (verzaakt !== null) throw new Invalid("verzaakt");
      effective[pit] += rules.pit_bonus;
    }
    if (verzaakt !== null && !side(verzaakt, n)) throw new Invalid("verzaakt");
    if (deal.challenge) throw new Invalid("challenge");
    var trump = deal.trump || null;
    if (trump !== null && !SUITS[trump]) throw new Invalid("trump");
    if (rules.needs_trump && trump === null) throw new Invalid("trump");
    if (deal.nil && !rules.nil_bid) throw new Invalid("nil");
    var maker = deal.bidder === undefined ? null : deal.bidder;
    if (!rules.has_bidder || (maker === null && verzaakt !== null)) maker = null;
    else if (!side(maker, n)) throw new Invalid("bidder");
    var own = [], whole = total;
    for (i = 0; i < n; i++) { own.push(points[i] + effective[i]); whole += effective[i]; }
    function allBut(skip, value, rest) {
      var out = [];
      for (var j = 0; j < n; j++) out.push(j === skip ? value : (rest === null ? own[j] : rest));
      return out;
    }
    if (verzaakt !== null) {
      var made = maker === null ? null : verzaakt !== maker;
      return result(allBut(verzaakt, 0, whole + rules.verzaakt_bonus), false, null, made, verzaakt, 1, maker);
    }
    if (maker === null) return result(own, false, pit, null, null, 1, null);
    if (deal.nil) {
      if (points[maker] === 0 && roem[maker] === 0) return result(allBut(maker, rules.nil_bonus, null), false, pit, true, null, 1, maker);
      return result(allBut(maker, 0, whole), true, pit, false, null, 1, maker);
    }
    var doubled = 2 * own[maker];
    if (doubled > whole || (doubled === whole && !rules.nat_on_tie)) {
      var scores = own.slice();
      var othersZero = true;
      for (i = 0; i < n; i++) if (i !== maker && own[i] !== 0) othersZero = false;
      if (rules.slot_bonus && othersZero) scores[maker] += rules.slot_bonus;
      return result(scores, false, pit, true, null, 1, maker);
    }
    if (rules.no_nat) return result(own, false, pit, false, null, 1, maker);
    return result(allBut(maker, 0, whole), true, pit, false, null, 1, maker);
  }

  function scoreAny(rules, deal) { return rules.sides !== 2 ? scoreThree(rules, deal) : scoreTwo(rules, deal); }

  function withMarks(r) {
    var marks = r.scores.map(function () { return ""; });
    if (r.nat && r.bidder !== null) marks[r.bidder] = "N";
    if (r.pit !== null) marks[r.pit] = r.bidder !== null && r.pit !== r.bidder ? "TP" : "P";
    if (r.verzaakt !== null) marks[r.verzaakt] = "V";
    var mark = "";
    ["V", "TP", "P", "N"].some(function (m) { if (marks.indexOf(m) >= 0) { mark = m; return true; } return false; });
    return { scores: r.scores, marks: marks, mark: mark, nat: r.nat, replayed: r.replayed };
  }

  function scoreDeal(rules, deal) {
    var r;
    try {
      r = scoreAny(rules, deal);
      if (r.verzaakt !== null && rules.verzaakt_penalty === "replay") {
        r = result(r.scores.map(function () { return 0; }), false, null, null, r.verzaakt, 1, r.bidder, true);
      } else if (r.verzaakt !== null && rules.verzaakt_penalty === "fixed-points") {
        var copy = {};
        Object.keys(deal).forEach(function (k) { copy[k] = deal[k]; });
        copy.verzaakt = null;
        var played = scoreAny(rules, copy);
        played.scores = played.scores.slice();
        played.scores[r.verzaakt] -= rules.verzaakt_points;
        played.verzaakt = r.verzaakt;
        r = played;
      }
    } catch (e) {
      if (e instanceof Invalid) return { error: e.field, reason: e.reason, value: e.value };
      throw e;
    }
    return withMarks(r);
  }

  // --- what the phone's form holds, read as scoring.sheet.forms.SheetForm.read_row reads it

  function whole(text) { return /^[0-9]{1,9}$/.test(text) ? parseInt(text, 10) : null; }
  function roemOf(text) {
    if (!text) return 0;
    if (whole(text) !== null) return whole(text);
    if (/[|VvOo]/.test(text)) {
      var sum = 0;
      for (var i = 0; i < text.length; i++) {
        var c = text.charAt(i);
        if (TALLY[c] !== undefined) sum += TALLY[c];
        else if (!/\s/.test(c)) return null;
      }
      return sum;
    }
    return null;
  }

  function readDeal(rules, typed) {
    var n = rules.sides;
    var trim = function (v) { return String(v === undefined || v === null ? "" : v).trim(); };
    var points = (typed.points || []).map(trim), roem = (typed.roem || []).map(trim);
    var pit = trim(typed.pit), verzaakt = trim(typed.verzaakt), trump = trim(typed.trump), challenge = trim(typed.challenge);
    var empty = !typed.nil && !typed.ticked && !pit && !verzaakt && !trump && !(challenge && challenge !== "0") &&
      points.every(function (p) { return !p; }) && roem.every(function (r) { return !r; });
    if (empty) return { empty: true };
    var keys = SIDE_KEYS[n];
    function sideOf(text, field) {
      if (!text || text === "-" || text === "–") return null;
      var s = keys[text.toLowerCase()];
      if (s === undefined) throw new Invalid(field);
      return s;
    }
    try {
      var numbers = points.map(function (p) {
        if (!p) return null;
        var v = whole(p);
        if (v === null) throw new Invalid("points");
        return v;
      });
      var missing = [];
      numbers.forEach(function (v, i) { if (v === null) missing.push(i); });
      var offender = verzaakt && verzaakt !== "-" && verzaakt !== "–" ? keys[verzaakt.toLowerCase()] : undefined;
      if (missing.length === n && offender !== undefined && rules.verzaakt_penalty !== "fixed-points") {
        // "verz." (and who) is a whole deal: no made-up points, all to the other side (as the server's form)
        numbers = numbers.map(function () { return 0; });
        numbers[offender === 0 ? 1 : 0] = rules.deal_total;
        missing = [];
      }
      if (missing.length === 1) {
        var rest = rules.deal_total;
        numbers.forEach(function (v) { if (v !== null) rest -= v; });
        if (rest < 0) throw new Invalid("points", "over", rules.deal_total - rest);
        numbers[missing[0]] = rest;
      }
      if (numbers.some(function (v) { return v === null; })) throw new Invalid("points");
      var roems = roem.map(function (r) {
        var v = roemOf(r);
        if (v === null) throw new Invalid("roem");
        return v;
      });
      var deal = { points: numbers, roem: roems, bidder: null, pit: sideOf(pit, "pit"), verzaakt: sideOf(verzaakt, "verzaakt"),
        trump: null, challenge: 0, nil: !!typed.nil };
      if (rules.has_bidder) {
        var bid = trim(typed.bidder);
        deal.bidder = sideOf(bid, "bidder");
        if (deal.bidder === null && !bid && typed.forced !== undefined && typed.forced !== null && typed.forced !== "") {
          deal.bidder = parseInt(typed.forced, 10);
        }
      }
      if (trump) {
        var suit = { c: "C", k: "C", d: "D", r: "D", h: "H", s: "S" }[trump.toLowerCase()];
        if (!suit) throw new Invalid("trump");
        deal.trump = suit;
      }
      if (challenge) {
        if (!/^[0-3]$/.test(challenge)) throw new Invalid("challenge");
        deal.challenge = parseInt(challenge, 10);
      }
      return { deal: deal };
    } catch (e) {
      if (e instanceof Invalid) return { error: e.field, reason: e.reason, value: e.value };
      throw e;
    }
  }

  function scoreSheet(rules, rows) {
    var n = rules.sides;
    var running = [];
    for (var i = 0; i < n; i++) running.push(0);
    var read = rows.map(function (typed) { return readDeal(rules, typed); });
    var last = -1;
    read.forEach(function (r, i) { if (!r.empty) last = i; });
    var deals = read.map(function (r, i) {
      if (r.empty) return { state: i < last ? "error" : "empty", scores: null, marks: null, mark: "", running: null };
      var scored = r.error ? r : scoreDeal(rules, r.deal);
      if (scored.error) return { state: "error", scores: null, marks: null, mark: "", running: null, field: scored.error, reason: scored.reason || "", value: scored.value };
      running = running.map(function (t, s) { return t + scored.scores[s]; });
      return { state: "ok", scores: scored.scores, marks: scored.marks, mark: scored.mark, running: running.slice() };
    });
    return { deals: deals, totals: running };
  }

  window.KlaverjasScore = { scoreDeal: scoreDeal, readDeal: readDeal, scoreSheet: scoreSheet };
})();
