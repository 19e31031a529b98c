"""MasterBluff's "why?" line (see :mod:`game.ai.why`).

Made from the public part of the viewer's observation only: the history's public
fields (who declared how many of which family, who called, what a call revealed
and who took the pile), the hand sizes, the pile size and the family in force.
Never the viewer's hand nor the true cards of the viewer's own discards, so every
seat (and the spectator) reads the same line.

Bluff! answers are secret until the window closes (docs/RULES_NOTES.md): a pass gets
its line only once it is public (nobody called, or it came ahead of the caller).
"""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.masterbluff import NF, PER_FAMILY, family_count, family_text

BIG = 4             # a discard of this many cards or more is a big one
SMALL_PILE = 3      # a call risks little when the pile holds at most this many cards
BIG_PILE = 8        # a wrong call on a pile this big is costly


class Table:
    """The public facts of a history: the claims in the pile, the cards each seat surely
    holds (seen revealed, then taken), and each seat's revealed truths and lies."""

    def __init__(self, history, players: int):
        self.sure = [[0] * NF for _s in range(players)]      # cards surely in a hand, by family
        self.claims: list[tuple[int, int, int]] = []         # (seat, n, family) in the pile now
        self.lies = [0] * players
        self.truths = [0] * players
        before = None                                         # the declarer's sure cards before
        for r in history:
            if r.kind == "discard":
                before = list(self.sure[r.seat])
                self.sure[r.seat] = [max(0, k - r.n) for k in self.sure[r.seat]]
                self.claims.append((r.seat, r.n, r.family))
            elif r.kind == "call":
                d = r.target
                if before is not None and r.revealed is not None:
                    self.sure[d] = [max(0, b - c) for b, c in zip(before, r.revealed)]
                if r.revealed is not None:
                    self.sure[r.taker] = [a + c for a, c in zip(self.sure[r.taker], r.revealed)]
                (self.truths if r.truthful else self.lies)[d] += 1
                self.claims = []
                before = None
            elif r.kind == "nocall":
                before = None

    def seen(self, family: int, declarer: int) -> int:
        """Cards of ``family`` already accounted for outside the declarer's claim: claimed
        earlier in this pile plus those surely in the other hands."""
        claimed = sum(n for _s, n, f in self.claims[:-1] if f == family)
        held = sum(h[family] for s, h in enumerate(self.sure) if s != declarer)
        return claimed + held


def explain(seat: int, before, after) -> str | None:
    new = after.history[len(before.history):]
    for r in new:
        if r.kind == "call":
            if r.seat == seat:
                return _call(seat, before)
            # the first caller in the window's order is resolved: the seats ahead of it passed
            order = before.responders
            if seat in order and r.seat in order and order.index(seat) < order.index(r.seat):
                return _passed(before)
            return None
        if r.kind == "nocall":
            return _passed(before) if before.last is not None and seat != before.last.seat else None
        if r.kind == "discard" and r.seat == seat:
            return _declared(r, before, after)
    return None                 # an answer in a window still open is secret: nothing to say yet


def revealed(seat: int, before, after) -> int | None:
    """The caller whose secret Bluff! this move (``seat``'s answer closing the window) made
    public, when it is another seat, else None."""
    for r in after.history[len(before.history):]:
        if r.kind == "call":
            return r.seat if r.seat != seat else None
    return None


def _call(seat: int, before) -> str | None:
    last = before.last
    if last is None:
        return None
    t = Table(before.history, before.players)
    n, f, d = last.n, last.family, last.seat
    seen = t.seen(f, d)
    if seen + n > PER_FAMILY:
        return ngettext("Called Bluff: {seen} claimed or seen, {n} more is too many",
                        "Called Bluff: {seen} claimed or seen, {n} more is too many", n).format(
            seen=family_count(f, seen), n=n)
    if before.hand_sizes[d] == 0:
        return _("Called Bluff: otherwise that player goes out")
    if n >= BIG:
        return _("Called Bluff: {claim} at once is a lot").format(claim=family_count(f, n))
    if t.lies[d]:
        return ngettext("Called Bluff: this player was caught bluffing before",
                        "Called Bluff: this player was caught bluffing {k} times", t.lies[d]).format(k=t.lies[d])
    if seen + n >= PER_FAMILY - 1:
        return _("Called Bluff: {seen} claimed or seen, few are left").format(
            seen=family_count(f, seen))
    if before.pile_size <= SMALL_PILE:
        return ngettext("Called Bluff: only {k} card at stake", "Called Bluff: only {k} cards at stake",
                        before.pile_size).format(k=before.pile_size)
    return _("Called Bluff: a hunch about {claim}").format(claim=family_count(f, n))


def _passed(before) -> str | None:
    last = before.last
    t = Table(before.history, before.players)
    n, f, d = last.n, last.family, last.seat
    pile = before.pile_size
    if pile >= BIG_PILE:
        return ngettext("Passed: a wrong call would take {k} card", "Passed: a wrong call would take {k} cards",
                        pile).format(k=pile)
    if t.seen(f, d) + n > PER_FAMILY:
        return _("Passed: too many claimed, but another may call it")
    if n <= 2:
        return _("Passed: {claim} is easy to believe").format(claim=family_count(f, n))
    if t.truths[d] and not t.lies[d]:
        return _("Passed: this player has told the truth so far")
    return _("Passed: nothing shows it is a lie")


def _declared(r, before, after) -> str | None:
    n, f = r.n, r.family
    claim = family_count(f, n)
    if r.token:
        return _("Used the exchange token: {family} is now in force").format(family=family_text(f))
    if after.hand_sizes[r.seat] == 0:
        return _("Declared {claim}: the last cards, out if nobody calls").format(claim=claim)
    if before.in_force is None:
        if n >= BIG:
            return _("Declared {claim}: a fresh start and a big discard").format(claim=claim)
        return _("Declared {claim}: a fresh start, any family goes").format(claim=claim)
    if n >= BIG:
        return _("Declared {claim}: a big discard to shed cards").format(claim=claim)
    if n == 1:
        return _("Declared {claim}: one card keeps the risk low").format(claim=claim)
    return _("Declared {claim}: keeping to the family in force").format(claim=claim)
