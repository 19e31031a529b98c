"""Play-test: MasterBluff's family names and Fireball Court's senior suits reached the screen as
raw English ("wizard".capitalize(), "king".capitalize(), "{suit} set" glued with an English suit,
the banner's f"{n} × {family}"), never through the translation.  With a marking translation
installed, every one of them must come out marked."""
from __future__ import annotations

import gettext

import pytest

from game.core import i18n


class Marking(gettext.NullTranslations):
    def gettext(self, message):
        return f"<{message}>"

    def ngettext(self, singular, plural, n):
        return f"<{singular if n == 1 else plural}>"


@pytest.fixture
def marked(monkeypatch):
    monkeypatch.setattr(i18n, "_translation", Marking())


def test_masterbluff_family_names_are_translated(marked):
    from game.app.games.masterbluff import fam_title
    from game.rules.masterbluff import FAMILIES

    assert [fam_title(f) for f in FAMILIES] == ["<Wizard>", "<Witch>", "<Elf>", "<Ogre>", "<Fairy>", "<Jester>"]
    assert fam_title(0) == "<Wizard>"


def drawn_strings(monkeypatch, module, fn):
    seen = []
    real = module.text

    def spy(surf, app, s, *a, **k):
        seen.append(s)
        return real(surf, app, s, *a, **k)

    monkeypatch.setattr(module, "text", spy)
    fn()
    monkeypatch.setattr(module, "text", real)
    return seen


def test_masterbluff_banner_count_and_family_go_through_the_translation(harness, monkeypatch):
    from game.app.games import masterbluff_draw as mb          # the table's drawing

    h = harness
    h.start(seats="human,ai,ai", seed=7)
    t = h.table
    assert h.run_until(lambda: t.shown.last is not None and not t.busy(), 5000)
    monkeypatch.setattr(i18n, "_translation", Marking())
    seen = drawn_strings(monkeypatch, mb, lambda: h.app.draw(h.app.screen))
    declared = [s for s in seen if "×" in s]
    assert declared and all(s.startswith("<") for s in declared), declared


def test_court_senior_names_and_set_rows_are_translated(harness, monkeypatch):
    from game.app.games import court_draw as court            # the table's drawing

    h = harness
    h.start(game="court", seats="human,ai", seed=3)
    t = h.table
    monkeypatch.setattr(i18n, "_translation", Marking())
    seen = drawn_strings(monkeypatch, court, lambda: t.table.draw_captures(h.app.screen, 0))
    assert {"<King>", "<Castle>", "<Knight>"} <= set(seen)          # the empty senior slots
    assert not {"King", "Castle", "Knight"} & set(seen)
    seat = {"coins": 3, "steal": 0, "points": 5, "total": 5,
            "sets": [{"suit": "king", "cards": 2, "points": 2}, {"suit": "knight", "cards": 3, "points": 5}]}
    labels = [label for label, _vals in t.table.summary_rows({"seats": [seat, seat], "target": 101})]
    assert "<King set>" in labels and "<Knight set>" in labels
