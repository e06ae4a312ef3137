// The settings page: choosing a rules preset fills in that preset's house rules at once (without
// JavaScript the "show the chosen preset's house rules" button does the same on the server).
(function () {
  "use strict";
  var select = document.getElementById("id_ruleset");
  var data = document.getElementById("preset-values");
  if (!select || !data || select.disabled) { return; }
  var presets = JSON.parse(data.textContent);
  select.addEventListener("change", function () {
    var values = presets[select.value];
    if (!values) { return; }
    Object.keys(values).forEach(function (name) {
      var value = values[name];
      var inputs = document.querySelectorAll('[name="' + name + '"]');
      inputs.forEach(function (input) {
        if (input.type === "checkbox" && inputs.length > 1) {
          input.checked = Array.isArray(value) && value.indexOf(input.value) !== -1;
        } else if (input.type === "checkbox") {
          input.checked = Boolean(value);
        } else {
          input.value = value === null ? "" : String(value);
        }
      });
    });
  });
}());
