"""Render the Crown Table app icons from their SVG sources, and pack them for each desktop.

    python assets/icons/make_icons.py          # (re)writes the files below, beside this script

- ``crowntable.svg``: the icon (a gold crown over a fan of five cards, on felt), for 32 px and up;
- ``crowntable-small.svg``: the same idea simplified on the 16 px grid (three cards, a plain
  crown), for 16 and 24 px, where the full drawing turns to mush;
- out: ``crowntable-<n>.png`` for every n in SIZES (the Linux hicolor icons and the window
  icon), ``crowntable.ico`` (Windows: PNG entries 16-256) and ``crowntable.icns`` (macOS: PNG
  entries 16-512, with the @2x types).

Only pygame-ce is needed (its SVG loader renders; ICO and ICNS are written by the small
writers below, which embed the PNG files as they are). ``read_ico``/``read_icns`` read them
back (the tests use them).
"""
from __future__ import annotations

import os
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
SMALL = (16, 24)                     # drawn from crowntable-small.svg
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)   # 256 is the largest an ICO entry can say
#: ICNS entry types holding PNG data, by pixel size (the @2x types reuse the larger PNG)
ICNS_TYPES = (("icp4", 16), ("icp5", 32), ("icp6", 64), ("ic07", 128), ("ic08", 256),
              ("ic09", 512), ("ic11", 32), ("ic12", 64), ("ic13", 256), ("ic14", 512))
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def png_path(n: int) -> str:
    return os.path.join(HERE, f"crowntable-{n}.png")


def render(out_dir: str = HERE) -> list[str]:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    written = []
    for n in SIZES:
        src = os.path.join(HERE, "crowntable-small.svg" if n in SMALL else "crowntable.svg")
        img = pygame.image.load_sized_svg(src, (n, n))
        if img.get_size() != (n, n):
            raise SystemExit(f"{src} rendered at {img.get_size()}, not {n}x{n}")
        path = os.path.join(out_dir, f"crowntable-{n}.png")
        pygame.image.save(img, path)
        written.append(path)
    return written


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) from a PNG's IHDR chunk."""
    if data[:8] != PNG_MAGIC or data[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    return struct.unpack(">II", data[16:24])


def write_ico(path: str, pngs: list[bytes]) -> None:
    """An ICO whose entries are whole PNG files (Windows Vista and later read them)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    entries, offset = b"", 6 + 16 * len(pngs)
    for data in pngs:
        w, h = png_size(data)
        entries += struct.pack("<BBBBHHII", w % 256, h % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    with open(path, "wb") as f:
        f.write(header + entries + b"".join(pngs))


def read_ico(path: str) -> list[tuple[int, int, bytes]]:
    """The entries of an ICO file as (width, height, PNG data); raises ValueError if malformed."""
    with open(path, "rb") as f:
        data = f.read()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    if reserved != 0 or kind != 1 or count == 0:
        raise ValueError("not an icon file")
    out = []
    for i in range(count):
        w, h, _colors, _res, _planes, _bpp, size, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * i:22 + 16 * i])
        blob = data[offset:offset + size]
        if len(blob) != size:
            raise ValueError("entry runs past the end of the file")
        if png_size(blob) != (w or 256, h or 256):
            raise ValueError("entry size differs from its PNG")
        out.append((w or 256, h or 256, blob))
    return out


def write_icns(path: str, by_size: dict[int, bytes]) -> None:
    """An ICNS file of PNG entries (macOS 10.7 and later)."""
    body = b""
    for kind, n in ICNS_TYPES:
        data = by_size[n]
        body += kind.encode("ascii") + struct.pack(">I", 8 + len(data)) + data
    with open(path, "wb") as f:
        f.write(b"icns" + struct.pack(">I", 8 + len(body)) + body)


def read_icns(path: str) -> list[tuple[str, bytes]]:
    """The entries of an ICNS file as (type, data); raises ValueError if malformed."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] != b"icns" or struct.unpack(">I", data[4:8])[0] != len(data):
        raise ValueError("not an icns file (or its length is wrong)")
    out, pos = [], 8
    while pos < len(data):
        kind = data[pos:pos + 4].decode("ascii")
        (size,) = struct.unpack(">I", data[pos + 4:pos + 8])
        if size < 8 or pos + size > len(data):
            raise ValueError(f"entry {kind} runs past the end of the file")
        out.append((kind, data[pos + 8:pos + size]))
        pos += size
    return out


def main() -> int:
    render()
    pngs = {}
    for n in SIZES:
        with open(png_path(n), "rb") as f:
            pngs[n] = f.read()
    write_ico(os.path.join(HERE, "crowntable.ico"), [pngs[n] for n in ICO_SIZES])
    write_icns(os.path.join(HERE, "crowntable.icns"), pngs)
    print(f"wrote {len(SIZES)} PNGs, crowntable.ico and crowntable.icns in {HERE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
