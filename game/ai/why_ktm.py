"""King Thief Minister's "why?" line (see :mod:`game.ai.why`).

Made from the public history only: who looked at or peeked at which spot (never
what they saw), how the cards moved, who claimed what, who challenged and whether
the claim was true, the cards shown to all, and the coins.  The viewer's own looks
are read as anyone's (a spot, not a card), so every seat reads the same line.

An answer in a secret window (a pass, a challenge that a seat ahead of it
overtook, a Minister's claim before everyone has answered) is not public until the
window closes: those answers get no line.
"""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.ktm import ACT, CHALLENGE, KING, MINISTER, MINISTERS, SHERIFF, SPOTS, card_text


class Known:
    """What the public record says about the ring: for each seat, the spots whose card it
    has seen and can still follow; for each spot, the card everyone knows is there (shown to
    all, or a claim a challenge found true)."""

    def __init__(self, history, players: int):
        self.seen = [set() for _s in range(players)]
        self.public: list[int | None] = [None] * SPOTS
        self.looked = [0] * players                   # looks at its own card, by seat
        self.claimed: dict[int, set] = {}             # character -> the spots claimed for it since
        for r in history:
            k = r.kind
            if k in ("peek", "look"):
                self.seen[r.seat].add(r.spot)
                if k == "look":
                    self.looked[r.seat] += 1
            elif k == "claim":
                self.claimed.setdefault(r.character, set()).add(r.spot)
            elif k == "move":
                self.seen = [{(s + r.shift) % SPOTS for s in v} for v in self.seen]
                self.claimed = {c: {(s + r.shift) % SPOTS for s in v} for c, v in self.claimed.items()}
                self.public = [self.public[(j - r.shift) % SPOTS] for j in range(SPOTS)]
            elif k == "challenge":
                self.seen[r.other].add(r.spot)
                if r.truth:
                    self.public[r.spot] = r.character
                else:
                    self.claimed.get(r.character, set()).discard(r.spot)
            elif k == "execute":
                self.seen[r.other].add(r.spot)
                if r.truth:
                    self.public[r.spot] = r.character
            elif k == "minister_check":              # several claimants: each sees the others' cards
                for s in (r.to or ()):                 # (the other claimants alone: the record's ``to``)
                    self.seen[s].add(r.spot)
                if r.truth:
                    self.public[r.spot] = MINISTER
            elif k == "minister":
                a, b = r.spot, r.other
                for v, spots in enumerate(self.seen):
                    both = a in spots and b in spots
                    if not (v == r.seat and both):     # who did not choose cannot follow the cards
                        spots.discard(a)
                        spots.discard(b)
                if self.public[a] != self.public[b]:
                    self.public[a] = self.public[b] = None
                self.claimed = {c: v - {a, b} for c, v in self.claimed.items()}
            elif k == "peasant":
                self.public[r.spot] = r.card
            elif k == "names" and r.cards:
                self.public = list(r.cards)

    def knows(self, seat: int, spot: int) -> bool:
        return spot in self.seen[seat] or self.public[spot] is not None


def explain(seat: int, before, after) -> str | None:
    new = after.history[len(before.history):]
    k = Known(before.history, before.players)
    own = before.owned[seat]
    for r in new:
        if r.kind == "look" and r.seat == seat:
            return _looked(k, seat, own)
        if r.kind == "move" and r.seat == seat:
            return _moved(k, seat, before, r.shift)
        if r.kind == "claim" and r.seat == seat and r.other < 0:
            return _claimed(k, seat, own, r.character)
        if r.kind == "challenge":
            if r.other == seat:
                return _challenged(k, seat, r.seat, before.owned[r.seat], r.character)
            # the first challenger in priority order is resolved: the seats ahead of it passed
            order = before.responders
            if seat in order and r.other in order and order.index(seat) < order.index(r.other):
                return _let_stand(k, before)
            return None
        if r.kind == "minister_claims":
            if seat in r.names:
                if k.knows(seat, own):
                    return _("Answered the King as Minister: they have seen their card")
                return _("Answered the King as Minister without seeing their card")
            if before.phase == MINISTERS:
                if k.knows(seat, own):
                    return _("Did not answer the King as Minister")
                return _("Did not claim Minister: they have not seen their card")
        if r.kind == "minister" and r.seat == seat:
            if own in (r.spot, r.other):
                return _("Minister: may have swapped their own card with another")
            return _("Minister: may have swapped two other cards")
        if r.kind == "execute" and r.seat == seat:
            ch = card_text(r.character)
            if k.public[r.spot] == r.character:
                return _("Executioner named the {card}: everyone knew it was there").format(card=ch)
            if r.spot in k.seen[seat]:
                return _("Executioner named the {card}: they had seen that spot").format(card=ch)
            coins = before.coins[r.other]
            return ngettext("Executioner named the {card}: a guess worth {k} coin",
                            "Executioner named the {card}: a guess worth {k} coins", coins).format(card=ch, k=coins)
        if r.kind == "names" and r.seat == seat:
            return _("Peasant named every card, for the whole treasury")
    if before.phase == CHALLENGE and not any(r.kind == "challenge" for r in new) and after.phase != CHALLENGE:
        # the window closed with nobody challenging: every answer, this last one too, was a pass
        return _let_stand(k, before)
    if before.phase == ACT and before.claim == SHERIFF and before.claimant == seat:
        return _sheriff(seat, before, after)
    return None


