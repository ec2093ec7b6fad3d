"""Samurai Sword through the web layer: secret roles stay secret, refusals are clear.

Role names are not unique (two Ninja), so the checks are by word: a seat's page may name
its own role and the public Shogun, and no other role; the table screen and the host name
only the Shogun until the game ends, when every role is revealed.
"""

from __future__ import annotations

import re

from ..conftest import csrf, first_stream_message

ROLES = ("Shogun", "Samurai", "Ninja", "Ronin")
PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]


def start(client, n=7):
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS[:n]}).json
    return table


def roles_of(app, table_id):
    state = app.extensions["tables"].load(table_id).state
    view = app.extensions["tables"].load(table_id).game
    return [view.view(state, seat)["me"]["role"] for seat in range(len(state["players"]))]


def role_words(text: str) -> set[str]:
    # The game's name and the team names are not anybody's role.
    for phrase in ("Samurai Sword", "Shogun and Samurai"):
        text = text.replace(phrase, "")
    return {r for r in ROLES if re.search(rf"\b{r}\b", text)}


def test_no_page_stream_or_reply_names_another_seats_role(app, client):
    table = start(client)
    tid = table["id"]
    roles = roles_of(app, tid)
    host = app.test_client()
    host.get(f"/host/{tid}/{table['host_token']}")
    # The table screen, for the host and for anyone, names only the Shogun.
    for viewer in (host, app.test_client()):
        page = viewer.get(f"/t/{tid}").get_data(as_text=True)
        assert role_words(page) == {"Shogun"}
        stream = first_stream_message(viewer.get(f"/t/{tid}/stream"))
        assert role_words(stream) <= {"Shogun"}
    api_host = client.get(
        f"/api/tables/{tid}", headers={"Authorization": "Bearer " + table["host_token"]}
    )
    assert role_words(api_host.get_data(as_text=True)) == {"Shogun"}
    for seat, seat_info in enumerate(table["seats"]):
        phone = app.test_client()
        phone.get("/join/" + seat_info["join_code"])
        allowed = {roles[seat], "Shogun"}
        page = phone.get(f"/t/{tid}/seat").get_data(as_text=True)
        assert role_words(page) == allowed, (seat, roles[seat])
        stream = first_stream_message(phone.get(f"/t/{tid}/seat/stream?v=-1"))
        assert role_words(stream) <= allowed
        # A refusal tells nothing either.
        refused = phone.post(
            f"/t/{tid}/seat/act",
            data={
                "type": "adjust",
                "seat": (seat + 1) % 7,
                "counter": "health",
                "delta": -1,
                "csrf_token": csrf(page),
            },
            headers={"HX-Request": "true"},
        )
        assert refused.status_code == 403
        assert role_words(refused.get_data(as_text=True)) == set()


def test_all_roles_are_revealed_with_the_breakdown_at_the_end(app, client):
    table = start(client, n=4)
    tid = table["id"]
    host = {"Authorization": "Bearer " + table["host_token"]}
    for _ in range(3):
        client.post(
            f"/api/tables/{tid}/actions", json={"type": "deck_out", "confirm": True}, headers=host
        )
    result = client.get(f"/api/tables/{tid}/result")
    assert result.status_code == 200
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert set(roles_of(app, tid)) <= role_words(page)
    assert "×" in page  # each line of the multiplication is shown


def test_acting_out_of_turn_or_after_the_end_is_refused_in_the_viewers_language(app, client):
    table = start(client, n=4)
    tid = table["id"]
    shogun = app.extensions["tables"].load(tid).state["turn"]
    other = (shogun + 1) % 4
    token = client.post("/api/join", json={"code": table["seats"][other]["join_code"]}).json[
        "token"
    ]
    headers = {"Authorization": f"Bearer {token}", "Accept-Language": "zh-TW"}
    before = client.get(f"/api/tables/{tid}").json["version"]
    reply = client.post(f"/api/tables/{tid}/actions", json={"type": "next_phase"}, headers=headers)
    assert reply.status_code == 403
    assert re.search(r"[\u4e00-\u9fff]", reply.json["error"]["message"])
    huge = client.post(
        f"/api/tables/{tid}/actions",
        headers=headers,
        json={"type": "adjust", "seat": other, "counter": "health", "delta": 10**9},
    )
    assert huge.status_code == 400
    assert client.get(f"/api/tables/{tid}").json["version"] == before
    host = {"Authorization": "Bearer " + table["host_token"]}
    for _ in range(3):
        client.post(
            f"/api/tables/{tid}/actions", json={"type": "deck_out", "confirm": True}, headers=host
        )
    after = client.post(
        f"/api/tables/{tid}/actions",
        headers=headers,
        json={"type": "adjust", "seat": other, "counter": "hand", "delta": 1},
    )
    assert after.status_code == 409
    assert after.json["error"]["message"] == "遊戲已經結束。"


