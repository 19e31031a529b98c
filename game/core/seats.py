"""Seat and deck helpers shared by every game (no pygame, no game named here).

Seats are plain ints ``0 .. players-1`` sitting in a ring.  Following
RULINGS.md, *clockwise* = *left* = the next seat in seat order (``seat + 1``)
and *counter-clockwise* = *right* = ``seat - 1``.  Every helper that walks the
ring takes ``direction``: :data:`CLOCKWISE` (+1, the default) or
:data:`COUNTER_CLOCKWISE` (-1).  ``out`` is any collection of seats that are no
longer playing (eliminated, gone out); walks skip them.

Decks are tuples of card ids (ints).  :func:`deal_targets` and
:func:`deal_round_robin` deal them one card at a time around the ring;
:func:`parse_deck` turns an explicit deck order given by names (or ids) into
ids and checks its composition.
"""
from __future__ import annotations

from typing import Any, Collection, Iterable, Mapping, Sequence

from .actions import BadConfig
from .i18n import _
from .quote import quoted

CLOCKWISE = 1
COUNTER_CLOCKWISE = -1


def _dir(direction: int) -> int:
    if direction not in (CLOCKWISE, COUNTER_CLOCKWISE):
        raise ValueError("direction must be +1 (clockwise) or -1 (counter-clockwise)")
    return direction


# -- the ring -------------------------------------------------------------------
def left_of(seat: int, players: int) -> int:
    """The neighbour on ``seat``'s left: the next seat clockwise (``seat + 1``)."""
    return (seat + 1) % players


def right_of(seat: int, players: int) -> int:
    """The neighbour on ``seat``'s right: the next seat counter-clockwise (``seat - 1``)."""
    return (seat - 1) % players


def neighbour(seat: int, players: int, direction: int = CLOCKWISE) -> int:
    """The next seat from ``seat`` in ``direction`` (left for +1, right for -1)."""
    return (seat + _dir(direction)) % players


def ring_from(seat: int, players: int, direction: int = CLOCKWISE,
              include_self: bool = True) -> tuple[int, ...]:
    """Every seat once, walking the ring from ``seat`` in ``direction``.

    ``ring_from(2, 4)`` is ``(2, 3, 0, 1)``; counter-clockwise ``(2, 1, 0, 3)``.
    With ``include_self=False`` the walk starts at the next seat."""
    d = _dir(direction)
    start = 0 if include_self else 1
    return tuple((seat + d * k) % players for k in range(start, players))


def seats_after(seat: int, players: int, out: Collection[int] = (),
                direction: int = CLOCKWISE) -> tuple[int, ...]:
    """The seats still playing after ``seat`` in turn order, ``seat`` excluded:
    the answer (priority) order of a response window opened by ``seat``.
    ``seats_after(1, 4, out={3})`` is ``(2, 0)``."""
    return tuple(s for s in ring_from(seat, players, direction, include_self=False) if s not in out)


def next_active(seat: int, players: int, out: Collection[int] = (),
                direction: int = CLOCKWISE) -> int:
    """The next seat after ``seat`` in ``direction`` that is not in ``out``;
    ``seat`` itself when every other seat is out."""
    for s in ring_from(seat, players, direction, include_self=False):
        if s not in out:
            return s
    return seat


def active_seats(players: int, out: Collection[int] = ()) -> tuple[int, ...]:
    """The seats still playing, in seat order."""
    return tuple(s for s in range(players) if s not in out)


# -- dealing ----------------------------------------------------------------------
def deal_targets(n_cards: int, players: int, first_seat: int,
                 direction: int = CLOCKWISE) -> tuple[int, ...]:
    """The seat each of the first ``n_cards`` cards goes to in a round-robin deal
    that starts at ``first_seat`` (one card each in turn).  The caller decides how
    many cards are dealt (e.g. only full rounds) and what happens to the rest."""
    d = _dir(direction)
    return tuple((first_seat + d * k) % players for k in range(n_cards))


