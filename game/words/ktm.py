"""King Thief Minister's words for a seat: the log line of each domain event (``describe``; a
card seen is named only with the table's memory aid, RULINGS §2 Memory), a run of coins as one
line and each opening peek as its own (``prepare``: ``merge_coins``, ``split_peeks``), and what a button or tile says for a legal action
(``action_label``), for the table and the phones."""
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


def split_peeks(events) -> list:
    """The opening peeks, shown together in one event, log one line a peek ("Bram peeks at your
    spot", "You peek at empty spot 2"), each a whole sentence, never sentences glued with ";":
    one event a seat, ``part`` of ``parts`` (the table shows the eyes as each line comes)."""
    out = []
    for e in events:
        spots = e.data.get("spots") if e.kind == "peeks" else None
        if not spots or len(spots) < 2:
            out.append(e)
            continue
        for k, (s, sp) in enumerate(spots.items()):
            out.append(replace(e, data={**e.data, "spots": {s: sp}, "part": k, "parts": len(spots)}))
    return out


def prepare(events) -> list:
    """One action's events as the table logs them (and the phones): a run of coins as one line,
    each opening peek as its own."""
    return split_peeks(merge_coins(events))


def secret(aid: bool, card) -> str:
    """A card's name in the log only with the memory aid (the table never shows what was seen)."""
    return card_text(card) if aid else _("a card")


def empty_number(w, spot: int) -> int | None:
    """An empty spot's number (1, 2, ... by spot) when the table has more than one, else None."""
    empty = K.empty_spots(w.n)
    return empty.index(spot) + 1 if len(empty) > 1 and spot in empty else None


def empty_label(w, spot: int) -> str:
    """The label drawn under an empty spot: "empty spot" / "empty spot 2" (as the log names it)."""
    n = empty_number(w, spot)
    return _("empty spot") if n is None else _("empty spot {n}").format(n=n)


def spot_name(w, spot: int) -> str:
    """"your spot" / "Bram's spot" / "the empty spot" / "empty spot 2" (when there are several,
    each by the number drawn under it)."""
    owned = K.owned_spots(w.n)
    seat = owned.index(spot) if spot in owned else None
    if seat is None:
        n = empty_number(w, spot)
        return _("the empty spot") if n is None else _("empty spot {n}").format(n=n)
    return _("your spot") if w.who(seat) == _("You") else _("{name}'s spot").format(name=w.name(seat))


def _yo(w, seat: int, you: str, other: str, /, **kw) -> str:
    """A whole sentence in its "you" form for the lone human at the screen, else the other form
    (``{name}``: the seat's name): ``w.by_seat``."""
    return w.by_seat(seat, you, other, **kw)


def names_list(w, names) -> str:
    """A Peasant's naming, spot by spot (their own left out): "Bram's spot: King; ..."."""
    return "; ".join(_("{spot}: {card}").format(spot=spot_name(w, s), card=card_text(c))
                     for s, c in enumerate(names) if c is not None)


