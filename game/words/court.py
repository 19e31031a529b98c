"""Fireball Court's words for a seat: a card's name, the log line of each domain event
(``describe``) and what a button or tile says for a legal action (``action_label``), for the
table and the phones."""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.court import CARD_INDEX, CARDS, SENIORS


def title(cid: int) -> str:
    c = CARDS[cid]
    if c.kind == "coin":
        return _("{n} (coin)").format(n=c.number)
    if c.kind == "raven":
        return _("{n} (raven)").format(n=c.number)
    return senior_name(c.suit) if c.suit in SENIORS else _("Fireball")


def senior_name(suit: str) -> str:
    """A senior suit's name in the player's language."""
    return {"king": _("King"), "castle": _("Castle"), "knight": _("Knight")}[suit]


def describe(w, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line), a whole sentence per subject."""
    seat = d.get("seat")
    card = title(CARD_INDEX[d["card"]]) if d.get("card") in CARD_INDEX else ""
    n = d.get("n", 0)
    by = (lambda you, other, **kw: w.by_seat(seat, you, other, **kw)) if seat is not None else None
    lines = {
        "deal": lambda: _("Round {r}: the deal").format(r=d.get("round")),
        "redeal": lambda: _("A whole suit in the Court: the cards are dealt again"),
        "fireball_back": lambda: _("A Fireball dealt to the Court goes back into the pile"),
        "round_end": lambda: _("Round {r} is over").format(r=d.get("round")),
        "game_over": lambda: w.win_line(d["winners"]) if d.get("winners") else "",
    }
    if by is not None:
        lines.update({
            "start": lambda: by(_("You play first"), _("{name} plays first")),
            "lay": lambda: by(_("You lay {card}"), _("{name} lays {card}"), card=card),
            "capture": lambda: by(_("You capture the stack with {card}"), _("{name} captures the stack with {card}"),
                                  card=card),
            "sweep": lambda: by(_("Your Fireball sweeps the Court!"), _("{name}'s Fireball sweeps the Court!")),
            "sweep_empty": lambda: by(_("Your Fireball finds the Court empty"),
                                      _("{name}'s Fireball finds the Court empty")),
            "leftovers": lambda: by(_("The Court's leftovers go to you"), _("The Court's leftovers go to {name}")),
            "raven_steal": lambda: by(ngettext("Your ravens steal {n} coin", "Your ravens steal {n} coins", n),
                                      ngettext("{name}'s ravens steal {n} coin", "{name}'s ravens steal {n} coins",
                                               n), n=n),
        })
    f = lines.get(kind)
    return f() if f else None


def action_label(w, a) -> str:
    """The words of a legal action: the card it plays ("Play 7 (raven)")."""
    if a.kind == "play":
        return _("Play {card}").format(card=title(CARD_INDEX[a["card"]]))
    return a.kind
