// The table screen and the TV speak the table aloud, once someone there switches it on:
// whose turn it is, a new round or phase, a reveal and the end. The server decides what to
// say (public words only, in this screen's language) and sends it with the live updates as
// a hidden list (#live .speak-lines, keyed by the table version it was worked out at); this
// file only speaks each new list once, through the browser's speech synthesis. Phones never
// load it: a talking phone would tell the room who acted.
// No inline scripts anywhere (the Content-Security-Policy forbids them).
(function () {
  "use strict";

  var KEY = "tc-speak";
  var box = document.getElementById("speak-toggle");
  var toggle = document.getElementById("speak-on");
  var live = document.getElementById("live");
  var synth = window.speechSynthesis;
  // A browser without speech gets no switch: nothing would happen when it is on.
  if (!box || !toggle || !live || !synth || typeof window.SpeechSynthesisUtterance !== "function") {
    return;
  }

  function stored() {
    try { return window.localStorage.getItem(KEY) === "1"; } catch (err) { return false; } // private mode
  }
  function store(on) {
    try { window.localStorage.setItem(KEY, on ? "1" : "0"); } catch (err) { /* not remembered, still works */ }
  }

  // The voice for a language: the exact one (zh-TW, en-US), else the same language from
  // another place (zh-HK, zh-CN; en-GB). None found: the browser's default for utterance.lang.
  function voiceFor(lang) {
    var voices = synth.getVoices() || [];
    var want = lang.toLowerCase();
    var base = want.split("-")[0];
    var norm = function (v) { return String(v.lang || "").replace("_", "-").toLowerCase(); };
    var exact = null, near = null;
    voices.forEach(function (v) {
      var l = norm(v);
      if (!exact && l === want) { exact = v; }
      if (!near && (l === base || l.indexOf(base + "-") === 0)) { near = v; }
    });
    return exact || near;
  }

  function say(lines, lang) {
    var voice = voiceFor(lang);
    lines.forEach(function (text) {
      var utterance = new window.SpeechSynthesisUtterance(text);
      utterance.lang = lang;
      if (voice) { utterance.voice = voice; }
      synth.speak(utterance); // queued: each line after the one before
    });
  }

  // What the server last said was new, by table version. The lines a page opens with are
  // old news (said before this page was here, or before a reload): never spoken.
  var heard = Number(live.getAttribute("data-version")) || 0;
  function found() {
    var list = live.querySelector(".speak-lines");
    if (!list) { return null; }
    return {
      key: Number(list.getAttribute("data-said")) || 0,
      lang: list.getAttribute("data-voice") || "en-US",
      lines: Array.prototype.map.call(list.querySelectorAll("li"), function (li) {
        return li.textContent.replace(/\s+/g, " ").trim();
      }).filter(Boolean),
    };
  }
  var first = found();
  if (first && first.key > heard) { heard = first.key; }

  // A live update (a patch or a whole view after a reconnect) may bring new lines; the same
  // lines sent again (same version) are not said twice.
  function check() {
    var now = found();
    if (!now || now.key <= heard) { return; }
    heard = now.key;
    if (toggle.checked) { say(now.lines, now.lang); }
  }
  new MutationObserver(check).observe(live, { childList: true, subtree: true });

  // The switch: its tap is the gesture browsers want before a page may speak, so turning it
  // on says so aloud at once. After a reload a remembered "on" speaks from the next tap on.
  toggle.checked = stored();
  toggle.addEventListener("change", function () {
    store(toggle.checked);
    synth.cancel();
    if (toggle.checked) {
      say([toggle.getAttribute("data-on") || ""], toggle.getAttribute("data-voice") || "en-US");
    }
  });

  // The table screen shows the switch; the TV, meant to be watched, not touched, shows it
  // only while someone reaches for it (a remote's key, a mouse, a touch) and a while after.
  var tv = document.body.classList.contains("tv");
  if (!tv) { box.hidden = false; return; }
  var SHOWN_MS = 10000;
  var timer = null;
  function reveal(event) {
    box.hidden = false;
    if (event.type === "keydown" && document.activeElement !== toggle) { toggle.focus(); }
    if (timer) { window.clearTimeout(timer); }
    timer = window.setTimeout(function () {
      if (document.activeElement === toggle) { toggle.blur(); }
      box.hidden = true;
    }, SHOWN_MS);
  }
  ["pointermove", "pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, reveal, true);
  });
  // A remote's OK button sends Enter, which a checkbox ignores by itself.
  toggle.addEventListener("keydown", function (event) {
    if (event.key === "Enter") { event.preventDefault(); toggle.click(); }
  });
})();