def test_every_phone_gets_the_same_public_section_and_only_its_own_part_differs(app, client):
    table = start(client, n=4)
    tid = table["id"]
    pages = []
    for seat_info in table["seats"]:
        phone = app.test_client()
        phone.get("/join/" + seat_info["join_code"])
        pages.append(phone.get(f"/t/{tid}/seat").get_data(as_text=True))
    others = [re.search(r'<section class="others">.*?</section>', p, re.S).group(0) for p in pages]
    # One fragment, rendered once for the version, listing every player...
    assert len(set(others)) == 1
    assert re.findall(r'data-seat="(\d)"', others[0]) == ["0", "1", "2", "3"]
    # ...and each phone marks itself, so its stylesheet hides its own row there.
    for seat, page in enumerate(pages):
        assert f'<main id="live" class="live" data-me="{seat}"' in page
    # The phone's own part (its role behind press-and-hold, its card's forms) differs.
    mine = [re.search(r'<section class="mine">.*?</section>', p, re.S).group(0) for p in pages]
    assert len(set(mine)) == 4


def test_a_phones_own_part_follows_its_turn_its_secret_and_its_card(app, client):
    # The phone's own part is one memoised fragment: each of its inputs must still show.
    table = start(client, n=4)
    tid = table["id"]
    host = {"Authorization": "Bearer " + table["host_token"]}
    phones = []
    for seat_info in table["seats"]:
        phone = app.test_client()
        phone.get("/join/" + seat_info["join_code"])
        phones.append(phone)

    def page(seat: int) -> str:
        return phones[seat].get(f"/t/{tid}/seat").get_data(as_text=True)

    def mine(seat: int) -> str:
        return re.search(r'<section class="mine">.*?</section>', page(seat), re.S).group(0)

    first = app.extensions["tables"].load(tid).state["turn"]
    assert [('class="ss-turn panel"' in page(s)) for s in range(4)] == [
        s == first for s in range(4)
    ]
    # The turn passes on: the controls leave the old phone and reach the new one.
    for _ in range(6):
        ended = client.post(f"/api/tables/{tid}/actions", json={"type": "end_turn"}, headers=host)
        if ended.status_code == 200:
            break
        client.post(f"/api/tables/{tid}/actions", json={"type": "next_phase"}, headers=host)
    now = app.extensions["tables"].load(tid).state["turn"]
    assert now != first
    assert [('class="ss-turn panel"' in page(s)) for s in range(4)] == [s == now for s in range(4)]
    # A secret count changes on its own phone only.
    form = page(now)
    reply = phones[now].post(
        f"/t/{tid}/seat/act",
        data={"type": "set_daimyo", "n": 1, "csrf_token": csrf(form)},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200
    assert "Daimyo in hand: 1" in page(now)
    assert all("Daimyo in hand: 0" in page(s) for s in range(4) if s != now)
    # Someone else changes this player's card: its own card shows the new count.
    before = re.search(r'stat-hand">.*?class="value">(\d+)', mine(now), re.S).group(1)
    client.post(
        f"/api/tables/{tid}/actions",
        json={"type": "adjust", "seat": now, "counter": "hand", "delta": 1},
        headers=host,
    )
    after = re.search(r'stat-hand">.*?class="value">(\d+)', mine(now), re.S).group(1)
    assert int(after) == int(before) + 1


# ----------------------------------------------------------- attacks and corrections by API


def manual_table(client, chars=("ieyasu", "nobunaga", "musashi", "ginchiyo", "kojiro")):
    """Five players whose phones entered their cards: Ann Shogun, Bob Samurai, Cy and Di
    Ninja, Ed Ronin; the host's headers and each seat's headers."""
    table = client.post(
        "/api/tables",
        json={"game": "samurai-sword", "players": PLAYERS[:5], "options": {"deal": "manual"}},
    ).json
    seats = []
    for seat_info, role, char in zip(
        table["seats"], ("shogun", "samurai", "ninja", "ninja", "ronin"), chars, strict=True
    ):
        token = client.post("/api/join", json={"code": seat_info["join_code"]}).json["token"]
        headers = {"Authorization": f"Bearer {token}"}
        url = f"/api/tables/{table['id']}/actions"
        reply = client.post(url, json={"type": "enter_role", "role": role}, headers=headers)
        assert reply.status_code == 200
        body = {"type": "enter_character", "character": char}
        assert client.post(url, json=body, headers=headers).status_code == 200
        seats.append(headers)
    return table, {"Authorization": "Bearer " + table["host_token"]}, seats


def post(client, table, headers, body):
    return client.post(f"/api/tables/{table['id']}/actions", json=body, headers=headers)


def test_the_host_enters_counters_and_the_turn_and_a_phone_may_not(client):
    table, host, seats = manual_table(client)
    reply = post(
        client, table, host, {"type": "set_counter", "seat": 2, "counter": "fast_draw", "value": 1}
    )
    assert reply.status_code == 200
    assert reply.json["view"]["players"][2]["fast_draw"] == 1
    assert reply.json["events"][0]["before"] == 0 and reply.json["events"][0]["after"] == 1
    refused = post(
        client, table, seats[2], {"type": "set_counter", "seat": 2, "counter": "hand", "value": 1}
    )
    assert refused.status_code == 403
    too_much = post(
        client, table, host, {"type": "set_counter", "seat": 3, "counter": "health", "value": 5}
    )
    assert too_much.status_code == 422
    assert too_much.json["error"]["code"] == "out_of_bounds"
    reply = post(client, table, host, {"type": "set_turn", "seat": 2, "phase": "play", "round": 3})
    assert reply.status_code == 200
    assert reply.json["view"]["turn"] == 2 and reply.json["view"]["phase_id"] == "play"
    reply = post(client, table, host, {"type": "set_character", "seat": 4, "character": "tomoe"})
    assert reply.status_code == 200
    assert reply.json["view"]["players"][4]["character"] == "Tomoe"


def test_an_attack_through_the_api_shows_its_arithmetic_in_the_history(client):
    table, host, seats = manual_table(client)
    post(
        client, table, host, {"type": "set_counter", "seat": 2, "counter": "fast_draw", "value": 1}
    )
    post(client, table, host, {"type": "set_turn", "seat": 2, "phase": "play", "round": 3})
    reply = post(
        client,
        table,
        seats[2],
        {"type": "attack", "target": 3, "weapon": "nodachi", "parried": False},
    )
    assert reply.status_code == 200
    # Nodachi 3 + 1 Fast Draw + 1 Musashi − 1 Ginchiyo = 4 wounds: Di (4 health) is defeated.
    assert reply.json["view"]["players"][3]["health"] == 0
    assert [e["type"] for e in reply.json["events"]] == ["Attacked", "Defeated"]
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert (
        "Cy hits Di with Nodachi: 3 damage + 1 Fast Draw + 1 Musashi − 1 Ginchiyo = 4 wounds"
        in page.replace("&#39;", "'")
    )
    out_of_reach = post(
        client, table, seats[2], {"type": "attack", "target": 0, "weapon": "bokken"}
    )
    assert out_of_reach.status_code == 409
    assert out_of_reach.json["error"]["code"] == "out_of_reach"
    not_yours = post(client, table, seats[1], {"type": "attack", "target": 0, "weapon": "bo"})
    assert not_yours.status_code == 403


def test_battle_cry_and_jujutsu_are_one_tap_with_their_exceptions(client):
    table, host, seats = manual_table(
        client, chars=("ieyasu", "chiyome", "goemon", "hanzo", "kojiro")
    )
    post(client, table, host, {"type": "next_phase"})
    post(client, table, host, {"type": "next_phase"})
    reply = post(client, table, seats[0], {"type": "battle_cry", "discarded": [2]})
    assert reply.status_code == 200
    # Bob is Chiyome: untouched; Cy discarded a Parry; Di and Ed take 1 wound.
    assert [p["health"] for p in reply.json["view"]["players"]] == [5, 4, 5, 3, 4]
    reply = post(client, table, host, {"type": "jujutsu"})
    assert [p["health"] for p in reply.json["view"]["players"]] == [5, 4, 4, 2, 3]
    refused = post(client, table, host, {"type": "jujutsu", "discarded": [1]})
    assert refused.json["error"]["code"] == "not_affected"


def test_the_deck_running_out_asks_first_and_changes_nothing_until_confirmed(app, client):
    table = start(client, n=4)
    tid = table["id"]
    host = {"Authorization": "Bearer " + table["host_token"], "Accept-Language": "zh-TW"}
    before = client.get(f"/api/tables/{tid}").json["version"]
    asked = client.post(f"/api/tables/{tid}/actions", json={"type": "deck_out"}, headers=host)
    assert asked.status_code == 409
    assert asked.json["error"]["code"] == "confirm_action"
    assert "榮譽" in asked.json["error"]["message"]  # the question, in the viewer's language
    assert client.get(f"/api/tables/{tid}").json["version"] == before
    done = client.post(
        f"/api/tables/{tid}/actions", json={"type": "deck_out", "confirm": True}, headers=host
    )
    assert done.status_code == 200
    assert client.get(f"/api/tables/{tid}").json["view"]["deck_outs"] == 1


def test_battle_cry_and_jujutsu_take_tick_boxes_and_a_ticked_group_is_a_list(app, client):
    """The phone on turn ticks who discarded instead; no seat numbers are typed. The form
    sends one ``discarded`` field per tick, and the platform reads them as one list."""
    table = client.post(
        "/api/tables",
        json={"game": "samurai-sword", "players": PLAYERS[:5], "options": {"deal": "manual"}},
    ).json
    tid = table["id"]
    phone = app.test_client()
    phone.get("/join/" + table["seats"][0]["join_code"])
    page = phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    chars = ("ieyasu", "chiyome", "goemon", "hanzo", "kojiro")
    roles = ("shogun", "samurai", "ninja", "ninja", "ronin")
    for seat, (role, char) in enumerate(zip(roles, chars, strict=True)):
        bodies = (
            {"type": "enter_role", "role": role},
            {"type": "enter_character", "character": char},
        )
        if seat == 0:  # Ann's phone, joined by its QR code, enters hers through its form
            for body in bodies:
                reply = phone.post(f"/t/{tid}/seat/act", data={**body, "csrf_token": csrf(page)})
                assert reply.status_code == 303
            continue
        token = client.post("/api/join", json={"code": table["seats"][seat]["join_code"]}).json
        headers = {"Authorization": "Bearer " + token["token"]}
        for body in bodies:
            assert post(client, table, headers, body).status_code == 200
    host = {"Authorization": "Bearer " + table["host_token"]}
    post(client, table, host, {"type": "next_phase"})
    post(client, table, host, {"type": "next_phase"})
    page = phone.get(f"/t/{tid}/seat").get_data(as_text=True)
    for card in ("battle_cry", "jujutsu"):
        form = re.search(rf'name="type" value="{card}">(.*?)</form>', page, re.S)
        assert form, card
        ticks = re.findall(r'<input type="checkbox" name="discarded" value="(\d)">', form.group(1))
        # Bob is Chiyome (only Weapons wound her): no tick box for him.
        assert ticks == ["2", "3", "4"], card
        assert 'type="text"' not in form.group(1)
    # Two ticks: Cy and Di discarded a Parry, Ed takes the wound.
    reply = phone.post(
        f"/t/{tid}/seat/act",
        data={"type": "battle_cry", "discarded": ["2", "3"], "csrf_token": csrf(page)},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200
    view = client.get(f"/api/tables/{tid}").json["view"]
    assert [p["health"] for p in view["players"]] == [5, 4, 5, 4, 4]
    # No tick at all: everyone reached takes the wound.
    reply = phone.post(
        f"/t/{tid}/seat/act",
        data={"type": "jujutsu", "csrf_token": csrf(page)},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200
    view = client.get(f"/api/tables/{tid}").json["view"]
    assert [p["health"] for p in view["players"]] == [5, 4, 4, 3, 3]
