"""A table the group can rely on all evening, in real Chromium: the connection banner and
refused taps while the server or the Wi-Fi is gone, catching up when it is back, a screen
kept awake (or a hint where it cannot be), the app installable with its icon, and the
"your turn" flash and sound switch of a phone.

Samurai Sword tables are made through the API; each phone joins with its seat's link.
"""

from __future__ import annotations

import io
import re

from PIL import Image
from playwright.sync_api import Page, expect

from .test_samurai_sword_browser import create_table

PLAYERS = ["Ann", "Bo", "Cy"]
RECONNECTING = "Reconnecting…"
NOT_SENT = "Not sent: no connection to the table. Try again when it is back."
LOADED = 30_000  # ms: a bound for a busy machine; every expect ends as soon as the page shows it

# Every text the banner shows, in order, kept by the page: "Back" stays only a moment, so a
# check that looks at the banner once could miss it.
RECORD_BANNER = """
window.bannerTexts = [];
document.addEventListener("DOMContentLoaded", function () {
  var conn = document.getElementById("conn");
  new MutationObserver(function () { window.bannerTexts.push(conn.textContent); })
    .observe(conn, {childList: true, characterData: true, subtree: true});
});
"""
# How often the turn flash starts on this page.
COUNT_FLASHES = """
window.flashes = 0;
document.addEventListener("DOMContentLoaded", function () {
  var cover = document.getElementById("turn-flash");
  new MutationObserver(function () {
    if (cover.classList.contains("on")) { window.flashes += 1; }
  }).observe(cover, {attributes: true, attributeFilter: ["class"]});
});
"""


def make_table(server, players=PLAYERS) -> dict:
    return server.api("POST", "/api/tables", {"game": "samurai-sword", "players": players})


def open_phone(new_context, table: dict, seat: int, lang: str = "en", script: str = "") -> Page:
    context = new_context("phone", lang)
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(table["seats"][seat]["join_url"])
    expect(page.locator(".me-name")).to_have_text(table["seats"][seat]["name"])
    return page


def open_screen(new_context, table: dict, script: str = "") -> Page:
    context = new_context("screen")
    if script:
        context.add_init_script(script)
    page = context.new_page()
    page.goto(table["table_url"])
    expect(page.locator(".status .game-name")).to_have_text("Samurai Sword")
    return page


def health(page: Page, seat: int):
    return page.locator(f'article.ss-player[data-seat="{seat}"] .stat-health .value')


def my_health(phone: Page):
    return phone.locator(".mine .stat-health .value")


def turn_of(server, table: dict) -> int:
    return server.api("GET", f"/api/tables/{table['id']}")["view"]["turn"]


def version_of(server, table: dict) -> int:
    return server.api("GET", f"/api/tables/{table['id']}")["version"]


def end_turn(server, table: dict) -> None:
    path = f"/api/tables/{table['id']}/actions"
    server.api("POST", path, {"type": "end_turn"}, token=table["host_token"])


def saw_back(page: Page) -> None:
    page.wait_for_function("() => window.bannerTexts.indexOf('Back') >= 0")


def test_a_stopped_server_shows_reconnecting_refuses_taps_and_everything_catches_up_after_restart(
    server, new_context
):
    table = make_table(server)
    screen = open_screen(new_context, table, RECORD_BANNER)
    phone = open_phone(new_context, table, 0, script=RECORD_BANNER)
    banner = phone.locator("#conn")
    expect(banner).to_be_hidden()
    expect(banner).to_have_attribute("role", "status")
    before = int(my_health(phone).inner_text().split("/")[0])
    version = version_of(server, table)

    server.stop()
    for page in (phone, screen):
        expect(page.locator("#conn")).to_be_visible(timeout=3000)
        expect(page.locator("#conn")).to_have_text(RECONNECTING)

    # A tap while the table is gone is refused where the player can see it, and counts nothing.
    phone.locator(".mine .stat-health button.minus").click()
    expect(phone.locator("#toast")).to_be_visible()
    expect(phone.locator("#toast")).to_have_text(NOT_SENT)
    expect(my_health(phone)).to_have_text(re.compile(rf"^{before}/"))

    # The phone's stream stays away a while after the restart, so a change made meanwhile
    # can reach it only as the catch-up its stream gets when it reconnects.
    phone.route(re.compile(r"/seat/stream"), lambda route: route.abort())
    server.restart()
    assert version_of(server, table) == version  # the refused tap never reached the table
    turn = turn_of(server, table)
    end_turn(server, table)
    now = PLAYERS[turn_of(server, table)]
    assert turn_of(server, table) != turn
    expect(screen.locator(".status .turn")).to_contain_text(now)
    saw_back(screen)
    expect(screen.locator("#conn")).to_be_hidden()
    expect(banner).to_have_text(RECONNECTING)
    top = phone.locator(".phone-top")
    expect(top).not_to_contain_text("Your turn!" if now == "Ann" else now)
    # The server is up again but this phone cannot see the table yet: its taps still wait.
    phone.locator("#toast").evaluate("e => { e.classList.remove('show'); e.innerHTML = ''; }")
    phone.locator(".mine .stat-health button.minus").click()
    expect(phone.locator("#toast")).to_have_text(NOT_SENT)
    assert version_of(server, table) == version + 1  # only the host's end of turn

    phone.unroute(re.compile(r"/seat/stream"))
    saw_back(phone)
    expect(banner).to_be_hidden()
    # "Try again when it is back": once it is, that refusal goes.
    expect(phone.locator("#toast")).to_be_empty()
    expect(top).to_contain_text("Your turn!" if now == "Ann" else now)

    # Connected again: a tap counts and shows live on the table screen.
    phone.locator(".mine .stat-health button.minus").click()
    expect(health(screen, 0)).to_have_text(re.compile(rf"^{before - 1}/"))
    expect(phone.locator("#toast")).not_to_contain_text(NOT_SENT)


