"""Boss Quest's "why?" line (see :mod:`game.ai.why`).

Made from the public table only: the face-up weapons, the announced "over", the
boss's HP after its spells, the Magician's row, the active spells and the spell
discard.  A hidden weapon counts only when everyone knows it (``hidden_public``),
so every seat reads the same line.

The move that sends the last knight to the Magician starts the fight and the next
round at once: the observation after it no longer shows the move, so it gets no
line (but for the game's last move: the final table is still the round's).  Swap and exchange act and are discarded at once; when nothing public
changed but the discard, the line says "used or discarded".
"""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.bossquest import (BOSS, COLOURS, MYSTERY, SPELLS, WEAPONS, colour_text, spell_text,
                                  strength_modifier)

HIDDEN_MAX = 7          # a hidden weapon is worth 1 to 7


def shown(obs, seat: int) -> int:
    """The strength everyone can see: face-up weapons, the strength spells on the seat, and
    its hidden weapon when that is public."""
    s = sum(WEAPONS[c].value for c in obs.face_up[seat]) + strength_modifier(obs.active, seat)
    if obs.hidden_public[seat] and obs.hidden[seat] is not None:
        s += WEAPONS[obs.hidden[seat]].value
    return s


def explain(seat: int, before, after) -> str | None:
    if after.round != before.round:
        return None                     # the fight and the next deal: the move is no longer on the table
    if before.phase == "aim":
        return _spell(seat, before.aim[1], before, after)
    took = len(after.face_up[seat]) - len(before.face_up[seat])
    if took > 0 and after.status[seat] != "magician":
        return _equipped(seat, took, before, after)
    if after.status[seat] == "magician" and before.status[seat] != "magician":
        return _visited(seat, before, after)
    return None


def _equipped(seat: int, k: int, before, after) -> str:
    """The number of weapons is said (and chosen) before they are dealt: the line gives the gap
    the seat chose it at, in the past tense ("were"), not the face-up total after the take."""
    gap = before.boss_hp - shown(before, seat)
    if after.over[seat]:
        return ngettext("Took {k} weapon at {gap} short and went bust",
                        "Took {k} weapons at {gap} short and went bust", k).format(k=k, gap=gap)
    if before.hidden_public[seat]:
        return ngettext("Took {k} weapon: the knight was {gap} short of the HP",
                        "Took {k} weapons: the knight was {gap} short of the HP", k).format(k=k, gap=gap)
    if gap <= HIDDEN_MAX:
        return ngettext("Took {k} weapon, a risk: face-up weapons were only {gap} short",
                        "Took {k} weapons, a risk: face-up weapons were only {gap} short", k).format(k=k, gap=gap)
    return ngettext("Took {k} weapon when face-up weapons were {gap} short of the HP",
                    "Took {k} weapons when face-up weapons were {gap} short of the HP", k).format(k=k, gap=gap)


def _visited(seat: int, before, after) -> str | None:
    if before.hidden_public[seat] and shown(before, seat) == before.boss_hp:
        return _("Stopped at exactly the boss's HP: a PERFECT")
    if after.phase == "aim" and after.aim is not None and after.aim[0] == seat:
        return _("Took the mystery spell unseen: it is {spell}").format(spell=spell_text(after.aim[1]))
    slot = next((i for i, (a, b) in enumerate(zip(before.magician, after.magician))
                 if a is not None and b is None), None)
    if slot is None:
        return _("Waited at the Magician: no spell was left")
    card = before.magician[slot]
    if len(after.active) > len(before.active):
        return _spell(seat, after.active[-1].card, before, after, mystery=card == MYSTERY)
    if len(after.active) < len(before.active):
        return _spell(seat, after.spell_discard[-1], before, after, mystery=card == MYSTERY)
    gone = after.spell_discard[-1] if after.spell_discard else None
    if gone is None:
        return None
    if card == MYSTERY:
        return _("Took the mystery spell unseen: {spell}, no use").format(spell=spell_text(gone))
    effect = SPELLS[gone].effect
    if effect == "exchange" and after.face_up[seat] != before.face_up[seat]:
        return _("Exchanged a face-up weapon with the deck")
    if effect in ("swap", "exchange"):
        return _("Used or discarded {spell} at the Magician").format(spell=spell_text(gone))
    return _("Discarded {spell}: none of the others gets it").format(spell=spell_text(gone))


def _spell(seat: int, card: int, before, after, mystery: bool = False) -> str | None:
    sp = SPELLS[card]
    name = spell_text(card)
    over = before.over[seat]
    if sp.effect == "strength":
        new = after.active[-1] if len(after.active) > len(before.active) else None
        target = new.target if new is not None else seat
        if target == seat:
            if sp.delta < 0:
                if over:
                    return _("Cast {spell} on their own knight: it was bust").format(spell=name)
                return _("Cast {spell} on their own knight: to stay under the HP").format(spell=name)
            return _("Cast {spell} on their own knight: closer to the HP").format(spell=name)
        if sp.delta > 0:
            return _("Cast {spell} on a rival: to make them go bust").format(spell=name)
        return _("Cast {spell} on a rival: to hold them back").format(spell=name)
    if sp.effect == "boss":
        if sp.delta > 0:
            if over:
                return _("Cast {spell}: their knight was bust").format(spell=name)
            return _("Cast {spell}: more room under the HP").format(spell=name)
        return _("Cast {spell}: the strongest may go bust").format(spell=name)
    if sp.effect == "colour":
        if any(WEAPONS[c].colour == sp.colour for c in before.face_up[seat]):
            return _("Cast {spell}: their knight shows a {colour} weapon").format(
                spell=name, colour=colour_text(sp.colour))
        return _("Cast {spell}: whoever lacks a {colour} weapon is out").format(spell=name, colour=colour_text(sp.colour))
    if sp.effect == "two_colour":
        counts = [sum(1 for c in before.face_up[seat] if WEAPONS[c].colour == col) for col in COLOURS]
        if max(counts) >= 2:
            return _("Cast {spell}: their knight shows two of one colour").format(spell=name)
        return _("Cast {spell}: whoever lacks a pair of one colour is out").format(spell=name)
    if sp.effect == "no_heart":
        if over:
            return _("Cast {spell}: their knight was bust").format(spell=name)
        return _("Cast {spell}: going bust will cost no heart").format(spell=name)
    if sp.effect == "cancel":
        gone = [a for a in before.active if a not in after.active]
        if gone:
            g = gone[0]
            what = spell_text(g.card)
            if g.target == seat:
                return _("Cancelled the {spell} on their own knight").format(spell=what)
            if g.target == BOSS:
                return _("Cancelled {spell}: it did not suit them").format(spell=what)
            return _("Cancelled the {spell} on a rival").format(spell=what)
        return None
    if sp.effect == "extra_key":
        return _("Cast {spell}: the round's winner gets one more").format(spell=name)
    if sp.effect == "second":
        return _("Cast {spell}: the closest knight is beaten").format(spell=name)
    if sp.effect == "last_turn":
        return _("Cast {spell}: the fight comes sooner").format(spell=name)
    if sp.effect == "swap":
        return _("Swapped hidden weapons with a rival")
    if sp.effect == "exchange":
        return _("Exchanged a weapon with the deck")
    return None
