"""Fireball Court's "why?" line (see :mod:`game.ai.why`).

Made from the public table only: the Court, the capture piles (face up) and the
round's results, never the viewer's hand, so both seats read the same line.
"""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.court import CARDS, card_text, set_points, suit_text


def explain(seat: int, before, after) -> str | None:
    if after.results != before.results or after.round != before.round:
        return None                         # the round's last card: the Court is scored at once
    taken = after.captures[seat][len(before.captures[seat]):]
    if taken:
        card = CARDS[taken[-1]]
        if card.kind == "fireball":
            k = len(taken) - 1
            if not k:
                return _("Played a Fireball: the Court was empty")
            return ngettext("Fireball: swept {k} card from the Court", "Fireball: swept {k} cards from the Court",
                            k).format(k=k)
        suit = suit_text(card.suit)
        if card.kind == "senior":
            m = sum(1 for c in after.captures[seat] if CARDS[c].suit == card.suit)
            return _("Captured the {suit} stack: a set of {m} scores {p}").format(
                suit=suit, m=m, p=set_points(m))
        coins = sum(1 for c in taken if CARDS[c].kind == "coin")
        if any(CARDS[c].kind == "raven" for c in taken):
            if not coins:
                return _("Captured the {suit} stack: a raven, for the steal").format(suit=suit)
            return ngettext("Captured the {suit} stack: a raven and {k} coin",
                            "Captured the {suit} stack: a raven and {k} coins", coins).format(suit=suit, k=coins)
        return ngettext("Captured the {suit} stack: {k} coin", "Captured the {suit} stack: {k} coins",
                        coins).format(suit=suit, k=coins)
    if len(after.court) > len(before.court):
        c = after.court[-1][-1]
        if CARDS[c].kind == "fireball":
            return None
        return _("Laid {card}: no {suit} stack to capture").format(card=card_text(c), suit=suit_text(CARDS[c].suit))
    return None
