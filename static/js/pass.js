// A seat played by handing a shared device round: its screen is on the page only while
// its player holds the device. Hiding removes it from the page (htmx's own swap, so its
// live stream closes too); the page going to the background hides it as well.
(function () {
  "use strict";
  function hide() {
    var area = document.getElementById("pass-area");
    if (!area || !area.firstElementChild) { return; }
    try {
      window.htmx.swap(area, "", { swapStyle: "innerHTML" });
    } catch (err) {
      area.innerHTML = ""; // whatever happens, nothing private stays on the screen
    }
    area.innerHTML = "";
    var cover = document.querySelector("[data-pass-cover]");
    if (cover) { cover.hidden = false; }
  }
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-pass-hide]")) { hide(); }
  });
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.target && e.target.id === "pass-area" && e.target.firstElementChild) {
      var cover = document.querySelector("[data-pass-cover]");
      if (cover) { cover.hidden = true; }
    }
  });
  document.addEventListener("visibilitychange", function () { if (document.hidden) { hide(); } });
  window.addEventListener("pagehide", hide);
})();
