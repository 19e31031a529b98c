"""Fireball Court's help at the table: one line per card kind (RULINGS.md section 3), and the
things on the table that have a tip now (the Court's stacks, the capture piles, the draw pile)."""
from __future__ import annotations

from game.core.i18n import N_, _
from game.rules.court import CARDS, SENIORS
from ..table.help import HelpSpot, card_rect
from .court_draw import CAP_W, STACK_W, face, pile_of

COIN_LINE = N_("{n} with a gold coin: it captures the Court's stack of {n}s; each gold coin scores 1 point.")
RAVEN_LINE = N_("{n} with a raven: it captures the Court's {n}s; more ravens steal 2 coins at the round's end.")
SENIOR_LINES = {
    "king": N_("King: it captures the Court's Kings; 2 Kings score 2, 3 score 5 and all 4 score 10."),
    "castle": N_("Castle: it captures the Court's Castles; 2 Castles score 2, 3 score 5 and all 4 score 10."),
    "knight": N_("Knight: it captures the Court's Knights; 2 Knights score 2, 3 score 5 and all 4 score 10."),
}
FIREBALL_LINE = N_("Fireball: it sweeps the whole Court; on an empty Court it captures nothing.")
PILE_LINE = N_("The draw pile: each turn you draw one card from it while it lasts.")


def line(t, face: str) -> str | None:
    kind, _sep, value = face.partition("_")
    if kind == "coin":
        return _(COIN_LINE).format(n=int(value))
    if kind == "raven":
        return _(RAVEN_LINE).format(n=int(value))
    if face in SENIOR_LINES:
        return _(SENIOR_LINES[face])
    if face == "fireball":
        return _(FIREBALL_LINE)
    return None


def spots(t) -> list[HelpSpot]:
    sh, out = t.shown, []
    for i, st in enumerate(sh.court):                     # a stack's cards, the topmost first
        for j in reversed(range(len(st))):
            f = face(st[j])
            out.append(HelpSpot(("court", i, j, f), card_rect(t.stack_pos(i, j), STACK_W), ("face", f), line(t, f)))
    for seat in range(2):
        caps = sh.captures[seat]
        for pile in ("capture_coins", "capture_ravens", "capture_fire"):
            cards = [c for c in caps if pile_of(c) == pile]
            if cards:
                z = t.zone(seat, pile)
                f = face(cards[-1])
                out.append(HelpSpot(("captured", seat, pile, f), z, ("face", f), line(t, f)))
        for suit in SENIORS:
            got = [c for c in caps if CARDS[c].suit == suit]
            for k in reversed(range(len(got))):
                out.append(HelpSpot(("captured", seat, suit, k), card_rect(t.senior_pos(seat, suit, k), CAP_W),
                                    ("face", suit), line(t, suit)))
    if sh.pile:
        out.append(HelpSpot(("pile",), t.kit.layout.shared("deck"), ("back",), _(PILE_LINE)))
    return out


def gallery() -> list[tuple[tuple, str]]:
    """The rules screen's pictures: each card kind once, with its name."""
    return [(("face", "coin_5"), _("Number with a gold coin")), (("face", "raven_5"), _("Number with a raven")),
            (("face", "king"), _("King")), (("face", "castle"), _("Castle")), (("face", "knight"), _("Knight")),
            (("face", "fireball"), _("Fireball"))]
