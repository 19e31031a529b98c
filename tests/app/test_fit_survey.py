"""The fit test's machinery (tests/fit_survey.py): each of its three findings is caught when
planted (a text shrunk in its box, a run cut with "…", two text runs on top of each other),
what an overlay draws over the table is not an overlap, and a language's findings are
counted beyond English's."""
from __future__ import annotations

from collections import Counter

import pygame
import pytest

pytest.importorskip("babel")
from game.app.transcript import Frame  # noqa: E402
from tests import fit_survey as F  # noqa: E402


def test_a_text_shrunk_in_its_box_is_found(harness):
    found = F.Findings()
    fonts = harness.app.fonts
    spy = F._FitSpy(fonts, found, ["settings"])
    assert spy("Game speed", 20, 400) == 20 and not found.shrunk
    assert spy("Geschwindigkeit des Spiels und der Animationen", 20, 200) < 16
    assert list(found.shrunk) == [("settings", "Geschwindigkeit des Spiels und der Animationen")]


def test_a_cut_run_is_found_and_a_message_that_ends_in_an_ellipsis_is_not():
    assert F.cut_runs(["⟦Bram is playing…ŵŵ⟧", "⟦Read the less…", "Bram"], pseudo=True) == ["⟦Read the less…"]
    assert F.cut_runs(["Bram is playing…", "Read the less…", "Waiting for the others…"], pseudo=False) == \
        ["Read the less…"]


def frame(spans, layers=()):
    return Frame(tuple(i for i, _b in spans), {}, tuple((i, pygame.Rect(b)) for i, b in spans), tuple(layers))


def test_two_runs_on_top_of_each_other_are_found_but_not_a_shadow_a_sliver_or_an_overlay():
    from game.app.transcript import Layer

    f = frame([("text:Bluff!", (100, 100, 80, 20)), ("text:Bluff!", (102, 102, 80, 20)),      # its shadow
               ("text:No bluff", (150, 105, 90, 20)),                                          # on it
               ("text:Round 2", (100, 119, 60, 20)),                                           # a sliver
               ("face:wizard", (100, 100, 116, 162))])
    assert F.overlaps(f) == [("Bluff!", "No bluff"), ("Bluff!", "No bluff")]
    tip = frame([("text:Bluff!", (100, 100, 80, 20)), ("text:A tip over it", (110, 100, 200, 20))],
                [Layer("tip", (pygame.Rect(105, 95, 220, 30),), (), 1, 2)])
    assert F.overlaps(tip) == []


def test_a_language_counts_beyond_english():
    en = F.Findings(shrunk=Counter({("menu", "Quit"): 1}), overlaps=Counter({("table x", "a", "b"): 2}))
    other = F.Findings(shrunk=Counter({("menu", "⟦Quitŵ⟧"): 1, ("menu", "⟦Settingsŵŵ⟧"): 1}),
                       cut=Counter({("lesson x", "⟦Read…"): 1}),
                       overlaps=Counter({("table x", "⟦a⟧", "⟦b⟧"): 3}))
    new = F.compare(en, other)
    assert new.counts() == {"shrunk": 1, "cut": 1, "overlaps": 0}