def describe(w, kind: str, d: dict, aid: bool = False) -> str | None:
    """The log line of a domain event (None: no line).  Every line is a whole sentence: the "you"
    form for the lone human at the screen, the named form otherwise."""
    who = w.who
    seat = d.get("seat", d.get("claimant", -1))
    ch = card_text(d["character"]) if "character" in d else ""
    why = {"look": _("a look"), "challenge": _("a lost challenge"), "no_coin": _("no coin"), "king": _("King"),
           "minister": _("Minister"), "false_minister": _("a false Minister"), "thief": _("Thief"),
           "tax": _("tax"), "sheriff": _("Sheriff"), "execute": _("Executioner"), "peasant": _("Peasant"),
           "mistake": _("a mistake")}
    if d.get("why") == "no_coin" and "payer" in d:          # "(Bram had no coin)", not "(no coin)"
        why["no_coin"] = _yo(w, d["payer"], _("you had no coin to pay"), _("{name} had no coin to pay"))
    at = (lambda s: spot_name(w, s))
    moves = {"left": (_("You move every card left"), _("{name} moves every card left")),
             "right": (_("You move every card right"), _("{name} moves every card right")),
             "opposite": (_("You move every card to the opposite spot"),
                          _("{name} moves every card to the opposite spot"))}
    lines = {
        "deal": lambda: _("A card to each player: the King starts") if d["deal"] == 1 else
        _("A card to each player again (deal {n}): the King starts").format(n=d["deal"]),
        "redeal": lambda: _("Nobody got the King: deal again"),
        "start": lambda: _yo(w, seat, _("You got the King and start"), _("{name} got the King and starts")),
        "spots": lambda: _("The six cards are shuffled face down onto the spots"),
        "window": lambda: {"peek": _("Everyone peeks at one card"),
                           "challenge": _yo(w, seat, _("Will anyone challenge your {card}?"),
                                            _("Challenge {name}'s {card}?"), card=ch),
                           "ministers": _("“Who is the Minister?”")}[d["kind"]],
        "answered": lambda: _yo(w, seat, _("You answered"), _("{name} answered")),
        # one peek a line (``split_peeks``); an event not split yet: each sentence on its own line
        "peeks": lambda: "\n".join(_yo(w, int(s), _("You peek at {spot}"), _("{name} peeks at {spot}"), spot=at(sp))
                                    for s, sp in d["spots"].items()),
        "peek": lambda: _yo(w, seat, _("You saw {card} at {spot}"), _("{name} saw {card} at {spot}"),
                            card=secret(aid, d["card"]), spot=at(d["spot"])),
        "turn": lambda: _yo(w, seat, _("Turn {n}: your turn"), _("Turn {n}: {name}"), n=d["turn"]),
        "look": lambda: _yo(w, seat, _("You pay to look at your card"), _("{name} pays to look at their card")),
        "looked": lambda: _yo(w, seat, _("You saw {card}"), _("{name} saw {card}"), card=secret(aid, d["card"])),
        "coin": lambda: None if d.get("quiet") else ngettext(
            "{n} coin: {a} → {b} ({why})", "{n} coins: {a} → {b} ({why})", d.get("run", 1)).format(
            n=d.get("run", 1),
            a=_("treasury") if d["from"] == K.TREASURY else who(d["from"]),
            b=_("treasury") if d["to"] == K.TREASURY else who(d["to"]), why=why.get(d["why"], d["why"])),
        "no_coin": lambda: (_yo(w, seat, _("You have no coin: the Thief takes 1 from the treasury instead"),
                                _("{name} has no coin: the Thief takes 1 from the treasury instead"))
                            if d.get("why") == "thief" else
                            _yo(w, seat, _("You have no coin to pay: each other player takes 1 from the treasury"),
                                _("{name} has no coin to pay: each other player takes 1 from the treasury"))),
        "move": lambda: _yo(w, seat, *moves[d["direction"]]),
        "claim": lambda: _yo(w, seat, _("You claim the {card}"), _("{name} claims the {card}"), card=ch),
        "no_challenge": lambda: _("Nobody challenges"),
        "challenge": lambda: w.by_seat(d["challenger"], _("You challenge {target}"), _("{name} challenges {target}"),
                                       target=seat, to_you=_("{name} challenges you")),
        "challenge_look": lambda: _yo(w, d["challenger"], _("You saw {card}"), _("{name} saw {card}"),
                                      card=secret(aid, d["card"])),
        "challenge_result": lambda: ((_("True: you are the {card}") if d["truthful"] else
                                      _("False: you are not the {card}")).format(card=ch) if w.is_you(seat)
                                     else (_("True: {who} is the {card}") if d["truthful"] else
                                           _("False: {who} is not the {card}")).format(who=who(seat), card=ch)),
        "cancelled": lambda: _yo(w, seat, _("Your act is cancelled"), _("{name}'s act is cancelled")),
        "act": lambda: _yo(w, seat, _("You act as the {card}"), _("{name} acts as the {card}"), card=ch),
        "ministers": lambda: (_("Claiming the Minister: {names}").format(
            names=", ".join(who(s) for s in d["claimants"])) if d["claimants"] else _("Nobody claims it")),
        # one event per card seen: the seer ("seat") saw the claimant's card
        # the card by name only with the memory aid (RULINGS §2 Memory: the table never shows a
        # player what they saw earlier; the caption names it while it is face up), never "a card"
        "minister_seen": lambda: _yo(w, d["seat"], _("You saw {owner}'s card: {card}"),
                                     _("{name} saw {owner}'s card: {card}"), owner=who(d["claimant"]),
                                     card=card_text(d["card"])) if aid else
        _yo(w, d["seat"], _("You saw {owner}'s card"), _("{name} saw {owner}'s card"), owner=who(d["claimant"])),
        "minister_check": lambda: ((_("You are the Minister") if d["truthful"] else
                                    _("You are not the Minister")) if w.is_you(seat) else
                                   (_("{who} is the Minister") if d["truthful"] else
                                    _("{who} is not the Minister")).format(who=who(seat))),
        "minister": lambda: _yo(w, seat, _("You choose {a} and {b}"), _("{name} chooses {a} and {b}"),
                                a=at(d["spots"][0]), b=at(d["spots"][1])),
        "minister_swap": lambda: _("You swapped them") if d["swapped"] else _("You left them"),
        "execute": lambda: w.by_seat(seat, _("You say {target} is the {card}"), _("{name} says {target} is the {card}"),
                                     target=d["target"], to_you=_("{name} says you are the {card}"), card=ch),
        "execute_look": lambda: _yo(w, d["target"], _("You saw {card}"), _("{name} saw {card}"),
                                    card=secret(aid, d["card"])),
        "execute_result": lambda: _("Right!") if d["right"] else _("Wrong"),
        "tax": lambda: _("The Sheriff's tax"),
        "no_tax": lambda: _yo(w, seat, _("You have no coin to pay"), _("{name} has no coin to pay")),
        "sheriff": lambda: _yo(w, d["target"], _("You pay 1 more"), _("{name} pays 1 more")),
        "peasant": lambda: _yo(w, seat, _("You show {card}"), _("{name} shows {card}"), card=card_text(d["card"])),
        "names": lambda: _yo(w, seat, _("You name the other cards: {names}"),
                             _("{name} names the other cards: {names}"), names=names_list(w, d["names"])),
        "reveal_all": lambda: _("All named right!") if d["all_right"] else _("A name is wrong"),
        "peasant_wins": lambda: _yo(w, seat, _("You take the whole treasury!"), _("{name} takes the whole treasury!")),
        "mistake": lambda: _yo(w, seat, _("You made a mistake"), _("{name} made a mistake")),
        "game_over": lambda: w.win_line(d["winners"]),
    }
    return lines[kind]() if kind in lines else None



