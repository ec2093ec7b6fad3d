// Tap entry of real dice (Quorsum): a row of die faces 1-6, each tap adds a die to the list,
// each die in the list has its own remove, and a hidden field carries the list the way the
// action expects it ("5,2"). Event delegation on the document, so it keeps working after
// htmx swaps new fragments in; no inline script (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  function entered(entry) {
    var field = entry.querySelector("[data-dice-value]");
    return field && field.value ? field.value.split(",") : [];
  }

  function show(entry, dice) {
    var max = parseInt(entry.getAttribute("data-max"), 10) || 1;
    entry.querySelector("[data-dice-value]").value = dice.join(",");
    var list = entry.querySelector("[data-dice-list]");
    list.textContent = "";
    dice.forEach(function (die, index) {
      var source = entry.querySelector('[data-die="' + die + '"] .q-pips');
      var item = document.createElement("button");
      item.type = "button";
      item.className = "q-picked-die";
      item.setAttribute("data-remove", String(index));
      item.setAttribute("aria-label", (entry.getAttribute("data-remove-label") || "{n}").replace("{n}", die));
      if (source) { item.appendChild(source.cloneNode(true)); }
      var cross = document.createElement("span");
      cross.className = "q-x";
      cross.setAttribute("aria-hidden", "true");
      cross.textContent = "\u00d7";
      item.appendChild(cross);
      list.appendChild(item);
    });
    var count = entry.querySelector("[data-dice-count]");
    if (count) { count.textContent = dice.length + " / " + max; }
    entry.querySelectorAll("[data-die]").forEach(function (button) { button.disabled = dice.length >= max; });
    var clear = entry.querySelector("[data-dice-clear]");
    if (clear) { clear.disabled = dice.length === 0; }
    var form = entry.closest("form");
    var submit = form && form.querySelector("[data-dice-submit]");
    if (submit) { submit.disabled = dice.length !== max; }
  }

  document.addEventListener("click", function (e) {
    var button = e.target.closest("[data-die], [data-remove], [data-dice-clear]");
    var entry = button && button.closest("[data-dice-entry]");
    if (!entry) { return; }
    var dice = entered(entry);
    if (button.hasAttribute("data-die")) {
      dice.push(button.getAttribute("data-die"));
    } else if (button.hasAttribute("data-remove")) {
      dice.splice(parseInt(button.getAttribute("data-remove"), 10), 1);
    } else {
      dice = [];
    }
    show(entry, dice);
  });

  // New entries (the page, or a fragment swapped in) start with the right buttons enabled; an
  // entry kept across a swap shows its dice again next to the fresh submit button.
  function refresh() {
    document.querySelectorAll("[data-dice-entry]").forEach(function (entry) { show(entry, entered(entry)); });
  }
  document.addEventListener("DOMContentLoaded", refresh);
  document.addEventListener("htmx:afterSettle", refresh);
  document.addEventListener("htmx:oobAfterSwap", refresh);
})();
