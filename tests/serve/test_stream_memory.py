"""A live stream's compressor is sized for the messages it carries.

With hundreds of phones connected, each phone's gzip state is a per-connection cost that
Python's own accounting cannot see (zlib allocates it): it must stay small, and every message
must still arrive whole the moment it is sent.
"""

from __future__ import annotations

import zlib

from companion.serve.memory import deflate_bytes
from companion.web import stream


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
