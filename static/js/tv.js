// The TV's pages: a game's TV view is split into pages (<section class="tv-page">) that take
// turns on the screen, every data-page-seconds seconds, with no one to tap anything. All the
// pages are laid out in the same place (only the current one visible), so each can be fitted
// to the screen while hidden: a page whose content is taller or wider than the screen is
// zoomed out just enough to fit. Live updates replace pages and pieces of them (htmx swaps);
// a MutationObserver refits and keeps the current page after each one.
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  // A page is zoomed to the largest size that fits, within these bounds: below MIN it would be
  // unreadable from the sofa (it would rather overflow, and the layout test says so); above
  // MAX a nearly empty page would look like a poster.
  var MIN_ZOOM = 0.5;
  var MAX_ZOOM = 1.5;
  var current = 0; // the index of the page on the screen, kept across live updates
  var titles = ""; // the pager's titles as last drawn
  var scheduled = false;

  function live() { return document.getElementById("live"); }
  function pages() { return Array.prototype.slice.call(document.querySelectorAll("#live .tv-page")); }

  function overflows(page) {
    return page.scrollHeight > page.clientHeight + 1 || page.scrollWidth > page.clientWidth + 1;
  }

  function setZoom(page, zoom) {
    Array.prototype.forEach.call(page.children, function (child) {
      child.style.zoom = zoom === 1 ? "" : String(zoom);
    });
  }

  // The largest zoom (within 1/64 of the bounds' span) at which the page fits, by halving.
  function fit(page) {
    var low = MIN_ZOOM, high = MAX_ZOOM;
    setZoom(page, 1);
    if (overflows(page)) { high = 1; } else { low = 1; }
    if (high === 1) {
      setZoom(page, low);
      if (overflows(page)) { high = low; } // too much even at the smallest: leave it so
    }
    for (var i = 0; i < 6 && high - low > 0.01; i++) {
      var mid = (low + high) / 2;
      setZoom(page, mid);
      if (overflows(page)) { high = mid; } else { low = mid; }
    }
    setZoom(page, low);
    page.setAttribute("data-zoom", low.toFixed(3));
  }

  function drawPager(all) {
    var pager = document.querySelector("#live .tv-pager");
    if (!pager) { return; }
    var names = all.map(function (p) { return p.getAttribute("data-title") || ""; });
    if (names.join("\n") !== titles || pager.children.length !== names.length) {
      titles = names.join("\n");
      pager.textContent = "";
      names.forEach(function (name) {
        var item = document.createElement("li");
        item.textContent = name;
        pager.appendChild(item);
      });
    }
    pager.hidden = all.length < 2;
    Array.prototype.forEach.call(pager.children, function (item, n) {
      item.classList.toggle("on", n === current);
    });
  }

  function show() {
    var all = pages();
    if (!all.length) { return; }
    if (current >= all.length) { current = 0; }
    all.forEach(function (page, n) {
      page.classList.toggle("on", n === current);
      page.setAttribute("aria-hidden", n === current ? "false" : "true");
    });
    drawPager(all);
  }

  function refresh() {
    scheduled = false;
    show(); // the pager first: its height is taken from the pages' room
    pages().forEach(fit);
    var area = live();
    if (area) { area.setAttribute("data-fitted", area.getAttribute("data-version") || "1"); }
  }

  function schedule() {
    if (scheduled) { return; }
    scheduled = true;
    window.requestAnimationFrame(refresh);
  }

  function next() {
    var count = pages().length;
    if (count < 2) { return; }
    current = (current + 1) % count;
    show();
  }

  function start() {
    var area = live();
    if (!area) { return; }
    var seconds = parseFloat(area.getAttribute("data-page-seconds")) || 12;
    new MutationObserver(function (records) {
      // The pager is ours: drawing it is no reason to fit the pages again.
      var changed = records.some(function (r) {
        return !(r.target.closest && r.target.closest(".tv-pager"));
      });
      if (changed) { schedule(); }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
    window.addEventListener("resize", schedule);
    window.setInterval(next, seconds * 1000);
    refresh();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
