"""Helpers to build MasterBluff scenarios from explicit deck orders."""
from __future__ import annotations

from game.core.rules import GameConfig
from game.rules.masterbluff import FAMILIES, PER_FAMILY, RULES, call, discard, pass_
from event_helpers import apply_all

W, WI, E, O, F, J = range(6)


def vec(**kw: int) -> tuple[int, ...]:
    """vec(elf=2, ogre=1) -> counts per family."""
    return tuple(kw.get(f, 0) for f in FAMILIES)


def deck_for(hands: list[dict[str, int]], remainder: dict[str, int] | None = None,
             dealer: int | None = None) -> list[str]:
    """An explicit deck order that deals ``hands[s]`` to seat s (dealer = last seat
    unless given) and leaves ``remainder`` for the pile.  Hands must be equal size;
    all 48 cards must be accounted for."""
    n = len(hands)
    dealer = n - 1 if dealer is None else dealer
    size = sum(hands[0].values())
    assert all(sum(h.values()) == size for h in hands), "hands must be equal"
    lists = [[f for f in FAMILIES for _ in range(h.get(f, 0))] for h in hands]
    order = []
    for k in range(size * n):
        seat = (dealer + 1 + k) % n
        order.append(lists[seat][k // n])
    rest = [f for f in FAMILIES for _ in range((remainder or {}).get(f, 0))]
    order += rest
    assert len(order) == 48, len(order)
    assert all(order.count(f) == PER_FAMILY for f in FAMILIES), "each family 8 times"
    return order


def new(hands, remainder=None, dealer=None, **options):
    deck = deck_for(hands, remainder, dealer)
    opts = dict(options)
    if dealer is not None:
        opts["dealer"] = dealer
    return RULES.new_game(GameConfig(len(hands), opts), deck=deck)


def play(state, *actions):
    return apply_all(RULES, state, actions)


def all_pass(state, declarer: int):
    """Every responder passes."""
    return play(state, *[pass_(s) for s in state.window.order])


__all__ = ["RULES", "W", "WI", "E", "O", "F", "J", "vec", "deck_for", "new", "play", "all_pass",
           "call", "discard", "pass_", "FAMILIES"]


def heuristic_states(seed: int, players: int, every: int = 1, limit: int = 400):
    """(state, seat to act) met while heuristic seats play a seeded game (one in ``every``)."""
    from game.ai import masterbluff as H
    from game.core.rng import Rng

    st = RULES.new_game(GameConfig(players), seed=seed)
    agent, rng, k = H.HeuristicAgent(), Rng(seed), 0
    while RULES.outcome(st) is None and k < limit:
        seat = RULES.to_act(st)[0]
        if k % every == 0:
            yield st, seat
        st, _ = RULES.apply(st, agent.act(RULES.observe(st, seat), RULES.legal_actions(st, seat), rng))
        k += 1
