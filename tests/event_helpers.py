"""Helpers for reading the domain events a rules ``apply`` returns (scenario tests)."""
from __future__ import annotations


def kinds(events):
    return [e.kind for e in events]


def first(events, kind):
    return next(e for e in events if e.kind == kind)


def apply_all(rules, state, actions, to_action=None):
    """Apply ``actions`` in turn (each through ``to_action(state, a)`` first, when given: the
    scenario helpers' shorthands).  Returns state, every event."""
    events = []
    for a in actions:
        if to_action is not None:
            a = to_action(state, a)
        state, ev = rules.apply(state, a)
        events.extend(ev)
    return state, events


def random_game_events(rules, state, seed: int) -> list:
    """Play ``state`` to the end, the seat to act taking a random legal action (rng seeded
    ``seed``); the opening events and every event."""
    from game.core.rng import Rng

    events = list(rules.opening_events(state))
    rng = Rng(seed)
    while rules.outcome(state) is None:
        state, ev = rules.apply(state, rules.legal_actions(state, rules.to_act(state)[0]).sample(rng))
        events += ev
    return events
