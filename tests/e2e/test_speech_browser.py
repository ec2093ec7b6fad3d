"""The table that speaks, in real Chromium, with a stub speech engine.

Playwright puts a recorder in place of the browser's speech synthesis before any page script
runs (one English and one Traditional Chinese voice). The table screen (1366x768) and the TV
(1920x1080) turn speaking on with their switch; then the players act through the API: each
new turn, phase, round and reveal is said once, in the screen's language and with its voice.
A second table screen that left the switch off says nothing; a phone has no switch and never
touches speech synthesis. Samurai Sword (turns and phases) and Sun Tzu (a sealed round's
reveal), in English and Traditional Chinese. Screenshots go to /tmp/shots-speech/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from .test_sun_tzu_browser import session_token

SHOTS = Path("/tmp/shots-speech")
LOCALES = {"en": "en-US", "zh_TW": "zh-TW"}
VOICE = {"en": "en-US", "zh_TW": "zh-TW"}
SWITCH = {"en": "Speak the table aloud", "zh_TW": "語音朗讀牌桌動態"}
ON = {
    "en": "The table speaks: turns, rounds, reveals and the end.",
    "zh_TW": "語音已開啟：會朗讀輪到誰、回合、揭曉與結局。",
}
WAIT = 30_000  # ms: only stops a hung test; every wait ends on what the page records

# In place of the browser's speech engine: a recorder of every utterance, and of every look
# at window.speechSynthesis at all (a phone must never touch it).
STUB = """(() => {
  const spoken = [];
  window.__spoken = spoken;
  window.__touched = 0;
  const voices = [
    {name: "Stub English", lang: "en-US", voiceURI: "stub-en", localService: true, default: true},
    {name: "Stub 國語", lang: "zh-TW", voiceURI: "stub-zh", localService: true, default: false},
  ];
  function Utterance(text) { this.text = text; this.lang = ""; this.voice = null; }
  const engine = {
    speak(u) { spoken.push({text: u.text, lang: u.lang, voice: u.voice ? u.voice.lang : null}); },
    cancel() {}, pause() {}, resume() {},
    getVoices() { return voices.slice(); },
    speaking: false, pending: false, paused: false,
    addEventListener() {}, removeEventListener() {},
  };
  Object.defineProperty(window, "speechSynthesis", {
    configurable: true, get() { window.__touched += 1; return engine; },
  });
  window.SpeechSynthesisUtterance = Utterance;
})();"""


def device(browser: Any, lang: str, width: int, height: int, phone: bool = False) -> Page:
    """A fresh device (its own cookies and storage) with the stub engine in place."""
    opts: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if phone:
        opts.update(device_scale_factor=2, is_mobile=True, has_touch=True)
    context = browser.new_context(locale=LOCALES[lang], **opts)
    context.add_init_script(STUB)
    return context.new_page()


def said(page: Page) -> list[dict[str, Any]]:
    return page.evaluate("() => window.__spoken.slice()")


def hear(page: Page, lines: list[str]) -> None:
    """Wait until ``page`` has said each of ``lines``."""
    page.wait_for_function(
        "(lines) => { const t = window.__spoken.map((u) => u.text);"
        " return lines.every((l) => t.includes(l)); }",
        arg=lines,
        timeout=WAIT,
    )


def expect_said(page: Page, lines: list[str], lang: str) -> None:
    """Everything ``page`` has said so far, in order: exactly ``lines``, in ``lang``."""
    page.wait_for_function("(n) => window.__spoken.length >= n", arg=len(lines), timeout=WAIT)
    spoken = said(page)
    assert [u["text"] for u in spoken] == lines, spoken
    assert {(u["lang"], u["voice"]) for u in spoken} == {(VOICE[lang], VOICE[lang])}, spoken


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def switch_on(page: Page, lang: str, tv: bool = False) -> None:
    switch = page.get_by_role("switch", name=SWITCH[lang])
    if tv:
        # Hands-free until someone reaches for the remote: then the switch shows.
        expect(switch).to_be_hidden()
        page.mouse.move(200, 200)
        page.mouse.move(240, 260)
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()
    switch.click()
    expect(switch).to_be_checked()


def open_screens(server: Any, browser: Any, made: dict, lang: str) -> dict[str, Page]:
    """The host's table screen and the TV, both switched on; a second table screen left off;
    the first seat's phone."""
    base = server.base
    table = device(browser, lang, 1366, 768)
    table.goto(f"{base}/host/{made['id']}/{made['host_token']}")
    tv = device(browser, lang, 1920, 1080)
    tv.goto(f"{base}/t/{made['id']}/tv")
    off = device(browser, lang, 1366, 768)
    off.goto(f"{base}/t/{made['id']}")
    phone = device(browser, lang, 390, 844, phone=True)
    phone.goto(f"{base}/join/{made['seats'][0]['join_code']}")
    expect(phone.locator(".me-name")).to_have_text(made["seats"][0]["name"])
    for page in (table, tv, off):
        expect(page.locator("#live .status")).to_be_visible()
    switch_on(table, lang)
    shot(table, f"{made['game']}-table-1366x768-{lang}")
    switch_on(tv, lang, tv=True)
    shot(tv, f"{made['game']}-tv-1920x1080-{lang}")
    expect(off.get_by_role("switch", name=SWITCH[lang])).not_to_be_checked()
    expect(phone.locator("#speak-toggle")).to_have_count(0)
    return {"table": table, "tv": tv, "off": off, "phone": phone}


