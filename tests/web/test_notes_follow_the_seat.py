"""A seat's notes belong to the seat (docs/api.md): the phone that claims a new code gets them."""

from __future__ import annotations

from flask import Flask

from .test_seat_notes import NOTES, needles, new_table, save, textarea


def test_the_phone_that_claims_a_new_code_gets_the_seats_notes(app: Flask):
    table, phones, host = new_table(app)
    tid = table["id"]
    assert save(phones[1], tid, NOTES).status_code == 200
    reissued = host.post(
        f"/api/tables/{tid}/seats/1/reissue",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert reissued.status_code == 200, reissued.get_data(as_text=True)
    assert phones[1].get(f"/t/{tid}/seat").status_code == 401  # the old phone is locked out
    new_phone = app.test_client()
    assert new_phone.get(f"/join/{reissued.json['join_code']}").status_code == 303
    assert textarea(new_phone.get(f"/t/{tid}/seat").get_data(as_text=True)) == NOTES
    # The host, who gave the new code, still sees none of them.
    screen = host.get(f"/t/{tid}").get_data(as_text=True)
    assert not [n for n in needles(NOTES) if n in screen]
