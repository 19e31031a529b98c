"""Boss Quest's table log: one line per domain event (``describe``), also used to rebuild
a resumed game's log.  The deal's face-down weapons and the turn changes have no line (the
deal's and the status line say it).  Also the table's other words: the round's score sheet,
a fight's verdict, why a drop means nothing, the choice tiles' labels and the status line."""
from __future__ import annotations

from game.core.i18n import N_, _, names_list, ngettext
from game.rules.bossquest import BOSS, MYSTERY, SPELL_INDEX, SPELLS, spell_text, weapon_id, weapon_text


def signed(n: int) -> str:
    """+2 / −2 with a true minus sign, as on the cards."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def line(t, kind: str, d: dict) -> str | None:
    spell = spell_text(d["card"]) if kind in SPELL_KINDS and d.get("card") else ""
    f = LINES.get(kind)
    return f(t, d, spell) if f else None


def _by(t, seat, you: str, other: str, **kw) -> str:
    """One of two whole sentences: about the viewer ("You ...") or about a named seat (the kit's
    ``by_seat``)."""
    return t.kit.by_seat(seat, you, other, **kw)


def _many(t, seats, you_alone: str, you_and: str, one: str, several: str, **kw) -> str:
    """A sentence about a group of seats: you alone, you and others, one other, several others."""
    mine = [s for s in seats if t.is_you(s)]
    rest = [s for s in seats if not t.is_you(s)]
    if mine and not rest:
        return you_alone.format(**kw)
    if mine:
        return you_and.format(names=names_list([t.kit.name(x) for x in rest]), **kw)
    return (one if len(rest) == 1 else several).format(names=names_list([t.kit.name(x) for x in rest]), **kw)


def _activate(t, d, spell) -> str:
    seat = d["seat"]
    if d.get("target") is not None:
        tg = d["target"]
        if tg == seat:
            return _by(t, seat, _("You cast {spell} on your own row"), _("{name} casts {spell} on their own row"),
                       spell=spell)
        if t.is_you(tg):
            return _("{name} casts {spell} on you").format(name=t.kit.who(seat), spell=spell)
        return _by(t, seat, _("You cast {spell} on {target}"), _("{name} casts {spell} on {target}"),
                   spell=spell, target=tg)
    if d.get("hidden"):
        return _by(t, seat, _("You cast {spell} on your hidden weapon"),
                   _("{name} casts {spell} on the hidden weapon"), spell=spell)
    if d.get("weapon") is not None:
        return _by(t, seat, _("You cast {spell}: {weapon}"), _("{name} casts {spell}: {weapon}"),
                   spell=spell, weapon=weapon_text(d["weapon"]))
    return _by(t, seat, _("You cast {spell}"), _("{name} casts {spell}"), spell=spell)


_NO_COLOUR = {"red": N_("no red weapon"), "blue": N_("no blue weapon"), "green": N_("no green weapon"),
              "yellow": N_("no yellow weapon"), "purple": N_("no purple weapon")}
_NO_COLOUR_SHORT = {"red": N_("no red"), "blue": N_("no blue"), "green": N_("no green"), "yellow": N_("no yellow"),
                    "purple": N_("no purple")}


def missing(card, short: bool = False) -> str:
    """Why a fighter is out: the condition spell ``card`` they failed, in words (``short``: for
    a score sheet's cell)."""
    sp = SPELLS[SPELL_INDEX[card] if isinstance(card, str) else card]
    if sp.effect == "colour":
        return _((_NO_COLOUR_SHORT if short else _NO_COLOUR)[sp.colour])
    return _("no pair") if short else _("no two weapons of one colour")


def out_cell(failed) -> str:
    """A score sheet's cell for a fighter who is out: "out: no yellow", "no yellow, no pair"."""
    if len(failed) == 1:
        return _("out: {why}").format(why=missing(failed[0], short=True))
    if len(failed) == 2:
        return _("{a}, {b}").format(a=missing(failed[0], short=True), b=missing(failed[1], short=True))
    return ngettext("out: {n} rule failed", "out: {n} rules failed", len(failed)).format(n=len(failed))


def _fight(t, d, spell) -> str:
    seat, st, hp = d["seat"], d["strength"], d["hp"]
    if d["status"] == "bust":
        return _by(t, seat, _("Your strength {s} against {hp}: bust!"), _("{name}: strength {s} against {hp}: bust!"),
                   s=st, hp=hp)
    if d["status"] == "out":
        why = "; ".join(missing(c) for c in d["failed"])
        return _by(t, seat, _("Your strength {s}, but you are out: {why}"), _("{name}: strength {s}, out: {why}"),
                   s=st, why=why)
    if d["perfect"]:
        return _by(t, seat, _("Your strength {s}: exactly the HP!"), _("{name}: strength {s}, exactly the HP!"), s=st)
    n = d["distance"]
    return _by(t, seat, ngettext("Your strength {s}: {n} below the HP", "Your strength {s}: {n} below the HP", n),
               ngettext("{name}: strength {s}, {n} below the HP", "{name}: strength {s}, {n} below the HP", n),
               s=st, n=n)


def _winner(t, d, spell) -> str:
    seats = d["seats"]
    if not seats:
        return _("Nobody wins the round")
    fights = getattr(t, "fights", {})                # the round's public fight lines, so far
    beaten = [s for s, f in fights.items()             # as close, but with more weapon cards
              if f["status"] == "in" and f["distance"] == d["distance"] and s not in seats]
    if d["second"] and beaten:
        return _many(t, seats, _("You win the round as the second-closest: same distance, fewer weapons"),
                     _("You and {names} win the round as the second-closest: same distance, fewer weapons"),
                     _("{names} wins the round as the second-closest: same distance, fewer weapons"),
                     _("{names} win the round as the second-closest: same distance, fewer weapons"))
    if d["second"]:
        return _many(t, seats, _("You win the round as the second-closest"),
                     _("You and {names} win the round as the second-closest"),
                     _("{names} wins the round as the second-closest"),
                     _("{names} win the round as the second-closest"))
    if beaten:
        return _many(t, seats, _("You win the round: same distance, fewer weapons"),
                     _("You and {names} win the round: same distance, fewer weapons"),
                     _("{names} wins the round: same distance, fewer weapons"),
                     _("{names} win the round: same distance, fewer weapons"))
    return _many(t, seats, _("You win the round"), _("You and {names} win the round"), _("{names} wins the round"),
                 _("{names} win the round"))


def _keys(t, d, spell) -> str:
    n, why = d["n"], d["why"]
    if why == "perfect":
        you, other = (ngettext("You get {n} key for the PERFECT", "You get {n} keys for the PERFECT", n),
                      ngettext("{name} gets {n} key for the PERFECT", "{name} gets {n} keys for the PERFECT", n))
    elif why == "extra":
        you, other = (ngettext("You get {n} extra key", "You get {n} extra keys", n),
                      ngettext("{name} gets {n} extra key", "{name} gets {n} extra keys", n))
    else:
        you, other = (ngettext("You get {n} key for the win", "You get {n} keys for the win", n),
                      ngettext("{name} gets {n} key for the win", "{name} gets {n} keys for the win", n))
    return _by(t, d["seat"], you, other, n=n)


def _cancel(t, d, spell) -> str:
    if d["target"] == BOSS:
        return _("{spell} beside the boss is cancelled").format(spell=spell)
    if t.is_you(d["target"]):
        return _("{spell} on you is cancelled").format(spell=spell)
    return _("{spell} on {name} is cancelled").format(spell=spell, name=t.kit.who(d["target"]))


def _swap(t, d, spell) -> str:
    a, b = d["seat"], d["target"]
    if t.is_you(b):
        return _("{name} swaps hidden weapons with you").format(name=t.kit.who(a))
    return _by(t, a, _("You swap hidden weapons with {target}"), _("{name} swaps hidden weapons with {target}"),
               target=b)


def _swapped(t, d, spell) -> str:
    cards = {int(s): weapon_text(c) for s, c in d["cards"].items()}
    a, b = d["seat"], d["target"]
    if t.is_you(b):
        a, b = b, a
    if t.is_you(a):
        return _("Your hidden weapon is now {mine}; {name} holds {theirs}").format(
            mine=cards[a], name=t.kit.who(b), theirs=cards[b])
    return _("Hidden weapons now: {a} holds {wa}, {b} holds {wb}").format(a=t.kit.who(a), wa=cards[a], b=t.kit.who(b),
                                                                          wb=cards[b])


def _exchange(t, d, spell) -> str:
    if d["hidden"]:
        return _by(t, d["seat"], _("You exchange your hidden weapon for the deck's top card"),
                   _("{name} exchanges their hidden weapon for the deck's top card"))
    return _by(t, d["seat"], _("You exchange {gave} for {got}"), _("{name} exchanges {gave} for {got}"),
               gave=weapon_text(d["gave"]), got=weapon_text(d["got"]))


def _perfect(t, d, spell) -> str:
    return _many(t, d["seats"], _("PERFECT! You hit the boss's HP exactly"),
                 _("PERFECT! You and {names} hit the boss's HP exactly"),
                 _("PERFECT! {names} hits the boss's HP exactly"), _("PERFECT! {names} hit the boss's HP exactly"))


def _last_turn(t, d, spell) -> str:
    if not d["players"]:
        return _("Last turn! Everyone is at the Magician already")
    return _many(t, d["players"], _("Last turn! One last action for you"),
                 _("Last turn! One last action for you and {names}"), _("Last turn! One last action for {names}"),
                 _("Last turn! One last action for {names}"))


def _over(t, d, spell) -> str:
    return _many(t, d["winners"], _("You win the game!"), _("You and {names} share the win!"),
                 _("{names} wins the game!"), _("{names} share the win!"))


def _strength(t, d, spell) -> str:
    return _by(t, d["target"], _("Your strength {delta} from spells ({m} in all)"),
               _("{name}: strength {delta} from spells ({m} in all)"), delta=signed(d["delta"]),
               m=signed(d["modifier"]))


SPELL_KINDS = {"discard", "mystery", "fizzle", "aim", "activate", "strength", "boss_hp", "cancel", "rule",
               "mystery_shown"}
LINES = {
    "deal": lambda t, d, sp: _by(t, d["armorer"], _("Round {r}: you deal the weapons"),
                                 _("Round {r}: {name} deals the weapons"), r=d["round"]),
    "rebuild": lambda t, d, sp: _("The boss deck is shuffled from its discards") if d["deck"] == "bosses"
    else _("The spell deck is shuffled from its discards"),
    "boss": lambda t, d, sp: _("The boss: {hp} HP").format(hp=d["hp"]),
    "weapon": lambda t, d, sp: _by(t, d["seat"], _("You take {weapon}"), _("{name} takes {weapon}"),
                                   weapon=weapon_text(d["card"])) if d["how"] == "equip" else None,
    "hidden": lambda t, d, sp: _("Your hidden weapon: {weapon}").format(weapon=weapon_text(d["card"])),
    "spells": lambda t, d, sp: ngettext("The Magician offers {n} spell (one face down)",
                                        "The Magician offers {n} spells (one face down)",
                                        len(d["slots"])).format(n=len(d["slots"])),
    "weapon_deck": lambda t, d, sp: ngettext("{n} weapon in the deck", "{n} weapons in the deck",
                                             d["size"]).format(n=d["size"]),
    "equip": lambda t, d, sp: _by(t, d["seat"], ngettext("You ask for {n} weapon", "You ask for {n} weapons", d["n"]),
                                  ngettext("{name} asks for {n} weapon", "{name} asks for {n} weapons", d["n"]),
                                  n=d["n"]),
    "bust": lambda t, d, sp: _by(t, d["seat"], _("You are bust: over the boss's HP!"),
                                 _("{name} is bust: over the boss's HP!")),
    # exactly at the HP is not bust (the rulebook: only a strength over the HP loses a heart)
    "unbust": lambda t, d, sp: _by(t, d["seat"], _("You are no longer bust: at or under the boss's HP"),
                                   _("{name} is no longer bust: at or under the boss's HP")),
    "magician": lambda t, d, sp: _by(t, d["seat"], _("You go to the Magician"), _("{name} goes to the Magician")),
    "wait": lambda t, d, sp: _by(t, d["seat"], _("No spell left for you"), _("No spell left for {name}")),
    "discard": lambda t, d, sp: _by(t, d["seat"], _("You discard {spell}"), _("{name} discards {spell}"), spell=sp),
    "mystery": lambda t, d, sp: _by(t, d["seat"], _("You turn up the mystery spell: {spell}"),
                                    _("{name} turns up the mystery spell: {spell}"), spell=sp),
    "fizzle": lambda t, d, sp: _("{spell} has nothing to act on: discarded").format(spell=sp),
    "aim": lambda t, d, sp: _by(t, d["seat"], _("You choose where {spell} goes"), _("{name} chooses where {spell} goes"),
                                spell=sp),
    "activate": _activate,
    "strength": _strength,
    "boss_hp": lambda t, d, sp: _("The boss's HP is now {hp}").format(hp=d["hp"]),
    "swap": _swap,
    "swapped": _swapped,
    "exchange": _exchange,
    "exchanged": lambda t, d, sp: _by(t, d["seat"], _("You give {gave} and get {got}"),
                                      _("{name} gives {gave} and gets {got}"),
                                      gave=weapon_text(d["gave"]), got=weapon_text(d["got"])),
    "cancel": _cancel,
    "last_turn": _last_turn,
    "rule": lambda t, d, sp: _("{spell} this round").format(spell=sp),
    "combat": lambda t, d, sp: _("Round {r}: the fight against {hp} HP").format(r=d["round"], hp=d["hp"]),
    "reveal": lambda t, d, sp: _("Every hidden weapon is shown"),
    "fight": _fight,
    "winner": _winner,
    "keys": _keys,
    "perfect": _perfect,
    "hearts_saved": lambda t, d, sp: _("No heart lost this round"),
    "heart_lost": lambda t, d, sp: _by(t, d["seat"], ngettext("You lose a heart ({n} left)",
                                                              "You lose a heart ({n} left)", d["hearts"]),
                                       ngettext("{name} loses a heart ({n} left)", "{name} loses a heart ({n} left)",
                                                d["hearts"]), n=d["hearts"]),
    "round_end": lambda t, d, sp: _("Round {r} is over").format(r=d["round"]),
    "game_over": _over,
    "mystery_shown": lambda t, d, sp: _("The mystery spell was {spell}").format(spell=sp),
    "discard_round": lambda t, d, sp: _("The boss and the spells are discarded"),
    "armorer": lambda t, d, sp: _by(t, d["seat"], _("You are the new Armorer"), _("{name} is the new Armorer")),
    "new_round": lambda t, d, sp: _("Round {r} begins").format(r=d["round"]),
}


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
    """A choice tile's label for the action ``a``."""
    if a.kind == "discard":
        return _("Discard")
    if a.kind == "wait":
        return _("Wait")
    if a.get("target") is not None:
        if t.is_you(a["target"]):
            return _("On your own row")
        return _("On {name}").format(name=t.kit.who(a["target"]))
    if a.get("weapon") is not None:
        mine = t.shown.hidden[a.seat] if a.seat == t.kit.viewer and t.kit.may_see() else None
        if mine is not None and weapon_id(a["weapon"]) == mine:     # only the viewer's own secret
            return _("{weapon} (hidden)").format(weapon=weapon_text(a["weapon"]))
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
    if not (sh.turn == t.kit.viewer and t.kit.match.is_human(t.kit.viewer) and t.kit.may_see()):
        return _("{who} is playing…").format(who=t.kit.who(sh.turn)), ""
    if sh.phase == "aim":
        return _("Drag the turned-up spell onto its target · Enter: choose"), "true"
    if t.visiting:
        return _("At the Magician: drag a spell onto a row, the boss or the discard · Enter: choose"), "true"
    if any(a.kind == "equip" for a in t._legal()):
        return _("Your turn: 1–4 take weapons · drag your pawn onto the Magician · Enter: Magician"), "true"
    return _("Your turn: go to the Magician (drag your pawn) · Enter: Magician"), "true"