def revealed(seat: int, before, after) -> int | None:
    """The challenger whose secret challenge this move (``seat``'s answer closing the window)
    made public, when it is another seat, else None."""
    for r in after.history[len(before.history):]:
        if r.kind == "challenge":
            return r.other if r.other != seat else None
    return None


def _let_stand(k: Known, before) -> str:
    c = before.claimant
    if c >= 0 and before.owned[c] in k.seen[c]:
        return _("Let the claim stand: the claimant has seen their card")
    if c >= 0 and k.public[before.owned[c]] is not None:      # known to all, not seen: say so
        return _("Let the claim stand: everyone knows that card")
    return _("Let the claim stand: a wrong challenge costs a coin")


def _looked(k: Known, seat: int, own: int) -> str:
    if k.knows(seat, own):
        return _("Looked at their card again, for a coin")
    if k.looked[seat]:
        return _("Looked at their card: the cards have moved since")
    return _("Looked at their own card for the first time")


def _moved(k: Known, seat: int, before, shift: int) -> str:
    after_seen = [{(s + shift) % SPOTS for s in v} for v in k.seen]
    if before.owned[seat] in after_seen[seat]:
        return _("Moved the cards: they have seen the one now in their spot")
    lost = sum(1 for v in range(before.players) if v != seat
               and before.owned[v] in k.seen[v] and before.owned[v] not in after_seen[v])
    if lost:
        return ngettext("Moved the cards: {k} player no longer knows their card",
                        "Moved the cards: {k} players no longer know their card", lost).format(k=lost)
    if shift == 3:
        return _("Moved every card to the opposite spot")
    return _("Moved every card one spot round the ring")


def _claimed(k: Known, seat: int, own: int, character: int) -> str:
    ch = card_text(character)
    if k.public[own] == character:
        return _("Claimed the {card}: everyone knows it is in their spot").format(card=ch)
    if own in k.seen[seat]:
        return _("Claimed the {card}: they have seen their own card").format(card=ch)
    if character in k.public:
        return _("Claimed the {card}, though everyone knows it is elsewhere").format(card=ch)
    return _("Claimed the {card} without having seen their card").format(card=ch)


def _challenged(k: Known, seat: int, claimant: int, spot: int, character: int) -> str:
    ch = card_text(character)
    shown = k.public[spot]
    if shown is not None and shown != character:
        return _("Challenged: everyone knows that spot holds the {card}").format(card=card_text(shown))
    if character in k.public and shown is None:
        return _("Challenged: everyone knows the {card} is in another spot").format(card=ch)
    if spot in k.seen[seat]:
        return _("Challenged: they had seen the card in that spot")
    if k.claimed.get(character, set()) - {spot}:
        return _("Challenged: the {card} was claimed for another spot").format(card=ch)
    if not k.knows(claimant, spot):
        return _("Challenged: the claimant has not seen their own card")
    if character == KING:
        return _("Challenged: the King's 3 coins are worth the risk")
    return _("Challenged: to stop the {card} if it is a bluff").format(card=ch)


def _sheriff(seat: int, before, after) -> str:
    paid = [s for s in range(before.players) if s != seat and after.coins[s] < before.coins[s]]
    others = [before.coins[s] for s in range(before.players) if s != seat]
    if paid and before.coins[paid[0]] == max(others):
        return _("Sheriff: the richest player pays one more")
    return _("Sheriff: named a player to pay one more")
