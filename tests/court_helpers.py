"""Helpers to build Fireball Court scenarios from explicit deck orders."""
from __future__ import annotations

from dataclasses import replace

from game.core.rules import GameConfig
from game.rules import court as C
from game.rules.court import CARD_INDEX, NAMES, RULES, play
from event_helpers import apply_all, first, kinds  # noqa: F401  (first, kinds: re-exported for the scenario tests)


def ids(cards) -> tuple[int, ...]:
    """Card names (short names allowed: "7c" is the next free coin of 7) -> ids."""
    return tuple(CARD_INDEX[n] for n in C._resolve_generic(list(cards)))


def order(hand0, hand1, court=(), pile=()) -> list[str]:
    """A full 50-card deal order: the two hands (dealt alternately, seat 0 first),
    the cards the Court is laid from, then the pile top first; every card not named
    follows in the order of ``NAMES`` (so the two Fireballs end the pile)."""
    assert len(hand0) == len(hand1) == C.HAND_SIZE
    head: list[str] = []
    for a, b in zip(hand0, hand1):
        head += [a, b]
    head = C._resolve_generic(head + list(court) + list(pile))
    assert len(set(head)) == len(head), "a card is named twice"
    return head + [n for n in NAMES if n not in head]


# a plain deal: no stacking, no Fireball in the Court, seat 0 holds the highest number
PLAIN = dict(hand0=["9c", "2c", "3c", "4c"], hand1=["8c", "2c", "3c", "4c"],
             court=["5c", "6c", "7c", "king", "castle", "knight"])


def new(hand0=None, hand1=None, court=None, pile=(), more=(), seed=None, **options):
    """A game dealt from an explicit order (then ``more`` explicit orders for later deals)."""
    hand0 = PLAIN["hand0"] if hand0 is None else hand0
    hand1 = PLAIN["hand1"] if hand1 is None else hand1
    court = PLAIN["court"] if court is None else court
    deck = [order(hand0, hand1, court, pile)] + [list(o) for o in more]
    return RULES.new_game(GameConfig(2, options), seed=seed, deck=deck)


def endgame(hands=((), ()), court=(), caps=((), ()), rest=1, turn=0, last=None, totals=(0, 0),
            starter=0, more=(), round=1, **options):
    """A position late in a round with the draw pile empty: ``hands``, Court ``stacks``
    and capture piles as named; every card not named is already in seat ``rest``'s
    capture pile.  ``more`` are explicit orders for the next deals."""
    state = new(more=more, **options)
    listed = ids([c for h in hands for c in h] + [c for s in court for c in s]
                 + [c for cap in caps for c in cap])
    assert len(set(listed)) == len(listed), "a card is named twice"
    it = iter(listed)
    take = lambda seq: tuple(next(it) for _ in seq)  # noqa: E731
    hs = tuple(take(h) for h in hands)
    stacks = tuple(take(s) for s in court)
    cps = [take(cap) for cap in caps]
    others = tuple(c for c in range(C.DECK_SIZE) if c not in listed)
    cps[rest] = cps[rest] + others
    state = replace(state, hands=hs, pile=(), court=stacks, captures=tuple(cps), turn=turn,
                    starter=starter, last_capturer=last, totals=tuple(totals), round=round)
    assert all(v == 1 for v in RULES.card_census(state).values())
    return state


def run(state, *cards):
    """Play the named cards (exact names), each by the seat in turn; returns state, events."""
    return apply_all(RULES, state, cards, lambda st, card: play(st.turn, card))


def court_variants(state, seat, rng):
    """Hidden-card variants for the no-peeking contract test (tests/contract_variants.py):
    states that differ from ``state`` only in cards hidden from ``seat`` (None = the
    spectator): a card swapped between a hidden hand and the draw pile, two pile cards
    swapped (the pile's order is hidden), and for the spectator a card swapped between
    the two hands.  Sizes stay the same."""
    out = []
    hidden = [s for s in range(C.PLAYERS) if s != seat and state.hands[s]]
    pile = state.pile
    if hidden and pile:
        a = rng.choice(hidden)
        i, j = rng.randbelow(len(state.hands[a])), rng.randbelow(len(pile))
        hands = list(state.hands)
        h = list(hands[a])
        p = list(pile)
        h[i], p[j] = p[j], h[i]
        hands[a] = tuple(h)
        out.append(replace(state, hands=tuple(hands), pile=tuple(p)))
    if len(pile) >= 2:
        i, j = rng.randbelow(len(pile)), rng.randbelow(len(pile) - 1)
        j += j >= i
        p = list(pile)
        p[i], p[j] = p[j], p[i]
        out.append(replace(state, pile=tuple(p)))
    if len(hidden) == 2:
        h0, h1 = list(state.hands[0]), list(state.hands[1])
        i, j = rng.randbelow(len(h0)), rng.randbelow(len(h1))
        h0[i], h1[j] = h1[j], h0[i]
        out.append(replace(state, hands=(tuple(h0), tuple(h1))))
    return out


def court_echo_twin(state, variant, action):
    """The same move in ``variant`` when the played card is one the variant changed in the
    actor's hand (tests/contract_variants.py ECHO_TWINS): the card now in its place."""
    hand, other = state.hands[action.seat], variant.hands[action.seat]
    card = CARD_INDEX[action["card"]]
    if card not in hand or len(other) != len(hand):
        return None
    new = other[hand.index(card)]
    return None if new == card else play(action.seat, NAMES[new])


__all__ = ["court_variants", "court_echo_twin", "C", "RULES", "NAMES", "CARD_INDEX", "PLAIN", "ids", "order", "new", "endgame", "run",
           "kinds", "first", "play"]
