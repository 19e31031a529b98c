"""King Thief Minister's fast paths (issue 16) give the same values as the plain ones.

Each seat's view of the history is kept in the state and extended as records are
appended; a step copies the state without ``__init__``; legal actions and windows are
kept, and an action legal_actions has just given for that very state is applied without
its checks (issue 26: by the one step every action runs).  These tests compare each with
the value the plain code gives, and check that an observation costs what changed, not the
history.
"""
from dataclasses import fields, replace
from itertools import product

import pytest

from game.core.rng import Rng
from game.core.rules import GameConfig, Window
from game.rules import ktm as K
from ktm_helpers import RULES


def _random_states(players, seed, steps=400):
    """The states of a random game (``steps`` at most), the first one from ``new_game``."""
    rng = Rng(seed)
    state = RULES.new_game(GameConfig(players), seed=seed)
    out = [state]
    while RULES.outcome(state) is None and len(out) < steps:
        seat = RULES.to_act(state)[0]
        state, _ev = RULES.apply(state, RULES.legal_actions(state, seat).sample(rng))
        out.append(state)
    return out


def _plain_history(state, seat):
    return tuple(r.view(seat) for r in state.log)


@pytest.mark.parametrize("players,seed", [(6, 1), (6, 2), (5, 3), (4, 4), (3, 5)])
def test_every_seats_kept_view_is_its_view_of_the_whole_log(players, seed):
    states = _random_states(players, seed)
    assert len(states) > 60
    for i, state in enumerate(states):
        # ask in a different order at each step, and not every seat every time
        seats = [None, *range(players)][i % (players + 1):] if i % 3 else [None, *range(players)]
        for seat in seats:
            got = RULES.observe(state, seat).history
            assert type(got) is tuple and got == _plain_history(state, seat)


