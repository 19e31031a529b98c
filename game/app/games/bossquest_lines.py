"""Boss Quest's table log: one line per domain event (``line``, from ``game.words.bossquest``,
the phones' words too), also used to rebuild a resumed game's log.  The deal's face-down weapons and the turn changes have no line (the
deal's and the status line say it).  Also the table's other words: the round's score sheet,
a fight's verdict, why a drop means nothing, the choice tiles' labels and the status line."""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.bossquest import MYSTERY, SPELLS, spell_text
from game.words import bossquest as words
from game.words.bossquest import missing, out_cell, signed  # noqa: F401  (the table's words too)


def line(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line): the words module's, as the phones say it,
    with the round's fight lines so far (``t.fights``) for a tie broken by fewer weapons."""
    return words.describe(t.kit, kind, d, fights=getattr(t, "fights", {}))


# ---------------------------------------------------------------- the table's other words
def round_sheet(t, d: dict, fights: dict) -> tuple[str, list]:
    """The round's score sheet: its title (with the round's rule spells) and rows."""
    seats = list(range(t.kit.n))
    def result(s) -> str:
        f = fights.get(s)
        if f is None:
            return "–"
        if f["status"] == "bust":
            return _("bust")
        if f["status"] == "out":                  # the condition failed, in words
            return out_cell(f["failed"]) if f["failed"] else _("out")
        return _("PERFECT") if f["perfect"] else _("{n} off").format(n=f["distance"])
    rows = [(_("Strength"), [str(fights[s]["strength"]) if s in fights else "–" for s in seats]),
            (_("Against {hp} HP").format(hp=d["hp"]), [result(s) for s in seats]),
            (_("Keys won"), [f"+{k}" if k else "–" for k in d["keys_won"]]),
            (_("Hearts lost"), [f"−{k}" if k else "–" for k in d["hearts_lost"]]),
            (_("Keys"), [f"{k} / {t.keys_to_win}" for k in d["keys"]]),
            (_("Hearts"), [str(h) for h in d["hearts"]])]
    title = _("Round {r}").format(r=d["round"])
    rules = [spell_text(x.card) for x in t.shown.active          # the round's rules, said on the sheet
             if SPELLS[x.card].effect in ("second", "no_heart", "extra_key")]
    if rules:
        title = " · ".join([title] + rules)
    return title, rows


def score_bar(t) -> str:
    """The score bar over the table: the round, the Armorer, the keys to win and the bosses
    left in the deck.  Between two rounds (the boss discarded, the next not yet turned up) it
    names no boss count: the count changes when the new boss is shown, never earlier or later."""
    sh = t.shown
    parts = [_("Round {r}").format(r=sh.round), _("Armorer: {who}").format(who=t.kit.who(sh.armorer)),
             ngettext("{k} key wins", "{k} keys win", t.keys_to_win).format(k=t.keys_to_win)]
    if sh.boss >= 0:
        parts.append(ngettext("{b} boss left", "{b} bosses left", sh.boss_left).format(b=sh.boss_left))
    return " · ".join(parts)


def verdict(f: dict) -> str:
    """A fight's verdict on the knight's plate."""
    if f["perfect"]:
        return _("PERFECT")
    v = {"bust": _("BUST {s}"), "out": _("OUT {s}")}.get(f["status"]) or \
        (_("WIN {s}") if f["winner"] else "{s}")
    return v.format(s=f["strength"])


def spell_why(card, target) -> str:
    """Why a spell dropped on ``target`` means nothing there."""
    if card is None or card == MYSTERY:
        return _("Drop the mystery spell on the boss or on your own row")
    name, eff = spell_text(card), SPELLS[card].effect
    if target == "discard":
        return _("The turned-up mystery spell must be used")
    if eff == "cancel":
        return _("{spell}: drop it on a spell in play (on a row or beside the boss)").format(spell=name)
    if eff == "exchange":
        return _("{spell}: drop it on your own row").format(spell=name)
    if SPELLS[card].dark:
        return _("{spell} goes on a knight: drop it on a row").format(spell=name)
    return _("{spell} goes on the boss").format(spell=name)


def action_label(t, a) -> str:
    """A choice tile's label for the action ``a`` (the words module's; the viewer's hidden weapon
    named only while the screen may show it)."""
    mine = t.shown.hidden[a.seat] if a.seat == t.kit.viewer and t.kit.may_see() else None
    return words.action_label(t.kit, a, mine=mine, active=t.shown.active)


def status(t) -> tuple[str, str]:
    """The status line: whose turn, and what the viewer may do."""
    sh = t.shown
    if sh.phase == "over":
        return _("Game over"), ""
    if sh.turn is None:
        return "", ""
    if not (sh.turn == t.kit.viewer and t.kit.match.is_local(t.kit.viewer) and t.kit.may_see()):
        return _("{who} is playing…").format(who=t.kit.who(sh.turn)), ""
    if sh.phase == "aim":
        return _("Drag the turned-up spell onto its target · Enter: choose"), "true"
    if t.visiting:
        return _("At the Magician: drag a spell onto a row, the boss or the discard · Enter: choose"), "true"
    if any(a.kind == "equip" for a in t._legal()):
        return _("Your turn: 1–4 take weapons · drag your pawn onto the Magician · Enter: Magician"), "true"
    return _("Your turn: go to the Magician (drag your pawn) · Enter: Magician"), "true"
