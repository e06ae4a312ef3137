// The attendance page: filter the list as you type, tick "same as last evening", and keep the
// count of players present up to date as boxes are ticked (nothing is saved until "Save").
(function () {
  "use strict";
  var form = document.getElementById("attendance");
  if (!form) return;
  var rows = Array.prototype.slice.call(form.querySelectorAll("tbody tr[data-name]"));
  var count = document.getElementById("present-count");

  function present() {
    return rows.filter(function (row) {
      var boxes = row.querySelectorAll("input[type=checkbox]");
      return boxes[0].checked || boxes[1].checked;
    }).length;
  }
  function update() {
    var n = present();
    count.textContent = n === 1 ? count.dataset.one : count.dataset.many.replace("#", n);
  }
  form.addEventListener("change", update);

  var filter = document.getElementById("member-filter");
  filter.addEventListener("input", function () {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    rows.forEach(function (row) {
      var name = row.dataset.name;
      row.hidden = !words.every(function (w) { return name.indexOf(w) !== -1; });
    });
  });
  filter.addEventListener("keydown", function (event) {  // Enter ticks the only match left
    if (event.key !== "Enter") return;
    event.preventDefault();
    var shown = rows.filter(function (row) { return !row.hidden; });
    if (shown.length === 1) {
      shown[0].querySelector("input[name=present]").checked = true;
      filter.value = "";
      filter.dispatchEvent(new Event("input"));
      update();
    }
  });

  var same = document.getElementById("same-as-last");
  same.addEventListener("click", function () {
    var last = rows.filter(function (row) { return row.dataset.last === "1"; });
    if (!last.length) { same.textContent = same.dataset.none; same.disabled = true; return; }
    last.forEach(function (row) { row.querySelector("input[name=present]").checked = true; });
    update();
  });
})();
