"""One seat's words, once (issue 28, "One seat view, two front ends"): the pygame table's log
line of an event and the phone's line for the same event (``game.phones.view.seat_view``) are
the same string, from ``game.words.<id>``; a phone's buttons say the table's words; the words
package imports no pygame."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from game import words
from game.core import registry
from game.core.actions import events_for
from game.match import Match, SeatSpec
from game.phones import view as phone_view

ROOT = Path(__file__).resolve().parents[2]
#: the games whose words live in game.words (the others: the phone falls back to codec labels)
WORDED = tuple(g for g in registry.ids() if (ROOT / "game" / "words" / f"{g}.py").exists())
PLAYERS = {"masterbluff": 4, "death": 5, "court": 2, "ktm": 4, "bossquest": 3}


def play_out(m: Match, seed: int, limit: int = 3000) -> list[list]:
    """Random legal moves by every seat to the end (or ``limit`` moves): the opening events, then
    each action's events, as the table and the phone receive them."""
    rng = random.Random(seed)
    batches = [list(m.opening_events())]
    for _ in range(limit):
        if m.outcome() is not None:
            break
        seat = m.to_act()[0]
        batches.append(list(m.submit(rng.choice(list(m.legal(seat))))))
    return batches


def differences(harness, game: str, seed: int, seat: int) -> tuple[list, int]:
    """Open the table with ``seat`` the lone human, play a seeded game to the end, and list each
    event ``seat`` may see whose table line and phone line differ; and how many lines there were.
    Each action's events go to both as they would: the table merges them as it does before it
    logs them (KTM's coins), the phone's view gets them as one message."""
    n = PLAYERS[game]
    seat %= n
    seats = [SeatSpec(f"P{i}", "human" if i == seat else "ai", "random") for i in range(n)]
    m = Match(game, seats, seed=seed)
    harness.start(match=m)
    t = harness.table
    assert t.viewer == seat and not t.hotseat
    diffs, lines = [], 0
    for batch in play_out(m, seed):
        merged = t.table.prepare(batch) if hasattr(t.table, "prepare") else batch
        mine = events_for(merged, seat)
        phone = phone_view.seat_view(m, seat, batch)["events"]
        assert [e["kind"] for e in phone] == [e.kind for e in mine]
        for e, p in zip(mine, phone):
            if game == "bossquest" and e.kind in ("combat", "fight"):     # as ev_combat / ev_fight keep them
                t.table.fights = {} if e.kind == "combat" else {**t.table.fights, e.data["seat"]: e.data}
            table_line = t.table.describe(e.kind, e.data)
            lines += table_line is not None
            if table_line != p["line"]:
                diffs.append((e.kind, table_line, p["line"]))
    return diffs, lines


def test_every_game_has_its_words_module():
    """Declared once: a game of ``game.rules.GAMES`` has ``game.words.<id>`` (found by its id)."""
    assert set(WORDED) == set(registry.ids())
    for g in WORDED:
        mod = words.module(g)
        assert callable(mod.describe) and callable(mod.action_label)


@pytest.mark.parametrize("game", WORDED)
@pytest.mark.parametrize("seed,seat", [(1, 0), (7, 2)])
def test_the_table_and_the_phone_say_the_same_line_for_every_event(harness, game, seed, seat):
    diffs, lines = differences(harness, game, seed, seat)
    assert lines > 10, "too few lines to compare"
    assert diffs == []


def test_a_planted_difference_is_found(harness, monkeypatch):
    """A table line worded apart from the words module (one kind, one word) fails the check."""
    from game.app.games import masterbluff_lines

    real = masterbluff_lines.describe

    def planted(t, kind, d):
        line = real(t, kind, d)
        return line + "!" if kind == "discard" else line
    monkeypatch.setattr(masterbluff_lines, "describe", planted)
    diffs, _lines = differences(harness, "masterbluff", 1, 0)
    assert diffs and {k for k, _a, _b in diffs} == {"discard"}


