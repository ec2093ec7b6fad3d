"""QR codes: an SVG for the screens and the printed page, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(data: str, on_white: bool = False) -> bytes:
    """A scalable QR code of ``data`` (a join URL) as SVG bytes; ``on_white`` draws it on
    its own white square, for a dark screen where a code without its light quiet zone
    would not scan."""
    factory = qrcode.image.svg.SvgPathFillImage if on_white else qrcode.image.svg.SvgPathImage
    img = qrcode.make(data, image_factory=factory, box_size=10, border=2)
    out = io.BytesIO()
    img.save(out)
    return out.getvalue()


def text(data: str) -> str:
    """A QR code of ``data`` drawn with block characters, for a terminal."""
    code = qrcode.QRCode(border=1)
    code.add_data(data)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()
