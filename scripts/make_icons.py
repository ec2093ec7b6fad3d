"""Draw the app's icons: static/icons/icon.svg, icon-192.png and icon-512.png.

A round table (amber) with five seats around it, on the app's dark background. The PNGs are
committed, so a plain install needs no image library; run this again only to change the
drawing:

    .venv/bin/python scripts/make_icons.py

The square is filled to its edges and everything sits inside the middle 80%, so the same
picture also works where a phone cuts icons to a circle or a rounded square ("maskable").
"""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
BACKGROUND = "#14161a"
TABLE = "#f2b134"
SEAT = "#f3f1ea"
# On a 100 x 100 canvas: the table's radius, the seats' distance from the middle and radius.
TABLE_R = 20.0
RING_R = 31.0
SEAT_R = 6.5
SEATS = 5


def seats() -> list[tuple[float, float]]:
    """The seats' centres, the first straight above the table."""
    return [
        (
            50 + RING_R * math.sin(2 * math.pi * n / SEATS),
            50 - RING_R * math.cos(2 * math.pi * n / SEATS),
        )
        for n in range(SEATS)
    ]


def svg() -> str:
    circles = "".join(f'<circle cx="{x:.2f}" cy="{y:.2f}" r="{SEAT_R}"/>' for x, y in seats())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
        f'<rect width="100" height="100" fill="{BACKGROUND}"/>'
        f'<circle cx="50" cy="50" r="{TABLE_R}" fill="{TABLE}"/>'
        f'<g fill="{SEAT}">{circles}</g>'
        "</svg>\n"
    )


def png(size: int) -> Image.Image:
    # Drawn four times larger and scaled down: Pillow's circles have no antialiasing.
    big = size * 4
    scale = big / 100
    image = Image.new("RGB", (big, big), BACKGROUND)
    draw = ImageDraw.Draw(image)

    def disc(x: float, y: float, r: float, fill: str) -> None:
        draw.ellipse(((x - r) * scale, (y - r) * scale, (x + r) * scale, (y + r) * scale), fill)

    disc(50, 50, TABLE_R, TABLE)
    for x, y in seats():
        disc(x, y, SEAT_R, SEAT)
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg(), encoding="utf-8")
    for size in (192, 512):
        png(size).save(OUT / f"icon-{size}.png", optimize=True)


if __name__ == "__main__":
    main()
