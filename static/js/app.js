// Table Companion's only script of its own: press-and-hold reveal, live updates in order,
// the "your turn" buzz, flash and beep, toasts (every refused or failed tap), the connection
// banner and a screen kept awake.
// No inline scripts anywhere (the Content-Security-Policy forbids them): texts in the page's
// language come from the server, as data attributes and hidden elements of base.html.
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
  // Put away, a phone closes "What can I do now?": its list may follow the seat's secrets.
  function away() { hideAll(); document.querySelectorAll(".cando[open]").forEach(function (d) { d.open = false; }); }
  document.addEventListener("visibilitychange", function () { if (document.hidden) { away(); } });
  window.addEventListener("pagehide", away);

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

  // --- "Your turn": when the turn arrives, buzz (Android), flash the whole screen (every
  // phone, iPhones too, which cannot vibrate from a page) and beep if this phone asked to. ---
  var wasMyTurn = null;
  var flashTimer = null;
  function flash() {
    var cover = document.getElementById("turn-flash");
    if (!cover) { return; }
    cover.classList.remove("on");
    cover.hidden = false;
    void cover.offsetWidth; // restart the animation when turns come quickly
    cover.classList.add("on");
    clearTimeout(flashTimer);
    flashTimer = setTimeout(function () { cover.classList.remove("on"); cover.hidden = true; }, 1500);
  }
  function checkTurn() {
    var top = document.querySelector("[data-my-turn]");
    if (!top) { return; }
    var mine = top.getAttribute("data-my-turn") === "1";
    if (mine && wasMyTurn === false) {
      if (navigator.vibrate) { navigator.vibrate([180, 80, 180]); }
      flash();
      if (soundWanted()) { beep(); }
    }
    wasMyTurn = mine;
  }

  // --- The beep: off until this phone's player switches it on. iOS lets a page make sound
  // only through an AudioContext created or resumed inside a tap, so the switch's own tap
  // (or, after a reload, the first tap anywhere) is where it starts. ---
  var SOUND_KEY = "tc-turn-sound";
  var audio = null;
  function stored(key) {
    try { return window.localStorage.getItem(key); } catch (err) { return null; } // private mode
  }
  function store(key, value) {
    try { window.localStorage.setItem(key, value); } catch (err) { /* not remembered, still works */ }
  }
  function soundWanted() { return stored(SOUND_KEY) === "1"; }
  function wakeAudio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) { return null; }
    if (!audio) { audio = new Context(); }
    if (audio.state === "suspended" && audio.resume) { audio.resume(); }
    return audio;
  }
  function beep() {
    if (!audio) { return; }
    var now = audio.currentTime;
    var tone = audio.createOscillator();
    var gain = audio.createGain();
    tone.type = "sine";
    tone.frequency.setValueAtTime(880, now);
    tone.frequency.setValueAtTime(1320, now + 0.16);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.3, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.4);
    tone.connect(gain);
    gain.connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.42);
  }
  function setUpSound() {
    var prefs = document.getElementById("prefs");
    var toggle = document.getElementById("turn-sound");
    // Only a phone has a turn of its own to announce.
    if (!prefs || !toggle || !document.querySelector("[data-my-turn]")) { return; }
    prefs.hidden = false;
    toggle.checked = soundWanted();
    toggle.addEventListener("change", function () {
      store(SOUND_KEY, toggle.checked ? "1" : "0");
      if (toggle.checked && wakeAudio()) { beep(); } // this tap unlocks sound; the beep says so
    });
  }
  document.addEventListener("pointerdown", function () {
    if (!audio && soundWanted()) { wakeAudio(); }
  }, true);

  // --- Large type, high contrast: a phone setting, remembered on the phone. ---
  var BIG_KEY = "tc-big-type";
  function applyBigType(on) { document.documentElement.classList.toggle("big", on); }
  applyBigType(stored(BIG_KEY) === "1");
  function setUpBigType() {
    var prefs = document.getElementById("prefs");
    var toggle = document.getElementById("big-type");
    if (!prefs || !toggle || !document.querySelector("[data-my-turn]")) { return; }
    prefs.hidden = false;
    toggle.checked = stored(BIG_KEY) === "1";
    toggle.addEventListener("change", function () {
      store(BIG_KEY, toggle.checked ? "1" : "0");
      applyBigType(toggle.checked);
    });
  }

  // --- This phone's own new private line, read out by a screen reader (aria-live). The
  // lines already there when the page opens are not read again. ---
  var announced = null;
  function announcePrivate() {
    var out = document.getElementById("sr-private");
    if (!out) { return; }
    var newest = document.querySelector(".private-notes li");
    var text = newest ? newest.textContent.replace(/\s+/g, " ").trim() : "";
    if (announced !== null && text && text !== announced) { out.textContent = text; }
    announced = text;
  }

  // --- Someone else undid (or brought back) this phone's input: the phone keeps a line that
  // says so (data-undone, with the undo's seq) and toasts it once, even if it was asleep
  // when it happened. A question waiting in the toast is left alone. ---
  function toastUndone() {
    var line = document.querySelector("[data-undone]");
    var toast = document.getElementById("toast");
    if (!line || !toast || toast.querySelector("form.confirm")) { return; }
    var key = "tc-undone:" + location.pathname;
    var seq = line.getAttribute("data-undone");
    if (stored(key) === seq) { return; }
    store(key, seq);
    var message = document.createElement("p");
    message.className = "toast-msg toast-undone";
    message.setAttribute("role", "status");
    message.textContent = line.textContent.replace(/\s+/g, " ").trim();
    toast.innerHTML = "";
    toast.appendChild(message);
    showToast(toast);
  }
  document.addEventListener("htmx:sseMessage", function () { toastUndone(); });
  document.addEventListener("htmx:afterSettle", function () { toastUndone(); });
  document.addEventListener("DOMContentLoaded", function () { toastUndone(); });

  // --- Toasts: an error reply is swapped into #toast; it fades after a few seconds. ---
  var toastTimer = null;
  function showToast(toast) {
    toast.classList.add("show");
    clearTimeout(toastTimer);
    // A question (Confirm / Cancel) stays until it is answered; a plain refusal fades.
    if (!toast.querySelector("form.confirm")) {
      toastTimer = setTimeout(function () { toast.classList.remove("show"); }, 5000);
    }
  }
  // A refusal made here rather than by the server, with the server's markup for one.
  function toastText(text) {
    var toast = document.getElementById("toast");
    if (!toast || !text) { return; }
    var message = document.createElement("p");
    message.className = "toast-msg";
    message.setAttribute("data-not-sent", "");
    message.textContent = text;
    toast.innerHTML = "";
    toast.appendChild(message);
    showToast(toast);
  }
  // --- Every refused or failed tap says so, on the device that tapped. The server's own
  // refusals and failures (4xx, and 5xx: a full disk, the database away) come as a toast
  // fragment in this page's language, with the game's own reason, aimed at #toast
  // (HX-Retarget); base.html's htmx-config swaps both. Any other error reply (a proxy's
  // page, a reply cut short) is never swapped into the page: the toast says the tap did not
  // work. A tap that got no answer at all is refused by the connection code below. ---
  document.addEventListener("htmx:beforeSwap", function (e) {
    if (!e.detail.isError) { return; }
    var xhr = e.detail.xhr;
    if (xhr && xhr.getResponseHeader("HX-Retarget") === "#toast") { return; } // ours
    e.detail.shouldSwap = false;
    var toast = document.getElementById("toast");
    toastText(toast && toast.getAttribute("data-failed"));
  });

  document.addEventListener("htmx:afterSwap", function (e) {
    if (e.target.id === "toast") {
      showToast(e.target);
    } else {
      var toast = document.getElementById("toast");
      var asking = toast && toast.querySelector("form.confirm");
      // The element that made the request (htmx gives the swap's target as detail.elt).
      var config = e.detail && e.detail.requestConfig;
      var answered = asking && config && config.elt === asking;
      if (toast && e.target.id === "live" && (!asking || answered)) {
        toast.classList.remove("show");
        toast.innerHTML = "";
      }
    }
    checkTurn();
  });
  document.addEventListener("htmx:sseMessage", checkTurn);
  document.addEventListener("htmx:sseMessage", announcePrivate);
  document.addEventListener("htmx:afterSettle", announcePrivate);
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-dismiss-toast]")) {
      var toast = document.getElementById("toast");
      toast.classList.remove("show");
      toast.innerHTML = "";
    }
  });
  document.addEventListener("DOMContentLoaded", checkTurn);

  // --- The connection to the table. A page with a live stream shows a banner while the
  // stream is lost (the server stopped, the Wi-Fi went) and refuses taps then, out loud:
  // a tap that went nowhere must never look as if it counted. The stream reconnects by
  // itself and resumes from the version this page shows, so "Back" means up to date. ---
  var conn = document.getElementById("conn");
  var streamed = false; // does this page hold a live stream at all?
  var lost = false;
  var gone = false; // the server ended this phone's seat: nothing to reconnect to
  var lostTimer = null;
  var backTimer = null;
  function banner(state) {
    if (!conn) { return; }
    conn.className = state ? "conn " + state : "conn";
    conn.textContent = state ? conn.getAttribute("data-" + state) || "" : "";
    document.body.classList.toggle("conn-shown", !!state);
  }
  function connectionLost() {
    clearTimeout(lostTimer);
    lostTimer = null;
    if (!streamed || gone || lost) { return; }
    lost = true;
    clearTimeout(backTimer);
    banner("lost");
  }
  function connectionBack() {
    clearTimeout(lostTimer);
    lostTimer = null;
    if (!lost) { return; }
    lost = false;
    banner("back");
    // "Try again when it is back": it is, so that refusal has said its piece.
    var toast = document.getElementById("toast");
    if (toast && toast.querySelector("[data-not-sent]")) {
      toast.classList.remove("show");
      toast.innerHTML = "";
    }
    clearTimeout(backTimer);
    backTimer = setTimeout(function () { banner(null); }, 2000);
  }
  function refuseTap() { toastText(conn && conn.getAttribute("data-not-sent")); }

  // The stream failed. A page being left aborts its stream too: wait a moment, so leaving
  // never flashes the banner; the stream's own retry comes 1.5 s later anyway.
  document.addEventListener("htmx:sseError", function () {
    if (!lost && !lostTimer) { lostTimer = setTimeout(connectionLost, 700); }
  });
  document.addEventListener("htmx:sseOpen", connectionBack);
  document.addEventListener("htmx:sseBeforeMessage", function (e) {
    if (e.detail && e.detail.type === "gone") { gone = true; }
  });
  window.addEventListener("offline", connectionLost);
  window.addEventListener("pagehide", function () { clearTimeout(lostTimer); lostTimer = null; });

  // A stream made by the extension (at first, and whenever the browser gave up on one) asks
  // for the version this page is sure to show, not the one it was loaded with: the server
  // then sends only what changed since, and a half-typed number elsewhere on the page stays.
  var sources = [];
  if (window.htmx && htmx.createEventSource) {
    var makeSource = htmx.createEventSource;
    htmx.createEventSource = function (url) {
      if (floor >= 0) { url = url.replace(/([?&]v=)[0-9]+/, "$1" + floor); }
      var source = makeSource(url);
      sources = sources.filter(function (s) { return s.readyState !== 2; }).concat([source]);
      return source;
    };
  }
  // Back online, a stream that never noticed the Wi-Fi going may be dead, or may have missed
  // messages: start a fresh one. Closed, then reported as failed, it is remade by the
  // extension's own recovery. "online" alone proves nothing: the banner stays until the new
  // stream is open.
  window.addEventListener("online", function () {
    if (!lost) { return; }
    var old = sources;
    sources = [];
    old.forEach(function (source) {
      if (source.readyState === 2) { return; } // the extension is already remaking it
      source.close();
      source.dispatchEvent(new Event("error"));
    });
  });

  document.addEventListener("htmx:beforeRequest", function (e) {
    if (lost || navigator.onLine === false) { e.preventDefault(); refuseTap(); }
  });
  // The request left but no answer came (the server went away meanwhile): not sent either.
  document.addEventListener("htmx:sendError", refuseTap);
  document.addEventListener("htmx:responseError", function (e) {
    if (e.detail && e.detail.xhr && e.detail.xhr.status === 0) { refuseTap(); }
  });

  // --- Keep the screen on while a phone, the table screen or the TV is open: the pages that
  // carry the awake hint (_awake_hint.html). Where the browser has the Wake Lock API (a
  // secure address) it is asked. Where it has not (the table's plain-http Wi-Fi address, an
  // older phone), NoSleep.js (static/vendor, fetched only then) plays its tiny looping video
  // inline, which browsers treat as a film being watched. Its video is played as NoSleep
  // plays it, with its silent sound track on: Chromium keeps a screen on for a muted video
  // only when it fills a fifth of the page, and WebKit only for video with sound. Browsers
  // let sound start only from a tap (or on a site tapped before), so a refusal at load is
  // tried again at the first tap. Only where neither way works does the page say how to do
  // it by hand, worded for the device, once, until dismissed. ---
  var AWAKE_HINT_KEY = "tc-awake-hint";
  var awakeBox = null; // #awake-hint, on the pages that want the screen on
  var wakeLock = null;
  var noSleep = null; // NoSleep.js's keeper, made once its script is in
  var noSleepLoading = false;
  var awakeWaitsForTap = false;
  function awakeSays(state) { document.documentElement.setAttribute("data-wake-lock", state); }
  function awakeHint(show) {
    if (!awakeBox) { return; }
    if (show) { awakeSays("hint"); }
    awakeBox.hidden = !show || stored(AWAKE_HINT_KEY) === "dismissed";
  }
  function nativeWakeLock() {
    if (wakeLock) { return; }
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      awakeSays("on");
      awakeHint(false);
      // The browser lets go whenever the page is hidden; it is asked again on return.
      lock.addEventListener("release", function () {
        wakeLock = null;
        awakeSays("off");
      });
    }, function () {
      // Refused (battery saver, a browser policy): only the hint is left.
      if (document.visibilityState === "visible") { awakeHint(true); }
    });
  }
  function videoRefused(fromTap) {
    if (fromTap) { awakeHint(true); return; }
    awakeWaitsForTap = true;
    // Nobody walks up to tap a TV: it says at once what one click would do.
    if (awakeBox.getAttribute("data-awake") === "tv") { awakeHint(true); }
  }
  // Start NoSleep's video; ``fromTap``: inside a tap, the last chance it has.
  function playVideo(fromTap) {
    if (!window.NoSleep) { return; } // still loading: its load tries
    if (!noSleep) {
      noSleep = new window.NoSleep();
      var video = noSleep.noSleepVideo;
      // No video: NoSleep's way for iPhones before iOS 10 reloads the page every 15 s,
      // which would cut the live stream. The hint is better there.
      if (!video) { awakeHint(true); return; }
      video.hidden = true; // it plays unseen; in the page, so it can be found and checked
      video.setAttribute("aria-hidden", "true");
      video.className = "nosleep";
      document.body.appendChild(video);
    }
    if (!noSleep.noSleepVideo || !noSleep.noSleepVideo.paused) { return; }
    noSleep.enable().then(function () {
      awakeWaitsForTap = false;
      awakeSays("video");
      awakeHint(false);
    }, function () { videoRefused(fromTap); });
  }
  function videoWakeLock() {
    if (window.NoSleep) { playVideo(false); return; }
    if (noSleepLoading) { return; }
    noSleepLoading = true;
    var script = document.createElement("script");
    script.src = awakeBox.getAttribute("data-nosleep");
    script.onload = function () { playVideo(false); };
    script.onerror = function () { awakeHint(true); };
    document.head.appendChild(script);
  }
  function keepAwake() {
    if (!awakeBox) { return; }
    if (document.visibilityState !== "visible") {
      // Hidden, the video would only play sound nobody hears; it starts again on return.
      if (noSleep && noSleep.noSleepVideo && !noSleep.noSleepVideo.paused) {
        noSleep.disable();
        awakeSays("off");
      }
      return;
    }
    if ("wakeLock" in navigator && navigator.wakeLock) { nativeWakeLock(); } else { videoWakeLock(); }
  }
  function awakeTap() {
    if (awakeWaitsForTap && document.visibilityState === "visible") { playVideo(true); }
  }
  document.addEventListener("visibilitychange", keepAwake);
  // The events that let a page start sound (a "user activation"), whatever else they do.
  ["pointerup", "click", "keydown"].forEach(function (name) {
    document.addEventListener(name, awakeTap, true);
  });
  document.addEventListener("click", function (e) {
    if (e.target.closest && e.target.closest("[data-dismiss-awake]")) {
      document.getElementById("awake-hint").hidden = true;
      store(AWAKE_HINT_KEY, "dismissed");
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    streamed = !!document.querySelector("[sse-connect]");
    if (streamed && navigator.onLine === false) { connectionLost(); }
    awakeBox = document.getElementById("awake-hint");
    keepAwake();
    setUpSound();
    setUpBigType();
    announcePrivate();
  });
})();