def create(server: Any, game: str, players: list[str]) -> tuple[dict, Any]:
    made = server.api("POST", "/api/tables", {"game": game, "players": players})
    made["game"] = game
    # Every seat but the first joins through the API; the first with a phone page.
    tokens = [None] + [
        server.api("POST", "/api/join", {"code": seat["join_code"]})["token"]
        for seat in made["seats"][1:]
    ]

    def act(by: int | None = None, **body: Any) -> None:
        token = made["host_token"] if by is None else tokens[by]
        server.api("POST", f"/api/tables/{made['id']}/actions", body, token=token)

    return made, act


def nothing_from(screens: dict[str, Page], phase: str) -> None:
    """The screen left off said nothing; the phone, live and up to date, has no switch and
    never touched speech synthesis."""
    phone = screens["phone"]
    expect(phone.locator("#live .status .phase")).to_have_text(phase)
    assert said(screens["off"]) == []
    assert phone.evaluate("() => [window.__spoken.length, window.__touched]") == [0, 0]
    expect(phone.locator("#speak-toggle, .speak-lines")).to_have_count(0)


SAMURAI = {
    "en": ["Draw phase", "Play phase", "Discard phase", "{name}'s turn", "Recover phase"],
    "zh_TW": ["抽牌階段", "出牌階段", "棄牌階段", "輪到 {name}", "回復階段"],
}


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_table_screen_and_the_tv_say_each_new_turn_and_phase_once(server, browser, lang):
    draw, play, discard, turn, recover = SAMURAI[lang]
    made, act = create(server, "samurai-sword", ["Ann", "Bo", "Cy", "Di", "Ed"])
    screens = open_screens(server, browser, made, lang)
    start = server.api("GET", f"/api/tables/{made['id']}")["view"]
    players = [p["name"] for p in start["players"]]
    after = players[(start["turn"] + 1) % len(players)]
    steps = [[draw], [play], [discard], [turn.format(name=after), recover]]
    expected = [ON[lang]]
    for lines in steps:
        # One change at a time, each heard before the next: what a table does.
        act(type="next_phase")
        expected += lines
        for name in ("table", "tv"):
            hear(screens[name], lines)
    # A tap that changes no turn, round or phase says nothing: the next change is heard
    # right after the last, so nothing came in between, and nothing was said twice.
    act(type="adjust", seat=1, counter="health", delta=-1)
    act(type="next_phase")
    expected.append(draw)
    for name in ("table", "tv"):
        expect_said(screens[name], expected, lang)
    nothing_from(screens, draw)


SUN_TZU = {
    "en": ["Both players have chosen their Warlord", "Round 1 begins", "Round 1", "Battles"],
    "zh_TW": ["雙方玩家皆已選擇軍閥卡", "第1回合開始", "第 1 輪", "展開戰鬥"],
}


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_sealed_round_is_said_once_when_it_is_revealed_and_never_by_a_phone(
    server, browser, lang
):
    made, act = create(server, "sun-tzu", ["Ann", "Bo"])
    screens = open_screens(server, browser, made, lang)
    # Ann's choice, made with her phone's own credential; Bo's through the API, last.
    ann = session_token(screens["phone"], "seat", made["id"])
    for body in ({"type": "choose_warlord", "warlord": 1}, {"type": "lock"}):
        server.api("POST", f"/api/tables/{made['id']}/actions", body, token=ann)
    act(1, type="choose_warlord", warlord=2)
    act(1, type="lock")
    lines = SUN_TZU[lang]
    for name in ("table", "tv"):
        hear(screens[name], lines)
        # Ann's lock before the reveal said nothing; the reveal is said once.
        expect_said(screens[name], [ON[lang], *lines], lang)
    nothing_from(screens, lines[-1])
    # The switch is remembered on the device; a reload says nothing already said.
    table = screens["table"]
    table.reload()
    expect(table.get_by_role("switch", name=SWITCH[lang])).to_be_checked()
    expect(table.locator("#live .status .phase")).to_have_text(lines[-1])
    assert said(table) == []
