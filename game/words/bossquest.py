"""Boss Quest's words for a seat: the log line of each domain event (``describe``; a run of
events with the round's fights for the winner's line: ``describe_events``) and what a button or
tile says for a legal action (``action_label``), for the table and the phones.  The deal's
face-down weapons and the turn changes have no line (the deal's and the status line say it)."""
from __future__ import annotations

from game.core.i18n import N_, _, names_list, ngettext
from game.rules.bossquest import BOSS, MYSTERY, SPELL_INDEX, SPELLS, spell_text, weapon_id, weapon_text


#: each spell's one line (its name, then what it does), by the rules' spell id: the table's card
#: tips (game/app/games/bossquest_help.py) and the phone's line over a spell's choices
SPELL_LINES = {
    "power_up1": N_("Strength +1: laid on any knight, yourself included; their strength goes up by 1."),
    "power_up2": N_("Strength +2: laid on any knight, yourself included; their strength goes up by 2."),
    "power_down1": N_("Strength −1: laid on any knight, yourself included; their strength goes down by 1."),
    "power_down2": N_("Strength −2: laid on any knight, yourself included; their strength goes down by 2."),
    "swap": N_("Swap hidden weapons: yours changes places with another knight's; you both see both."),
    "exchange": N_("Exchange a weapon: one of yours changes places with the top weapon of the deck."),
    "boss_up1": N_("Boss HP +1: the boss's HP goes up by 1 this round."),
    "boss_up2": N_("Boss HP +2: the boss's HP goes up by 2 this round."),
    "boss_down1": N_("Boss HP −1: the boss's HP goes down by 1 this round."),
    "boss_down2": N_("Boss HP −2: the boss's HP goes down by 2 this round."),
    "need_red": N_("Red required: a knight without a red weapon cannot win the round."),
    "need_blue": N_("Blue required: a knight without a blue weapon cannot win the round."),
    "need_green": N_("Green required: a knight without a green weapon cannot win the round."),
    "need_yellow": N_("Yellow required: a knight without a yellow weapon cannot win the round."),
    "need_purple": N_("Purple required: a knight without a purple weapon cannot win the round."),
    "two_of_colour": N_("Two of one colour: a knight without two weapons of one colour cannot win the round."),
    "no_heart_lost": N_("No heart lost: nobody loses a heart this round."),
    "cancel": N_("Cancel: removes an active spell (not Last turn!); both cards are discarded."),
    "extra_key": N_("Extra key: the round's winner gets one more key."),
    "second_wins": N_("Second-closest wins: the knight second closest to the HP wins the round instead."),
    "last_turn": N_("Last turn! Each knight not yet at the Magician has one more action, then the fight."),
}
MYSTERY_LINE = N_("The mystery spell: activate or discard it without looking; then it is turned up.")


