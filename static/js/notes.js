// A seat's private notes (templates/seat/_notes.html): "My notes" opens a panel with a big
// textarea; the notes save on change and on "Save" (an htmx post with the seat's own CSRF
// token), and the state beside the button says whether they are saved. The panel hides on
// "Hide", on "My notes" again, and whenever the page goes to the background, so nothing
// private shows while the phone lies idle. Unsaved notes are sent as the panel hides.
// The section lives outside the live area: live updates never touch it. Event delegation
// on document: on a shared device the section comes and goes with the seat's screen.
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  var dirty = false; // typed since the last save that the server took

  function section() { return document.querySelector("[data-notes]"); }
  function part(name) {
    var s = section();
    return s ? s.querySelector("[data-notes-" + name + "]") : null;
  }
  function setState(kind) {
    var form = part("form");
    var state = document.getElementById("my-notes-state");
    if (!form || !state) { return; }
    state.textContent = form.getAttribute("data-" + kind) || "";
    state.className = "notes-state " + kind;
  }

  function open() {
    var panel = part("panel");
    var button = part("open");
    if (!panel || !button) { return; }
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    var text = part("text");
    if (text) {
      // Go on writing where the notes end.
      text.focus({ preventScroll: true });
      text.setSelectionRange(text.value.length, text.value.length);
      text.scrollTop = text.scrollHeight;
      panel.scrollIntoView({ block: "nearest" });
    }
  }
  // Hide the panel. ``leaving``: the page (or the seat's screen on a shared device) is going
  // away, so unsaved notes go as a beacon, which outlives the page.
  function close(leaving) {
    var panel = part("panel");
    var button = part("open");
    if (dirty) { if (leaving) { beacon(); } else { save(); } }
    if (!panel || panel.hidden) { return; }
    panel.hidden = true;
    if (button) { button.setAttribute("aria-expanded", "false"); }
  }
  function save() {
    var form = part("form");
    if (form && window.htmx) { window.htmx.trigger(form, "submit"); }
  }
  function beacon() {
    var form = part("form");
    if (!form || !navigator.sendBeacon) { return; }
    if (navigator.sendBeacon(form.getAttribute("action"), new FormData(form))) { dirty = false; }
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t || !t.closest) { return; }
    if (t.closest("[data-notes-open]")) {
      e.preventDefault();
      var panel = part("panel");
      if (panel && panel.hidden) { open(); } else { close(false); }
      return;
    }
    if (t.closest("[data-notes-hide]")) { e.preventDefault(); close(false); return; }
    // "Done: hide my screen" on a shared device removes the seat's screen, notes and all.
    if (t.closest("[data-pass-hide]")) { close(true); }
  }, true);
  document.addEventListener("input", function (e) {
    if (e.target && e.target.matches && e.target.matches("[data-notes-text]")) {
      dirty = true;
      setState("dirty");
    }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && section() && e.target && e.target.closest && e.target.closest("[data-notes]")) {
      close(false);
      var button = part("open");
      if (button) { button.focus({ preventScroll: true }); }
    }
  });

  // The save's own request: its state, whatever else on the page happens meanwhile.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail && e.detail.elt;
    var xhr = e.detail && e.detail.xhr;
    if (!elt || !elt.matches || !elt.matches("[data-notes-form]")) { return; }
    var sent = part("text") ? part("text").value : null;
    // app.js refuses a request while the connection is lost (after this listener has run).
    setTimeout(function () { if (e.defaultPrevented) { setState("failed"); } }, 0);
    setState("saving");
    if (!xhr) { return; }
    xhr.addEventListener("loadend", function () {
      if (xhr.status >= 200 && xhr.status < 300) {
        var text = part("text");
        if (text && text.value === sent) { dirty = false; } else if (text) { setState("dirty"); }
      } else {
        setState("failed"); // a refusal (too long, a lost seat) says why in the toast
      }
    });
  });

  // The phone goes into a pocket, another app comes up: the notes go away (saved first).
  document.addEventListener("visibilitychange", function () { if (document.hidden) { close(false); } });
  window.addEventListener("pagehide", function () { close(true); });
})();