def deal_round_robin(cards: Sequence[int], players: int, first_seat: int,
                     per_seat: int | None = None, direction: int = CLOCKWISE
                     ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """Deal ``cards`` (in deck order) round-robin from ``first_seat``:
    ``per_seat`` cards to every seat (default: as many full rounds as the deck
    allows).  Returns ``(hands, remainder)``: ``hands[s]`` lists seat s's cards
    in the order received, ``remainder`` the undealt cards in deck order."""
    if per_seat is None:
        per_seat = len(cards) // players
    dealt = per_seat * players
    if dealt > len(cards):
        raise ValueError(f"cannot deal {per_seat} cards to each of {players} seats from {len(cards)}")
    hands: list[list[int]] = [[] for _ in range(players)]
    for card, seat in zip(cards, deal_targets(dealt, players, first_seat, direction)):
        hands[seat].append(card)
    return tuple(tuple(h) for h in hands), tuple(cards[dealt:])


def count_cards(cards: Iterable[int], kinds: int) -> tuple[int, ...]:
    """A count vector over card ids ``0 .. kinds-1`` (for games whose identical
    cards are held as counts, like MasterBluff's families)."""
    out = [0] * kinds
    for c in cards:
        out[c] += 1
    return tuple(out)


# -- explicit decks ----------------------------------------------------------------
def parse_deck(entries: Sequence[object], names: Sequence[str],
               composition: Sequence[int] | Mapping[int, int] | None = None,
               what: str | None = None) -> tuple[int, ...]:
    """Turn an explicit deck order into card ids and check it.

    ``entries`` are card names (from ``names``) or ids (indices into ``names``);
    ``composition`` is how many copies of each id a complete deck holds (a
    sequence indexed by id, or a mapping id -> copies; ids it does not name
    must not appear).  ``None`` skips the composition check.  Raises
    :class:`BadConfig` with a plain message; ``what`` names the deck in it
    (default "the deck")."""
    label = what or _("the deck")
    if isinstance(entries, (str, bytes)) or not isinstance(entries, Sequence):
        raise BadConfig(_("{what} must be a list of card names").format(what=label))
    index = {name: i for i, name in enumerate(names)}
    ids: list[int] = []
    for pos, e in enumerate(entries):
        if isinstance(e, str) and e in index:
            ids.append(index[e])
        elif isinstance(e, int) and not isinstance(e, bool) and 0 <= e < len(names):
            ids.append(e)
        else:
            raise BadConfig(_("card {pos} of {what} is {entry}, which is not a card of this game; "
                              "the cards are: {names}").format(pos=pos + 1, what=label, entry=quoted(e),
                                                               names=", ".join(names)))
    if composition is not None:
        want = dict(composition) if isinstance(composition, Mapping) else dict(enumerate(composition))
        have = count_cards(ids, len(names))
        total = sum(want.values())
        wrong = [names[i] for i in range(len(names)) if have[i] != want.get(i, 0)]
        if len(ids) != total or wrong:
            parts = ", ".join(f"{want[i]} {names[i]}" for i in sorted(want) if want[i])
            raise BadConfig(_("{what} must hold {total} cards ({parts}); it holds {n}, and the count of "
                              "{wrong} is off").format(what=label, total=total, parts=parts, n=len(ids),
                                                       wrong=", ".join(wrong) or _("nothing")))
    return tuple(ids)


def named_decks(deck: Any, names: Sequence[str]) -> dict[str, Sequence[Any]] | None:
    """Normalise the ``deck=`` argument of ``new_game`` into named decks.

    ``deck`` is ``None`` (deal from the seed), a list (the game's first deck,
    ``names[0]``, e.g. MasterBluff's only deck ``"deck"``), or a mapping from
    deck names (a subset of ``names``: a game with several decks or piles, such
    as weapons, bosses and spells) to lists.  Returns ``None`` or a new dict;
    raises :class:`BadConfig` for an unknown name or a value that is not a list."""
    if deck is None:
        return None
    if isinstance(deck, Mapping):
        unknown = [k for k in deck if k not in names]
        if unknown:
            raise BadConfig(_("unknown deck name(s) {bad}; this game's decks are: {names}").format(
                bad=", ".join(map(quoted, unknown[:5])), names=", ".join(names)))
        out = dict(deck)
    else:
        out = {names[0]: deck}
    for k, v in out.items():
        if isinstance(v, (str, bytes)) or not isinstance(v, Sequence):
            raise BadConfig(_("the deck {name} must be a list of card names").format(name=quoted(k)))
    return out
