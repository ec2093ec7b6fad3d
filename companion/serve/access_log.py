"""The server's access and error logs, minus anything secret.

Join codes (``/join/<code>``, the short ``/j/<code>``), owner links and host links must never
reach a log, however a client spells them: each word of a line is read as the router would
read it (``redact``) before it is written.
"""

from __future__ import annotations

import re
from typing import TextIO
from urllib.parse import quote, unquote

# Route segments that a secret follows: "/join/<code>", "/j/<code>", "/owner/<token>",
# "/host/<table>/<token>".
SECRET_AFTER = {"join": 1, "j": 1, "owner": 1, "host": 2}
# Query keys whose values are secrets whatever they look like.
SECRET_KEYS = frozenset({"code", "join_code", "token", "host_token", "key"})
# What stays as it is when a redacted path is written back (the rest is percent-escaped, so
# a decoded "%0A" cannot start a false log line).
PATH_SAFE = "!$&'()*+,;=:@-._~[]"


def _decoded(text: str) -> str:
    """``text`` percent-decoded until it stops changing ("%252F" is "/")."""
    for _ in range(8):  # every pass shortens the text; eight is deeper than any client nests
        plain = unquote(text)
        if plain == text:
            break
        text = plain
    return text


def _redacted_path(raw: str) -> str:
    """``raw`` (a path) with the segments that hold a secret replaced, as the router sees it.

    The router's view: fully decoded, case-folded, empty segments ("//") skipped and ";params"
    dropped, so "//JOIN;x/%2541bc" is still a join. A path with nothing secret comes back as
    it was.
    """
    segments = _decoded(raw).replace("\\", "/").split("/")
    names = [(i, seg.split(";", 1)[0].casefold()) for i, seg in enumerate(segments)]
    names = [(i, name) for i, name in names if name]
    secret: set[int] = set()
    for k, (_, name) in enumerate(names):
        after = SECRET_AFTER.get(name)
        if after and k + 1 < len(names):
            # A host link without its table's id still carries the token.
            secret.add(names[min(k + after, len(names) - 1)][0])
    if not secret:
        return raw
    return "/".join(
        "[secret]" if i in secret else quote(seg, safe=PATH_SAFE) for i, seg in enumerate(segments)
    )


def redact(target: str) -> str:
    """``target`` (a request target, or any word of a log line) with its secrets replaced:
    secret path segments (``_redacted_path``), and query values that are secrets or that
    decode to a path or address holding one (``next=%252Fjoin%252F...``).
    """
    path, mark, query = target.partition("?")
    path = _redacted_path(path)
    if not mark:
        return path
    items = []
    for item in re.split(r"([&;])", query):
        key, equals, value = item.partition("=")
        plain = _decoded(value)
        if equals and (_decoded(key).casefold() in SECRET_KEYS or redact(plain) != plain):
            value = "[secret]"
        items.append(key + equals + value)
    return path + mark + "".join(items)


class RedactingLog:
    """The access log (and the error log), minus anything secret: join codes (``/join/<code>``,
    the short ``/j/<code>``) and host links, wherever they are in a line, however spelled.

    Every run of non-space characters is read as the router would read it (``redact``), so a
    code spelled "//join//<code>", "/JOIN/<code>", "/join;x/<code>" or with percent escapes,
    or carried in a query value ("?next=%252Fjoin%252F<code>"), never reaches the log. A line
    with no secret is written as it came.
    """

    WORD = re.compile(r"\S+")

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, line: str) -> None:
        self.out.write(self.WORD.sub(lambda word: redact(word.group()), line))
        self.out.flush()
