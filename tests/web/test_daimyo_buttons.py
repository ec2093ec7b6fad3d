"""Samurai Sword's Daimyo buttons on a phone: the same two buttons whatever the secret count.

A phone lying face up used to give its Daimyo away ("−" only with one in hand, "+" gone at
3). Now both buttons are always there and carry no count; a step past 0 or 3 is refused
with a clear message in the phone's language, naming neither bound, and changes nothing.
"""

from __future__ import annotations

import re

from ..conftest import csrf

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def daimyo_panel(page: str) -> str:
    found = re.search(r'<div class="panel daimyo row">.*?</div>', page, re.S)
    assert found, "the phone has its Daimyo buttons"
    return found.group(0)


def test_the_daimyo_buttons_are_the_same_at_0_1_and_3_and_refuse_a_step_past_the_bounds(
    app, client
):
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS}).json
    tid = table["id"]
    phone = app.test_client()
    assert phone.get(f"/join/{table['seats'][1]['join_code']}").status_code == 303
    page = phone.get(f"/t/{tid}/seat", headers={"Accept-Language": "zh-TW"}).get_data(True)
    token = csrf(page)

    def step(by: int) -> tuple[int, str]:
        reply = phone.post(
            f"/t/{tid}/seat/act",
            data={"type": "set_daimyo", "by": by, "csrf_token": token},
            headers={"HX-Request": "true", "Accept-Language": "zh-TW"},
        )
        return reply.status_code, reply.get_data(as_text=True)

    def held() -> int:
        return app.extensions["tables"].load(tid).state["daimyo"][1]

    panels = {0: daimyo_panel(page)}
    # At 0, "−" is there and refused, in the phone's language; nothing changes.
    version = app.extensions["tables"].load(tid).version
    status, body = step(-1)
    assert 400 <= status < 500
    assert "手中的大名卡只能在 0 到 3 張之間" in body
    assert held() == 0 and app.extensions["tables"].load(tid).version == version
    for n in (1, 2, 3):
        status, _ = step(1)
        assert status == 200 and held() == n
        again = phone.get(f"/t/{tid}/seat", headers={"Accept-Language": "zh-TW"})
        panels[n] = daimyo_panel(again.get_data(as_text=True))
    # At 3, "+" is there and refused the same way.
    status, body = step(1)
    assert 400 <= status < 500 and "手中的大名卡只能在 0 到 3 張之間" in body
    assert held() == 3
    status, _ = step(-1)
    assert status == 200 and held() == 2
    # The same buttons, in the same places, with the same values, whatever the count.
    assert len(set(panels.values())) == 1, panels
    assert "−" in panels[0] and "+" in panels[0]
