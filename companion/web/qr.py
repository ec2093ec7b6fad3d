"""QR codes: an SVG for the screens and the printed page, text for the terminal."""

from __future__ import annotations

import io

import qrcode
import qrcode.image.svg


def svg(data: str) -> bytes:
    """A scalable QR code of ``data`` (a join URL) as SVG bytes."""
    img = qrcode.make(data, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=2)
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
