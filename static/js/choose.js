// Private choices with the hand in view: a "Choose" button opens a panel that lists the
// player's own cards as buttons; tapping a card picks it (or fills the next slot, for a
// choice of several cards). The panel hides again once the choice is posted, on "Hide", and
// when the page goes to the background, so nothing private shows while the phone lies idle.
// Event delegation on document: panels come and go with live updates (htmx swaps).
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  var openId = null; // the panel the player is choosing in (kept open across live updates)
  var picks = {}; // panel id -> {slot name: card}, so a live update does not lose a half-made choice

  function panel(id) { return id ? document.getElementById(id) : null; }
  function openers(id) {
    return document.querySelectorAll('[data-choose-open="' + id + '"]');
  }
  function setOpeners(id, expanded) {
    openers(id).forEach(function (b) { b.setAttribute("aria-expanded", expanded ? "true" : "false"); });
  }

  function open(id) {
    var p = panel(id);
    if (!p) { return; }
    if (openId && openId !== id) { close(); }
    p.hidden = false;
    openId = id;
    setOpeners(id, true);
    document.documentElement.classList.add("choosing");
    restore(p);
  }
  function close() {
    var id = openId;
    openId = null;
    document.querySelectorAll("[data-choose-panel]").forEach(function (p) { p.hidden = true; });
    document.documentElement.classList.remove("choosing");
    if (id) {
      setOpeners(id, false);
      var first = openers(id)[0];
      if (first && first.focus) { first.focus({ preventScroll: true }); }
    }
  }

  // --- Slots: a choice of several cards (one per province). ---
  function slotsOf(form) { return Array.prototype.slice.call(form.querySelectorAll("[data-slot]")); }
  function cardsOf(form) { return Array.prototype.slice.call(form.querySelectorAll("[data-pick]")); }
  function inputOf(slot) { return slot.querySelector("input"); }
  function refuses(slot, code) {
    var no = slot.getAttribute("data-refuse");
    return !!no && no.split(" ").indexOf(code) >= 0;
  }
  function active(form) {
    var slots = slotsOf(form);
    for (var i = 0; i < slots.length; i++) { if (slots[i].classList.contains("active")) { return slots[i]; } }
    return null;
  }
  function activate(form, slot) {
    slotsOf(form).forEach(function (s) { s.classList.toggle("active", s === slot); });
  }
  function nextEmpty(form, after) {
    var slots = slotsOf(form);
    var start = after ? slots.indexOf(after) + 1 : 0;
    for (var k = 0; k < slots.length; k++) {
      var s = slots[(start + k) % slots.length];
      if (!inputOf(s).value) { return s; }
    }
    return null;
  }
  function fill(form, slot, card) {
    inputOf(slot).value = card.getAttribute("data-pick");
    slot.setAttribute("data-from", String(cardsOf(form).indexOf(card)));
    slot.querySelector("[data-slot-card]").textContent = card.getAttribute("data-label");
    slot.classList.add("filled");
    card.classList.add("used");
    card.setAttribute("aria-pressed", "true");
  }
  function empty(form, slot) {
    var from = slot.getAttribute("data-from");
    if (from !== null) {
      var card = cardsOf(form)[parseInt(from, 10)];
      if (card) { card.classList.remove("used"); card.setAttribute("aria-pressed", "false"); }
    }
    slot.removeAttribute("data-from");
    inputOf(slot).value = "";
    slot.querySelector("[data-slot-card]").textContent = "";
    slot.classList.remove("filled");
  }
  function update(form) {
    var done = slotsOf(form).every(function (s) { return !!inputOf(s).value; });
    form.querySelectorAll("[data-choose-submit]").forEach(function (b) { b.disabled = !done; });
    var p = form.closest("[data-choose-panel]");
    if (p) {
      var kept = {};
      slotsOf(form).forEach(function (s) { kept[inputOf(s).name] = inputOf(s).value; });
      picks[p.id] = kept;
    }
  }
  function pickCard(form, card) {
    if (card.classList.contains("used")) {
      // Tapping a placed card takes it back out of its slot.
      slotsOf(form).forEach(function (s) {
        if (s.getAttribute("data-from") === String(cardsOf(form).indexOf(card))) { empty(form, s); activate(form, s); }
      });
      update(form);
      return;
    }
    var slot = active(form) || nextEmpty(form, null);
    if (!slot) { return; }
    var code = card.getAttribute("data-pick");
    if (refuses(slot, code)) {
      slot.classList.remove("refused");
      void slot.offsetWidth; // restart the shake
      slot.classList.add("refused");
      return;
    }
    if (inputOf(slot).value) { empty(form, slot); }
    fill(form, slot, card);
    activate(form, nextEmpty(form, slot));
    update(form);
  }
  function reset(form) {
    slotsOf(form).forEach(function (s) { if (inputOf(s).value) { empty(form, s); } });
    activate(form, slotsOf(form)[0] || null);
    update(form);
  }
  // A live update re-rendered the panel: put back the cards already placed in their slots.
  function restore(p) {
    p.querySelectorAll("[data-choose-slots]").forEach(function (form) {
      var kept = picks[p.id];
      if (kept && !slotsOf(form).some(function (s) { return !!inputOf(s).value; })) {
        slotsOf(form).forEach(function (s) {
          var want = kept[inputOf(s).name];
          if (!want) { return; }
          var card = cardsOf(form).filter(function (c) {
            return c.getAttribute("data-pick") === want && !c.classList.contains("used");
          })[0];
          if (card && !refuses(s, want)) { fill(form, s, card); }
        });
      }
      if (!active(form)) { activate(form, nextEmpty(form, null)); }
      update(form);
    });
  }

  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t || !t.closest) { return; }
    var opener = t.closest("[data-choose-open]");
    if (opener) {
      e.preventDefault();
      var id = opener.getAttribute("data-choose-open");
      if (openId === id) { close(); } else { open(id); }
      return;
    }
    if (t.closest("[data-choose-hide]")) { e.preventDefault(); close(); return; }
    var form = t.closest("[data-choose-slots]");
    if (!form) { return; }
    var card = t.closest("[data-pick]");
    if (card) { e.preventDefault(); pickCard(form, card); return; }
    var slot = t.closest("[data-slot]");
    if (slot) {
      e.preventDefault();
      if (inputOf(slot).value) { empty(form, slot); }
      activate(form, slot);
      update(form);
      return;
    }
    if (t.closest("[data-choose-reset]")) { e.preventDefault(); reset(form); }
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && openId) { close(); }
  });

  // Done: the choice was posted and taken. A refusal (a toast says why) leaves it open. The
  // request itself says so: a live update may have replaced the form before the reply came,
  // and htmx's own events then no longer reach the document.
  document.addEventListener("htmx:beforeRequest", function (e) {
    var elt = e.detail && e.detail.elt;
    var xhr = e.detail && e.detail.xhr;
    var p = elt && elt.closest && elt.closest("[data-choose-panel]");
    if (!p || !xhr) { return; }
    var id = p.id;
    // A panel of steppers stays open while the player taps (data-choose-keep), until a form
    // marked choose-done (Lock in) is posted.
    if (p.hasAttribute("data-choose-keep") && !elt.closest(".choose-done")) { return; }
    xhr.addEventListener("loadend", function () {
      if (xhr.status >= 200 && xhr.status < 300) {
        delete picks[id];
        if (openId === id) { close(); }
      }
    });
  });
  // A live update replaced the panel (it arrives hidden): keep it open while choosing.
  function reopen() {
    var p = panel(openId);
    if (!openId) { return; }
    if (!p) { openId = null; document.documentElement.classList.remove("choosing"); return; }
    if (p.hidden) { p.hidden = false; setOpeners(openId, true); restore(p); }
  }
  ["htmx:afterSwap", "htmx:oobAfterSwap", "htmx:afterSettle", "htmx:sseMessage"].forEach(function (name) {
    document.addEventListener(name, reopen);
  });
  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("[data-choose-slots]").forEach(function (form) { update(form); });
  });

  // The phone goes into a pocket, another app comes up: the cards go away.
  document.addEventListener("visibilitychange", function () { if (document.hidden) { close(); } });
  window.addEventListener("pagehide", close);
})();
