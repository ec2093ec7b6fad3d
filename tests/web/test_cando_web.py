""" "What can I do now?" on the web: in the table API for the host and each seat (in the
asker's language), on the phone and the host's table screen as a closed panel, and live: when
the turn passes, only the panel's list travels to the phone, so an open panel stays open.
"""

from __future__ import annotations

import re

from flask import Flask

from ..conftest import first_message, swapped_ids
from ..fixtures.tables import api_table

ZH = {"Accept-Language": "zh-TW"}


def can_do(html: str) -> str:
    """The panel's "You can now" list, as the page or patch has it."""
    panel = html[html.index('id="cando-list"') :]
    found = re.search(r'<ul class="can">(.*?)</ul>', panel)
    return found.group(1) if found else ""


def why_not(html: str) -> str:
    """The panel's "Not now, and why" list."""
    panel = html[html.index('id="cando-list"') :]
    found = re.search(r'<ul class="why">(.*?)</ul>', panel)
    return found.group(1) if found else ""


def bearer(token: str, **extra: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}", **extra}


def test_the_api_says_what_each_asker_can_do_and_why_not_in_its_language(app: Flask) -> None:
    api = app.test_client()
    table = api_table(app, api, "tally", ["Ann", "Bo"], {})
    path = f"/api/tables/{table.id}"

    bo = api.get(path, headers=bearer(table.tokens[1])).json
    assert [a["type"] for a in bo["can_do"]] == bo["allowed"]
    assert {
        "type": "set_secret",
        "label": "Set secret",
        "doc": "Change your secret number.",
        "rule": "§Actions",
    } in bo["can_do"]
    why = {a["type"]: a for a in bo["cannot_do"]}
    assert why["end_turn"] == {
        "type": "end_turn",
        "label": "End turn",
        "reason": "It is Ann's turn.",
        "rule": "§Actions",
    }
    # The same words the refusal gives when Bo sends it anyway.
    refused = api.post(
        f"{path}/actions", json={"type": "end_turn"}, headers=bearer(table.tokens[1])
    )
    assert refused.status_code == 403
    assert refused.json["error"]["message"] == why["end_turn"]["reason"]

    zh = api.get(path, headers=bearer(table.tokens[1], **ZH)).json
    zh_why = {a["type"]: a for a in zh["cannot_do"]}
    assert zh_why["end_turn"]["reason"] == "現在輪到 Ann。"
    assert zh_why["end_turn"]["label"] != "End turn"
    assert {a["doc"] for a in zh["can_do"]} >= {"修改你的祕密數字。"}
    refused_zh = api.post(
        f"{path}/actions", json={"type": "end_turn"}, headers=bearer(table.tokens[1], **ZH)
    )
    assert refused_zh.json["error"]["message"] == zh_why["end_turn"]["reason"]

    host = api.get(path, headers=bearer(table.host_token)).json
    assert [a["type"] for a in host["can_do"]] == host["allowed"]
    assert "set_secret" not in {a["type"] for a in host["cannot_do"]}  # never the host's
    assert "can_do" not in api.get(path).json  # the public view acts on nothing


def test_phone_and_table_screen_show_a_closed_panel(app: Flask) -> None:
    api = app.test_client()
    table = api_table(app, api, "tally", ["Ann", "Bo"], {})
    host = app.test_client()
    assert host.get(f"/host/{table.id}/{table.host_token}").status_code == 303
    for client, page in ((table.phones[1], f"/t/{table.id}/seat"), (host, f"/t/{table.id}")):
        html = client.get(page).get_data(as_text=True)
        assert '<details class="cando">' in html  # closed: no "open" attribute
        assert "What can I do now?" in html and 'id="cando-list"' in html
    phone = table.phones[1].get(f"/t/{table.id}/seat", headers=ZH).get_data(as_text=True)
    assert "我現在可以做什麼？" in phone and "<i>§Actions</i>" in phone
    public = app.test_client().get(f"/t/{table.id}").get_data(as_text=True)
    assert 'class="cando"' not in public


def test_when_the_turn_passes_only_the_phone_s_list_travels(app: Flask) -> None:
    api = app.test_client()
    table = api_table(app, api, "tally", ["Ann", "Bo"], {})
    bo = table.phones[1]
    page = bo.get(f"/t/{table.id}/seat").get_data(as_text=True)
    assert "End turn" in why_not(page) and "End turn" not in can_do(page)
    before = app.extensions["tables"].load(table.id).version
    passed = api.post(
        f"/api/tables/{table.id}/actions",
        json={"type": "end_turn"},
        headers=bearer(table.tokens[0]),
    )
    assert passed.status_code == 200, passed.json
    event, _, patch = first_message(bo, f"/t/{table.id}/seat/stream?v={before}")
    assert event == "patch"
    assert "cando-list" in swapped_ids(patch)
    assert 'id="r-cando"' not in patch  # the <details> itself stays, open or closed
    assert "End turn" in can_do(patch) and "End turn" not in why_not(patch)