def test_a_phone_that_loses_its_wifi_shows_reconnecting_and_refuses_taps_until_it_is_back(
    server, new_context
):
    table = make_table(server)
    screen = open_screen(new_context, table)
    phone = open_phone(new_context, table, 1, script=RECORD_BANNER)
    streams: list[str] = []
    phone.on("request", lambda r: streams.append(r.url) if "/stream" in r.url else None)
    before = int(my_health(phone).inner_text().split("/")[0])
    phone.locator(".mine .stat-health button.minus").click()
    expect(health(screen, 1)).to_have_text(re.compile(rf"^{before - 1}/"))
    version = version_of(server, table)

    phone.context.set_offline(True)
    expect(phone.locator("#conn")).to_be_visible(timeout=3000)
    expect(phone.locator("#conn")).to_have_text(RECONNECTING)
    phone.locator(".mine .stat-health button.minus").click()
    expect(phone.locator("#toast")).to_have_text(NOT_SENT)
    assert version_of(server, table) == version
    # Only this phone is cut off: the table screen stays connected.
    expect(screen.locator("#conn")).to_be_hidden()

    phone.context.set_offline(False)
    saw_back(phone)
    expect(phone.locator("#conn")).to_be_hidden()
    # The fresh stream resumes from what the page shows, not from the page it was loaded as.
    assert streams and streams[-1].endswith(f"v={version}"), streams
    phone.locator(".mine .stat-health button.minus").click()
    expect(health(screen, 1)).to_have_text(re.compile(rf"^{before - 2}/"))


def test_a_tap_whose_request_is_lost_on_the_way_is_refused_out_loud(server, new_context):
    table = make_table(server)
    phone = open_phone(new_context, table, 2)
    before = my_health(phone).inner_text()
    version = version_of(server, table)

    def lose_posts(route) -> None:
        if route.request.method == "POST":
            route.abort("internetdisconnected")
        else:
            route.continue_()

    phone.route(re.compile(r"/t/"), lose_posts)
    phone.locator(".mine .stat-health button.minus").click()
    expect(phone.locator("#toast")).to_have_text(NOT_SENT)
    expect(my_health(phone)).to_have_text(before)
    assert version_of(server, table) == version


def test_a_zh_tw_phone_says_reconnecting_and_refuses_taps_in_chinese(server, new_context):
    table = make_table(server)
    phone = open_phone(new_context, table, 0, lang="zh_TW")
    server.stop()
    expect(phone.locator("#conn")).to_be_visible(timeout=3000)
    expect(phone.locator("#conn")).to_have_text("重新連線中…")
    phone.locator(".mine .stat-health button.minus").click()
    expect(phone.locator("#toast")).to_have_text(
        "沒有送出：與牌桌的連線中斷了。連線恢復後再試一次。"
    )


def test_the_app_is_installable_with_its_manifest_and_icons(server, new_context):
    table = make_table(server)
    phone = open_phone(new_context, table, 0)
    href = phone.locator('link[rel="manifest"]').get_attribute("href")
    reply = phone.request.get(server.base + href)
    assert reply.ok
    assert reply.headers["content-type"].split(";")[0] == "application/manifest+json"
    manifest = reply.json()
    assert manifest["name"] == "Table Companion" and manifest["display"] == "standalone"
    sizes = set()
    for icon in manifest["icons"]:
        image = phone.request.get(server.base + "/static/" + icon["src"])
        assert image.ok, icon
        assert image.headers["content-type"].split(";")[0] == icon["type"]
        if icon["type"] == "image/png":
            width, height = Image.open(io.BytesIO(image.body())).size
            assert f"{width}x{height}" == icon["sizes"]
            sizes.add(width)
    assert {192, 512} <= sizes
    # The page's own icon is a real picture the browser can draw.
    assert phone.locator('link[rel="icon"][href^="data:"]').count() == 0
    icon_href = phone.locator('link[rel="icon"]').first.get_attribute("href")
    drawn = phone.evaluate(
        """href => new Promise(done => {
            const image = new Image();
            image.onload = () => done(image.naturalWidth);
            image.onerror = () => done(0);
            image.src = href;
        })""",
        icon_href,
    )
    assert drawn > 0
    assert phone.locator('link[rel="apple-touch-icon"]').count() == 1
    assert phone.locator('meta[name="theme-color"]').get_attribute("content")


