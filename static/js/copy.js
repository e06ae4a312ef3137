// Copying the evening's report. A button with data-copy="<id>" copies that text field's text; a
// button with data-copy-url (on the evening page; shown only when this script runs) fetches the
// report from the API first. Without the Clipboard API (an old browser, or plain http on the club
// laptop) the text is selected, so Ctrl+C copies it.
(function () {
  function say(button, text) {
    var status = button.parentNode.querySelector("[data-copy-status]");
    if (status) status.textContent = text;
  }
  function copyText(button, text, field) {
    var copied = button.getAttribute("data-copied") || "";
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { say(button, copied); }, function () { say(button, text); });
    }
    if (field) { field.focus(); field.select(); document.execCommand("copy"); say(button, copied); }
    else { say(button, text); }
  }
  document.querySelectorAll("[data-copy-url]").forEach(function (b) { b.hidden = false; });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy], [data-copy-url]");
    if (!button) return;
    if (button.hasAttribute("data-copy")) {
      var field = document.getElementById(button.getAttribute("data-copy"));
      if (field) { field.focus(); field.select(); copyText(button, field.value, field); }
      return;
    }
    fetch(button.getAttribute("data-copy-url"), { headers: { Accept: "application/json" } })
      .then(function (r) { return r.json(); })
      .then(function (body) { copyText(button, body.text || "", null); });
  });
})();
