"""The ladder (Easy, Normal, Hard) in every game: Easy is legal, deterministic and makes
mistakes; no level's decision depends on hidden cards (honesty); every world the Hard
agent's belief samples gives exactly the seat's observation."""
from __future__ import annotations

import inspect
import zlib

import pytest

from game.ai import GAMES as AI_GAMES, LADDER, levels_for, make_agent
from game.ai.easy import EasyAgent
from game.ai.simulate import play_game
from game.core import registry
from game.core.registry import resolve
from game.core.rng import Rng

from ai_helpers import states_of_play

#: every registered game (import game.ai above fills the registry)
GAMES = registry.ids()
#: player counts tried per game (Court is head to head); a game missing here fails its tests
PLAYERS = {"masterbluff": (3, 4), "court": (2,), "death": (4, 6), "ktm": (3, 6), "bossquest": (3, 4)}
#: a Hard agent small enough for a test (a few seconds per game)
SMALL_HARD = dict(budget_steps=60, min_worlds=2, max_worlds=3, max_candidates=3)


def positions(game: str, seed: int, every: int, limit: int, levels=("normal", "random")):
    """(state, seat) met in seeded games at each of the game's player counts."""
    for players in PLAYERS[game]:
        yield from states_of_play(game, seed + players, players, None, levels, every, limit)


def small_hard(game: str):
    agent = make_agent(game, "hard")
    for k, v in SMALL_HARD.items():
        setattr(agent, k, v)
    return agent


def make_level(game: str, level: str):
    return small_hard(game) if level == "hard" else make_agent(game, level)


# -- Easy ---------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_easy_is_registered(game):
    assert "easy" in levels_for(game)
    agent = make_agent(game, "easy")
    easy = resolve(AI_GAMES[game].easy)
    assert isinstance(agent, EasyAgent) and agent.name == "easy"
    assert agent.knobs is easy.knobs and agent._act is easy.act


@pytest.mark.parametrize("game", GAMES)
def test_easy_is_legal_deterministic_and_makes_mistakes(game):
    rules = registry.get(game)
    agent = make_agent(game, "easy")
    n = differs = 0
    for st, seat in positions(game, 40, every=2, limit=150, levels=("easy", "normal", "random")):
        obs, legal = rules.observe(st, seat), rules.legal_actions(st, seat)
        a = agent.act(obs, legal, Rng(n))
        assert a in legal
        assert make_agent(game, "easy").act(obs, legal, Rng(n)) == a       # a fresh agent, the same rng
        assert agent.act(obs, legal, Rng(n)) == a                           # no memory between calls
        differs += make_agent(game, "normal").act(obs, legal, Rng(n)) != a
        n += 1
    assert n >= 30
    assert differs >= 2          # it does make mistakes (Normal decides otherwise somewhere)


@pytest.mark.parametrize("game", GAMES)
def test_easy_games_end(game):
    for players in PLAYERS[game]:
        m = play_game(game, ["easy"] * players, seed=players)
        assert m.outcome() is not None


# -- honesty --------------------------------------------------------------------------------
def assert_honest(game: str, make, positions, variants: int = 2, seed: int = 0) -> tuple[int, int]:
    """At every ``(state, seat)`` of ``positions``: ``make()`` decides the same (same rng seed)
    in ``state`` and in ``variants`` other full states from ``rules.determinize`` that the seat
    cannot tell apart from it (``rules.observe(other, seat) == obs``), each decision by a
    fresh agent on that state's own observation and legal space.  Returns (positions,
    variants whose hidden cards really differ from the state's)."""
    rules = registry.get(game)
    rng = Rng(seed)
    n = moved = 0
    for real, seat in positions:
        obs = rules.observe(real, seat)
        state = real             # the state the agent is asked about (LeakyAgent looks it up)
        a = make().act(obs, rules.legal_actions(state, seat), Rng(1000 + n))
        for _ in range(variants):
            state = rules.determinize(obs, rng)
            assert rules.observe(state, seat) == obs
            moved += state != real
            b = make().act(rules.observe(state, seat), rules.legal_actions(state, seat), Rng(1000 + n))
            assert b == a, f"{game}: the decision changed with the hidden cards ({a} vs {b})"
        n += 1
    return n, moved


class LeakyAgent:
    """A cheat, to prove that :func:`assert_honest` catches one: it finds the real state in
    its caller's frame and lets the hidden cards (the whole state) pick its move."""

    name = "leaky"

    def __init__(self, game: str):
        self.rules = registry.get(game)

    def _state(self):
        frame = inspect.currentframe()
        while frame is not None:
            st = frame.f_locals.get("state")
            if st is not None:
                return st
            frame = frame.f_back
        return None

    def act(self, obs, legal, rng):
        st = self._state()
        return legal.sample(Rng(zlib.crc32(repr(st).encode())))


HONESTY_POSITIONS = {"easy": dict(every=5, limit=120), "normal": dict(every=5, limit=120),
                     "hard": dict(every=25, limit=100)}


@pytest.mark.parametrize("level", LADDER)
@pytest.mark.parametrize("game", GAMES)
def test_no_level_reads_hidden_cards(game, level):
    n, moved = assert_honest(game, lambda: make_level(game, level),
                             positions(game, 50, **HONESTY_POSITIONS[level]), seed=7)
    assert n >= 3
    assert moved >= 1            # some variants really dealt the hidden cards otherwise


@pytest.mark.parametrize("game", GAMES)
def test_the_honesty_check_catches_a_leaky_agent(game):
    with pytest.raises(AssertionError, match="hidden cards"):
        assert_honest(game, lambda: LeakyAgent(game), positions(game, 50, every=5, limit=120), seed=7)


# -- the Hard agent's belief ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_every_sampled_world_gives_exactly_the_seats_observation(game):
    """Over many mid-game positions, every world of the plug-in's ``belief`` observes as the
    seat does, with a positive weight (whatever the plug-in's belief is)."""
    rules = registry.get(game)
    plugin = make_agent(game, "hard").plugin
    rng = Rng(11)
    n = 0
    for st, seat in positions(game, 60, every=3, limit=150):
        obs = rules.observe(st, seat)
        for _ in range(3):
            world, weight = plugin.belief(obs, rng)
            assert rules.observe(world, seat) == obs
            assert weight > 0
            n += 1
    assert n >= 60
