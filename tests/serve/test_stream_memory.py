"""A live stream's compressor is sized for the messages it carries.

With hundreds of phones connected, each phone's gzip state is a per-connection cost that
Python's own accounting cannot see (zlib allocates it): it must stay small, and every message
must still arrive whole the moment it is sent.
"""

from __future__ import annotations

import gc
import zlib

from companion.serve.memory import deflate_bytes
from companion.web import stream

from ..web.test_live_regions import start, tap


def test_a_phones_compressor_takes_at_most_36_kb():
    # 700 phones at 100 tables: every 4 KB here is ~3 MB of the server's memory.
    assert deflate_bytes(stream.WINDOW_BITS, stream.MEM_LEVEL) <= 36 * 1024


def test_each_message_of_a_phones_stream_unpacks_as_soon_as_it_is_sent():
    patch = '<div id="hp-3" hx-swap-oob="true">Health {n} of 5</div>\n' * 40
    messages = [stream.sse("patch", patch.format(n=n), event_id=n) for n in range(30)]
    unpack = zlib.decompressobj(31)
    sizes = []
    for message, chunk in zip(messages, stream.gzipped(iter(messages)), strict=True):
        assert unpack.decompress(chunk).decode() == message
        sizes.append(len(chunk))
    # A message like the ones before it costs a few dozen bytes once the window holds them.
    assert max(sizes[5:]) < 200


def _big_strings(frame_locals: dict) -> list[str]:
    """The strings of a few hundred characters or more a suspended frame still holds."""
    found = []
    for value in frame_locals.values():
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, str) and len(item) > 200:
                found.append(item)
    return found


def test_a_waiting_stream_keeps_no_copy_of_the_patch_it_sent(app):
    table, _, phone = start(app)
    before = app.extensions["tables"].load(table["id"]).version
    tap(app, table, seat=0)
    reply = phone.get(f"/t/{table['id']}/seat/stream?v={before}", buffered=False)
    chunks = iter(reply.response)
    sent = ""
    while "event: patch" not in sent:
        sent += next(chunks).decode()
    # The stream now waits for the next version, suspended after its patch.
    [events] = [
        g
        for g in gc.get_objects()
        if type(g).__name__ == "generator" and g.gi_code.co_name == "_events" and g.gi_frame
    ]
    assert _big_strings(events.gi_frame.f_locals) == []
    reply.close()


def test_a_waiting_gzip_stream_keeps_no_copy_of_the_message_it_packed():
    message = stream.sse("patch", "<div>" + "x" * 2000 + "</div>", event_id=1)
    packer = stream.gzipped(iter([message, message]))
    next(packer)
    assert _big_strings(packer.gi_frame.f_locals) == []
