"""Fireball Court's first-turn caption is one whole sentence (words are built whole: it was
"{name} plays first" glued to " (highest number card: {a} against {b})").  Who starts and
why, as RULINGS.md "Start player" says: the highest number card (both players show theirs:
public), a tie, or neither holding a number card (the player who did not start the previous
round; in round 1 the first seat).  Each caption comes from one msgid: a test catalogue that
reorders its fields shows the whole sentence reordered, and in a pseudo-locale each caption
is one mark."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from game.app.games import court_lines
from game.core import i18n
from game.words.seats import SeatWords
from tests.i18n_helpers import CLOSE, OPEN, pseudo_locale

#: (why, round, seat, highs) -> the caption for the lone person at seat 0 facing Bram
CASES = {
    ("highest", 1, 0, (9, 8)): "You play first (highest number card: 9 against 8)",
    ("highest", 2, 1, (5, 7)): "Bram plays first (highest number card: 7 against 5)",
    ("tie", 1, 0, (7, 7)): "You play first (a tie at 7: in the first round a tie goes to you)",
    ("tie", 1, 1, (7, 7)): "Bram plays first (a tie at 7: in the first round a tie goes to Bram)",
    ("tie", 3, 0, (6, 6)): "You play first (a tie at 6: you did not start last round)",
    ("tie", 3, 1, (6, 6)): "Bram plays first (a tie at 6: Bram did not start last round)",
    ("no_number", 1, 0, (0, 0)):
        "You play first (neither player holds a number card: in the first round a tie goes to you)",
    ("no_number", 1, 1, (0, 0)):
        "Bram plays first (neither player holds a number card: in the first round a tie goes to Bram)",
    ("no_number", 2, 0, (0, 0)): "You play first (neither player holds a number card: you did not start last round)",
    ("no_number", 2, 1, (0, 0)):
        "Bram plays first (neither player holds a number card: Bram did not start last round)",
}


def table(hotseat: bool = False):
    """What ``start_caption`` reads of a table: its kit's seat words (seat 0 is "You" unless
    several people share the screen)."""
    return SimpleNamespace(kit=SeatWords(["Ada", "Bram"], 0, hotseat=hotseat))


def caption(why, rnd, seat, highs, hotseat=False) -> str:
    return court_lines.start_caption(table(hotseat), {"round": rnd, "seat": seat, "highs": list(highs), "why": why})


@pytest.fixture
def lang_back():
    yield
    i18n.set_language("en")


def test_every_start_caption_is_a_true_whole_sentence():
    for (why, rnd, seat, highs), want in CASES.items():
        assert caption(why, rnd, seat, highs) == want
    # hot seat: nobody is "You"
    assert caption("highest", 1, 0, (9, 8), hotseat=True) == "Ada plays first (highest number card: 9 against 8)"
    # neither holds a number card: no "0 against 0"
    assert all("0 against 0" not in caption("no_number", r, s, (0, 0)) for r in (1, 2) for s in (0, 1))


def test_each_start_caption_is_one_msgid_in_a_pseudo_locale(tmp_path, monkeypatch, lang_back):
    """Every caption is one mark ⟦…⟧ of the pseudo-locale (one message), never two glued."""
    pseudo_locale(tmp_path, "it")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("it") == "it"
    for why, rnd, seat, highs in CASES:
        for hotseat in (False, True):
            got = caption(why, rnd, seat, highs, hotseat)
            assert got.startswith(OPEN) and got.endswith(CLOSE) and got.count(OPEN) == 1, got


def test_a_catalogue_that_reorders_the_fields_reorders_the_whole_caption(tmp_path, monkeypatch, lang_back):
    cat = Catalog(locale="it", domain="crowntable")
    cat.add("{name} plays first (highest number card: {a} against {b})",
            "Con {a} contro {b} come carta numerata più alta, {name} gioca per primo")
    cat.add("You play first (a tie at {a}: you did not start last round)",
            "Parità a {a}, e non hai iniziato lo scorso round: giochi per primo")
    mo = tmp_path / "it" / "LC_MESSAGES" / "crowntable.mo"
    mo.parent.mkdir(parents=True)
    with open(mo, "wb") as f:
        write_mo(f, cat)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("it") == "it"
    assert caption("highest", 2, 1, (5, 7)) == "Con 7 contro 5 come carta numerata più alta, Bram gioca per primo"
    assert caption("tie", 3, 0, (6, 6)) == "Parità a 6, e non hai iniziato lo scorso round: giochi per primo"


@pytest.mark.parametrize("lang", ["it", "fr", "es", "de", "pt"])
def test_the_shipped_catalogues_translate_every_start_caption(lang, lang_back):
    assert i18n.set_language(lang) == lang
    for why, rnd, seat, highs in CASES:
        for hotseat in (False, True):
            got = caption(why, rnd, seat, highs, hotseat)
            with i18n.speaking("en"):
                english = caption(why, rnd, seat, highs, hotseat)
            assert got != english and "{" not in got, (lang, got)
            assert all(str(n) in got for n in set(highs) if n), (lang, got)     # the cards shown stay shown
