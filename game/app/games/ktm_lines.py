"""King Thief Minister's table log: one line per domain event (``describe``), also used to
rebuild a resumed game's log; a run of coins between the same places logs as one line
(``merge_coins``).  Also the table's other words: the status line, why a drop means nothing,
a spot's name and the caption of a card shown face up."""
from __future__ import annotations

from dataclasses import replace

from game.core.i18n import _, ngettext
from game.rules import ktm as K
from game.rules.ktm import card_text


def merge_coins(events) -> list:
    """A run of coins between the same two places for the same reason reads as one log line
    ("6 coins: Bram → Cleo (Executioner)"): every coin still flies, the last one logs the run."""
    out = list(events)
    payer = None                     # a payer with no coin: the coins the others take for it name it
    for i, e in enumerate(out):
        if e.kind == "no_coin":
            payer = e.data["seat"] if e.data.get("why") != "thief" else None
        elif e.kind == "coin" and e.data["why"] == "no_coin" and payer is not None:
            out[i] = replace(e, data={**e.data, "payer": payer})
    for i in range(1, len(out)):
        e, p = out[i], out[i - 1]
        if e.kind == p.kind == "coin" and e.to is None and p.to is None and \
                all(e.data[k] == p.data[k] for k in ("from", "to", "why")):
            out[i - 1] = replace(p, data={**p.data, "quiet": True})
            out[i] = replace(e, data={**e.data, "run": p.data.get("run", 1) + 1})
    return out


def secret(t, card) -> str:
    """A card's name in the log only with the memory aid (the table never shows what was seen)."""
    return card_text(card) if t.aid() else _("a card")


def empty_number(t, spot: int) -> int | None:
    """An empty spot's number (1, 2, ... by spot) when the table has more than one, else None."""
    empty = K.empty_spots(t.kit.n)
    return empty.index(spot) + 1 if len(empty) > 1 and spot in empty else None


def empty_label(t, spot: int) -> str:
    """The label drawn under an empty spot: "empty spot" / "empty spot 2" (as the log names it)."""
    n = empty_number(t, spot)
    return _("empty spot") if n is None else _("empty spot {n}").format(n=n)


def spot_name(t, spot: int) -> str:
    """"your spot" / "Bram's spot" / "the empty spot" / "empty spot 2" (when there are several,
    each by the number drawn under it)."""
    seat = t.seat_at(spot)
    if seat is None:
        n = empty_number(t, spot)
        return _("the empty spot") if n is None else _("empty spot {n}").format(n=n)
    return _("your spot") if t.kit.who(seat) == _("You") else _("{name}'s spot").format(name=t.kit.name(seat))


def _yo(t, seat: int, you: str, other: str, /, **kw) -> str:
    """A whole sentence in its "you" form for the lone human at the screen, else the other form
    (``{name}``: the seat's name): the kit's ``by_seat``."""
    return t.kit.by_seat(seat, you, other, **kw)


def lookers(t, seats) -> str:
    """The tag on a card being looked at: "You look" / "Bram looks" / "Looking: Bram, Cleo"."""
    if len(seats) == 1:
        return _yo(t, seats[0], _("You look"), _("{name} looks"))
    return _("Looking: {names}").format(names=", ".join(t.kit.who(x) for x in seats))