def action_label(w, a) -> str:
    """The words of a legal action: the table's buttons ("Look (pay 1)", "↻ Move left",
    "Challenge!", "Pass", "I am the Minister"), and for a choice the table makes on its board, a
    whole sentence ("Peek at Bram's spot", "Claim the King", "Executioner: Bram holds the Thief")."""
    k = a.kind
    fixed = {"look": _("Look (pay 1)"), "challenge": _("Challenge!"), "pass": _("Pass"),
             "claim_minister": _("I am the Minister")}
    if k in fixed:
        return fixed[k]
    if k == "move":
        return {"opposite": _("⇅ Opposite"), "right": _("↺ Move right"), "left": _("↻ Move left")}[a["direction"]]
    if k == "peek":
        return _("Peek at {spot}").format(spot=spot_name(w, a["spot"]))
    if k == "claim":
        return _("Claim the {card}").format(card=card_text(a["character"]))
    if k == "minister":
        lo, hi = (spot_name(w, s) for s in sorted(a["spots"]))
        return (_("Minister: swap {a} and {b}") if a["swap"] else _("Minister: leave {a} and {b}")).format(a=lo, b=hi)
    if k == "execute":
        return _("Executioner: {name} holds the {card}").format(name=w.name(a["target"]), card=card_text(a["character"]))
    if k == "sheriff":
        return _("Sheriff: {name} pays 1 more").format(name=w.name(a["target"]))
    if k == "name":
        return _("Name the other cards: {names}").format(names=names_list(w, a["names"]))
    return k
