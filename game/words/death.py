"""Death over the Kingdom's words for a seat: the log line of each domain event (``describe``,
with the reveal's power lines, the token lines and the game's last line) and what a button or
tile says for a legal action (``action_label``), for the table and the phones."""
from __future__ import annotations

from game.core.i18n import N_, _, names_list, ngettext
from game.rules.death import card_text


#: a line depends on its reader only through the seats its event's data names (by ``w.by_seat``,
#: ``w.name``, ``w.win_line`` of those seats): a phone table says it once for every reader the
#: event does not name (``game.phones.view.shared_line``; tests/test_phone_shared_lines.py)
LINES_BY_NAMED_SEATS = True


def describe(w, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line).  Whole sentences: one for the lone human
    at the screen ("You stand"), one for a named seat ("Bram stands")."""
    seat, target = d.get("seat"), d.get("target")
    card = card_text(d["card"]) if isinstance(d.get("card"), (str, int)) and d.get("card") != -1 else ""
    by = (lambda you, other, **kw: w.by_seat(seat, you, other, **kw))
    lines = {
        "deal": lambda: w.by_seat(d["dealer"], _("Round {r}: You deal"), _("Round {r}: {name} deals"), r=d["round"]),
        "king": lambda: by(_("You hold a King: face up"), _("{name} holds a King: face up")),
        "stand": lambda: by(_("You stand"), _("{name} stands")),
        "exchange": lambda: by(_("You exchange cards with {target}"), _("{name} exchanges cards with {target}"),
                               target=target, to_you=_("{name} exchanges cards with you")),
        "cut": lambda: by(_("You cut the deck (shows {card})"), _("{name} cuts the deck (shows {card})"), card=card),
        "trader": lambda: by(_("You swap the Trader for the top card"),
                             _("{name} swaps the Trader for the top card")),
        # a private draw has a line only when it leaves two Traders in view (the one on the discard,
        # the one in hand): the swap did happen, and the new one is just the card held (RULINGS 1:
        # the Trader goes to the discard, the top card is the player's; one power a turn)
        "drawn": lambda: by(_("You drew the other Trader: it is simply your card now (the first is on the discard)"),
                            _("{name} drew the other Trader: it is simply their card now (the first is on the "
                              "discard)"))
        if d.get("how") == "trader" and d.get("card") == "trader" else None,
        "thief": lambda: by(_("You show the Thief and look at {target}'s card"),
                            _("{name} shows the Thief and looks at {target}'s card"), target=target,
                            to_you=_("{name} shows the Thief and looks at your card")),
        "thief_look": lambda: w.by_seat(target, _("You hold {card}"), _("{name} holds {card}"), card=card),
        "thief_swap": lambda: by(_("You swap cards with {target}"), _("{name} swaps cards with {target}"),
                                 target=target, to_you=_("{name} swaps cards with you")),
        "thief_keep": lambda: by(_("You keep the card"), _("{name} keeps the card")),
        "bard": lambda: by(_("You swap the Bard with {target}"), _("{name} swaps the Bard with {target}"),
                           target=target, to_you=_("{name} swaps the Bard with you")),
        "dragon": lambda: by(_("Your Dragon burns {target}'s {card}"), _("{name}'s Dragon burns {target}'s {card}"),
                             target=target, to_you=_("{name}'s Dragon burns your {card}"),
                             card=card_text(d["discarded"])),
        "reveal": lambda: _("Round {r}: every card is shown").format(r=d["round"]),
        "power": lambda: power_line(w, d),
        "tokens": lambda: token_line(w, d),
        "king_return": lambda: by(_("You return a token (King)"), _("{name} returns a token (King)")),
        "eliminated": lambda: by(_("You are out!"), _("{name} is out!")),
        "game_over": lambda: over_line(w, d),
    }
    return lines[kind]() if kind in lines else None


#: an end-of-round power whose condition failed: why nothing happened, one whole sentence a card
IDLE = {"innkeeper": N_("Innkeeper: no King in play, so it does not turn"),
        "clown": N_("Clown: no Queen in play, so it does not turn"),
        "magician": N_("Magician: no Monk in play, so it does not turn"),
        "queen": N_("Queen: no Princess in play, so it does not turn"),
        "knight": N_("Knight: it turns every Dragon, and no Dragon is in play"),
        "princess": N_("Princess: it turns every Knight, and no Knight is in play"),
        "monk": N_("Monk: its holder deals, so it copies nothing")}
#: a card that turns itself: what made it turn (RULINGS section 1, step 4)
TURNS = {"innkeeper": N_("Innkeeper turns: a King is in play"),
         "clown": N_("Clown turns: a Queen is in play"),
         "magician": N_("Magician turns: a Monk is in play"),
         "queen": N_("Queen turns: a Princess is in play")}


def power_line(w, d: dict) -> str:
    card = card_text(d["card"])
    if not d["applied"]:
        idle = IDLE.get(d["card"]) if isinstance(d["card"], str) else None
        return _(idle) if idle else _("{card}: nothing happens").format(card=card)
    if d["source"] >= 0:
        return w.by_seat(d["source"], _("Monk: copies your value"), _("Monk: copies {name}'s value"))
    turned = sorted({card_text(c["card"]) for c in d["changed"]})
    if not turned:
        return _("{card}: nothing more to turn").format(card=card)
    if turned == [card]:
        why = TURNS.get(d["card"]) if isinstance(d["card"], str) else None
        return _(why) if why else _("{card} turns").format(card=card)
    return ngettext("{card}: {cards} turns", "{card}: {cards} turn", len(turned)).format(
        card=card, cards=names_list(turned))


def token_line(w, d: dict) -> str:
    n, seat = d["n"], d["seat"]
    if n > 0:
        return w.by_seat(seat, ngettext("You take {n} token", "You take {n} tokens", n),
                         ngettext("{name} takes {n} token", "{name} takes {n} tokens", n), n=n)
    return w.by_seat(seat, ngettext("You lose {n} token", "You lose {n} tokens", -n),
                     ngettext("{name} loses {n} token", "{name} loses {n} tokens", -n), n=-n)


def over_line(w, d: dict) -> str:
    return w.win_line(d["winners"])


#: the table's words for a move (its answer buttons and choice tiles)
POWER = {"stand": N_("Stand"), "exchange": N_("Exchange"), "cut": N_("Cut"), "trader": N_("Trader"),
         "dragon": N_("Dragon"), "thief_swap": N_("Swap"), "thief_keep": N_("Keep mine"),
         "thief": N_("Thief"), "bard": N_("Bard")}


def power_label(a) -> str:
    """A move's word on the table's buttons and tiles ("Stand", "Thief"), whoever it aims at."""
    return _(POWER[a.kind])


def action_label(w, a) -> str:
    """The words of one legal action: its move ("Stand", "Cut"), and for a move aimed at a
    player (Thief, Bard), that player too ("Thief: Bram")."""
    target = a.get("target")
    if a.kind in ("thief", "bard") and target is not None:
        return _("{power}: {name}").format(power=power_label(a), name=w.name(target))
    return power_label(a)
