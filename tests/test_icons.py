"""The app icon files (issue 15): every size is there and is the drawing of its SVG source, the
ICO and ICNS hold the same PNGs, and the 16 px icon still shows a gold crown over white cards."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

ICONS = Path(__file__).resolve().parents[1] / "assets" / "icons"
spec = importlib.util.spec_from_file_location("make_icons", ICONS / "make_icons.py")
mk = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mk)


@pytest.fixture(scope="module")
def drawn_again(tmp_path_factory):
    """The SVG sources rendered afresh, as make_icons.py does."""
    out = tmp_path_factory.mktemp("icons")
    mk.render(str(out))
    return out


@pytest.mark.parametrize("n", mk.SIZES)
def test_each_png_is_its_size_and_matches_its_source(n, drawn_again):
    img = pygame.image.load(str(ICONS / f"crowntable-{n}.png"))
    assert img.get_size() == (n, n)
    fresh = pygame.image.load(str(drawn_again / f"crowntable-{n}.png"))
    worst = max(abs(a - b) for x in range(n) for y in range(n)
                for a, b in zip(img.get_at((x, y)), fresh.get_at((x, y))))
    assert worst <= 8, "the PNG is not its SVG: run python assets/icons/make_icons.py"


def test_ico_holds_the_pngs_16_to_256():
    entries = mk.read_ico(str(ICONS / "crowntable.ico"))
    assert [(w, h) for w, h, _ in entries] == [(n, n) for n in mk.ICO_SIZES]
    for (w, _h, data) in entries:
        assert data == (ICONS / f"crowntable-{w}.png").read_bytes()


def test_icns_holds_the_pngs_16_to_512_with_retina_types():
    entries = dict(mk.read_icns(str(ICONS / "crowntable.icns")))
    assert set(entries) == {kind for kind, _n in mk.ICNS_TYPES}
    for kind, n in mk.ICNS_TYPES:
        assert mk.png_size(entries[kind]) == (n, n)
        assert entries[kind] == (ICONS / f"crowntable-{n}.png").read_bytes()


def test_a_damaged_ico_or_icns_is_refused(tmp_path):
    bad = tmp_path / "bad.ico"
    data = (ICONS / "crowntable.ico").read_bytes()
    bad.write_bytes(data[:len(data) // 2])
    with pytest.raises(ValueError):
        mk.read_ico(str(bad))
    bad = tmp_path / "bad.icns"
    bad.write_bytes((ICONS / "crowntable.icns").read_bytes()[:-10])
    with pytest.raises(ValueError):
        mk.read_icns(str(bad))


def test_16_px_reads_as_a_gold_crown_over_white_cards_on_felt():
    img = pygame.image.load(str(ICONS / "crowntable-16.png"))
    px = {(x, y): tuple(img.get_at((x, y))) for x in range(16) for y in range(16)}

    def gold(c):
        return c[3] > 200 and c[0] > 200 and c[1] > 150 and c[2] < 110

    def white(c):
        return c[3] > 200 and min(c[:3]) > 210

    def felt(c):
        return c[3] > 200 and c[1] > c[0] + 30 and c[1] > c[2] + 20
    top = [c for (x, y), c in px.items() if y < 8]
    bottom = [c for (x, y), c in px.items() if y >= 8]
    assert sum(map(gold, top)) >= 20 and not any(map(gold, bottom))
    assert sum(map(white, bottom)) >= 20 and not any(map(white, top))
    assert sum(map(felt, px.values())) >= 30
