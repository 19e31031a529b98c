"""Fireball Court's table log: one line per domain event (``describe``), also used to rebuild
a resumed game's log.  Also the table's other words: a card's and a senior suit's names, why a
card does not match a stack, the round summary's rows, the status line and what playing the
selected card does."""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.court import CARD_INDEX, CARDS, SENIORS, stack_of


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


def senior_plural(suit: str) -> str:
    """A senior suit's plural name (a stack of them) in the player's language."""
    return {"king": _("Kings"), "castle": _("Castles"), "knight": _("Knights")}[suit]


def no_match(card: int, stack_suit: str) -> str:
    """Why ``card`` cannot go on the Court stack of ``stack_suit``: one whole sentence for each
    kind of card on each kind of stack (the rules: a card captures the stack of its own
    number, a senior the stack of its own suit)."""
    c = CARDS[card]
    if stack_suit in SENIORS:
        held = senior_plural(stack_suit)
        if c.kind == "senior":
            return _("Your {card} does not match: this stack holds {held}, and {own} capture only {own}").format(
                card=senior_name(c.suit), held=held, own=senior_plural(c.suit))
        return _("Your {n} does not match: this stack holds {held}, and your {n} captures only {n}s").format(
            n=c.number, held=held)
    if c.kind == "senior":
        return _("Your {card} does not match: this stack holds {m}s, and {own} capture only {own}").format(
            card=senior_name(c.suit), m=stack_suit, own=senior_plural(c.suit))
    return _("Your {n} does not match: this stack holds {m}s, and your {n} captures only {n}s").format(
        n=c.number, m=stack_suit)


def set_name(suit: str) -> str:
    """The round summary's row for a senior suit, one whole string per suit."""
    return {"king": _("King set"), "castle": _("Castle set"), "knight": _("Knight set")}[suit]


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line), a whole sentence per subject."""
    seat = d.get("seat")
    card = title(CARD_INDEX[d["card"]]) if d.get("card") in CARD_INDEX else ""
    n = d.get("n", 0)
    by = (lambda you, other, **kw: t.kit.by_seat(seat, you, other, **kw)) if seat is not None else None
    lines = {
        "deal": lambda: _("Round {r}: the deal").format(r=d.get("round")),
        "redeal": lambda: _("A whole suit in the Court: the cards are dealt again"),
        "fireball_back": lambda: _("A Fireball dealt to the Court goes back into the pile"),
        "round_end": lambda: _("Round {r} is over").format(r=d.get("round")),
        "game_over": lambda: t.kit.win_line(d["winners"]) if d.get("winners") else "",
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


def summary_rows(d: dict) -> list[tuple[str, list[str]]]:
    """The round summary, one row a line: (label, one value per seat)."""
    seats = d["seats"]
    rows = [(_("Coins"), [str(s["coins"]) for s in seats]),
            (_("Raven steal"), [f"{s['steal']:+d}" if s["steal"] else "–" for s in seats])]
    for suit in SENIORS:
        pts = [next((st for st in s["sets"] if st["suit"] == suit), None) for s in seats]
        if any(pts):
            rows.append((set_name(suit),
                         [ngettext("{n} card: +{p}", "{n} cards: +{p}", p["cards"]).format(n=p["cards"], p=p["points"])
                          if p else "–" for p in pts]))
    rows.append((_("This round"), [str(s["points"]) for s in seats]))
    rows.append((_("Total"), [_("{t} / {target}").format(t=s["total"], target=d["target"]) for s in seats]))
    return rows


def status(t) -> tuple[str, str]:
    """The status line and its tone."""
    sh = t.shown
    if sh.phase == "over":
        return _("Game over"), ""
    if t.between_rounds:
        return _("Round {r}").format(r=sh.round), ""
    if sh.turn == t.kit.viewer and t.kit.match.is_human(t.kit.viewer) and not t.kit.hand_hidden:
        if t.kit.hand.selected:
            card = next(iter(t.kit.hand.selected))
            return play_hint(t, card), "true"
        return _("Your turn: drag a card onto a matching stack, or onto the felt · keys: ← → choose, Enter plays"), "true"
    return _("{who} is playing…").format(who=t.kit.who(sh.turn)), ""


def play_hint(t, card: int) -> str:
    """What playing the selected ``card`` does, as the rules say (RULINGS: a Fireball on an
    empty Court captures nothing and goes to its player's pile)."""
    if CARDS[card].kind == "fireball":
        if t.shown.court:
            return _("Enter plays {card}: it sweeps the Court (or drag it)").format(card=title(card))
        return _("Enter plays {card}: the Court is empty, so it goes to your pile (or drag it)").format(
            card=title(card))
    if stack_of(t.shown.court, card) is not None:
        return _("Enter plays {card}: it captures its stack (or drag it)").format(card=title(card))
    return _("Enter plays {card}: it is laid on the felt (or drag it)").format(card=title(card))


def felt_why(card: int) -> str:
    """Why a card that matches a stack may not be laid on the empty felt (fc19): why, not only what."""
    return _("Your {card} matches a stack in the Court, and a card that matches a stack must capture it: "
             "drop it on that stack, not on the empty felt.").format(card=title(card))


def start_caption(t, d: dict) -> str:
    """The first turn's caption: who starts and why (a tie, or the highest number card)."""
    hi = d["highs"]
    extra = _(" (a tie: {who} did not start last round)").format(who=t.kit.who(d["seat"])) if d["why"] == "tie" \
        else _(" (highest number card: {a} against {b})").format(a=max(hi), b=min(hi))
    return describe(t, "start", d) + extra


def round_title(t, d: dict) -> str:
    """The round summary's title: who won the game, a tie, or the round's number."""
    if d["decided"]:
        win = d["totals"].index(max(d["totals"]))
        return _("Round {r}: {name} wins the game").format(r=d["round"], name=t.kit.name(win))
    if d["tie"]:
        return _("Round {r}: a tie at {t}, one more round").format(r=d["round"], t=max(d["totals"]))
    return _("Round {r}").format(r=d["round"])
