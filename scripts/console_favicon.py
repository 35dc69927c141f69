"""Writes the console's icon, one drawing in two files: crates/revrec-console/assets/
favicon.svg (linked from every page) and favicon.ico (16 and 32 px PNGs in an ICO, served
at /favicon.ico for whatever asks there). Three rising white bars on the console's accent
blue, in a rounded square. Standard library only; run again after changing the drawing:

    python3 scripts/console_favicon.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ASSETS = Path(__file__).resolve().parent.parent / "crates" / "revrec-console" / "assets"
SIZE = 32  # the drawing's own units
RADIUS = 6
BACKGROUND = (0x0B, 0x57, 0xD0)  # --accent in console.css
BARS = [(6, 18, 6, 8), (13, 13, 6, 13), (20, 7, 6, 19)]  # x, y, width, height, in white


def svg() -> str:
    bars = "".join(f"M{x} {y}h{w}v{h}h-{w}z" for x, y, w, h in BARS)
    colour = "#{:02x}{:02x}{:02x}".format(*BACKGROUND)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {SIZE} {SIZE}">'
        f'<rect width="{SIZE}" height="{SIZE}" rx="{RADIUS}" fill="{colour}"/>'
        f'<path fill="#fff" d="{bars}"/></svg>\n'
    )


def inside_square(x: float, y: float) -> bool:
    """Whether a point of the drawing lies in the rounded square."""
    cx = min(max(x, RADIUS), SIZE - RADIUS)
    cy = min(max(y, RADIUS), SIZE - RADIUS)
    return (x - cx) ** 2 + (y - cy) ** 2 <= RADIUS**2


def inside_bar(x: float, y: float) -> bool:
    return any(bx <= x < bx + w and by <= y < by + h for bx, by, w, h in BARS)


def png(pixels: int) -> bytes:
    """The drawing at `pixels` square, RGBA, each pixel sampled 4×4 times (anti-aliased)."""
    samples = 4
    scale = SIZE / pixels
    rows = []
    for row in range(pixels):
        line = bytearray([0])  # filter: none
        for column in range(pixels):
            square = bar = 0
            for sy in range(samples):
                for sx in range(samples):
                    x = (column + (sx + 0.5) / samples) * scale
                    y = (row + (sy + 0.5) / samples) * scale
                    if inside_square(x, y):
                        square += 1
                        bar += inside_bar(x, y)
            total = samples * samples
            alpha = round(255 * square / total)
            # White over the background, in the share of the square's samples a bar covers.
            share = bar / square if square else 0
            rgb = [round(c + (255 - c) * share) for c in BACKGROUND]
            line += bytes(rgb + [alpha])
        rows.append(bytes(line))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", pixels, pixels, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def ico(sizes: list[int]) -> bytes:
    """PNG images in an ICO container (read by every browser since 2007)."""
    images = [png(size) for size in sizes]
    offset = 6 + 16 * len(images)
    directory = b""
    for size, image in zip(sizes, images):
        directory += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(image), offset)
        offset += len(image)
    return struct.pack("<HHH", 0, 1, len(images)) + directory + b"".join(images)


def main() -> None:
    (ASSETS / "favicon.svg").write_text(svg())
    (ASSETS / "favicon.ico").write_bytes(ico([16, 32]))


if __name__ == "__main__":
    main()
