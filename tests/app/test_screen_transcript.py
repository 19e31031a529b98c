"""The screen is proven too: what a seat's screen shows (every text run, every face) is the
same whatever the cards hidden from that seat, until something is revealed to it.

The kit records each drawn frame in test mode (``game/app/transcript.py``).  For every table,
a seeded game is played twice (or more): once from the seed's deal (run A), once from a deal
that differs only in cards hidden from seat ``s`` (``tests/contract_variants.py``, applied to
the first state; run B).  Both runs take the same actions: a shared script picks each action,
at random, among the actions legal in BOTH deals for the seat that acts (the humans' moves and
the "AI" seats', which the script plays through the kit's pacer), so nothing the seats do
depends on the hidden cards.  Then:

- seat ``s``'s transcript (the frames drawn while ``s`` is at the screen, and the shared
  screens: a curtain, or a hot-seat screen whose secrets are hidden) is the same in both runs
  up to the first action whose events reveal to ``s`` something that differs between the
  runs (``Event.reveals_to``);
- hot seat: the shared screens alone are the same in both runs up to the first action whose
  public events differ, so nothing private stays on the shared screen once its owner's
  moment ends.

Each step of the table's queue is drawn in one frame (its caption, its log line), at the
"fast" speed with each frame's time set to end the step on screen.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.app import transcript
from game.app.main import parse_seats
from game.core import GameError, events_for, registry
from game.core.rules import GameConfig
from game.core.rng import Rng
from game.match import Match
from game.rules import bossquest as BQ
from game.rules import ktm as KTM

SIZE = (640, 360)        # the transcript does not depend on the window size; small draws fast
LIMIT = 70               # actions per game at most (every table ends its first round before)
PLAYERS = {"masterbluff": 3, "court": 2, "death": 3, "ktm": 3, "bossquest": 3}
SEEDS = {"masterbluff": 7, "court": 3, "death": 5, "ktm": 21, "bossquest": 7}


# ---------------------------------------------------------------------------- the script
class Shadow:
    """A variant deal followed at the rules level along run A's actions: where seat ``seat``
    first sees something that differs (``stop``: frames after that many actions are not
    compared), and where the public events first differ (``stop_public``)."""

    def __init__(self, state, seat: int) -> None:
        self.state = state
        self.initial = state
        self.seat = seat
        self.stop: int | None = None
        self.stop_public: int | None = None
        self.illegal: int | None = None
        self.silent: list[int] = []      # the seat's events differ without a reveal mark

    @property
    def alive(self) -> bool:
        return self.illegal is None and (self.stop is None or self.stop_public is None)


class Script:
    """Chooses every action of run A among those legal in run A and in every live shadow;
    the other runs replay the same choices (by move number and seat)."""

    def __init__(self, rules, seed: int, shadows: list[Shadow]) -> None:
        self.rules = rules
        self.seed = seed
        self.shadows = shadows
        self.decided: dict[tuple[int, int], object] = {}
        self.folded = 0
        self.recording = True

    def sync(self, m: Match) -> None:
        for i in range(self.folded, len(m.log)):
            action, ev_a = m.log[i], m.action_events[i]
            for sh in self.shadows:
                if not sh.alive:
                    continue
                try:
                    state, ev_b = self.rules.apply(sh.state, action)
                except GameError:
                    sh.illegal = i
                    continue
                sh.state = state
                mine_a, mine_b = events_for(ev_a, sh.seat), events_for(ev_b, sh.seat)
                if sh.stop is None and mine_a != mine_b:
                    if any(e.reveals_to(sh.seat) for e in mine_a + mine_b):
                        sh.stop = i
                    else:
                        sh.silent.append(i)
                if sh.stop_public is None and events_for(ev_a, None) != events_for(ev_b, None):
                    sh.stop_public = i
        self.folded = len(m.log)

    def action(self, m: Match, seat: int):
        key = (len(m.log), seat)
        legal = m.legal(seat)
        if key in self.decided and self.decided[key] in legal:
            return self.decided[key]
        assert self.recording, f"run B asks for a move run A never made: {key}"
        self.sync(m)
        spaces = [self.rules.legal_actions(sh.state, seat) for sh in self.shadows if sh.alive]
        rng = Rng(self.seed * 1000003 + key[0] * 101 + seat)
        choice = None
        for _ in range(30):                   # a random legal move, legal in every deal
            a = legal.sample(rng)
            if all(a in space for space in spaces):
                choice = a
                break
        if choice is None:
            common = [a for a in legal if all(a in space for space in spaces)]
            pool = sorted(common or legal, key=str)
            choice = random.Random(key[0] * 101 + seat).choice(pool)
        self.decided[key] = choice
        return choice


# ---------------------------------------------------------------------------- the runs
def play(game: str, seats: str, seed: int, deck, script: Script, upto: int, home, last: bool = True) -> list:
    """Play ``game`` from the explicit ``deck`` with ``script``'s moves until move ``upto`` is
    made (``last``: until ``upto`` moves were made and the table is still), or the game is
    over; return the frames drawn."""
    rec = transcript.start()
    first = len(rec.frames)
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=SIZE, speed="fast", home=str(home))
    try:
        h.app.settings.memory_aid = True             # King Thief Minister's labels are drawn too
        m = Match(game, parse_seats(seats), seed=seed, deck=deck)
        h.app.start_table(match=m)
        h.step(0.0)
        t = h.table

        def ai_moves(dt, submit):                     # the AI seats play the script's moves
            for seat in m.to_act():
                if not m.is_human(seat):
                    submit(script.action(m, seat))
                    return
        t.pacer.update = ai_moves
        for _ in range(20 * LIMIT + 400):
            if h.scene is not t or len(m.log) > upto:
                break
            if len(m.log) == upto and last and not t.busy():
                break
            if t.curtain_for is not None and not t.busy():
                t.lift_curtain()
            elif t.steps.waiting():
                t.release_step()
            elif not t.busy() and t.privacy.may_act(t.viewer) and t.viewer in m.to_act():
                t.submit(script.action(m, t.viewer))
            st = t.steps
            if st.step is not None:                   # end the step on screen: one frame each
                dt = 0.0 if st.waiting() else max(0.0, st.left) + 1e-3
            else:
                dt = 0.0 if st.queue else 1 / 60
            h.step(dt)
        else:
            raise AssertionError(f"{game}: the run did not finish ({len(m.log)} moves)")
        assert t.view_mismatches == []
        return rec.frames[first:]
    finally:
        h.close()


def seat_transcript(frames, seat: int, upto: int, shared_only: bool = False) -> list[tuple[int, tuple]]:
    """The distinct successive frames seat ``seat`` sees up to ``upto`` moves: (moves, items)."""
    out: list[tuple[int, tuple]] = []
    for f in frames:
        meta = f.meta
        if "log" not in meta or meta["log"] > upto:
            continue
        shared = meta["curtain"] is not None or meta["hidden"]
        if (shared_only and not shared) or (not shared and meta["viewer"] != seat):
            continue
        if out and out[-1][1] == f.items:
            continue
        out.append((meta["log"], f.items))
    return out


def same_screen(a, b, what: str) -> None:
    """Two transcripts must be equal; else say where and how they differ."""
    for i, (fa, fb) in enumerate(zip(a, b)):
        if fa != fb:
            only_a = [x for x in fa[1] if x not in fb[1]]
            only_b = [x for x in fb[1] if x not in fa[1]]
            raise AssertionError(f"{what}: frame {i} (after {fa[0]} / {fb[0]} moves) differs: "
                                 f"only in deal A {only_a[:8]}, only in deal B {only_b[:8]}")
    assert len(a) == len(b), f"{what}: {len(a)} frames against {len(b)}"


def main_deck(game: str, rules, config) -> list[str]:
    """The cards of the game's main deck (``deck_names[0]``), sorted."""
    census = rules.card_census(rules.new_game(config, seed=0))
    if game == "ktm":
        census = {nm: 1 for nm in KTM.NAMES}
    elif game == "bossquest":
        census = {nm: census[nm] for nm in BQ.WEAPON_NAMES}
    return [nm for nm, k in sorted(census.items()) for _ in range(k)]


