// Table Companion's only script of its own: press-and-hold reveal, "your turn" buzz, toasts.
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
  ["pointerup", "pointercancel", "pointerleave", "blur"].forEach(function (name) {
    document.addEventListener(name, hideAll, true);
  });
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

  // --- Live updates must not undo what a person is in the middle of doing. ---
  // A new view replaces the live area whenever anyone acts. Before the swap we note every
  // control the person changed (typed value, chosen option, ticked box), every section they
  // opened or closed, and the focused control; after the swap we put them back, matched by
  // the form's action type, the control's name and their order on the page.
  function formKey(el) {
    var form = el.form || el.closest("form");
    var type = form && form.querySelector("input[name=type]");
    return (type ? type.value : "") + "|" + (el.name || el.id || el.tagName);
  }
  function keyed(selector, keyOf) {
    var seen = {};
    var out = [];
    document.querySelectorAll("#live " + selector).forEach(function (el) {
      var base = keyOf(el);
      seen[base] = (seen[base] || 0) + 1;
      out.push([base + "#" + seen[base], el]);
    });
    return out;
  }
  function summaryKey(d) {
    var summary = d.querySelector("summary");
    return "details|" + (d.id || (summary ? summary.textContent.trim() : ""));
  }
  var saved = null;
  function snapshot() {
    saved = { controls: {}, details: {}, focus: null };
    keyed("input, select, textarea", formKey).forEach(function (pair) {
      var el = pair[1];
      var changed = el.type === "checkbox" || el.type === "radio"
        ? el.checked !== el.defaultChecked
        : el.tagName === "SELECT"
          ? Array.prototype.some.call(el.options, function (o) { return o.selected !== o.defaultSelected; })
          : el.value !== el.defaultValue;
      if (changed && el.type !== "hidden") {
        saved.controls[pair[0]] = el.type === "checkbox" || el.type === "radio" ? el.checked : el.value;
      }
      if (el === document.activeElement) { saved.focus = pair[0]; }
    });
    keyed("details", summaryKey).forEach(function (pair) {
      if (pair[1].dataset.userToggled) { saved.details[pair[0]] = pair[1].open; }
    });
  }
  function restore() {
    if (!saved) { return; }
    keyed("input, select, textarea", formKey).forEach(function (pair) {
      var el = pair[1];
      if (Object.prototype.hasOwnProperty.call(saved.controls, pair[0])) {
        if (el.type === "checkbox" || el.type === "radio") { el.checked = saved.controls[pair[0]]; }
        else { el.value = saved.controls[pair[0]]; }
      }
      if (saved.focus === pair[0]) { el.focus(); }
    });
    keyed("details", summaryKey).forEach(function (pair) {
      if (Object.prototype.hasOwnProperty.call(saved.details, pair[0])) { pair[1].open = saved.details[pair[0]]; }
    });
    saved = null;
  }
  // Only sections the person opened or closed are kept; the rest follow the server.
  document.addEventListener("toggle", function (e) {
    if (e.target.tagName === "DETAILS") { e.target.dataset.userToggled = "1"; }
  }, true);
  // Never go back in time. A phone that just acted may already show a newer version
  // (from its own reply) than a stream message still on its way, or the other way round:
  // a view older than (or the same as) the one on screen is dropped, not swapped in.
  function shownVersion() {
    var status = document.querySelector("#live [data-version]");
    return status ? parseInt(status.getAttribute("data-version"), 10) : -1;
  }
  function isStale(version) {
    return !isNaN(version) && version >= 0 && version <= shownVersion();
  }
  document.addEventListener("htmx:sseBeforeMessage", function (e) {
    var incoming = parseInt(e.detail && e.detail.lastEventId, 10);
    if (isStale(incoming)) {
      e.preventDefault();
      return;
    }
    snapshot();
  });
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.target || e.detail.target.id !== "live" || e.detail.isError) { return; }
    var match = /data-version="(\d+)"/.exec(e.detail.serverResponse || "");
    if (match && parseInt(match[1], 10) < shownVersion()) { e.detail.shouldSwap = false; }
  });
  // A form the person just submitted starts fresh: only other people's updates keep edits.
  document.addEventListener("htmx:beforeRequest", function () { saved = null; });

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
  document.addEventListener("htmx:sseMessage", function () { restore(); checkTurn(); });
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-dismiss-toast]")) {
      var toast = document.getElementById("toast");
      toast.classList.remove("show");
      toast.innerHTML = "";
    }
  });
  document.addEventListener("DOMContentLoaded", checkTurn);
})();
