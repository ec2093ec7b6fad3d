// Table Companion's only script of its own: press-and-hold reveal, "your turn" buzz, toasts.
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  // --- Private panel: visible only while the player presses and holds. ---
  function panelFor(button) {
    var wrap = button.closest(".private-wrap");
    return wrap ? wrap.querySelector(".private") : null;
  }
  function hideAll() {
    document.querySelectorAll(".private").forEach(function (p) { p.hidden = true; });
    document.querySelectorAll("[data-reveal].holding").forEach(function (b) { b.classList.remove("holding"); });
  }
  function show(button) {
    var panel = panelFor(button);
    if (panel) { panel.hidden = false; button.classList.add("holding"); }
  }
  document.addEventListener("pointerdown", function (e) {
    var button = e.target.closest("[data-reveal]");
    if (button) { e.preventDefault(); show(button); }
  });
  ["pointerup", "pointercancel", "pointerleave", "blur"].forEach(function (name) {
    document.addEventListener(name, hideAll, true);
  });
  document.addEventListener("keydown", function (e) {
    var button = e.target.closest && e.target.closest("[data-reveal]");
    if (button && (e.key === " " || e.key === "Enter")) { e.preventDefault(); show(button); }
  });
  document.addEventListener("keyup", hideAll);
  document.addEventListener("contextmenu", function (e) {
    if (e.target.closest("[data-reveal]")) { e.preventDefault(); }
  });
  document.addEventListener("visibilitychange", function () { if (document.hidden) { hideAll(); } });
  window.addEventListener("pagehide", hideAll);

  // --- "Your turn": buzz once when the turn arrives (where the browser allows it). ---
  var wasMyTurn = null;
  function checkTurn() {
    var top = document.querySelector("[data-my-turn]");
    if (!top) { return; }
    var mine = top.getAttribute("data-my-turn") === "1";
    if (mine && wasMyTurn === false && navigator.vibrate) { navigator.vibrate([180, 80, 180]); }
    wasMyTurn = mine;
  }

  // --- Toasts: an error reply is swapped into #toast; it fades after a few seconds. ---
  var toastTimer = null;
  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.target.id === "toast") {
      e.target.classList.add("show");
      clearTimeout(toastTimer);
      toastTimer = setTimeout(function () { e.target.classList.remove("show"); }, 5000);
    } else {
      var toast = document.getElementById("toast");
      if (toast && e.target.id === "live") { toast.classList.remove("show"); }
    }
    checkTurn();
  });
  document.addEventListener("htmx:sseMessage", checkTurn);
  document.addEventListener("DOMContentLoaded", checkTurn);
})();