def test_you_is_the_phones_own_seat_and_the_others_by_name():
    m = Match("masterbluff", [SeatSpec(n, "human") for n in ("Ada", "Bram", "Cleo")], seed=3)
    w0, w1 = phone_view.seat_words(m, 0), phone_view.seat_words(m, 1)
    d = {"seat": 0, "n": 2, "family": "elf"}
    assert words.describe("masterbluff", w0, "discard", d) == "You declare 2 × Elf"
    assert words.describe("masterbluff", w1, "discard", d) == "Ada declares 2 × Elf"
    call = {"caller": 1, "declarer": 0}
    assert words.describe("masterbluff", w0, "call", call) == "Bram calls Bluff! on you"
    assert words.describe("masterbluff", w1, "call", call) == "You call Bluff! on Ada"


def test_a_phones_buttons_say_the_tables_words():
    import game.rules.masterbluff as mb

    m = Match("masterbluff", [SeatSpec(f"P{i}", "human") for i in range(3)], seed=3)
    v = phone_view.seat_view(m, m.to_act()[0], [])
    labels = [x["label"] for x in v["legal"]]
    assert labels and all(lab.startswith("Declare ") and " × " in lab for lab in labels), labels[:5]
    assert not any("counts" in lab or "·" in lab for lab in labels)
    assert len(set(labels)) == len(labels), "two declarations read the same"
    counts = [0] * len(mb.FAMILIES)
    counts[mb.FAMILIES.index("elf")], counts[mb.FAMILIES.index("ogre")] = 1, 2
    from game.core.actions import Action
    bluff = Action.make(0, "discard", counts=counts, family="elf", token=False)
    assert words.action_label("masterbluff", phone_view.seat_words(m, 0), bluff) == \
        "Declare 3 × Elf (you play 1 × Elf and 2 × Ogre)"
    w = phone_view.seat_words(m, 1)
    assert words.action_label("masterbluff", w, mb.call(1)) == "Bluff!"
    assert words.action_label("masterbluff", w, mb.pass_(1)) == "No bluff"

    d = Match("death", [SeatSpec(f"P{i}", "human") for i in range(4)], seed=2)
    seat = d.to_act()[0]
    labels = [x["label"] for x in phone_view.seat_view(d, seat, [])["legal"]]
    assert "Stand" in labels and all("·" not in lab for lab in labels), labels


def test_the_tables_buttons_use_the_same_words(harness):
    """MasterBluff's answer buttons and Death's move buttons are the words module's labels."""
    from game.app.games import death_lines, masterbluff_lines
    from game.rules.death import TURN_KINDS

    class A:
        def __init__(self, kind):
            self.kind = kind

        def get(self, k, default=None):
            return default
    for k in TURN_KINDS:
        assert death_lines.words.power_label(A(k)) == death_lines.words.action_label(None, A(k))
    assert masterbluff_lines.words.action_label(None, A("call")) == "Bluff!"


def test_the_words_package_imports_no_pygame():
    code = ("import sys, game.words, game.words.seats\n"
            + "".join(f"import game.words.{g}\n" for g in WORDED)
            + "import game.phones.view\n"
            + "assert 'pygame' not in sys.modules, 'pygame imported'\n"
            + "assert not any(m.startswith('game.app') for m in sys.modules), 'game.app imported'\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr


def test_phone_buttons_of_every_game_are_words_not_codec_dumps():
    """Each game's first legal actions on a phone: no codec dump ("kind · param value"), and
    Boss Quest's Magician buttons name their spell where the table's panel title does."""
    from game.rules import bossquest as bq

    for g in registry.ids():
        m = Match(g, [SeatSpec(f"P{i}", "human") for i in range(PLAYERS[g])], seed=5)
        rng = random.Random(5)
        for _ in range(40):
            seat = m.to_act()[0]
            labels = [x["label"] for x in phone_view.seat_view(m, seat, [])["legal"]]
            assert labels and not any(" · " in lab or "_" in lab for lab in labels), (g, labels)
            m.submit(rng.choice(list(m.legal(seat))))
            if m.outcome() is not None:
                break
    m = Match("bossquest", [SeatSpec(f"P{i}", "human") for i in range(3)], seed=1)
    w = phone_view.seat_words(m, 0)
    assert words.button_label("bossquest", w, bq.equip(0, 2)) == "Take 2"
