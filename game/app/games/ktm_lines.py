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


def spot_name(t, spot: int) -> str:
    """"your spot" / "Bram's spot" / "the empty spot"."""
    seat = t.seat_at(spot)
    if seat is None:
        return _("the empty spot")
    return _("your spot") if t.who(seat) == _("You") else _("{name}'s spot").format(name=t.name(seat))


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line)."""
    w = t.who
    v = t.says                   # "You move" / "Bram moves"
    seat = d.get("seat", d.get("claimant", -1))
    ch = card_text(d["character"]) if "character" in d else ""
    why = {"look": _("a look"), "challenge": _("a lost challenge"), "no_coin": _("no coin"), "king": _("King"),
           "minister": _("Minister"), "false_minister": _("a false Minister"), "thief": _("Thief"),
           "tax": _("tax"), "sheriff": _("Sheriff"), "execute": _("Executioner"), "peasant": _("Peasant"),
           "mistake": _("a mistake")}
    at = (lambda s: spot_name(t, s))
    lines = {
        "deal": lambda: _("A card to each player: the King starts") if d["deal"] == 1 else
        _("A card to each player again (deal {n}): the King starts").format(n=d["deal"]),
        "redeal": lambda: _("Nobody got the King: deal again"),
        "start": lambda: (_("You got the King and start") if t.is_you(seat) else
                          _("{who} got the King and starts").format(who=w(seat))),
        "spots": lambda: _("The six cards are shuffled face down onto the spots"),
        "window": lambda: {"peek": _("Everyone peeks at one card"),
                           "challenge": (_("Will anyone challenge your {card}?").format(card=ch)
                                         if t.is_you(seat) else
                                         _("Challenge {who}'s {card}?").format(who=w(seat), card=ch)),
                           "ministers": _("“Who is the minister?”")}[d["kind"]],
        "answered": lambda: _("{who} answered").format(who=w(seat)),
        "peeks": lambda: "; ".join(_("{who} at {spot}").format(who=v(int(s), _("peek")), spot=at(sp))
                                   for s, sp in d["spots"].items()),
        "peek": lambda: _("{who} saw {card} at {spot}").format(who=w(seat), card=secret(t, d["card"]),
                                                               spot=at(d["spot"])),
        "turn": lambda: _("Turn {n}: {who}").format(n=d["turn"], who=w(seat)),
        "look": lambda: (_("You pay to look at your card") if t.is_you(seat) else
                         _("{who} pays to look at their card").format(who=w(seat))),
        "looked": lambda: _("{who} saw {card}").format(who=w(seat), card=secret(t, d["card"])),
        "coin": lambda: None if d.get("quiet") else ngettext(
            "{n} coin: {a} → {b} ({why})", "{n} coins: {a} → {b} ({why})", d.get("run", 1)).format(
            n=d.get("run", 1),
            a=_("treasury") if d["from"] == K.TREASURY else w(d["from"]),
            b=_("treasury") if d["to"] == K.TREASURY else w(d["to"]), why=why.get(d["why"], d["why"])),
        "no_coin": lambda: _("{who} no coin").format(who=v(seat, _("have"), _("has"))),
        "move": lambda: {"left": _("{who} every card left"), "right": _("{who} every card right"),
                         "opposite": _("{who} every card to the opposite spot")}[d["direction"]]
        .format(who=v(seat, _("move"))),
        "claim": lambda: _("{who} the {card}").format(who=v(seat, _("claim")), card=ch),
        "no_challenge": lambda: _("Nobody challenges"),
        "challenge": lambda: _("{who} {other}").format(who=t.says(d["challenger"], _("challenge")),
                                                       other=_("you") if t.is_you(seat) else w(seat)),
        "challenge_look": lambda: _("{who} saw {card}").format(who=w(d["challenger"]),
                                                               card=secret(t, d["card"])),
        "challenge_result": lambda: ((_("True: you are the {card}") if d["truthful"] else
                                      _("False: you are not the {card}")).format(card=ch) if t.is_you(seat)
                                     else (_("True: {who} is the {card}") if d["truthful"] else
                                           _("False: {who} is not the {card}")).format(who=w(seat), card=ch)),
        "cancelled": lambda: (_("Your act is cancelled") if t.is_you(seat) else
                              _("{who}'s act is cancelled").format(who=w(seat))),
        "act": lambda: _("{who} as the {card}").format(who=v(seat, _("act")), card=ch),
        "ministers": lambda: (_("Claiming the Minister: {names}").format(
            names=", ".join(w(s) for s in d["claimants"])) if d["claimants"] else _("Nobody claims it")),
        "minister_seen": lambda: _("{who} saw {card}").format(who=w(d["claimant"]),
                                                             card=secret(t, d["card"])),
        "minister_check": lambda: ((_("You are the Minister") if d["truthful"] else
                                    _("You are not the Minister")) if t.is_you(seat) else
                                   (_("{who} is the Minister") if d["truthful"] else
                                    _("{who} is not the Minister")).format(who=w(seat))),
        "minister": lambda: _("{who} {a} and {b}").format(who=v(seat, _("choose")), a=at(d["spots"][0]),
                                                                  b=at(d["spots"][1])),
        "minister_swap": lambda: _("You swapped them") if d["swapped"] else _("You left them"),
        "execute": lambda: (_("{who} you are the {card}").format(who=v(seat, _("say")), card=ch)
                            if t.is_you(d["target"]) else
                            _("{who} {target} is the {card}").format(who=v(seat, _("say")), target=w(d["target"]),
                                                                     card=ch)),
        "execute_look": lambda: _("{who} saw {card}").format(who=w(d["target"]), card=secret(t, d["card"])),
        "execute_result": lambda: _("Right!") if d["right"] else _("Wrong"),
        "tax": lambda: _("The Sheriff's tax"),
        "no_tax": lambda: _("{who} no coin to pay").format(who=v(seat, _("have"), _("has"))),
        "sheriff": lambda: _("{who} 1 more").format(who=t.says(d["target"], _("pay"))),
        "peasant": lambda: _("{who} {card}").format(who=v(seat, _("show")), card=secret(t, d["card"])),
        "names": lambda: _("{who} every other card").format(who=v(seat, _("name"))),
        "reveal_all": lambda: _("All named right!") if d["all_right"] else _("A name is wrong"),
        "peasant_wins": lambda: _("{who} the whole treasury!").format(who=v(seat, _("take"))),
        "mistake": lambda: _("{who} made a mistake").format(who=w(seat)),
        "game_over": lambda: t.win_line(d["winners"]),
    }
    return lines[kind]() if kind in lines else None


def shown_caption(t, d: dict, card: str, private: bool) -> str:
    """The caption of a card turned face up: a private look names the viewer, a shown card its owner."""
    return _("{who} saw: {card}").format(who=t.who(t.viewer), card=card_text(card)) if private else \
        (_("You show: {card}").format(card=card_text(card)) if t.is_you(d["seat"]) else
         _("{who} shows: {card}").format(who=t.who(d["seat"]), card=card_text(card)))


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


def status(t) -> tuple[str, str]:
    """The status line: what the person at the screen may do now, or whom the table waits for."""
    sh, legal = t.shown, t._legal()
    if sh.phase == "over":
        return _("Game over"), ""
    if not legal:
        who = sh.turn if sh.phase == "turn" else sh.claimant
        return (_("Waiting for the others…") if sh.phase in ("peek", "challenge", "ministers") or who < 0
                else _("Wait a moment…") if t.is_you(who) else
                _("{who} is playing…").format(who=t.who(who))), ""
    ch = card_text(sh.claim) if sh.claim >= 0 else ""
    msg = {
        "peek": _("Peek: click a card that is not yours (←/→ and Enter)"),
        "turn": _("Your turn: drag a coin onto the treasury to look, drag a card to turn the ring, "
                  "or Enter to claim"),
        "challenge": _("{who} claims the {card}: challenge (C) or pass (Enter)").format(
            who=t.who(sh.claimant), card=ch),
        "ministers": _("“Who is the minister?” Claim it (M) or pass (Enter)"),
        "name": _("Drop a name on each other card (or ←/→ and 1-5); Enter names them"),
    }.get(sh.phase)
    if sh.phase == "act":
        msg = {K.MINISTER: _("Minister: click two cards (or drag one onto another), then swap or keep"),
               K.EXECUTIONER: _("Executioner: drag your card onto a player (or click them), then name a card"),
               K.SHERIFF: _("Sheriff: click the player who pays 1 more")}[sh.claim]
    return msg or "", "true"