def test_a_state_with_another_log_or_made_anew_has_its_own_views():
    states = _random_states(6, 7)
    late = states[-2]                                   # not over
    for seat in (0, 3, None):
        RULES.observe(late, seat)                       # the cache is filled
    early = states[len(states) // 2]
    other = replace(late, log=early.log)                # a replace carries the cache field over
    made = K.KTMState(**{f.name: getattr(late, f.name) for f in fields(K.KTMState) if f.name != "views"})
    for seat in (None, *range(6)):
        assert RULES.observe(other, seat).history == _plain_history(early, seat)
        assert RULES.observe(made, seat) == RULES.observe(late, seat)
    nxt, _ev = RULES.apply(other, RULES.legal_actions(other, RULES.to_act(other)[0]).sample(Rng(1)))
    for seat in (None, *range(6)):
        assert RULES.observe(nxt, seat).history == _plain_history(nxt, seat)


def test_a_seat_outside_the_table_sees_the_public_history():
    state = _random_states(4, 8)[-1]
    for seat in (-1, 4, 9):
        assert RULES.observe(state, seat).history == _plain_history(state, seat)


def test_an_observation_costs_what_changed_not_the_whole_history(monkeypatch):
    """Rec.view is what building a view from the log costs: after the first steps it runs
    only for the new private records, however long the history is."""
    calls = []
    real = K.Rec.view
    monkeypatch.setattr(K.Rec, "view", lambda self, viewer: calls.append(1) or real(self, viewer))
    rng = Rng(3)
    state = RULES.new_game(GameConfig(6), seed=3)
    worst = []
    while RULES.outcome(state) is None and len(state.log) < 200:
        seat = RULES.to_act(state)[0]
        calls.clear()
        RULES.observe(state, seat)
        worst.append((len(state.log), len(calls)))
        state, _ev = RULES.apply(state, RULES.legal_actions(state, seat).sample(rng))
    assert len(state.log) > 80
    late = [c for n, c in worst if n > 40]
    assert late and max(late) <= 2, max(late)


def test_a_step_keeps_exactly_the_states_fields_and_its_value():
    names = {f.name for f in fields(K.KTMState)}
    for state in _random_states(6, 9):
        assert set(vars(state)) == names
        twin = K.KTMState(**{n: getattr(state, n) for n in names if n != "views"})
        assert twin == state and hash(twin) == hash(state)
        with pytest.raises(AttributeError):
            state.turn = 0


def test_kept_legal_actions_are_the_ones_built_for_the_state():
    seen = 0
    for players, seed in ((6, 10), (5, 11), (4, 12), (3, 13)):
        for state in _random_states(players, seed):
            for seat in range(players):
                got = RULES.legal_actions(state, seat)
                if seat in RULES.to_act(state):
                    assert got.actions == RULES._legal(state, seat).actions
                    seen += 1
                else:
                    assert len(got) == 0
    assert seen > 500


def test_window_answers_and_callers_as_the_window_gives_them():
    for n, mode in product((2, 3, 5), ("first", "all")):
        order = tuple(range(n))
        for values in product((True, False, None), repeat=n):
            w = fast = Window(order, mode=mode)
            for seat in (order[::-1] if n % 2 else order):
                w, fast = w.answer(seat, values[seat]), K._answered(fast, seat, values[seat])
                assert fast == w and hash(fast) == hash(w)
                res = w.result()
                assert K._callers(fast) == (res.callers if res.closed else None)


def test_events_are_the_frozen_events_they_stand_for():
    state = _random_states(6, 14, steps=30)[-1]
    seat = RULES.to_act(state)[0]
    _s, events = RULES.apply(state, RULES.legal_actions(state, seat).sample(Rng(2)))
    for e in events:
        twin = type(e)(e.kind, dict(e.data), e.to, e.reveals)
        assert e == twin and set(vars(e)) == {f.name for f in fields(type(e))}
        with pytest.raises(AttributeError):
            e.kind = "x"


def test_shifted_moves_every_card_as_the_ring_says():
    for arr in K.ALL[::37]:
        for shift in range(-7, 8):
            got = K.shifted(list(arr), shift)
            assert type(got) is tuple and got == tuple(arr[(j - shift) % K.SPOTS] for j in range(K.SPOTS))


def test_a_steps_records_are_the_records_they_stand_for():
    for state in _random_states(6, 15)[-1:]:
        for r in state.log:
            twin = K.Rec(**{f.name: getattr(r, f.name) for f in fields(K.Rec)})
            assert r == twin and hash(r) == hash(twin) and repr(r) == repr(twin)
            assert set(vars(r)) == {f.name for f in fields(K.Rec)}
    assert K._rec("move", seat=2, shift=3) == K.Rec("move", seat=2, shift=3)
    with pytest.raises(AttributeError):
        K._rec("look").seat = 1


def _events(events):
    return [(type(e), e.kind, e.data, e.to, e.reveals) for e in events]


def _fast_and_checked(state, action):
    """apply of ``action`` just given by legal_actions for ``state`` (trusted: the checks
    skipped) and apply with the memo forgotten (every check walked), each running the one
    step; the refusal runs in the second only."""
    calls = []
    real = K._refusal
    K._refusal = lambda st, a: calls.append(a) or real(st, a)
    try:
        RULES.legal_actions(state, action.seat)
        fast = RULES.apply(state, action)
        assert calls == []
        RULES._memo.forget()
        slow = RULES.apply(state, action)
        assert calls == [action]
    finally:
        K._refusal = real
    return fast, slow


def _same_step(fast, slow, players):
    (fs, fe), (ss, se) = fast, slow
    if fs != ss or repr(fs) != repr(ss) or set(vars(fs)) != set(vars(ss)) or fs.opening != ss.opening:
        return False
    if _events(fe) != _events(se):
        return False
    return all(RULES.observe(fs, v) == RULES.observe(ss, v) and RULES.observe(fs, v).history
               == _plain_history(fs, v) for v in (None, *range(players)))


def test_an_action_just_given_as_legal_is_applied_as_the_checked_one():
    """apply takes an action of the space legal_actions has just given for that very state
    without the checks and runs the one step: the same state, views and events as the
    checked path; another state is checked."""
    from game.core.actions import IllegalAction
    kinds = set()
    for players, seed in ((6, 20), (6, 21), (5, 22), (4, 23), (3, 24)):
        rng = Rng(seed)
        state = RULES.new_game(GameConfig(players), seed=seed)
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            space = RULES.legal_actions(state, seat)
            for a in space.actions[:12]:
                assert _same_step(*_fast_and_checked(state, a), players), a
                kinds.add((state.phase, a.kind))
            nxt, _e = RULES.apply(state, RULES.legal_actions(state, seat).sample(rng))
            for a in space.actions[:12]:
                if a not in RULES.legal_actions(nxt, a.seat):
                    RULES.legal_actions(state, seat)             # held: the space of the old state
                    with pytest.raises(IllegalAction):
                        RULES.apply(nxt, a)
            state = nxt
    assert {("turn", "claim"), ("turn", "move"), ("turn", "look"), ("challenge", "pass"),
            ("challenge", "challenge"), ("ministers", "pass"), ("ministers", "claim_minister")} <= kinds


def test_a_wrong_record_or_event_is_caught(monkeypatch):
    """The comparison above fails when the step of a claim, move, look, answer or false
    claim makes one wrong record or event on one of the two paths (the trusted one here)."""
    state = RULES.new_game(GameConfig(6), seed=30)
    rng = Rng(30)
    found = {}
    while RULES.outcome(state) is None and len(found) < 5:
        seat = RULES.to_act(state)[0]
        for a in RULES.legal_actions(state, seat):
            if a.kind == "claim" and a["character"] != "peasant":
                found.setdefault("claim", (state, a))
            elif a.kind == "move":
                found.setdefault("move", (state, a))
            elif a.kind == "look" and state.coins[seat] > 0:
                found.setdefault("look", (state, a))
            elif a.kind == "pass" and state.phase == K.CHALLENGE and len(RULES.to_act(state)) > 1:
                found.setdefault("pass", (state, a))
        for a in RULES.legal_actions(state, seat):
            if a.kind == "challenge" and state.phase == K.CHALLENGE and len(RULES.to_act(state)) == 5:
                nxt, ev = RULES.apply(state, a)
                if any(e.kind == "cancelled" for e in ev):
                    found.setdefault("false_claim", (state, a))
        state, _e = RULES.apply(state, RULES.legal_actions(state, seat).sample(rng))
    assert set(found) == {"claim", "move", "pass", "false_claim", "look"}

    def planted(step, wrong):
        def run(p, action):
            step(p, action)
            if RULES._memo.space(p.before) is not None:      # the trusted run only
                wrong(p)
        return run

    def wrong_record(p):
        r = p.records[-1]
        p.records[-1] = K._rec(r.kind, **dict({k: v for k, v in vars(r).items() if k != "kind"},
                                              seat=(r.seat + 1) % 6))

    def wrong_event(p):
        e = p.events[-1]
        p.events[-1] = K.event(e.kind, dict(e.data, seat=9), e.to, e.reveals)

    for what, (state, a) in found.items():
        assert _same_step(*_fast_and_checked(state, a), 6)
        for wrong in (wrong_event, wrong_record) if what != "pass" else (wrong_event,):
            with monkeypatch.context() as m:
                m.setitem(K._STEPS, a.kind, planted(K._STEPS[a.kind], wrong))
                assert not _same_step(*_fast_and_checked(state, a), 6), (what, wrong.__name__)
        assert _same_step(*_fast_and_checked(state, a), 6)


def test_a_records_public_copy_is_its_view_for_the_spectator():
    seen = set()
    for players, seed in ((6, 40), (5, 41), (4, 42)):
        for r in _random_states(players, seed)[-1].log:
            if K._privy(r):
                pub = K._public(r)
                assert pub == r.view(None) and repr(pub) == repr(r.view(None)) and set(vars(pub)) == set(vars(r))
                seen.add(r.kind)
    assert {"peek", "look", "challenge"} <= seen