def deals(game: str, players: int, seed: int, seat: int) -> tuple[list, list]:
    """Two explicit orders of the main deck (the rest dealt from ``seed``): the seed's
    shuffle, and the same with two cards swapped that ``seat`` cannot tell apart: its
    observation and its part of the opening deal are the same.  A swap that changes what
    another seat sees (its hand, its hidden weapon) is preferred to one deep in the deck."""
    rules = registry.get(game)
    config = GameConfig(players, {})
    name = rules.deck_names[0]
    order = Rng(seed).shuffle(main_deck(game, rules, config))
    opening = getattr(rules, "opening_events", lambda st: ())

    def game_of(o):
        return rules.new_game(config, seed=seed, deck={name: o})

    a = game_of(order)
    pairs = [(i, j) for i in range(len(order)) for j in range(i + 1, len(order)) if order[i] != order[j]]
    fallback = None
    for i, j in Rng(seed * 31 + seat).shuffle(pairs)[:300]:
        other = list(order)
        other[i], other[j] = other[j], other[i]
        b = game_of(other)
        if rules.observe(a, seat) != rules.observe(b, seat) \
                or events_for(opening(a), seat) != events_for(opening(b), seat):
            continue
        if any(rules.observe(a, u) != rules.observe(b, u) for u in range(players) if u != seat):
            return order, other
        fallback = fallback or (order, other)
    assert fallback, f"{game}: no two deals that seat {seat} cannot tell apart"
    return fallback


