"""King Thief Minister, issue 26: each move written once, and no module-level mutable state.

``apply`` trusts an action only when it is one of the very objects ``legal_actions`` has
just given for that very state (``RULES._memo``, game/core/memo.py); then it skips the
checks, otherwise it runs the one refusal function; either way it runs the one step of
the action's kind (``ktm._STEPS``).  The rules module itself keeps nothing that changes.
"""
import types

import pytest

from game.core.actions import Action, IllegalAction
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules import ktm as K
from ktm_helpers import RULES


def _fingerprint(value, depth=3):
    """What a module-level value holds now: its identity and, for containers and plain
    objects, their contents (a few levels down)."""
    if depth == 0 or value is None or isinstance(value, (bool, int, float, str, bytes, frozenset)):
        return (id(value), value if isinstance(value, (bool, int, float, str)) else None)
    if isinstance(value, dict):
        return (id(value), tuple((k, _fingerprint(v, depth - 1)) for k, v in value.items()))
    if isinstance(value, (list, tuple, set)):
        items = sorted(value, key=id) if isinstance(value, set) else value
        return (id(value), tuple(_fingerprint(v, depth - 1) for v in items))
    own = getattr(value, "__dict__", None)
    if type(own) is dict and not isinstance(value, (type, types.ModuleType, types.FunctionType)):
        return (id(value), _fingerprint(own, depth - 1))
    return (id(value),)


def _module_state():
    """Every global of the rules module but the rules object (which keeps its memo and its
    table of legal lists, as issue 26 allows)."""
    return {k: (_fingerprint(v) if v is not K.RULES else (id(v),)) for k, v in vars(K).items()
            if not k.startswith("__")}


def _play(players, seed, agent_rng):
    state = RULES.new_game(GameConfig(players), seed=seed)
    n = 0
    while RULES.outcome(state) is None:
        seat = RULES.to_act(state)[0]
        for v in (None, *range(players)):
            RULES.observe(state, v)
        space = RULES.legal_actions(state, seat)
        action = space.sample(agent_rng)
        if n % 3 == 0:                  # an equal action made anew: the checked way
            action = Action.from_json(action.to_json())
        state, _e = RULES.apply(state, action)
        n += 1
    return state


def test_seeded_games_leave_the_module_as_they_found_it():
    """No module-level mutable state written at run time: after seeded games at every player
    count (legal actions, trusted and checked applies, observations, a determinized world,
    refusals) every global of ktm.py is the same object holding the same contents."""
    _play(6, 0, Rng(0))                 # anything made at the first game is made by now
    before = _module_state()
    rng = Rng(1)
    for players, seed in ((6, 1), (5, 2), (4, 3), (3, 4), (6, 5)):
        last = _play(players, seed, rng)
        RULES.determinize(RULES.observe(last, 0), Rng(seed))
    state = RULES.new_game(GameConfig(4), seed=9)
    with pytest.raises(IllegalAction):
        RULES.apply(state, Action.make(7, "peek", spot=1))
    assert _module_state() == before


def _states(players, seed, steps=600):
    rng = Rng(seed)
    state = RULES.new_game(GameConfig(players), seed=seed)
    out = [state]
    while RULES.outcome(state) is None and len(out) < steps:
        seat = RULES.to_act(state)[0]
        state, _e = RULES.apply(state, RULES.legal_actions(state, seat).sample(rng))
        out.append(state)
    return out


def test_trusted_and_checked_run_the_one_step(monkeypatch):
    """The trusted path skips only the refusal: for every kind of action both paths call the
    very same step function once, with the same action, and give the same state and events."""
    steps, refusals = [], []
    for kind, step in list(K._STEPS.items()):
        monkeypatch.setitem(K._STEPS, kind, lambda p, a, _s=step: steps.append(a) or _s(p, a))
    real = K._refusal
    monkeypatch.setattr(K, "_refusal", lambda st, a: refusals.append(a) or real(st, a))
    kinds = set()
    for players, seed in ((6, 50), (5, 51), (4, 52), (3, 53)):
        for state in _states(players, seed):
            for seat in RULES.to_act(state)[:2]:
                acts = RULES.legal_actions(state, seat).actions
                for a in acts if len(acts) <= 10 else acts[::17]:
                    RULES.legal_actions(state, seat)
                    del steps[:], refusals[:]
                    trusted = RULES.apply(state, a)
                    assert steps == [a] and refusals == []
                    RULES._memo.forget()
                    del steps[:]
                    checked = RULES.apply(state, a)
                    assert steps == [a] and refusals == [a]
                    assert trusted[0] == checked[0] and trusted[1] == checked[1]
                    kinds.add(a.kind)
    assert kinds == set(K.PARAMS), set(K.PARAMS) - kinds


def _find(pred, players=6):
    for seed in range(40):
        for state in _states(players, seed):
            if RULES.outcome(state) is None and pred(state):
                return state
    raise AssertionError("no such state")


def test_a_bool_seat_or_an_equal_foreign_action_goes_the_checked_way(monkeypatch):
    """Trust is by identity: ``True`` for seat 1 (``True == 1``) is refused as no seat even
    right after seat 1's legal actions were given, and an equal action made anew is
    checked (the refusal runs) and then gives the same step."""
    state = _find(lambda s: s.phase == K.TURN and s.turn == 1)
    space = RULES.legal_actions(state, 1)
    own = next(a for a in space if a.kind == "look")
    fake = Action(True, "look")
    assert fake == own and hash(fake) == hash(own)
    with pytest.raises(IllegalAction, match="no seat True"):
        RULES.apply(state, fake)
    refusals = []
    real = K._refusal
    monkeypatch.setattr(K, "_refusal", lambda st, a: refusals.append(a) or real(st, a))
    RULES.legal_actions(state, 1)
    foreign = Action.make(1, "look")
    assert foreign == own and foreign is not own
    got = RULES.apply(state, foreign)
    assert refusals == [foreign]
    RULES.legal_actions(state, 1)
    assert RULES.apply(state, own) == got and refusals == [foreign]


def test_an_action_of_another_states_space_is_checked():
    """The memo holds one state: a space's action applied to another state (even an equal
    one) is checked, and refused when it is not legal there."""
    state = _find(lambda s: s.phase == K.CHALLENGE and len(RULES.to_act(s)) == 5)
    seat = RULES.to_act(state)[0]
    passed = next(a for a in RULES.legal_actions(state, seat) if a.kind == "pass")
    nxt, _e = RULES.apply(state, passed)
    RULES.legal_actions(state, seat)                    # the memo holds the old state
    with pytest.raises(IllegalAction, match="already answered"):
        RULES.apply(nxt, passed)
