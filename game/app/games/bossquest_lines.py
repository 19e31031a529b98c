"""Boss Quest's table log: one line per domain event (``describe``), also used to rebuild
a resumed game's log.  The deal's face-down weapons and the turn changes have no line (the
deal's and the status line say it).  Also the table's other words: the round's score sheet,
a fight's verdict, why a drop means nothing, the choice tiles' labels and the status line."""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.bossquest import BOSS, MYSTERY, SPELLS, spell_text, weapon_text


def you(t, seat: int) -> str:
    """A seat inside a sentence: "you" for the lone human at the screen, else the name."""
    w = t.who(seat)
    return _("you") if w == _("You") else w


def names(t, seats, inside: bool = False) -> str:
    """Seats' names; ``inside`` a sentence the lone human is "you" (else only after the first)."""
    return ", ".join(you(t, s) if inside or k else t.who(s) for k, s in enumerate(seats))


def signed(n: int) -> str:
    """+2 / −2 with a true minus sign, as on the cards."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def line(t, kind: str, d: dict) -> str | None:
    seat = d.get("seat")
    says = (lambda verb, third=None: t.says(seat, verb, third)) if isinstance(seat, int) else None
    spell = spell_text(d["card"]) if kind in SPELL_KINDS and d.get("card") else ""
    f = LINES.get(kind)
    return f(t, d, says, spell) if f else None


def _activate(t, d, says, spell) -> str:
    if "target" in d:
        return _("{who} {spell} on {target}").format(who=says(_("cast")), spell=spell, target=you(t, d["target"]))
    if d.get("hidden"):
        return _("{who} {spell} on the hidden weapon").format(who=says(_("cast")), spell=spell)
    if d.get("weapon") is not None:
        return _("{who} {spell}: {weapon}").format(who=says(_("cast")), spell=spell, weapon=weapon_text(d["weapon"]))
    return _("{who} {spell}").format(who=says(_("cast")), spell=spell)


def _fight(t, d, says, spell) -> str:
    who, st = t.who(d["seat"]), d["strength"]
    if d["status"] == "bust":
        return _("{who}: strength {s} against {hp}: bust!").format(who=who, s=st, hp=d["hp"])
    if d["status"] == "out":
        return _("{who}: strength {s}, out (missing {spells})").format(
            who=who, s=st, spells=", ".join(spell_text(c) for c in d["failed"]))
    if d["perfect"]:
        return _("{who}: strength {s}, exactly the HP!").format(who=who, s=st)
    return ngettext("{who}: strength {s}, {n} below the HP", "{who}: strength {s}, {n} below the HP",
                    d["distance"]).format(who=who, s=st, n=d["distance"])


def _winner(t, d, says, spell) -> str:
    if not d["seats"]:
        return _("Nobody wins the round")
    win = _("{names} win the round").format(names=names(t, d["seats"])) if len(d["seats"]) > 1 else \
        _("{who} the round").format(who=t.says(d["seats"][0], _("win")))
    return win + (_(" (second-closest wins)") if d["second"] else "")


def _keys(t, d, says, spell) -> str:
    why = {"win": _("the win"), "perfect": _("PERFECT"), "extra": _("extra key")}.get(d["why"], "")
    return ngettext("{who} {n} key ({why})", "{who} {n} keys ({why})", d["n"]).format(
        who=says(_("get")), n=d["n"], why=why)


def _cancel(t, d, says, spell) -> str:
    on = _("the boss") if d["target"] == BOSS else you(t, d["target"])
    return _("{spell} on {on} is cancelled").format(spell=spell, on=on)


def _exchange(t, d, says, spell) -> str:
    if d["hidden"]:
        return _("{who} the hidden weapon for the deck's top card").format(who=says(_("exchange")))
    return _("{who} {gave} for {got}").format(who=says(_("exchange")), gave=weapon_text(d["gave"]),
                                              got=weapon_text(d["got"]))


def _over(t, d, says, spell) -> str:
    win = names(t, d["winners"])
    return _("{names} win the game!").format(names=win) if len(d["winners"]) > 1 else \
        _("{who} the game!").format(who=t.says(d["winners"][0], _("win")))


SPELL_KINDS = {"discard", "mystery", "fizzle", "aim", "activate", "strength", "boss_hp", "cancel", "rule",
               "mystery_shown"}
LINES = {
    "deal": lambda t, d, says, sp: _("Round {r}: {who} the weapons").format(
        r=d["round"], who=t.says(d["armorer"], _("deal"))),
    "rebuild": lambda t, d, says, sp: _("The boss deck is shuffled from its discards") if d["deck"] == "bosses"
    else _("The spell deck is shuffled from its discards"),
    "boss": lambda t, d, says, sp: _("The boss: {hp} HP").format(hp=d["hp"]),
    "weapon": lambda t, d, says, sp: _("{who} {weapon}").format(who=says(_("take")), weapon=weapon_text(d["card"]))
    if d["how"] == "equip" else None,
    "hidden": lambda t, d, says, sp: _("Your hidden weapon: {weapon}").format(weapon=weapon_text(d["card"])),
    "spells": lambda t, d, says, sp: ngettext("The Magician offers {n} spell (one face down)",
                                              "The Magician offers {n} spells (one face down)",
                                              len(d["slots"])).format(n=len(d["slots"])),
    "weapon_deck": lambda t, d, says, sp: ngettext("{n} weapon in the deck", "{n} weapons in the deck",
                                                   d["size"]).format(n=d["size"]),
    "equip": lambda t, d, says, sp: ngettext("{who} for {n} weapon", "{who} for {n} weapons", d["n"]).format(
        who=says(_("ask"), _("asks")), n=d["n"]),
    "bust": lambda t, d, says, sp: _("{who} over the boss's HP!").format(who=says(_("are"), _("is"))),
    "unbust": lambda t, d, says, sp: _("{who} back under the boss's HP").format(who=says(_("are"), _("is"))),
    "magician": lambda t, d, says, sp: _("{who} to the Magician").format(who=says(_("go"), _("goes"))),
    "wait": lambda t, d, says, sp: _("No spell left for {who}").format(who=you(t, d["seat"])),
    "discard": lambda t, d, says, sp: _("{who} {spell}").format(who=says(_("discard")), spell=sp),
    "mystery": lambda t, d, says, sp: _("{who} the mystery spell: {spell}").format(
        who=says(_("turn up"), _("turns up")), spell=sp),
    "fizzle": lambda t, d, says, sp: _("{spell} has nothing to act on: discarded").format(spell=sp),
    "aim": lambda t, d, says, sp: _("{who} where {spell} goes").format(who=says(_("choose")), spell=sp),
    "activate": _activate,
    "strength": lambda t, d, says, sp: _("{who}: strength {delta} from spells ({m} in all)").format(
        who=t.who(d["target"]), delta=signed(d["delta"]), m=signed(d["modifier"])),
    "boss_hp": lambda t, d, says, sp: _("The boss's HP is now {hp}").format(hp=d["hp"]),
    "swap": lambda t, d, says, sp: _("{who} hidden weapons with {target}").format(
        who=says(_("swap")), target=you(t, d["target"])),
    "swapped": lambda t, d, says, sp: _("Hidden weapons now: {cards}").format(cards=", ".join(
        f"{t.who(int(s))} {weapon_text(c)}" for s, c in d["cards"].items())),
    "exchange": _exchange,
    "exchanged": lambda t, d, says, sp: _("{who} {gave} and {got}").format(
        who=says(_("give")), gave=weapon_text(d["gave"]), got=weapon_text(d["got"])),
    "cancel": _cancel,
    "last_turn": lambda t, d, says, sp: _("Last turn! One last action for {names}").format(
        names=names(t, d["players"], inside=True)) if d["players"]
    else _("Last turn! Everyone is at the Magician already"),
    "rule": lambda t, d, says, sp: _("{spell} this round").format(spell=sp),
    "combat": lambda t, d, says, sp: _("Round {r}: the fight against {hp} HP").format(r=d["round"], hp=d["hp"]),
    "reveal": lambda t, d, says, sp: _("Every hidden weapon is shown"),
    "fight": _fight,
    "winner": _winner,
    "keys": _keys,
    "perfect": lambda t, d, says, sp: _("PERFECT! {names}").format(names=names(t, d["seats"])),
    "hearts_saved": lambda t, d, says, sp: _("No heart lost this round"),
    "heart_lost": lambda t, d, says, sp: _("{who} a heart ({n} left)").format(who=says(_("lose")), n=d["hearts"]),
    "round_end": lambda t, d, says, sp: _("Round {r} is over").format(r=d["round"]),
    "game_over": _over,
    "mystery_shown": lambda t, d, says, sp: _("The mystery spell was {spell}").format(spell=sp),
    "discard_round": lambda t, d, says, sp: _("The boss and the spells are discarded"),
    "armorer": lambda t, d, says, sp: _("{who} the new Armorer").format(who=says(_("are"), _("is"))),
    "new_round": lambda t, d, says, sp: _("Round {r} begins").format(r=d["round"]),
}


# ---------------------------------------------------------------- the table's other words
def round_sheet(t, d: dict, fights: dict) -> tuple[str, list]:
    """The round's score sheet: its title (with the round's rule spells) and rows."""
    seats = list(range(t.n))
    verdicts = {"bust": _("bust"), "out": _("out")}

    def result(s) -> str:
        f = fights.get(s)
        if f is None:
            return "–"
        return verdicts.get(f["status"]) or (_("PERFECT") if f["perfect"] else
                                             _("{n} off").format(n=f["distance"]))
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
    """A choice tile's label for the action ``a``."""
    if a.kind == "discard":
        return _("Discard")
    if a.kind == "wait":
        return _("Wait")
    if a.get("target") is not None:
        return _("On {name}").format(name=t.who(a["target"]))
    if a.get("weapon") is not None:
        return weapon_text(a["weapon"])
    if a.get("cancel") is not None:
        return _("Cancel {spell}").format(spell=spell_text(t.shown.active[a["cancel"]].card))
    return _("Cast it")


def status(t) -> tuple[str, str]:
    """The status line: whose turn, and what the viewer may do."""
    sh = t.shown
    if sh.phase == "over":
        return _("Game over"), ""
    if sh.turn is None:
        return "", ""
    if not (sh.turn == t.viewer and t.match.is_human(t.viewer) and t.may_see()):
        return _("{who} is playing…").format(who=t.who(sh.turn)), ""
    if sh.phase == "aim":
        return _("Drag the turned-up spell onto its target · Enter: choose"), "true"
    if t.visiting:
        return _("At the Magician: drag a spell onto a row, the boss or the discard · Enter: choose"), "true"
    if any(a.kind == "equip" for a in t._legal()):
        return _("Your turn: 1–4 take weapons · drag your pawn onto the Magician · Enter: Magician"), "true"
    return _("Your turn: go to the Magician (drag your pawn) · Enter: Magician"), "true"