def check_table(game: str, hotseat: bool, tmp_path, seed: int | None = None) -> dict:
    """Play run A and one run B per compared seat; assert the transcripts agree. Returns the
    number of frames and moves compared per seat (for the sanity checks)."""
    n = PLAYERS[game]
    seed = SEEDS[game] if seed is None else seed
    seats = ",".join(["human"] * n) if hotseat else ",".join(["human"] + ["ai"] * (n - 1))
    compared = list(range(n)) if hotseat else [0]
    name = registry.get(game).deck_names[0]
    pairs = {s: deals(game, n, seed, s) for s in compared}
    m0 = Match(game, parse_seats(seats), seed=seed, deck={name: pairs[compared[0]][0]})
    shadows = [Shadow(Match(game, parse_seats(seats), seed=seed, deck={name: pairs[s][1]}).initial, s)
               for s in compared]
    script = Script(m0.rules, seed, shadows)
    frames_a = play(game, seats, seed, {name: pairs[compared[0]][0]}, script, LIMIT, tmp_path / "a")
    moves = min(LIMIT, max(f.meta["log"] for f in frames_a if "log" in f.meta))
    script.recording = False
    report = {}
    for sh in shadows:
        # no move legal in both deals (a hand that differs must play its own cards): the
        # comparison ends there
        end = moves if sh.illegal is None else sh.illegal
        stop = min(end, moves if sh.stop is None else sh.stop)
        stop_public = min(end, moves if sh.stop_public is None else sh.stop_public)
        upto = max(stop, stop_public if hotseat else 0)
        frames_b = play(game, seats, seed, {name: pairs[sh.seat][1]}, script, upto, tmp_path / f"b{sh.seat}",
                        last=upto == moves)
        a, b = seat_transcript(frames_a, sh.seat, stop), seat_transcript(frames_b, sh.seat, stop)
        same_screen(a, b, f"{game} seat {sh.seat}'s screen")
        if hotseat:
            same_screen(seat_transcript(frames_a, sh.seat, stop_public, True),
                        seat_transcript(frames_b, sh.seat, stop_public, True),
                        f"{game} shared screen (deals differing in cards hidden from seat {sh.seat})")
        report[sh.seat] = (len(a), stop, sh.silent)
    return report


# ---------------------------------------------------------------------------- the tests
@pytest.fixture(autouse=True)
def _recorder():
    yield
    transcript.stop()


KNOWN = {}


def _case(game, hotseat):
    reason = KNOWN.get((game, hotseat))
    marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
    return pytest.param(game, hotseat, marks=marks, id=f"{game}-{'hotseat' if hotseat else 'ai'}")


@pytest.mark.parametrize("game,hotseat", [_case(g, hs) for g in PLAYERS for hs in (False, True)])
def test_a_seat_screen_shows_nothing_of_the_cards_hidden_from_it(game, hotseat, tmp_path):
    report = check_table(game, hotseat, tmp_path)
    for seat, (frames, stop, _silent) in report.items():
        assert frames >= 3, f"{game} seat {seat}: only {frames} frames compared (stop after {stop} moves)"
