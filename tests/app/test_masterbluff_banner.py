"""MasterBluff's declaration banner fits at every step of its pop-in animation (translator trial,
fr: "8 × Magicien" stuck out of the banner while it grew): its words are laid out in the panel as
drawn at that moment, never in the panel's final place."""
from __future__ import annotations

import pytest

from game.app.games import masterbluff_draw
from game.rules.masterbluff import FAMILIES, LastPlay

from fit_checks import problems

POPS = (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)


@pytest.fixture
def french_table(rec, harness):
    """A MasterBluff table in French, recorded (the transcript starts before the App)."""
    assert harness.app.set_language("fr") == "fr"
    harness.start("masterbluff", seats="human,ai,ai", seed=1)
    yield harness
    harness.app.set_language("en")


@pytest.mark.parametrize("token", [False, True])
def test_the_banner_fits_at_every_step_of_its_pop_in(french_table, token):
    from game.app.transcript import Frame, RecSurface, _spans

    h = french_table
    t = h.table.table
    t.shown.last = LastPlay(seat=1, n=8, family=FAMILIES.index("wizard"), token=token)
    for pop in POPS:
        surf = RecSurface((1280, 720))
        view = t.draw_view()._replace(banner_pop=pop, reveal_up=False)
        masterbluff_draw.banner(view, surf)
        frame = Frame(tuple(surf.shows), {}, tuple(_spans(surf)), tuple(surf.layers))
        assert "text:8 × Magicien" in frame.items, (pop, frame.items)
        assert problems(frame, (1280, 720)) == [], (pop, problems(frame, (1280, 720)))
