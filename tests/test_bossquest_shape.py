"""Boss Quest's shape (issue 26): no module-level state written at run time, and the one
trusted-action holder (the rules object's ``LegalMemo``) trusts only the very action objects
``legal_actions`` gave for that very state; anything else goes the checked way."""
from __future__ import annotations

import copy
import functools
import types

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.core.actions import Action, IllegalAction, NotYourTurn
from game.core.memo import LegalMemo
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules import bossquest as B

R = B.RULES


def _snapshot() -> dict[str, object]:
    """Every module global that could hold state: containers by a copy of their contents,
    caches by their size."""
    out: dict[str, object] = {}
    for name, v in vars(B).items():
        if isinstance(v, (types.ModuleType, type)) or name.startswith("__"):
            continue
        if hasattr(v, "cache_info"):
            out[name] = ("cache", v.cache_info().currsize)
        elif isinstance(v, (dict, list, set, bytearray, types.MappingProxyType)):
            out[name] = copy.copy(dict(v) if isinstance(v, types.MappingProxyType) else v)
        else:
            out[name] = ("id", id(v))
    return out


def _play_everything(games: int = 6) -> int:
    """Whole games through every entry point: legal actions, apply (trusted and checked, taken
    and refused), observe, determinize, the census, the outcome."""
    steps = 0
    for seed in range(games):
        n = 2 + seed % 4
        state = R.new_game(GameConfig(n, {}), seed=seed)
        pick = Rng(seed)
        while R.outcome(state) is None:
            seat = R.to_act(state)[0]
            for v in (None, *range(n)):
                obs = R.observe(state, v)
            R.determinize(obs, Rng(steps))
            R.card_census(state)
            legal = R.legal_actions(state, seat)
            a = legal.sample(pick)
            R.apply(state, Action.make(a.seat, a.kind, **dict(a.params)))       # checked
            with pytest.raises(IllegalAction):
                R.apply(state, Action.make((seat + 1) % n, "wait"))
            R.legal_actions(state, seat)
            state, _events = R.apply(state, a)                                   # trusted
            steps += 1
    return steps


def test_no_module_level_state_is_written_at_run_time():
    """Tables are built at import and never change; nothing is cached in the module
    (no ``lru_cache``, no dictionary filled by ``legal_actions`` or ``apply``)."""
    assert not [name for name, v in vars(B).items()
                if isinstance(v, functools._lru_cache_wrapper)], "a cache at module level"
    before = _snapshot()
    assert _play_everything() > 150
    after = _snapshot()
    changed = sorted(k for k in before if before[k] != after.get(k))
    assert not changed, changed
    assert set(after) == set(before)


def test_the_rules_object_keeps_only_its_memo():
    assert list(vars(R)) == ["_memo"] and isinstance(R._memo, LegalMemo)


def _at_turn_of_seat_one():
    state = R.new_game(GameConfig(3, {}), deck={"weapons": list(B.WEAPON_NAMES)})
    while R.to_act(state)[0] != 1:
        state, _e = R.apply(state, R.legal_actions(state, R.to_act(state)[0]).actions[-1])
    return state


def test_a_bool_seat_equal_to_a_legal_action_is_refused_the_checked_way():
    """``Action(True, ...) == Action(1, ...)`` (``True == 1``, equal hashes): it is not one of
    the space's objects, so it is checked, and True is no seat."""
    state = _at_turn_of_seat_one()
    legal = R.legal_actions(state, 1)
    one = next(a for a in legal if a.kind == "equip")
    fake = Action(True, one.kind, one.params)
    assert fake == one and hash(fake) == hash(one)
    with pytest.raises(IllegalAction, match="no seat True"):
        R.apply(state, fake)
    R.apply(state, one)                   # the space's own object is taken


def test_an_equal_action_not_given_by_the_space_goes_the_checked_way(monkeypatch):
    state = _at_turn_of_seat_one()
    calls: list[Action] = []
    real = R._check

    def spy(st, action):
        calls.append(action)
        return real(st, action)

    monkeypatch.setattr(R, "_check", spy)
    legal = R.legal_actions(state, 1)
    for a in legal:
        R.legal_actions(state, 1)
        own = R.apply(state, a)
        assert calls == []                                    # trusted: no checks
        twin = Action.make(a.seat, a.kind, **dict(a.params))
        assert twin == a and twin is not a
        R.legal_actions(state, 1)
        other = R.apply(state, twin)
        assert calls == [twin]                                # checked
        calls.clear()
        assert own[0] == other[0] and own[1] == other[1]
    # an action of the space, but for another state (an equal one made elsewhere): checked
    again = R.new_game(GameConfig(3, {}), deck={"weapons": list(B.WEAPON_NAMES)})
    a = R.legal_actions(again, R.to_act(again)[0]).actions[0]
    same = R.new_game(GameConfig(3, {}), deck={"weapons": list(B.WEAPON_NAMES)})
    assert same == again and same is not again
    R.apply(same, a)
    assert calls == [a]


def test_a_trusted_action_skips_only_the_checks():
    """Out of turn, a space's object for another seat is not trusted: refused as the checked
    path refuses it."""
    state = _at_turn_of_seat_one()
    other = R.legal_actions(state, 2)                           # not seat 2's turn: empty
    assert not other
    mine = R.legal_actions(state, 1).actions[0]
    later, _e = R.apply(state, mine)
    with pytest.raises(NotYourTurn):
        R.apply(later, mine)
