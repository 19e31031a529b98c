"""Hidden-card variants for the no-peeking contract test (tests/test_contract.py).

For every registered game, ``VARIANTS[game_id](state, seat, rng)`` returns
states that differ from ``state`` ONLY in cards hidden from ``seat`` (``None``
= the spectator), built by changing the state itself (never through
``determinize``): cards swapped between other seats' hands, between a hand
and the face-down part of a pile, or into a face-down discard.  Every swap
keeps each hand's and pile's size, so the variants are states the seat could
not tell apart from ``state``.  A game without a builder here fails the
contract test.  A game with secret answers also varies another seat's answer in
the open window (the window staying open).

``ECHO_TWINS[game_id](state, variant, action)`` gives the same move in the
variant when the action names one of the actor's hidden cards that the variant
changed (exchanging *your hidden weapon*, discarding *these many cards*);
``SECRET_TWINS[game_id](state, action)`` the same move with another secret
choice (a call for a pass, the Minister's swap for no swap).  The events check
of tests/test_contract.py (``check_events``) uses both.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from game.core.rng import Rng
from game.rules import masterbluff as MB
from game.core.actions import Action
from bossquest_helpers import bossquest_echo_twin, bossquest_variants
from court_helpers import court_echo_twin, court_variants
from death_helpers import death_variants
from ktm_helpers import ktm_secret_twins, ktm_variants


def _one_swap(a: tuple[int, ...], b: tuple[int, ...], rng: Rng) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """Swap one card of family f (in a, not b's choice) with one card of another
    family g from b: count vectors; None when no such pair exists."""
    pairs = [(f, g) for f in range(len(a)) if a[f] > 0 for g in range(len(b)) if b[g] > 0 and g != f]
    if not pairs:
        return None
    f, g = rng.choice(pairs)
    a2, b2 = list(a), list(b)
    a2[f] -= 1; a2[g] += 1
    b2[g] -= 1; b2[f] += 1
    return tuple(a2), tuple(b2)


def _mine_in_pile(state: MB.MBState, seat: int | None) -> MB.Counts:
    """``seat``'s own discards still in the pile (it knows those cards)."""
    mine = MB.ZERO
    if seat is None:
        return mine
    for rec in state.views[seat]:
        if rec.kind == "call":
            mine = MB.ZERO
        elif rec.kind == "discard" and rec.seat == seat and rec.counts is not None:
            mine = MB.add(mine, rec.counts)
    return mine


def _with_last_counts(state: MB.MBState, counts: MB.Counts) -> MB.MBState:
    """``state`` with the face-down top discard's true cards changed, in the
    state and in its declarer's private history alike."""
    last = state.last
    assert last is not None
    views = list(state.views)
    hist = list(views[last.seat])
    k = max(i for i, r in enumerate(hist) if r.kind == "discard" and r.seat == last.seat)
    hist[k] = replace(hist[k], counts=counts)
    views[last.seat] = tuple(hist)
    return replace(state, last=replace(last, counts=counts), views=tuple(views))


def masterbluff_variants(state: MB.MBState, seat: int | None, rng: Rng) -> list[MB.MBState]:
    out: list[MB.MBState] = []
    others = [s for s in range(state.players) if s != seat and sum(state.hands[s]) > 0]
    # 1. a card swapped between two other hands
    if len(others) >= 2:
        a, b = rng.shuffle(others)[:2]
        sw = _one_swap(state.hands[a], state.hands[b], rng)
        if sw is not None:
            hands = list(state.hands)
            hands[a], hands[b] = sw
            out.append(replace(state, hands=tuple(hands)))
    # the face-down part of the pile nobody has seen from here: not this seat's own
    # discards, not the top discard (changed separately, with its record)
    last = state.last.counts if state.last is not None else MB.ZERO
    free = MB.sub(MB.sub(state.pile, _mine_in_pile(state, seat)), last)
    # 2. a card swapped between another hand and the unseen part of the pile
    if others and sum(free) > 0:
        a = rng.choice(others)
        sw = _one_swap(state.hands[a], free, rng)
        if sw is not None:
            hands = list(state.hands)
            hands[a], new_free = sw
            out.append(replace(state, hands=tuple(hands), pile=MB.add(MB.sub(state.pile, free), new_free)))
    # 3. the true cards of the face-down top discard (not this seat's own)
    if state.last is not None and state.last.seat != seat:
        if sum(free) > 0:
            sw = _one_swap(last, free, rng)
            if sw is not None:        # swapped with the unseen pile: the pile's total is unchanged
                out.append(_with_last_counts(state, sw[0]))
        if others:
            a = rng.choice(others)
            sw = _one_swap(last, state.hands[a], rng)
            if sw is not None:        # swapped with another hand: the pile changes with it
                hands = list(state.hands)
                hands[a] = sw[1]
                v = _with_last_counts(state, sw[0])
                out.append(replace(v, hands=tuple(hands), pile=MB.add(MB.sub(state.pile, last), sw[0])))
    # 4. another seat's secret answer in the open Bluff! window (the window stays open)
    w = state.window
    if w is not None:
        for k, (s, v) in enumerate(w.answers):
            nw = replace(w, answers=w.answers[:k] + ((s, not v),) + w.answers[k + 1:])
            if s != seat and not nw.result().closed:
                out.append(replace(state, window=nw))
                break
    return out


def _counts_from(hand, counts, avoid=None):
    """As many cards as ``counts`` names, taken from ``hand``: the same families where it can,
    else others; never exactly ``avoid``.  None when impossible."""
    n = sum(counts)
    take = [min(c, h) for c, h in zip(counts, hand)]
    if avoid is not None:       # one card of another family instead
        pairs = [(f, g) for f in range(len(take)) if take[f] for g in range(len(hand)) if g != f and hand[g] > take[g]]
        if not pairs:
            return None
        f, g = pairs[0]
        take[f] -= 1
        take[g] += 1
    short = n - sum(take)
    for f in range(len(take)):
        extra = min(short, hand[f] - take[f])
        take[f] += extra
        short -= extra
    return None if short else tuple(take)


def masterbluff_echo_twin(state, variant, action):
    """A discard of as many cards, declared the same, from the actor's hand in ``variant``."""
    if action.kind != "discard":
        return None
    take = _counts_from(variant.hands[action.seat], action["counts"])
    return None if take is None else Action.make(action.seat, "discard", counts=take, family=action["family"],
                                                 token=action["token"])


def masterbluff_secret_twins(state, action):
    """The same move with another secret choice: other true cards under the same declaration,
    a call for a pass and back."""
    s = action.seat
    if action.kind == "discard":
        take = _counts_from(state.hands[s], action["counts"], avoid=action["counts"])
        return [] if take is None else [Action.make(s, "discard", counts=take, family=action["family"],
                                                    token=action["token"])]
    if action.kind in ("call", "pass"):
        return [Action.make(s, "pass" if action.kind == "call" else "call")]
    return []


VARIANTS: dict[str, Callable[[Any, int | None, Rng], list[Any]]] = {
    "masterbluff": masterbluff_variants,
    "court": court_variants,
    "death": death_variants,
    "ktm": ktm_variants,
    "bossquest": bossquest_variants,
}


# the same move where the actor's hidden cards differ (see check_events in tests/test_contract.py)
ECHO_TWINS: dict[str, Callable[[Any, Any, Any], Any]] = {
    "masterbluff": masterbluff_echo_twin,
    "bossquest": bossquest_echo_twin,
    "court": court_echo_twin,
}

# the same move with another secret choice of the actor, which nobody else may tell apart
SECRET_TWINS: dict[str, Callable[[Any, Any], list]] = {
    "masterbluff": masterbluff_secret_twins,
    "ktm": ktm_secret_twins,
}
