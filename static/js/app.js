// Table Companion's only script of its own: press-and-hold reveal, live updates in order,
// the "your turn" buzz, toasts.
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  // --- Private panel: visible only while the player presses and holds. ---
  function panelFor(button) {
    var wrap = button.closest(".private-wrap");
    return wrap ? wrap.querySelector(".private, .private-notes") : null;
  }
  function hideAll() {
    document.querySelectorAll(".private, .private-notes").forEach(function (p) { p.hidden = true; });
    document.querySelectorAll(".holding").forEach(function (b) { b.classList.remove("holding"); });
  }
  function show(button) {
    var panel = panelFor(button);
    if (panel) { panel.hidden = false; button.classList.add("holding"); }
  }
  document.addEventListener("pointerdown", function (e) {
    var button = e.target.closest("[data-reveal], [data-reveal-notes]");
    if (button) { e.preventDefault(); show(button); }
  });
  ["pointerup", "pointercancel", "blur"].forEach(function (name) {
    document.addEventListener(name, hideAll, true);
  });
  // Leaving the held button lets go; the pointer "leaving" an element that a live update
  // just put under it (a new history line) must not.
  document.addEventListener("pointerleave", function (e) {
    if (e.target && e.target.classList && e.target.classList.contains("holding")) { hideAll(); }
  }, true);
  document.addEventListener("keydown", function (e) {
    var button = e.target.closest && e.target.closest("[data-reveal], [data-reveal-notes]");
    if (button && (e.key === " " || e.key === "Enter")) { e.preventDefault(); show(button); }
  });
  document.addEventListener("keyup", hideAll);
  document.addEventListener("contextmenu", function (e) {
    if (e.target.closest("[data-reveal], [data-reveal-notes]")) { e.preventDefault(); }
  });
  document.addEventListener("visibilitychange", function () { if (document.hidden) { hideAll(); } });
  window.addEventListener("pagehide", hideAll);

  // --- Live updates: each region and fragment is replaced on its own, never back in time. ---
  // A patch names only the elements that changed (htmx out-of-band swaps), so whatever a
  // person is doing elsewhere on the page (a half-typed number, an open section) is left
  // alone. Every message says the version it shows: the stream's by its event id, the reply
  // to this page's own post by X-Version. A stream message can arrive after the reply to a
  // newer tap of this phone; an element already showing a newer version is then kept.
  var live = document.getElementById("live");
  var base = live ? parseInt(live.getAttribute("data-version"), 10) : -1; // the whole view's
  var floor = base; // every element shows at least this version
  var shownAt = {}; // element id -> the version it shows, where newer than the floor
  var incoming = null; // the version of the message being swapped in

  function shownVersion(element) {
    var version = floor;
    for (var node = element; node && node !== live; node = node.parentElement) {
      if (node.id && shownAt[node.id] > version) { version = shownAt[node.id]; }
    }
    return version;
  }
  function wholeView(version) {
    base = version;
    floor = version;
    shownAt = {};
    saw(version);
  }
  // The newest version this page has received, on #live for anyone who wants to know.
  function saw(version) {
    if (live && version > parseInt(live.getAttribute("data-version"), 10)) {
      live.setAttribute("data-version", String(version));
    }
  }
  document.addEventListener("htmx:sseBeforeMessage", function (e) {
    var message = e.detail || {};
    var version = parseInt(message.lastEventId, 10);
    incoming = isNaN(version) ? null : version;
    if (incoming === null) { return; }
    if (message.type === "view") {
      if (incoming < base) { e.preventDefault(); return; }
      wholeView(incoming);
    }
  });
  document.addEventListener("htmx:sseMessage", function (e) {
    // Once a patch is in, everything on the page shows at least its version.
    if (e.detail && e.detail.type === "patch" && incoming !== null && incoming > floor) {
      floor = incoming;
    }
    if (incoming !== null) { saw(incoming); }
    incoming = null;
  });
  document.addEventListener("htmx:oobBeforeSwap", function (e) {
    var target = e.detail.target;
    if (incoming === null || !target || !target.id) { return; }
    if (shownVersion(target) >= incoming) { e.detail.shouldSwap = false; return; }
    shownAt[target.id] = incoming;
  });
  // The reply to a post: what changed since the version this page is sure to show.
  document.addEventListener("htmx:configRequest", function (e) {
    if (live && floor >= 0) { e.detail.headers["X-Shown-Version"] = String(floor); }
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    var xhr = e.detail.xhr;
    var version = xhr ? parseInt(xhr.getResponseHeader("X-Version"), 10) : NaN;
    incoming = isNaN(version) ? null : version;
    if (incoming === null || e.detail.isError || !e.detail.target || e.detail.target.id !== "live") {
      return;
    }
    if (xhr.getResponseHeader("HX-Reswap") === "none") { saw(incoming); return; } // a patch
    if (incoming < base) { e.detail.shouldSwap = false; return; }
    wholeView(incoming);
  });

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
      // A question (Confirm / Cancel) stays until it is answered; a plain refusal fades.
      if (!e.target.querySelector("form.confirm")) {
        toastTimer = setTimeout(function () { e.target.classList.remove("show"); }, 5000);
      }
    } else {
      var toast = document.getElementById("toast");
      var asking = toast && toast.querySelector("form.confirm");
      var answered = asking && e.detail && e.detail.elt === asking;
      if (toast && e.target.id === "live" && (!asking || answered)) {
        toast.classList.remove("show");
        toast.innerHTML = "";
      }
    }
    checkTurn();
  });
  document.addEventListener("htmx:sseMessage", checkTurn);
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-dismiss-toast]")) {
      var toast = document.getElementById("toast");
      toast.classList.remove("show");
      toast.innerHTML = "";
    }
  });
  document.addEventListener("DOMContentLoaded", checkTurn);
})();
