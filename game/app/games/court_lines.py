"""Fireball Court's table log: one line per domain event (``describe``, from ``game.words.court``,
the phones' words too), also used to rebuild a resumed game's log.  Also the table's other words: a card's and a senior suit's names, why a
card does not match a stack, the round summary's rows, the status line and what playing the
selected card does."""
from __future__ import annotations

from game.core.i18n import _, ngettext
from game.rules.court import CARDS, SENIORS, stack_of
from game.words import court as words
from game.words.court import senior_name, title  # noqa: F401  (the table's words for a card and a suit)


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
    """The log line of a domain event (None: no line): the words module's, as the phones say it."""
    return words.describe(t.kit, kind, d)


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
    if sh.turn == t.kit.viewer and t.kit.match.is_local(t.kit.viewer) and not t.kit.hand_hidden:
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
    """The first turn's caption: who starts and why, one whole sentence (RULINGS.md "Start
    player": the highest number card starts; on a tie, or when neither holds a number card, the
    player who did not start the previous round, in round 1 the first seat).  The highest number
    cards are public: both players show theirs."""
    w, seat, hi = t.kit, d["seat"], d["highs"]
    fields = {"a": max(hi), "b": min(hi)}
    if d["why"] == "highest":
        return w.by_seat(seat, _("You play first (highest number card: {a} against {b})"),
                         _("{name} plays first (highest number card: {a} against {b})"), **fields)
    first_round = d.get("round", 1) <= 1
    if d["why"] == "tie" and first_round:
        return w.by_seat(seat, _("You play first (a tie at {a}: in the first round a tie goes to you)"),
                         _("{name} plays first (a tie at {a}: in the first round a tie goes to {name})"), **fields)
    if d["why"] == "tie":
        return w.by_seat(seat, _("You play first (a tie at {a}: you did not start last round)"),
                         _("{name} plays first (a tie at {a}: {name} did not start last round)"), **fields)
    if first_round:                                     # neither holds a number card
        return w.by_seat(seat, _("You play first (neither player holds a number card: in the first round "
                                 "a tie goes to you)"),
                         _("{name} plays first (neither player holds a number card: in the first round "
                           "a tie goes to {name})"))
    return w.by_seat(seat, _("You play first (neither player holds a number card: you did not start last round)"),
                     _("{name} plays first (neither player holds a number card: {name} did not start last "
                       "round)"))


def round_title(t, d: dict) -> str:
    """The round summary's title: who won the game, a tie, or the round's number."""
    if d["decided"]:
        win = d["totals"].index(max(d["totals"]))
        return _("Round {r}: {name} wins the game").format(r=d["round"], name=t.kit.name(win))
    if d["tie"]:
        return _("Round {r}: a tie at {t}, one more round").format(r=d["round"], t=max(d["totals"]))
    return _("Round {r}").format(r=d["round"])
