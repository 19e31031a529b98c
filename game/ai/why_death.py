"""Death over the Kingdom's "why?" line (see :mod:`game.ai.why`).

Made from the public table only: the round's log (who stood, exchanged, cut or used
which power, the cards shown), the discard pile and the face-up cards.  Never the
viewer's own card nor the cards it learnt in an exchange or a Thief's look, so every
seat reads the same line.

The dealer's move ends the round: the observation after it is already the next deal,
so it gets no line (but for the game's last move: the final table keeps the round's log).
"""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.death import BARD, FULL_DECK, KING, THIEF, TRADER, card_text

LOW = 3             # a card printed this low or lower is a low card (Death, Innkeeper, Trader, Thief)


def unseen(obs) -> list[int]:
    """The cards nobody has seen in public: the deck and the hidden hands."""
    pool = list(FULL_DECK)
    for c in list(obs.discard) + [c for c, up in zip(obs.cards, obs.face_up) if up and c is not None]:
        if c in pool:
            pool.remove(c)
    return pool


def explain(seat: int, before, after) -> str | None:
    if after.round != before.round:
        return None                     # the dealer's move: the round is over and dealt again
    new = after.log[len(before.log):]
    mine = [r for r in new if r.seat == seat and r.kind != "king"]
    if not mine:
        return None
    r = mine[0]
    king = any(x.kind == "king" and x.seat == seat for x in new)
    if r.kind == "stand":
        return _stood(seat, before)
    if r.kind == "exchange":
        if 0 <= r.target < len(before.face_up) and before.face_up[r.target] and before.cards[r.target] is not None:
            return _("Exchanged for the next player's {card}, face up").format(card=card_text(before.cards[r.target]))
        return _("Exchanged with the next player: hoping for a better card")
    if r.kind == "cut":
        if king:
            return _("Cut the deck and drew a King!")
        return _("Cut: showed their {card} and drew from the deck").format(card=card_text(r.card))
    if r.kind == "trader":
        if king:
            return _("Traded the Trader for the top card: a King!")
        return _("Traded the Trader, worth only 2, for the top card")
    if r.kind == "thief":
        return _("Thief: looked at a later player's card")
    if r.kind == "thief_swap":
        return _("Thief: took the card they looked at")
    if r.kind == "thief_keep":
        return _("Thief: kept their own card after the look")
    if r.kind == "bard":
        return _("Bard, worth only 5: swapped with a later player")
    if r.kind == "dragon":
        if any(x.kind == "king" and x.seat == r.target for x in new):
            return _("Dragon: the next player lost their card and drew a King")
        return _("Dragon burned the next player's {card}").format(card=card_text(r.card))
    return None


def _next(seat: int, obs) -> int | None:
    """The next player in this round's order (the one an exchange is with), None for the dealer."""
    i = obs.order.index(seat) if seat in obs.order else -1
    return obs.order[i + 1] if 0 <= i < len(obs.order) - 1 else None


def _stood(seat: int, before) -> str:
    """A stand says nothing about the hidden card it keeps: the line gives the public fact the
    seat stood in front of (its own face-up card, the next player's face-up card, a card it
    was just given, the low cards still unseen once some were shown, else where it sits in
    the order and what the players before did), never a guess at its own card's worth."""
    if before.face_up[seat] and before.cards[seat] == KING:
        return _("Stood: a King can only stand")
    if before.face_up[seat] and before.cards[seat] in (THIEF, BARD, TRADER):
        return _("Stood: kept their {card} rather than use it").format(card=card_text(before.cards[seat]))
    nxt = _next(seat, before)
    if nxt is not None and before.face_up[nxt] and before.cards[nxt] is not None:
        if before.cards[nxt] == KING:
            return _("Stood: the next player holds a King, no exchange")
        return _("Stood rather than take the next player's {card}").format(card=card_text(before.cards[nxt]))
    given = next((r.kind for r in reversed(before.log) if r.kind in ("exchange", "bard", "thief_swap")
                  and r.target == seat), None)
    if given == "exchange":              # what gave it: the exchange, the Bard or the Thief (never the card)
        return _("Stood: kept the card the player before gave them in an exchange")
    if given == "bard":
        return _("Stood: kept the card the Bard just swapped onto them")
    if given == "thief_swap":
        return _("Stood: kept the card the Thief just swapped onto them")
    pool = unseen(before)
    low = sum(1 for c in pool if c <= LOW)
    if not pool:
        return _("Stood: every card has been seen")
    if len(pool) == len(FULL_DECK):                  # nothing shown yet: where it sits, what went before
        done = [r for r in before.log if r.seat != seat and r.kind != "king"]
        if not done:
            return _("Stood: the first to play, nothing shown yet")
        if all(r.kind == "stand" for r in done):
            if len(done) == 1:
                return _("Stood, as the player before did")
            if len(done) == 2:
                return _("Stood, as both players before did")
            return ngettext("Stood, as all {k} player before did", "Stood, as all {k} players before did",
                            len(done)).format(k=len(done))      # "all" only from 3 on
        return _("Stood: nothing has been shown this round")
    return ngettext("Stood: {k} of the {n} unseen cards is low", "Stood: {k} of the {n} unseen cards are low",
                    low).format(k=low, n=len(pool))
