"""Writes a Tiled map (80x45 tiles of 16 px = 1280x720) of rectangle objects in object
layers, and checks the zones: the shared part of the ``make_<game>.py`` layout scripts."""
from __future__ import annotations

from typing import Callable, Iterable

Rect = tuple[int, int, int, int]
W, H = 1280, 720


def check_zones(items: list[tuple[str, Rect]], also_on_table: Iterable[tuple[str, Rect]] = (),
                where: str = "") -> None:
    """Assert that every zone of ``items`` (and of ``also_on_table``) lies on the table and
    that no two of ``items`` overlap; ``where`` prefixes the overlap message."""
    for name, (x, y, w, h) in list(items) + list(also_on_table):
        assert 0 <= x and 0 <= y and x + w <= W and y + h <= H, f"{name} leaves the table"
    for i, (a, (ax, ay, aw, ah)) in enumerate(items):
        for b, (bx, by, bw, bh) in items[i + 1:]:
            assert ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay, f"{where}{a} overlaps {b}"


def build_tmx(layers: list[tuple[str, dict[str, Rect]]], class_of: Callable[[str, str], str]) -> str:
    """The .tmx text: one object group per ``(layer name, {object name: rect})``;
    ``class_of(layer, object name)`` gives each object's class."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
           'width="80" height="45" tilewidth="16" tileheight="16" infinite="0" '
           f'nextlayerid="{len(layers) + 1}" nextobjectid="{{next}}">']
    oid = 1
    for lid, (name, objs) in enumerate(layers, 1):
        out.append(f' <objectgroup id="{lid}" name="{name}">')
        for oname, (x, y, w, h) in objs.items():
            out.append(f'  <object id="{oid}" name="{oname}" class="{class_of(name, oname)}" x="{x}" y="{y}" '
                       f'width="{w}" height="{h}"/>')
            oid += 1
        out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out).replace("{next}", str(oid)) + "\n"
