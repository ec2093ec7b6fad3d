"""The page shell every screen shares: installable (manifest, icons), the connection banner's
texts in the page's language, and a Content-Security-Policy that stays strict."""

from __future__ import annotations

import io
import json
import re
from html.parser import HTMLParser

from flask.testing import FlaskClient
from PIL import Image

from .test_platform import make_table


class Tags(HTMLParser):
    """Every start tag of a page, as (name, attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def tags(html: str) -> list[tuple[str, dict[str, str | None]]]:
    parser = Tags()
    parser.feed(html)
    return parser.tags


def the(html: str, tag: str, **wanted: str) -> dict[str, str | None]:
    found = [a for t, a in tags(html) if t == tag and all(a.get(k) == v for k, v in wanted.items())]
    assert len(found) == 1, (tag, wanted, found)
    return found[0]


def test_the_manifest_is_served_as_a_web_app_manifest_and_names_real_icons(client: FlaskClient):
    reply = client.get("/static/manifest.webmanifest")
    assert reply.status_code == 200
    assert reply.mimetype == "application/manifest+json"
    manifest = json.loads(reply.data)
    assert manifest["name"] == "Table Companion"
    assert manifest["display"] == "standalone"
    # No start_url: an installed seat page opens that seat, not the home page.
    assert "start_url" not in manifest
    pngs = {}
    for icon in manifest["icons"]:
        image = client.get("/static/" + icon["src"])
        assert image.status_code == 200, icon
        assert image.mimetype == icon["type"], icon
        if icon["type"] == "image/png":
            size = Image.open(io.BytesIO(image.data)).size
            assert f"{size[0]}x{size[1]}" == icon["sizes"]
            pngs[size[0]] = icon
        else:
            assert icon["type"] == "image/svg+xml" and b"<svg" in image.data
    assert {192, 512} <= set(pngs)


def test_the_manifest_is_compressed_for_a_busy_wifi_like_the_other_files(client: FlaskClient):
    reply = client.get("/static/manifest.webmanifest", headers={"Accept-Encoding": "gzip"})
    assert reply.headers["Content-Encoding"] == "gzip"
    assert reply.mimetype == "application/manifest+json"


def test_every_page_links_the_manifest_its_icons_and_the_home_screen_settings(
    client: FlaskClient,
):
    table = make_table(client)
    for path in ("/", table["table_url"]):
        html = client.get(path).get_data(as_text=True)
        manifest = the(html, "link", rel="manifest")["href"]
        assert client.get(manifest).mimetype == "application/manifest+json"
        icons = [a["href"] for t, a in tags(html) if t == "link" and a.get("rel") == "icon"]
        assert icons and not any(href.startswith("data:") for href in icons)
        for href in icons:
            assert client.get(href).status_code == 200
        touch = the(html, "link", rel="apple-touch-icon")["href"]
        assert Image.open(io.BytesIO(client.get(touch).data)).size == (192, 192)
        assert re.fullmatch(r"#[0-9a-f]{6}", the(html, "meta", name="theme-color")["content"])
        assert the(html, "meta", name="apple-mobile-web-app-capable")["content"] == "yes"


def test_the_banner_and_refusal_texts_are_in_the_pages_language(client: FlaskClient):
    en = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    banner = the(en, "div", id="conn")
    assert banner["role"] == "status"
    assert banner["data-lost"] == "Reconnecting…"
    assert banner["data-back"] == "Back"
    assert banner["data-not-sent"] == (
        "Not sent: no connection to the table. Try again when it is back."
    )
    assert the(en, "div", id="toast")["aria-live"] == "assertive"

    zh = client.get("/", headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    banner = the(zh, "div", id="conn")
    assert banner["data-lost"] == "重新連線中…"
    assert banner["data-back"] == "已恢復連線"
    assert banner["data-not-sent"] == "沒有送出：與牌桌的連線中斷了。連線恢復後再試一次。"
    assert "輪到我時發出聲音" in zh  # the screen-on hint: only where a screen stays on


def test_the_content_security_policy_stays_strict_and_pages_need_nothing_inline(
    client: FlaskClient,
):
    table = make_table(client)
    for path in ("/", table["table_url"]):
        reply = client.get(path)
        policy = reply.headers["Content-Security-Policy"]
        assert "script-src 'self';" in policy and "style-src 'self';" in policy
        assert "unsafe" not in policy
        for tag, attrs in tags(reply.get_data(as_text=True)):
            assert "style" not in attrs, (tag, attrs)
            assert not any(name.startswith("on") for name in attrs), (tag, attrs)
            if tag == "script":
                assert attrs.get("src", "").startswith("/static/"), attrs