def signed(n: int) -> str:
    """+2 / −2 with a true minus sign, as on the cards."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def describe(w, kind: str, d: dict, fights: dict | None = None) -> str | None:
    """The log line of a domain event (None: no line); ``fights``: the round's fight lines so
    far (seat -> its "fight" event's data), for a tie broken by fewer weapons."""
    spell = spell_text(d["card"]) if kind in SPELL_KINDS and d.get("card") else ""
    f = LINES.get(kind)
    if f is None:
        return None
    return _winner(w, d, spell, fights or {}) if f is _winner else f(w, d, spell)


def describe_events(w, events) -> list:
    """The lines of a run of events in order, each "winner" with the round's fights before it
    in the run (a round's combat, fights and winner come in one action's events)."""
    fights: dict = {}
    out = []
    for e in events:
        if e.kind == "combat":
            fights = {}
        elif e.kind == "fight":
            fights[e.data["seat"]] = e.data
        out.append(describe(w, e.kind, e.data, fights))
    return out


def _by(w, seat, you: str, other: str, **kw) -> str:
    """One of two whole sentences: about the viewer ("You ...") or about a named seat (``w.by_seat``)."""
    return w.by_seat(seat, you, other, **kw)


def _many(w, seats, you_alone: str, you_and: str, one: str, several: str, **kw) -> str:
    """A sentence about a group of seats: you alone, you and others, one other, several others."""
    mine = [s for s in seats if w.is_you(s)]
    rest = [s for s in seats if not w.is_you(s)]
    if mine and not rest:
        return you_alone.format(**kw)
    if mine:
        return you_and.format(names=names_list([w.name(x) for x in rest]), **kw)
    return (one if len(rest) == 1 else several).format(names=names_list([w.name(x) for x in rest]), **kw)


def _activate(w, d, spell) -> str:
    seat = d["seat"]
    if d.get("target") is not None:
        tg = d["target"]
        if tg == seat:
            return _by(w, seat, _("You cast {spell} on your own row"), _("{name} casts {spell} on their own row"),
                       spell=spell)
        if w.is_you(tg):
            return _("{name} casts {spell} on you").format(name=w.who(seat), spell=spell)
        return _by(w, seat, _("You cast {spell} on {target}"), _("{name} casts {spell} on {target}"),
                   spell=spell, target=tg)
    if d.get("hidden"):
        return _by(w, seat, _("You cast {spell} on your hidden weapon"),
                   _("{name} casts {spell} on the hidden weapon"), spell=spell)
    if d.get("weapon") is not None:
        return _by(w, seat, _("You cast {spell}: {weapon}"), _("{name} casts {spell}: {weapon}"),
                   spell=spell, weapon=weapon_text(d["weapon"]))
    return _by(w, seat, _("You cast {spell}"), _("{name} casts {spell}"), spell=spell)


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


def _fight(w, d, spell) -> str:
    seat, st, hp = d["seat"], d["strength"], d["hp"]
    if d["status"] == "bust":
        return _by(w, seat, _("Your strength {s} against {hp}: bust!"), _("{name}: strength {s} against {hp}: bust!"),
                   s=st, hp=hp)
    if d["status"] == "out":
        why = "; ".join(missing(c) for c in d["failed"])
        return _by(w, seat, _("Your strength {s}, but you are out: {why}"), _("{name}: strength {s}, out: {why}"),
                   s=st, why=why)
    if d["perfect"]:
        return _by(w, seat, _("Your strength {s}: exactly the HP!"), _("{name}: strength {s}, exactly the HP!"), s=st)
    n = d["distance"]
    return _by(w, seat, ngettext("Your strength {s}: {n} below the HP", "Your strength {s}: {n} below the HP", n),
               ngettext("{name}: strength {s}, {n} below the HP", "{name}: strength {s}, {n} below the HP", n),
               s=st, n=n)


def _winner(w, d, spell, fights=None) -> str:
    seats = d["seats"]
    if not seats:
        return _("Nobody wins the round")
    fights = fights or {}                            # the round's public fight lines, so far
    beaten = [s for s, f in fights.items()             # as close, but with more weapon cards
              if f["status"] == "in" and f["distance"] == d["distance"] and s not in seats]
    if d["second"] and beaten:
        return _many(w, seats, _("You win the round as the second-closest: same distance, fewer weapons"),
                     _("You and {names} win the round as the second-closest: same distance, fewer weapons"),
                     _("{names} wins the round as the second-closest: same distance, fewer weapons"),
                     _("{names} win the round as the second-closest: same distance, fewer weapons"))
    if d["second"]:
        return _many(w, seats, _("You win the round as the second-closest"),
                     _("You and {names} win the round as the second-closest"),
                     _("{names} wins the round as the second-closest"),
                     _("{names} win the round as the second-closest"))
    if beaten:
        return _many(w, seats, _("You win the round: same distance, fewer weapons"),
                     _("You and {names} win the round: same distance, fewer weapons"),
                     _("{names} wins the round: same distance, fewer weapons"),
                     _("{names} win the round: same distance, fewer weapons"))
    return _many(w, seats, _("You win the round"), _("You and {names} win the round"), _("{names} wins the round"),
                 _("{names} win the round"))


def _keys(w, d, spell) -> str:
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
    return _by(w, d["seat"], you, other, n=n)


def _cancel(w, d, spell) -> str:
    if d["target"] == BOSS:
        return _("{spell} beside the boss is cancelled").format(spell=spell)
    if w.is_you(d["target"]):
        return _("{spell} on you is cancelled").format(spell=spell)
    return _("{spell} on {name} is cancelled").format(spell=spell, name=w.who(d["target"]))


def _swap(w, d, spell) -> str:
    a, b = d["seat"], d["target"]
    if w.is_you(b):
        return _("{name} swaps hidden weapons with you").format(name=w.who(a))
    return _by(w, a, _("You swap hidden weapons with {target}"), _("{name} swaps hidden weapons with {target}"),
               target=b)


def _swapped(w, d, spell) -> str:
    cards = {int(s): weapon_text(c) for s, c in d["cards"].items()}
    a, b = d["seat"], d["target"]
    if w.is_you(b):
        a, b = b, a
    if w.is_you(a):
        return _("Your hidden weapon is now {mine}; {name} holds {theirs}").format(
            mine=cards[a], name=w.who(b), theirs=cards[b])
    return _("Hidden weapons now: {a} holds {wa}, {b} holds {wb}").format(a=w.who(a), wa=cards[a], b=w.who(b),
                                                                          wb=cards[b])


def _exchange(w, d, spell) -> str:
    if d["hidden"]:
        return _by(w, d["seat"], _("You exchange your hidden weapon for the deck's top card"),
                   _("{name} exchanges their hidden weapon for the deck's top card"))
    return _by(w, d["seat"], _("You exchange {gave} for {got}"), _("{name} exchanges {gave} for {got}"),
               gave=weapon_text(d["gave"]), got=weapon_text(d["got"]))


def _perfect(w, d, spell) -> str:
    return _many(w, d["seats"], _("PERFECT! You hit the boss's HP exactly"),
                 _("PERFECT! You and {names} hit the boss's HP exactly"),
                 _("PERFECT! {names} hits the boss's HP exactly"), _("PERFECT! {names} hit the boss's HP exactly"))


def _last_turn(w, d, spell) -> str:
    if not d["players"]:
        return _("Last turn! Everyone is at the Magician already")
    return _many(w, d["players"], _("Last turn! One last action for you"),
                 _("Last turn! One last action for you and {names}"), _("Last turn! One last action for {names}"),
                 _("Last turn! One last action for {names}"))


def _over(w, d, spell) -> str:
    return _many(w, d["winners"], _("You win the game!"), _("You and {names} share the win!"),
                 _("{names} wins the game!"), _("{names} share the win!"))


def out_of_running(w, hearts) -> str:
    """Why a player with more keys may stand below one with fewer at the end: the players who
    lost their last heart, in one whole sentence ("Bram lost their last heart: out of the
    running.").  "" when nobody did, or when everyone did (they then rank by keys alone, so
    nobody was put below another for it: docs/RULES_NOTES.md, "Keys and hearts").  The results
    screen says it under the standings; a phone may say it from here too."""
    out = [s for s, h in enumerate(hearts) if h <= 0]
    if not out or len(out) == len(hearts):
        return ""
    return _many(w, out, _("You lost your last heart: out of the running."),
                 _("You and {names} lost your last hearts: out of the running."),
                 _("{names} lost their last heart: out of the running."),
                 _("{names} lost their last hearts: out of the running."))


def _strength(w, d, spell) -> str:
    return _by(w, d["target"], _("Your strength {delta} from spells ({m} in all)"),
               _("{name}: strength {delta} from spells ({m} in all)"), delta=signed(d["delta"]),
               m=signed(d["modifier"]))


SPELL_KINDS = {"discard", "mystery", "fizzle", "aim", "activate", "strength", "boss_hp", "cancel", "rule",
               "mystery_shown"}
LINES = {
    "deal": lambda w, d, sp: _by(w, d["armorer"], _("Round {r}: you deal the weapons"),
                                 _("Round {r}: {name} deals the weapons"), r=d["round"]),
    "rebuild": lambda w, d, sp: _("The boss deck is shuffled from its discards") if d["deck"] == "bosses"
    else _("The spell deck is shuffled from its discards"),
    "boss": lambda w, d, sp: _("The boss: {hp} HP").format(hp=d["hp"]),
    "weapon": lambda w, d, sp: _by(w, d["seat"], _("You take {weapon}"), _("{name} takes {weapon}"),
                                   weapon=weapon_text(d["card"])) if d["how"] == "equip" else None,
    "hidden": lambda w, d, sp: _("Your hidden weapon: {weapon}").format(weapon=weapon_text(d["card"])),
    "spells": lambda w, d, sp: ngettext("The Magician offers {n} spell (one face down)",
                                        "The Magician offers {n} spells (one face down)",
                                        len(d["slots"])).format(n=len(d["slots"])),
    "weapon_deck": lambda w, d, sp: ngettext("{n} weapon in the deck", "{n} weapons in the deck",
                                             d["size"]).format(n=d["size"]),
    "equip": lambda w, d, sp: _by(w, d["seat"], ngettext("You ask for {n} weapon", "You ask for {n} weapons", d["n"]),
                                  ngettext("{name} asks for {n} weapon", "{name} asks for {n} weapons", d["n"]),
                                  n=d["n"]),
    "bust": lambda w, d, sp: _by(w, d["seat"], _("You are bust: over the boss's HP!"),
                                 _("{name} is bust: over the boss's HP!")),
    # exactly at the HP is not bust (the rulebook: only a strength over the HP loses a heart)
    "unbust": lambda w, d, sp: _by(w, d["seat"], _("You are no longer bust: at or under the boss's HP"),
                                   _("{name} is no longer bust: at or under the boss's HP")),
    "magician": lambda w, d, sp: _by(w, d["seat"], _("You go to the Magician"), _("{name} goes to the Magician")),
    "wait": lambda w, d, sp: _by(w, d["seat"], _("No spell left for you"), _("No spell left for {name}")),
    "discard": lambda w, d, sp: _by(w, d["seat"], _("You discard {spell}"), _("{name} discards {spell}"), spell=sp),
    "mystery": lambda w, d, sp: _by(w, d["seat"], _("You turn up the mystery spell: {spell}"),
                                    _("{name} turns up the mystery spell: {spell}"), spell=sp),
    "fizzle": lambda w, d, sp: _("{spell} has nothing to act on: discarded").format(spell=sp),
    "aim": lambda w, d, sp: _by(w, d["seat"], _("You choose where {spell} goes"), _("{name} chooses where {spell} goes"),
                                spell=sp),
    "activate": _activate,
    "strength": _strength,
    "boss_hp": lambda w, d, sp: _("The boss's HP is now {hp}").format(hp=d["hp"]),
    "swap": _swap,
    "swapped": _swapped,
    "exchange": _exchange,
    "exchanged": lambda w, d, sp: _by(w, d["seat"], _("You give {gave} and get {got}"),
                                      _("{name} gives {gave} and gets {got}"),
                                      gave=weapon_text(d["gave"]), got=weapon_text(d["got"])),
    "cancel": _cancel,
    "last_turn": _last_turn,
    "rule": lambda w, d, sp: _("{spell} this round").format(spell=sp),
    "combat": lambda w, d, sp: _("Round {r}: the fight against {hp} HP").format(r=d["round"], hp=d["hp"]),
    "reveal": lambda w, d, sp: _("Every hidden weapon is shown"),
    "fight": _fight,
    "winner": _winner,
    "keys": _keys,
    "perfect": _perfect,
    "hearts_saved": lambda w, d, sp: _("No heart lost this round"),
    "heart_lost": lambda w, d, sp: _by(w, d["seat"], ngettext("You lose a heart ({n} left)",
                                                              "You lose a heart ({n} left)", d["hearts"]),
                                       ngettext("{name} loses a heart ({n} left)", "{name} loses a heart ({n} left)",
                                                d["hearts"]), n=d["hearts"]),
    "round_end": lambda w, d, sp: _("Round {r} is over").format(r=d["round"]),
    "game_over": _over,
    "mystery_shown": lambda w, d, sp: _("The mystery spell was {spell}").format(spell=sp),
    "discard_round": lambda w, d, sp: _("The boss and the spells are discarded"),
    "armorer": lambda w, d, sp: _by(w, d["seat"], _("You are the new Armorer"), _("{name} is the new Armorer")),
    "new_round": lambda w, d, sp: _("Round {r} begins").format(r=d["round"]),
}


_UNSET = object()


def action_label(w, a, mine=_UNSET, active=_UNSET) -> str:
    """A button's or choice tile's words for the action ``a``: "Take 2", "Wait", "Discard", "On
    your own row", "On Bram", a weapon ("Red 3", "Red 3 (hidden)": only the viewer's own
    secret), "Cancel Poison", "Cast it".  ``mine``: the viewer's hidden weapon when it may be
    named; ``active``: the spells in play (records with ``card``); without them, read from
    ``w.observation`` (a phone's seat words carry the seat's observation)."""
    obs = getattr(w, "observation", None)
    if mine is _UNSET:
        mine = obs.hidden[a.seat] if obs is not None and a.seat == w.viewer else None
    if active is _UNSET:
        active = obs.active if obs is not None else ()
    if a.kind == "equip":
        return _("Take {n}").format(n=a["n"])
    if a.kind == "discard":
        return _("Discard")
    if a.kind == "wait":
        return _("Wait")
    if a.get("target") is not None:
        if w.is_you(a["target"]):
            return _("On your own row")
        return _("On {name}").format(name=w.who(a["target"]))
    if a.get("weapon") is not None:
        if mine is not None and weapon_id(a["weapon"]) == mine:     # only the viewer's own secret
            return _("{weapon} (hidden)").format(weapon=weapon_text(a["weapon"]))
        return weapon_text(a["weapon"])
    if a.get("cancel") is not None:
        return _("Cancel {spell}").format(spell=spell_text(active[a["cancel"]].card))
    return _("Cast it")


def button_label(w, a) -> str:
    """A phone's button for ``a``, alone on its screen: a Magician action is one whole sentence
    naming its spell ("Cast Last turn!", "Discard Boss HP +2", "Cast Strength +1 on Bram"; the
    face-down one: "Cast the face-down spell"), where the table's choice panel says the spell in
    its title; the others are the tile's words ("Take 2", "Cancel Poison": the verb is the spell)."""
    obs = getattr(w, "observation", None)
    if obs is None or a.kind not in ("activate", "discard", "aim") or a.get("cancel") is not None:
        return action_label(w, a)
    if a.kind == "aim":
        if obs.aim is None:
            return action_label(w, a)
        card = obs.aim[1]
    else:
        card = obs.magician[a["slot"]] if 0 <= a["slot"] < len(obs.magician) else MYSTERY
    spell = None if card in (None, MYSTERY) else spell_text(card)
    if a.kind == "discard":
        return _("Discard the face-down spell") if spell is None else _("Discard {spell}").format(spell=spell)
    if spell is None:                   # the face-down spell is cast unseen: no choice goes with it
        return _("Cast the face-down spell")
    if a.get("target") is not None:
        if w.is_you(a["target"]):
            return _("Cast {spell} on your own row").format(spell=spell)
        return _("Cast {spell} on {name}").format(spell=spell, name=w.who(a["target"]))
    if a.get("weapon") is not None:
        return _("Cast {spell} on {weapon}").format(spell=spell, weapon=action_label(w, a))
    return _("Cast {spell}").format(spell=spell)


def ask_line(w, actions) -> str | None:
    """What a seat's screen asks on its turn, following the choices actually offered (a phone's
    ask line): take weapons and/or use a spell, or wait.  A knight who is bust (or finds the deck
    empty) is offered only the Magician's spells and is asked only for them.  None: nothing of
    the play phase offered (the turned-up mystery's aim has its own line)."""
    kinds = {a.kind for a in actions}
    take, spell, wait = "equip" in kinds, bool(kinds & {"activate", "discard"}), "wait" in kinds
    if take and spell:
        return _("Your turn: take weapons or use a spell.")
    if spell:
        return _("Your turn: use a spell.")
    if take:
        return _("Your turn: take weapons or wait.") if wait else _("Your turn: take weapons.")
    if wait:
        return _("Your turn: no spell is left for you, so wait.")
    return None
