/* The projector: long lists page by themselves. Each column ([data-reel]) that is taller than the
   screen shows one screenful at a time and moves to the next every data-pace seconds (on #live),
   never cutting a row in half, keeping the list's title and the table's column heads (both stick to
   the top of the column: issue 33 item 6, a page 2 has its title), and says "page 2 of 3". A live
   update (refresh.js) keeps the page being shown. The clock ([data-clock]) follows the time. */
(function () {
  "use strict";
  var main = document.getElementById("live");
  if (!main) return;
  var pace = (parseInt(main.getAttribute("data-pace"), 10) || 8) * 1000;
  var message = main.getAttribute("data-msg-page") || "page %(page)s of %(pages)s";
  var shown = [];  // page shown per reel, by position

  function offset(el, reel) {
    return el.getBoundingClientRect().top - reel.getBoundingClientRect().top + reel.scrollTop;
  }

  // A section's title (h2) sticks to the top of its column while its rows page by, the table's heads
  // under it: a row starting a page leaves room for both. A stuck title's place is its section's.
  function titleOf(el) {
    var section = el.closest("section");
    var h2 = section ? section.querySelector("h2") : null;
    return h2 && h2 !== el ? h2.offsetHeight : 0;
  }
  function placeOf(el, reel) {
    return el.tagName === "H2" && el.parentNode.tagName === "SECTION" ? offset(el.parentNode, reel) : offset(el, reel);
  }
  function coverOf(item) {
    var head = item.tagName === "TR" ? item.closest("table").querySelector("thead") : null;
    return (head ? head.offsetHeight : 0) + titleOf(item);
  }

  function pageStarts(reel) {
    var height = reel.clientHeight;
    var starts = [0];
    var items = reel.querySelectorAll("h2, tbody tr, p");
    for (var i = 0; i < items.length; i++) {
      var item = items[i];
      var top = placeOf(item, reel);
      var bottom = top + item.offsetHeight;
      var start = starts[starts.length - 1];
      if (bottom > start + height + 1 && top > start) {
        var head = item.tagName === "TR" ? item.closest("table").querySelector("thead") : null;
        var next = top - coverOf(item);
        var previous = item.previousElementSibling;
        if (!previous && head) {
          // the first row of a table: start the page at its section's heading
          var heading = item.closest("section") && item.closest("section").querySelector("h2");
          if (heading) next = placeOf(heading, reel);
        }
        starts.push(Math.max(start + 1, next));
      }
    }
    return starts;
  }

  function note(reel) {
    var box = reel.parentNode.querySelector('[data-page-note="' + reel.dataset.reelIndex + '"]');
    if (!box) {
      box = document.createElement("p");
      box.className = "page-note";
      box.setAttribute("data-page-note", reel.dataset.reelIndex);
      reel.parentNode.appendChild(box);
    }
    return box;
  }

  function show(reel, index) {
    var starts = pageStarts(reel);
    var page = (shown[index] || 0) % starts.length;
    shown[index] = page;
    reel.scrollTop = starts[page];
    // a row the page's end cuts in half waits for the next page
    var end = (page + 1 < starts.length ? starts[page + 1] : Infinity);
    var bottom = starts[page] + reel.clientHeight;
    Array.prototype.forEach.call(reel.querySelectorAll("h2, tbody tr, p"), function (item) {
      var top = placeOf(item, reel);
      var cover = coverOf(item);
      var under = cover > 0 && top < starts[page] + cover - 1 && page > 0;  // behind the stuck title and heads
      // off when the next page shows it (not behind the title and heads that stick there)
      item.classList.toggle("off", top + item.offsetHeight > bottom + 1 || top >= end + Math.max(cover - 1, 0) || under);
    });
    reel.setAttribute("data-pages", String(starts.length));
    reel.setAttribute("data-page", String(page + 1));
    var box = note(reel);
    box.hidden = starts.length < 2;
    box.textContent = message.replace("%(page)s", page + 1).replace("%(pages)s", starts.length);
  }

  function layout() {
    Array.prototype.forEach.call(main.querySelectorAll("[data-reel] section"), function (section) {
      var h2 = section.querySelector("h2");
      section.style.setProperty("--title", (h2 ? h2.offsetHeight : 0) + "px");  // the heads stick under it
    });
    Array.prototype.forEach.call(main.querySelectorAll("[data-reel]"), function (reel, index) {
      reel.dataset.reelIndex = String(index);
      show(reel, index);
    });
  }

  function turn() {
    Array.prototype.forEach.call(main.querySelectorAll("[data-reel]"), function (reel, index) {
      var pages = parseInt(reel.getAttribute("data-pages"), 10) || 1;
      shown[index] = ((shown[index] || 0) + 1) % pages;
      show(reel, index);
    });
  }

  main.addEventListener("live:updated", function () {
    Array.prototype.forEach.call(main.querySelectorAll("[data-page-note]"), function (n) { n.remove(); });
    layout();
  });
  window.addEventListener("resize", layout);
  layout();
  window.setInterval(turn, pace);

  var clock = document.querySelector("[data-clock]");
  if (clock) {
    window.setInterval(function () {
      var now = new Date();
      clock.textContent = ("0" + now.getHours()).slice(-2) + ":" + ("0" + now.getMinutes()).slice(-2);
    }, 10000);
  }
})();