def names_list(t, names) -> str:
    """A Peasant's naming, spot by spot (their own left out): "Bram's spot: King; ..."."""
    return "; ".join(_("{spot}: {card}").format(spot=spot_name(t, s), card=card_text(c))
                     for s, c in enumerate(names) if c is not None)


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line).  Every line is a whole sentence: the "you"
    form for the lone human at the screen, the named form otherwise."""
    w = t.kit.who
    seat = d.get("seat", d.get("claimant", -1))
    ch = card_text(d["character"]) if "character" in d else ""
    why = {"look": _("a look"), "challenge": _("a lost challenge"), "no_coin": _("no coin"), "king": _("King"),
           "minister": _("Minister"), "false_minister": _("a false Minister"), "thief": _("Thief"),
           "tax": _("tax"), "sheriff": _("Sheriff"), "execute": _("Executioner"), "peasant": _("Peasant"),
           "mistake": _("a mistake")}
    if d.get("why") == "no_coin" and "payer" in d:          # "(Bram had no coin)", not "(no coin)"
        why["no_coin"] = _yo(t, d["payer"], _("you had no coin to pay"), _("{name} had no coin to pay"))
    at = (lambda s: spot_name(t, s))
    moves = {"left": (_("You move every card left"), _("{name} moves every card left")),
             "right": (_("You move every card right"), _("{name} moves every card right")),
             "opposite": (_("You move every card to the opposite spot"),
                          _("{name} moves every card to the opposite spot"))}
    lines = {
        "deal": lambda: _("A card to each player: the King starts") if d["deal"] == 1 else
        _("A card to each player again (deal {n}): the King starts").format(n=d["deal"]),
        "redeal": lambda: _("Nobody got the King: deal again"),
        "start": lambda: _yo(t, seat, _("You got the King and start"), _("{name} got the King and starts")),
        "spots": lambda: _("The six cards are shuffled face down onto the spots"),
        "window": lambda: {"peek": _("Everyone peeks at one card"),
                           "challenge": _yo(t, seat, _("Will anyone challenge your {card}?"),
                                            _("Challenge {name}'s {card}?"), card=ch),
                           "ministers": _("“Who is the Minister?”")}[d["kind"]],
        "answered": lambda: _("{who} answered").format(who=w(seat)),
        "peeks": lambda: "; ".join(_yo(t, int(s), _("You peek at {spot}"), _("{name} peeks at {spot}"), spot=at(sp))
                                   for s, sp in d["spots"].items()),
        "peek": lambda: _yo(t, seat, _("You saw {card} at {spot}"), _("{name} saw {card} at {spot}"),
                            card=secret(t, d["card"]), spot=at(d["spot"])),
        "turn": lambda: _yo(t, seat, _("Turn {n}: your turn"), _("Turn {n}: {name}"), n=d["turn"]),
        "look": lambda: _yo(t, seat, _("You pay to look at your card"), _("{name} pays to look at their card")),
        "looked": lambda: _yo(t, seat, _("You saw {card}"), _("{name} saw {card}"), card=secret(t, d["card"])),
        "coin": lambda: None if d.get("quiet") else ngettext(
            "{n} coin: {a} → {b} ({why})", "{n} coins: {a} → {b} ({why})", d.get("run", 1)).format(
            n=d.get("run", 1),
            a=_("treasury") if d["from"] == K.TREASURY else w(d["from"]),
            b=_("treasury") if d["to"] == K.TREASURY else w(d["to"]), why=why.get(d["why"], d["why"])),
        "no_coin": lambda: (_yo(t, seat, _("You have no coin: the Thief takes 1 from the treasury instead"),
                                _("{name} has no coin: the Thief takes 1 from the treasury instead"))
                            if d.get("why") == "thief" else
                            _yo(t, seat, _("You have no coin to pay: each other player takes 1 from the treasury"),
                                _("{name} has no coin to pay: each other player takes 1 from the treasury"))),
        "move": lambda: _yo(t, seat, *moves[d["direction"]]),
        "claim": lambda: _yo(t, seat, _("You claim the {card}"), _("{name} claims the {card}"), card=ch),
        "no_challenge": lambda: _("Nobody challenges"),
        "challenge": lambda: t.kit.by_seat(d["challenger"], _("You challenge {target}"), _("{name} challenges {target}"),
                                       target=seat, to_you=_("{name} challenges you")),
        "challenge_look": lambda: _yo(t, d["challenger"], _("You saw {card}"), _("{name} saw {card}"),
                                      card=secret(t, d["card"])),
        "challenge_result": lambda: ((_("True: you are the {card}") if d["truthful"] else
                                      _("False: you are not the {card}")).format(card=ch) if t.is_you(seat)
                                     else (_("True: {who} is the {card}") if d["truthful"] else
                                           _("False: {who} is not the {card}")).format(who=w(seat), card=ch)),
        "cancelled": lambda: _yo(t, seat, _("Your act is cancelled"), _("{name}'s act is cancelled")),
        "act": lambda: _yo(t, seat, _("You act as the {card}"), _("{name} acts as the {card}"), card=ch),
        "ministers": lambda: (_("Claiming the Minister: {names}").format(
            names=", ".join(w(s) for s in d["claimants"])) if d["claimants"] else _("Nobody claims it")),
        # one event per card seen: the seer ("seat") saw the claimant's card
        # the card by name only with the memory aid (RULINGS §2 Memory: the table never shows a
        # player what they saw earlier; the caption names it while it is face up), never "a card"
        "minister_seen": lambda: _yo(t, d["seat"], _("You saw {owner}'s card: {card}"),
                                     _("{name} saw {owner}'s card: {card}"), owner=w(d["claimant"]),
                                     card=card_text(d["card"])) if t.aid() else
        _yo(t, d["seat"], _("You saw {owner}'s card"), _("{name} saw {owner}'s card"), owner=w(d["claimant"])),
        "minister_check": lambda: ((_("You are the Minister") if d["truthful"] else
                                    _("You are not the Minister")) if t.is_you(seat) else
                                   (_("{who} is the Minister") if d["truthful"] else
                                    _("{who} is not the Minister")).format(who=w(seat))),
        "minister": lambda: _yo(t, seat, _("You choose {a} and {b}"), _("{name} chooses {a} and {b}"),
                                a=at(d["spots"][0]), b=at(d["spots"][1])),
        "minister_swap": lambda: _("You swapped them") if d["swapped"] else _("You left them"),
        "execute": lambda: t.kit.by_seat(seat, _("You say {target} is the {card}"), _("{name} says {target} is the {card}"),
                                     target=d["target"], to_you=_("{name} says you are the {card}"), card=ch),
        "execute_look": lambda: _yo(t, d["target"], _("You saw {card}"), _("{name} saw {card}"),
                                    card=secret(t, d["card"])),
        "execute_result": lambda: _("Right!") if d["right"] else _("Wrong"),
        "tax": lambda: _("The Sheriff's tax"),
        "no_tax": lambda: _yo(t, seat, _("You have no coin to pay"), _("{name} has no coin to pay")),
        "sheriff": lambda: _yo(t, d["target"], _("You pay 1 more"), _("{name} pays 1 more")),
        "peasant": lambda: _yo(t, seat, _("You show {card}"), _("{name} shows {card}"), card=card_text(d["card"])),
        "names": lambda: _yo(t, seat, _("You name the other cards: {names}"),
                             _("{name} names the other cards: {names}"), names=names_list(t, d["names"])),
        "reveal_all": lambda: _("All named right!") if d["all_right"] else _("A name is wrong"),
        "peasant_wins": lambda: _yo(t, seat, _("You take the whole treasury!"), _("{name} takes the whole treasury!")),
        "mistake": lambda: _yo(t, seat, _("You made a mistake"), _("{name} made a mistake")),
        "game_over": lambda: t.kit.win_line(d["winners"]),
    }
    return lines[kind]() if kind in lines else None


def power(character: str) -> str:
    """What a character does, one line for the claim dialog (RULINGS.md section 2)."""
    return {"king": _("Take 3 coins; then the others may claim the Minister"),
            "thief": _("Take 1 coin from the nearest player on each side"),
            "minister": _("Choose two spots and secretly swap their cards, or not"),
            "executioner": _("Name another player's card: if right, take all their coins"),
            "sheriff": _("Every other player pays 1; then name one who pays 1 more"),
            "peasant": _("Cannot be challenged: show your card, then name all the others")}[character]


def shown_caption(t, d: dict, card: str, private: bool) -> str:
    """The caption of a card turned face up: a private look names the viewer, a shown card its owner."""
    if private:
        return _yo(t, t.kit.viewer, _("You saw: {card}"), _("{name} saw: {card}"), card=card_text(card))
    return _yo(t, d["seat"], _("You show: {card}"), _("{name} shows: {card}"), card=card_text(card))


def drop_why(t, j: int) -> str:
    """Why a card dropped on spot ``j`` means nothing now."""
    ph = t.shown.phase
    if ph == "peek":
        return _("Peek at a card that is not in your own spot")
    if ph == "turn":
        return _("Drag a card one spot along the ring, or to the opposite spot, to move every card")
    if ph == "act" and t.shown.claim in (K.EXECUTIONER, K.SHERIFF):
        return _("Choose another player")
    return _("That is not possible now")


def pick_why(t, j: int) -> str:
    """Why a card clicked (or chosen with Enter) means nothing now: in a turn your card goes to the
    chosen spot, so only a spot beside yours or opposite it turns the ring (a drag's reason is
    ``drop_why``)."""
    if t.shown.phase == "turn":
        return _("Choose a card beside yours or opposite it: every card moves so that yours goes there")
    return drop_why(t, j)


def status(t) -> tuple[str, str]:
    """The status line: what the person at the screen may do now, or whom the table waits for."""
    sh, legal = t.shown, t._legal()
    if sh.phase == "over":
        return _("Game over"), ""
    if not legal:
        who = sh.turn if sh.phase == "turn" else sh.claimant
        return (_("Waiting for the others…") if sh.phase in ("peek", "challenge", "ministers") or who < 0
                else _("Wait a moment…") if t.is_you(who) else
                _("{who} is playing…").format(who=t.kit.who(who))), ""
    ch = card_text(sh.claim) if sh.claim >= 0 else ""
    msg = {
        "peek": _("Peek: click a card that is not yours (←/→ and Enter)"),
        "turn": (_("Your turn: drag a coin onto the treasury to look (L), drag a card or press , . O to turn "
                   "the ring, or Enter to claim") if t.focus in (None, t.owned[t.kit.viewer]) else
                 _("Your turn: Enter moves every card so that yours goes to the chosen spot (one spot away "
                   "or opposite)") if (t.focus - t.owned[t.kit.viewer]) % K.SPOTS in (1, 3, 5) else
                 _("Your turn: that card is two spots from yours; choose one beside yours or opposite (←/→)")),
        "challenge": _("{who} claims the {card}: challenge (C) or pass (Enter)").format(
            who=t.kit.who(sh.claimant), card=ch),
        "ministers": _("“Who is the Minister?” Claim it (M) or pass (Enter)"),
        "name": _("Drop a name on each other card (or ←/→ and 1-5); Enter names them"),
    }.get(sh.phase)
    if sh.phase == "act":
        msg = {K.MINISTER: _("Minister: click two cards (or drag one onto another), then swap or keep"),
               K.EXECUTIONER: _("Executioner: drag your card onto a player (or click them), then name a card"),
               K.SHERIFF: _("Sheriff: click the player who pays 1 more")}[sh.claim]
    return msg or "", "true"