# Keeps each lock the page is given, so a test can let one go as the browser would when the
# phone is hidden.
KEEP_LOCKS = """
window.locks = [];
if (navigator.wakeLock) {
  var request = navigator.wakeLock.request.bind(navigator.wakeLock);
  navigator.wakeLock.request = function (type) {
    return request(type).then(function (lock) { window.locks.push(lock); return lock; });
  };
}
"""


def test_a_phone_keeps_its_screen_awake_and_asks_again_when_it_comes_back(server, new_context):
    table = make_table(server)
    phone = open_phone(new_context, table, 0, script=KEEP_LOCKS)
    assert phone.evaluate("'wakeLock' in navigator")  # 127.0.0.1 counts as a secure address
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "on")
    expect(phone.locator("#awake-hint")).to_be_hidden()
    # The browser lets go of the lock whenever the page is hidden; back in view, it is asked
    # for again.
    phone.evaluate("window.locks[0].release()")
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "off")
    phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(phone.locator("html")).to_have_attribute("data-wake-lock", "on")
    assert phone.evaluate("window.locks.length") == 2


# Without Wake Lock (a plain-http address): test_awake_browser.py.


def test_the_turn_flash_shows_on_the_phone_whose_turn_it_becomes_and_no_other(server, new_context):
    table = make_table(server)
    phones = [open_phone(new_context, table, seat, script=COUNT_FLASHES) for seat in range(3)]
    turn = turn_of(server, table)
    end_turn(server, table)
    now = turn_of(server, table)
    assert now != turn
    expect(phones[now].locator(".turn-flash")).to_be_visible()
    expect(phones[now].locator(".phone-top")).to_contain_text("Your turn!")
    expect(phones[now].locator(".turn-flash")).to_be_hidden()
    for seat, phone in enumerate(phones):
        expect(phone.locator(".phone-top")).to_contain_text(
            "Your turn!" if seat == now else PLAYERS[now]
        )
        assert phone.evaluate("window.flashes") == (1 if seat == now else 0), seat


def test_with_reduced_motion_the_turn_shows_as_a_steady_frame(server, new_context):
    table = make_table(server)
    following = (turn_of(server, table) + 1) % len(PLAYERS)
    phone = open_phone(new_context, table, following)
    phone.emulate_media(reduced_motion="reduce")
    end_turn(server, table)
    assert turn_of(server, table) == following
    cover = phone.locator(".turn-flash")
    expect(cover).to_be_visible()
    assert cover.evaluate("e => getComputedStyle(e).animationName") == "none"
    assert cover.evaluate("e => getComputedStyle(e).boxShadow") != "none"


# Every AudioContext the page makes.
COUNT_AUDIO = """
window.audioContexts = [];
var RealContext = window.AudioContext;
window.AudioContext = function () {
  var made = new RealContext();
  window.audioContexts.push(made);
  return made;
};
"""


def test_the_sound_on_turn_switch_starts_sound_from_its_tap_and_is_remembered(server, new_context):
    table = make_table(server)
    phone = open_phone(new_context, table, 0, script=COUNT_AUDIO)
    switch = phone.get_by_role("switch", name="Sound on turn")
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()
    # Off by default: no sound is made ready before the player asks for it.
    assert phone.evaluate("window.audioContexts.length") == 0
    switch.click()
    expect(switch).to_be_checked()
    assert phone.evaluate("window.audioContexts.length") == 1
    phone.wait_for_function("() => window.audioContexts[0].state === 'running'")
    phone.reload()
    expect(phone.get_by_role("switch", name="Sound on turn")).to_be_checked()
    # The table screen has no turn of its own to sound.
    screen = open_screen(new_context, table)
    expect(screen.get_by_role("switch", name="Sound on turn")).to_be_hidden()


def test_a_question_in_the_toast_goes_once_it_is_answered(server, new_context):
    table_page = new_context("screen").new_page()
    create_table(table_page, server.base, PLAYERS)
    # The page's scripts run after its markup is in: until they have (the load event), a tap
    # would be an ordinary form post, not the htmx one whose question lands in the toast.
    table_page.wait_for_load_state("load")
    honor = table_page.locator('article.ss-player[data-seat="0"] .stat-honor .value')
    before = int(honor.inner_text())
    table_page.get_by_role("button", name="The deck ran out", exact=True).click()
    toast = table_page.locator("#toast")
    # Each wait ends when the page shows it; the bound only stops a hung test.
    expect(toast).to_have_class(re.compile(r"\bshow\b"), timeout=LOADED)
    toast.get_by_role("button", name="Confirm").click()
    expect(honor).to_have_text(str(before - 1), timeout=LOADED)
    expect(toast).not_to_have_class(re.compile(r"\bshow\b"), timeout=LOADED)
    expect(toast).to_be_empty(timeout=LOADED)
