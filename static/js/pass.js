// A seat played by handing a shared device round: its screen is on the page only while
// its player holds the device.
// - On the seat's own page (pass/screen.html, [data-pass-page]): "Done" removes the screen
//   and replaces the page, in the browser's history too, with the one the device came from
//   (the public table, or the phone's own face), so "back" never brings it up again.
// - Inside the cover (pass/cover.html): hiding removes it from the page (htmx's own swap,
//   so its live stream closes too).
// The page going to the background hides it as well, in both.
(function () {
  "use strict";
  var leaving = false;

  function wipe() {
    // Whatever happens next, nothing private stays on the screen.
    document.querySelectorAll("[data-pass-open]").forEach(function (el) { el.remove(); });
  }
  function hideInCover() {
    var area = document.getElementById("pass-area");
    if (!area || !area.firstElementChild) { return; }
    try {
      window.htmx.swap(area, "", { swapStyle: "innerHTML" });
    } catch (err) {
      area.innerHTML = "";
    }
    area.innerHTML = "";
    var cover = document.querySelector("[data-pass-cover]");
    if (cover) { cover.hidden = false; }
  }
  function hide() {
    var page = document.querySelector("[data-pass-page]");
    if (!page) { hideInCover(); return; }
    wipe();
    if (!leaving) {
      leaving = true;
      window.location.replace(page.getAttribute("data-back"));
    }
  }
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-pass-hide]")) {
      e.preventDefault(); // the link is the fallback without scripts; this also drops it from history
      hide();
    }
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.target && e.target.id === "pass-area" && e.target.firstElementChild) {
      var cover = document.querySelector("[data-pass-cover]");
      if (cover) { cover.hidden = true; }
    }
  });
  document.addEventListener("visibilitychange", function () { if (document.hidden) { hide(); } });
  // Leaving the page (or a page restored from the back-forward cache) keeps nothing private.
  window.addEventListener("pagehide", function () { wipe(); hideInCover(); });
  window.addEventListener("pageshow", function (e) { if (e.persisted) { hide(); } });
})();
