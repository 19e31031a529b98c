"""Helpers to build Death over the Kingdom scenarios from explicit deck orders."""
from __future__ import annotations

from dataclasses import replace

from game.core.rules import GameConfig
from game.core.seats import COUNTER_CLOCKWISE, seats_after
from game.rules import death as D
from game.rules.death import CARD_INDEX, NAMES, RULES
from event_helpers import apply_all, first, kinds  # noqa: F401  (first, kinds: re-exported for the scenario tests)


def turn_order(players: int, dealer: int, out=()) -> tuple[int, ...]:
    """The deal and turn order: the dealer's right first, the dealer last."""
    return seats_after(dealer, players, out, COUNTER_CLOCKWISE) + (dealer,)


def order(hands, dealer=0, deck=(), out=()) -> list[str]:
    """A full 26-card order dealing ``hands[s]`` (a card name, or None for a seat that is
    out) to each seat with ``dealer`` dealing, then ``deck`` top first; every card not
    named follows in the order of ``NAMES`` (lowest first), skipping Kings until last."""
    players = len(hands)
    out = tuple(out) or tuple(s for s, c in enumerate(hands) if c is None)
    head = [hands[s] for s in turn_order(players, dealer, out)] + list(deck)
    left = {n: D.COPIES for n in NAMES}
    for c in head:
        left[c] -= 1
        assert left[c] >= 0, f"more than {D.COPIES} {c}"
    rest = [n for n in NAMES if n != "king" for _k in range(left[n])] + ["king"] * left["king"]
    return head + rest


def new(hands, dealer=0, deck=(), more=(), seed=None, **options):
    """A game whose first round deals ``hands`` (one card name per seat) with ``dealer``
    dealing and ``deck`` on top of the deck; ``more``: explicit orders (26 names, see
    :func:`order`) for the later rounds."""
    n = len(hands)
    deals = [order(hands, dealer, deck)] + [list(o) for o in more]
    return RULES.new_game(GameConfig(n, {"dealer": dealer, **options}), seed=seed, deck=deals)


def run(state, *actions):
    """Apply actions in turn: each is an Action, a kind ("stand"...) for the seat to act,
    or (kind, target).  Returns state, events."""
    def to_action(state, a):
        if isinstance(a, str):
            return D.Action.make(RULES.to_act(state)[0], a)
        if isinstance(a, tuple):
            return D.Action.make(RULES.to_act(state)[0], a[0], target=a[1])
        return a
    return apply_all(RULES, state, actions, to_action)


def stand_all(state):
    """Everyone still to play this round stands (ends the round)."""
    r = state.round
    events = []
    while not state.over and state.round == r:
        state, ev = run(state, "stand")
        events.extend(ev)
    return state, events


def all_of(events, kind):
    return [e for e in events if e.kind == kind]


def cards(*names):
    return tuple(CARD_INDEX[n] for n in names)


def death_variants(state, seat, rng):
    """Hidden-card variants for the no-peeking contract test (tests/contract_variants.py):
    states that differ from ``state`` only in cards hidden from ``seat`` (None = the
    spectator): a hidden hand's card swapped with a deck card, two hidden hands' cards
    swapped, two deck cards swapped (the deck's order is hidden).  A hidden hand never
    receives a King (a held King is face up).  Seats that did know a changed card (an
    exchange partner, the Thief's look) know the new card, so each variant is a state
    the game could reach."""
    out = []
    hidden = [s for s in state.order if s != seat and not state.face_up[s]
              and (seat is None or state.seen[seat][s] is None)]

    def rewrite(hands, deck):
        seen = tuple(tuple(hands[s] if (x is not None and hands[s] != state.hands[s]) else x
                           for s, x in enumerate(row)) for row in state.seen)
        return replace(state, hands=tuple(hands), deck=tuple(deck), seen=seen)

    if hidden:
        a = rng.choice(hidden)
        js = [j for j, c in enumerate(state.deck) if c != D.KING and c != state.hands[a]]
        if js:
            j = rng.choice(js)
            hands, deck = list(state.hands), list(state.deck)
            hands[a], deck[j] = deck[j], hands[a]
            out.append(rewrite(hands, deck))
    pairs = [(a, b) for a in hidden for b in hidden if a < b and state.hands[a] != state.hands[b]]
    if pairs:
        a, b = rng.choice(pairs)
        hands = list(state.hands)
        hands[a], hands[b] = hands[b], hands[a]
        out.append(rewrite(hands, state.deck))
    dpairs = [(i, j) for i in range(len(state.deck)) for j in range(i + 1, len(state.deck))
              if state.deck[i] != state.deck[j]]
    if dpairs:
        i, j = rng.choice(dpairs)
        deck = list(state.deck)
        deck[i], deck[j] = deck[j], deck[i]
        out.append(replace(state, deck=tuple(deck)))
    return out


def schedule(rounds, dealer=0, decks=None):
    """Explicit orders for several rounds: ``rounds`` lists each round's hands (a card name
    per seat, None for a seat that is out), dealt by the dealer the rules pick (round 1:
    ``dealer``; then the next seat still playing on the dealer's right).  ``decks``: the
    top of each round's deck."""
    from game.core.seats import next_active
    n = len(rounds[0])
    out_orders = []
    d = dealer
    for i, hands in enumerate(rounds):
        out = tuple(s for s, c in enumerate(hands) if c is None)
        if i:
            d = next_active(d, n, out, COUNTER_CLOCKWISE)
        out_orders.append(order(hands, d, (decks[i] if decks else ())))
    return out_orders


def cut_index(state):
    """Where the dealer's cut will take its card from: drawn from the state's seeded RNG."""
    from game.core import rng as rngmod
    return rngmod.below(state.rng, len(state.deck))[0]


__all__ = ["D", "RULES", "NAMES", "CARD_INDEX", "turn_order", "order", "new", "run", "stand_all", "kinds",
           "first", "all_of", "cards", "death_variants", "schedule", "cut_index"]
