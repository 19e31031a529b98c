"""MasterBluff's help at the table: one line per family card and piece (RULINGS.md section 5),
and the things on the table that have a tip now (the kit's ``help_spots`` hook)."""
from __future__ import annotations

from game.core.i18n import N_, _
from ..table.help import HelpSpot
from .masterbluff_lines import fam_title

#: a family card: no family beats another, a declaration is true or a bluff
FAMILY_LINES = {
    "wizard": N_("Wizard: one of six families of eight cards; declare Wizards truly, or bluff."),
    "witch": N_("Witch: one of six families of eight cards; declare Witches truly, or bluff."),
    "elf": N_("Elf: one of six families of eight cards; declare Elves truly, or bluff."),
    "ogre": N_("Ogre: one of six families of eight cards; declare Ogres truly, or bluff."),
    "fairy": N_("Fairy: one of six families of eight cards; declare Fairies truly, or bluff."),
    "jester": N_("Jester: one of six families of eight cards; declare Jesters truly, or bluff."),
}
TOKEN_LINE = N_("Exchange token: once per game, declare a family other than the one in force.")
TOKEN_USED_LINE = N_("Exchange token spent: this player can no longer change the family in force.")
PILE_LINE = N_("The discard pile, face down: whoever loses a Bluff! call picks it all up.")
BANNER_LINE = N_("The family in force: the next discard declares it, unless its player spends their token.")
FREE_LINE = N_("A free turn: the next discard may declare any family.")
OPEN_LINE = N_("The open declaration: call Bluff! if you doubt it; whoever is wrong takes the pile.")


def line(t, face: str) -> str | None:
    return _(FAMILY_LINES[face]) if face in FAMILY_LINES else None


def spots(t) -> list[HelpSpot]:
    sh, out = t.shown, []
    for seat in range(t.kit.n):
        tz = t.zone(seat, "token")
        if sh.tokens[seat]:
            out.append(HelpSpot(("token", seat), tz.inflate(10, 10), ("token",), _(TOKEN_LINE)))
        else:
            out.append(HelpSpot(("token_used", seat), tz.inflate(10, 10), None, _(TOKEN_USED_LINE)))
    if t.kit.reveal is None:      # the box says what the banner draws: a free turn, the family in force, or "Bluff or not?"
        state = "free" if sh.last is None else "force" if sh.in_force is not None and sh.phase == "discard" else "open"
        words = {"free": FREE_LINE, "force": BANNER_LINE, "open": OPEN_LINE}[state]
        out.append(HelpSpot(("banner", state), t.kit.layout.shared("banner"), None, _(words)))
    if sh.pile:
        out.append(HelpSpot(("pile",), t.kit.layout.shared("pile"), ("back",), _(PILE_LINE)))
    return out


def gallery() -> list[tuple[tuple, str]]:
    """The rules screen's pictures: each card kind and piece once, with its name."""
    return [(("face", f), fam_title(f)) for f in FAMILY_LINES] + [(("token",), _("Exchange token"))]
