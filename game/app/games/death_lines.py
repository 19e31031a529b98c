"""Death over the Kingdom's table log: one line per domain event (``describe``), also used to
rebuild a resumed game's log, with the reveal's power lines, the token lines and the game's
last line.  Also the table's other words: the modes, the round's lowest players and the
status line."""
from __future__ import annotations

from game.core.i18n import N_, _, ngettext
from game.rules.death import card_text

MODES = (("base", N_("Fewest tokens")), ("death_over_all", N_("Death over all")),
         ("only_one", N_("Only one")))


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line)."""
    seat, target = d.get("seat"), d.get("target")
    who = t.who(seat) if seat is not None else ""
    tgt = t.who(target) if target is not None else ""
    card = card_text(d["card"]) if isinstance(d.get("card"), (str, int)) and d.get("card") != -1 else ""
    says = (lambda verb, third=None: t.says(seat, verb, third)) if seat is not None else \
        (lambda verb, third=None: "")
    lines = {
        "deal": lambda: _("Round {r}: {who}").format(r=d["round"], who=t.says(d["dealer"], _("deal"))),
        "king": lambda: _("{who} a King: face up").format(who=says(_("hold"))),
        "stand": lambda: says(_("stand")),
        "exchange": lambda: _("{who} cards with {target}").format(who=says(_("exchange")), target=tgt),
        "cut": lambda: _("{who} the deck (shows {card})").format(who=says(_("cut")), card=card),
        "trader": lambda: _("{who} the Trader for the top card").format(who=says(_("swap"))),
        "thief": lambda: _("{who} the Thief and looks at {card}").format(who=says(_("show")),
                                                                         card=card_of(t, target)),
        "thief_look": lambda: _("{target} holds {card}").format(target=tgt, card=card),
        "thief_swap": lambda: _("{who} cards with {target}").format(who=says(_("swap")), target=tgt),
        "thief_keep": lambda: _("{who} the card").format(who=says(_("keep"))),
        "bard": lambda: _("{who} the Bard with {target}").format(who=says(_("swap")), target=tgt),
        "dragon": lambda: _("{whose} Dragon burns {card}").format(
            whose=t.whose(seat), card=card_of(t, target, d["discarded"])),
        "reveal": lambda: _("Round {r}: every card is shown").format(r=d["round"]),
        "power": lambda: power_line(t, d),
        "tokens": lambda: token_line(t, d),
        "king_return": lambda: _("{who} returns a token (King)").format(who=who),
        "eliminated": lambda: _("{who} out!").format(who=says(_("are"), _("is"))),
        "game_over": lambda: over_line(t, d),
    }
    return lines[kind]() if kind in lines else None


def card_of(t, seat: int, card=None) -> str:
    """"your card" / "Bram's card" ("your Bard" with ``card``)."""
    what = card_text(card) if card is not None else _("card")
    if t.who(seat) == _("You"):
        return _("your {what}").format(what=what)
    return _("{name}'s {what}").format(name=t.who(seat), what=what)


def power_line(t, d: dict) -> str:
    card = card_text(d["card"])
    if not d["applied"]:
        return _("{card}: nothing happens").format(card=card)
    if d["source"] >= 0:
        return _("Monk: copies {who}'s value").format(who=t.who(d["source"]))
    turned = sorted({card_text(c["card"]) for c in d["changed"]})
    if not turned:
        return _("{card}: nothing more to turn").format(card=card)
    if turned == [card]:
        return _("{card} turns").format(card=card)
    return _("{card}: {cards} turns").format(card=card, cards=", ".join(turned))


def token_line(t, d: dict) -> str:
    n = d["n"]
    seat = d["seat"]
    if n > 0:
        return ngettext("{who} {n} token", "{who} {n} tokens", n).format(who=t.says(seat, _("take")), n=n)
    return ngettext("{who} {n} token", "{who} {n} tokens", -n).format(who=t.says(seat, _("lose")), n=-n)


def over_line(t, d: dict) -> str:
    names = ", ".join(t.who(s) for s in d["winners"])
    return _("{names} win!").format(names=names) if len(d["winners"]) > 1 else \
        t.says(d["winners"][0], _("win")) + "!"


def round_end_line(t, d: dict) -> str:
    """The caption (and log line) after the tokens: who had the lowest value."""
    losers = ", ".join(t.who(s) for s in d["losers"])
    return _("Round {r}: lowest {who}").format(r=d["round"], who=losers)


def status(t) -> tuple[str, str]:
    sh = t.shown
    if sh.phase == "over":
        return _("Game over"), ""
    if sh.out[t.viewer] and t.match.is_human(t.viewer) and not t.hotseat:
        return _("You are out: the others play on"), ""
    if sh.turn == t.viewer and t.match.is_human(t.viewer) and not t.hand_hidden:
        if sh.phase == "thief":
            return _("Swap with the card you saw, or keep yours"), "true"
        if sh.dealer == t.viewer:
            return _("Your turn (dealer, last): stand, drag your card onto the deck to cut, or use its power"), \
                "true"
        return _("Your turn: stand, drag your card onto the player on your right, or use its power"), "true"
    return _("{who} is playing…").format(who=t.who(sh.turn)) if sh.turn is not None else "", ""
