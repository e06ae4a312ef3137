/* Projector: fetch the page again every N seconds and swap it in without a flash.
   If the server cannot be reached, keep the last standings and mark them stale.
   Without JavaScript a <meta http-equiv="refresh"> in <noscript> reloads the page instead. */
(function () {
  "use strict";
  var clock = document.querySelector("[data-refresh]");
  var seconds = parseInt(clock && clock.getAttribute("data-refresh"), 10) || 30;
  function swap() {
    fetch(window.location.href, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) { throw new Error(response.status); }
        return response.text();
      })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelector("body.projector");
        if (fresh) {
          document.body.innerHTML = fresh.innerHTML;
          document.body.classList.remove("stale");
        }
      })
      .catch(function () { document.body.classList.add("stale"); });
  }
  window.setInterval(swap, seconds * 1000);
})();
