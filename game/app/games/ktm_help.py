"""King Thief Minister's help at the table: one line per character (RULINGS.md section 2: what
its claim does), and the things on the table that have a tip now (the six spots' cards as far as
the viewer may see them, the treasury, each seat's coins)."""
from __future__ import annotations

import pygame

from game.core.i18n import N_, _
from game.rules import ktm as K
from ..table.help import HelpSpot

CHARACTER_LINES = {
    "king": N_("King: claim it to take 3 coins; then the others may claim the Minister."),
    "thief": N_("Thief: claim it to take 1 coin from the nearest player on each side."),
    "minister": N_("Minister: claim it to choose two spots and secretly swap their cards, or not."),
    "executioner": N_("Executioner: claim it and name another player's card; if right, take all their coins."),
    "sheriff": N_("Sheriff: claim it; every other player pays 1, then one you name pays 1 more."),
    "peasant": N_("Peasant: never challenged; show it, then name every other card to win the treasury."),
}
SPOT_LINE = N_("A face-down card: the player whose spot it lies in uses it, whatever it is.")
TREASURY_LINE = N_("The treasury: the game ends the moment it is empty; most coins wins.")
COINS_LINE = N_("Coins: pay 1 to look at your own card; most coins wins when the treasury is empty.")


def line(t, face: str) -> str | None:
    return _(CHARACTER_LINES[face]) if face in CHARACTER_LINES else None


def spots(t) -> list[HelpSpot]:
    sh, out = t.shown, []
    if sh.phase == "name" and t._legal():          # the Peasant's name tiles, over the ring
        out += [HelpSpot(("label", c), r, ("face", c), line(t, c)) for c, r in t.label_rects()]
    for s in range(K.SPOTS):
        if s in t.hide:
            continue
        pos = t.spot_pt(s)
        r = t.spot_rect(s)
        r.center = (round(pos[0]), round(pos[1]))
        face = sh.faces.get(s)
        if face is not None and (not face[1] or t.kit.may_see()):
            out.append(HelpSpot(("spot", s, face[0]), r, ("face", face[0]), line(t, face[0]), private=face[1]))
        else:
            out.append(HelpSpot(("spot", s, None), r, ("back",), _(SPOT_LINE)))
    for seat in range(t.kit.n):
        out.append(HelpSpot(("coins", seat), t.zone(seat, "token").inflate(8, 16), ("token",), _(COINS_LINE)))
    out.append(HelpSpot(("treasury",), pygame.Rect(t.kit.layout.shared("treasury")), ("piece", "treasury"),
                        _(TREASURY_LINE)))
    return out


def focused(t) -> HelpSpot | None:
    """H on the card chosen with ←/→: that spot's tip."""
    if t.focus is None:
        return None
    return next((s for s in spots(t) if s.key[:2] == ("spot", t.focus)), None)


def gallery() -> list[tuple[tuple, str]]:
    """The rules screen's pictures: each character once, a coin and the treasury."""
    from game.rules.ktm import card_text
    return [(("face", c), card_text(c)) for c in CHARACTER_LINES] + [
        (("token",), _("Coin")), (("piece", "treasury"), _("Treasury"))]
