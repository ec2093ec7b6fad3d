// The table's clocks tick here, locally, once a second: the server sends each seat's total up
// to the open span (data-total), the current turn's (data-turn), when the open span began
// (data-since, the server's time) and its own time when it rendered (data-now); nothing is
// pushed per second. Paused clocks carry no data-since and stand still. On a phone past the
// soft turn limit (data-limit) only that phone's own clock flashes and it vibrates once: the
// clock never acts for anyone. No inline scripts anywhere (the Content-Security-Policy).
(function () {
  "use strict";
  // The clock region links this script; a region swapped in again must not start a second.
  if (window.tableClocks) { return; }
  window.tableClocks = true;

  var skew = null; // this device's clock minus the server's, in seconds
  var buzzed = ""; // the turn the phone last vibrated for, so it buzzes once per turn

  function shown(seconds) {
    var s = Math.max(0, Math.floor(seconds));
    var h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
    var ss = (r < 10 ? "0" : "") + r;
    if (h) { return h + ":" + (m < 10 ? "0" : "") + m + ":" + ss; }
    return m + ":" + ss;
  }

  function serverNow(section) {
    var here = Date.now() / 1000;
    if (skew === null) {
      // Until the server's Date header says otherwise: the render's own time.
      var rendered = parseFloat(section.getAttribute("data-now"));
      skew = isNaN(rendered) ? 0 : here - rendered;
    }
    return here - skew;
  }

  function tick() {
    var sections = document.querySelectorAll("section.clocks");
    Array.prototype.forEach.call(sections, function (section) {
      var since = parseFloat(section.getAttribute("data-since"));
      if (isNaN(since)) { return; } // paused, or nothing logged yet: the clocks stand still
      var open = Math.max(0, serverNow(section) - since);
      Array.prototype.forEach.call(section.querySelectorAll("li[data-running]"), function (li) {
        var total = parseFloat(li.getAttribute("data-total")) || 0;
        var out = li.querySelector("[data-clock=total]");
        if (out) { out.textContent = shown(total + open); }
      });
      Array.prototype.forEach.call(section.querySelectorAll("[data-clock=wait]"), function (out) {
        out.textContent = shown((parseFloat(out.getAttribute("data-turn")) || 0) + open);
      });
      limit(section, since, open);
    });
  }

  function limit(section, since, open) {
    var most = parseFloat(section.getAttribute("data-limit"));
    var mine = section.querySelector("li.mine[data-running]");
    if (!section.hasAttribute("data-me") || isNaN(most) || !mine) { return; }
    var over = (parseFloat(mine.getAttribute("data-turn")) || 0) + open > most;
    section.classList.toggle("over-limit", over);
    var note = section.querySelector(".clock-over");
    if (note) { note.hidden = !over; }
    var turn = String(since) + "/" + mine.getAttribute("data-turn");
    if (over && buzzed !== turn) {
      buzzed = turn;
      if (navigator.vibrate) { navigator.vibrate([200, 100, 200]); }
    }
  }

  // The server's time from its Date header (whole seconds): corrects a render that was made
  // a while ago (a screen that reconnects gets the view as it was rendered for its version).
  function sync() {
    if (!document.querySelector("section.clocks") || !window.fetch) { return; }
    var sent = Date.now() / 1000;
    fetch("/healthz", { method: "HEAD", cache: "no-store" }).then(function (r) {
      var date = Date.parse(r.headers.get("Date") || "");
      if (isNaN(date)) { return; }
      var here = (sent + Date.now() / 1000) / 2;
      var measured = here - date / 1000 - 0.5; // the header drops the fraction of a second
      if (skew === null || Math.abs(measured - skew) > 1.5) { skew = measured; }
      tick();
    }).catch(function () {});
  }

  document.addEventListener("htmx:afterSettle", tick);
  document.addEventListener("htmx:oobAfterSwap", tick);
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", function () { tick(); sync(); });
  } else {
    tick();
    sync();
  }
  setInterval(tick, 1000);
})();
