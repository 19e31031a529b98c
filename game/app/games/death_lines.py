"""Death over the Kingdom's table log: one line per domain event (``describe``), also used to
rebuild a resumed game's log, with the reveal's power lines, the token lines and the game's
last line.  Also the table's other words: the modes, the round's lowest players and the
status line."""
from __future__ import annotations

from game.core.i18n import N_, _, names_list, ngettext
from game.rules.death import card_text

MODES = (("base", N_("Fewest tokens")), ("death_over_all", N_("Death over all")),
         ("only_one", N_("Only one")))

# A game's length at setup (issue 25: 20 players default to 60 rounds).  Measured at Normal speed
# (the default) with Normal AIs, the human's turns played at once, real time
# (scripts/measure_death_pace.py, 2026-11-28, a shared 2-core machine):
#    5 players, rounds 2-3:  24.9 s for 10 moves  -> 12.4 s a round
#   20 players, rounds 2-3:  76.1 s for 40 moves  -> 38.0 s a round
#   10 players, rounds 2-3:  44.2 s for 21 moves  -> 22.1 s a round (the fit below says 21.0)
# A round is players x AI_TURN + ROUND_END (two equations: 1.71 s a turn, 3.9 s for the round's
# end: the reveal, the tokens, the next deal).  A person's own turn is a guess, not measured.
AI_TURN_S = 1.7
ROUND_END_S = 3.9
HUMAN_TURN_S = 5.0


def duration_minutes(players: int, rounds: int, humans: int = 1) -> float:
    """About how many minutes a game of ``rounds`` rounds takes at Normal speed."""
    humans = max(0, min(humans, players))
    per_round = (players - humans) * AI_TURN_S + humans * HUMAN_TURN_S + ROUND_END_S
    return rounds * per_round / 60


def duration_text(players: int, rounds: int, humans: int = 1) -> str:
    """"About 40 minutes": under 10 minutes to the minute, then to 5 minutes; from 2 hours on,
    in hours (20 players at 6 rounds each, the most, is about 80 minutes)."""
    m = duration_minutes(players, rounds, humans)
    if m < 10:
        n = max(1, round(m))
        return ngettext("About {n} minute", "About {n} minutes", n).format(n=n)
    if m < 120:
        n = int(5 * round(m / 5))
        return ngettext("About {n} minute", "About {n} minutes", n).format(n=n)
    h = round(m / 60)
    return ngettext("About {n} hour", "About {n} hours", h).format(n=h)


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line).  Whole sentences: one for the lone human
    at the screen ("You stand"), one for a named seat ("Bram stands")."""
    seat, target = d.get("seat"), d.get("target")
    card = card_text(d["card"]) if isinstance(d.get("card"), (str, int)) and d.get("card") != -1 else ""
    by = (lambda you, other, **kw: t.kit.by_seat(seat, you, other, **kw))
    lines = {
        "deal": lambda: t.kit.by_seat(d["dealer"], _("Round {r}: You deal"), _("Round {r}: {name} deals"), r=d["round"]),
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
        "thief_look": lambda: t.kit.by_seat(target, _("You hold {card}"), _("{name} holds {card}"), card=card),
        "thief_swap": lambda: by(_("You swap cards with {target}"), _("{name} swaps cards with {target}"),
                                 target=target, to_you=_("{name} swaps cards with you")),
        "thief_keep": lambda: by(_("You keep the card"), _("{name} keeps the card")),
        "bard": lambda: by(_("You swap the Bard with {target}"), _("{name} swaps the Bard with {target}"),
                           target=target, to_you=_("{name} swaps the Bard with you")),
        "dragon": lambda: by(_("Your Dragon burns {target}'s {card}"), _("{name}'s Dragon burns {target}'s {card}"),
                             target=target, to_you=_("{name}'s Dragon burns your {card}"),
                             card=card_text(d["discarded"])),
        "reveal": lambda: _("Round {r}: every card is shown").format(r=d["round"]),
        "power": lambda: power_line(t, d),
        "tokens": lambda: token_line(t, d),
        "king_return": lambda: by(_("You return a token (King)"), _("{name} returns a token (King)")),
        "eliminated": lambda: by(_("You are out!"), _("{name} is out!")),
        "game_over": lambda: over_line(t, d),
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


def power_line(t, d: dict) -> str:
    card = card_text(d["card"])
    if not d["applied"]:
        idle = IDLE.get(d["card"]) if isinstance(d["card"], str) else None
        return _(idle) if idle else _("{card}: nothing happens").format(card=card)
    if d["source"] >= 0:
        return t.kit.by_seat(d["source"], _("Monk: copies your value"), _("Monk: copies {name}'s value"))
    turned = sorted({card_text(c["card"]) for c in d["changed"]})
    if not turned:
        return _("{card}: nothing more to turn").format(card=card)
    if turned == [card]:
        why = TURNS.get(d["card"]) if isinstance(d["card"], str) else None
        return _(why) if why else _("{card} turns").format(card=card)
    return ngettext("{card}: {cards} turns", "{card}: {cards} turn", len(turned)).format(
        card=card, cards=names_list(turned))


def token_line(t, d: dict) -> str:
    n, seat = d["n"], d["seat"]
    if n > 0:
        return t.kit.by_seat(seat, ngettext("You take {n} token", "You take {n} tokens", n),
                         ngettext("{name} takes {n} token", "{name} takes {n} tokens", n), n=n)
    return t.kit.by_seat(seat, ngettext("You lose {n} token", "You lose {n} tokens", -n),
                     ngettext("{name} loses {n} token", "{name} loses {n} tokens", -n), n=-n)


def over_line(t, d: dict) -> str:
    return t.kit.win_line(d["winners"])


def round_end_line(t, d: dict) -> str:
    """The caption (and log line) after the tokens: who had the lowest value."""
    losers = list(d["losers"])
    if len(losers) == 1:
        return t.kit.by_seat(losers[0], _("Round {r}: you have the lowest card"),
                         _("Round {r}: {name} has the lowest card"), r=d["round"])
    return _("Round {r}: {names} have the lowest cards").format(r=d["round"], names=t.kit.names_text(losers))


def status(t) -> tuple[str, str]:
    sh = t.shown
    if sh.phase == "over":
        return _("Game over"), ""
    if sh.out[t.kit.viewer] and t.kit.match.is_human(t.kit.viewer) and not t.kit.hotseat:
        return _("You are out: the others play on"), ""
    if sh.turn == t.kit.viewer and t.kit.match.is_human(t.kit.viewer) and not t.kit.hand_hidden:
        if sh.phase == "thief":
            return _("Swap with the card you saw, or keep yours"), "true"
        kinds = {a.kind for a in t._legal()}
        swap = bool(kinds & {"exchange", "cut"})
        power = bool(kinds & {"trader", "thief", "bard", "dragon"})   # only what the card may do now
        if sh.dealer == t.kit.viewer:
            if swap and power:
                return _("Your turn (dealer, last): stand, drag your card onto the deck to cut, or use its power"), \
                    "true"
            if swap:
                return _("Your turn (dealer, last): stand, or drag your card onto the deck to cut"), "true"
            if power:
                return _("Your turn (dealer, last): stand, or use your card's power"), "true"
            return _("Your turn (dealer, last): you can only stand"), "true"
        if swap and power:
            return _("Your turn: stand, drag your card onto the player on your right, or use its power"), "true"
        if swap:
            return _("Your turn: stand, or drag your card onto the player on your right"), "true"
        if power:
            return _("Your turn: stand, or use your card's power"), "true"
        return _("Your turn: you can only stand"), "true"
    if sh.turn is None:
        return "", ""
    return t.kit.by_seat(sh.turn, _("You are playing…"), _("{name} is playing…")), ""


def exchanged_line(t, d: dict) -> str:
    """The private caption of an exchange for one of its two players (both see both cards)."""
    if d["seat"] == t.kit.viewer:
        return _("You got {got} from {name}, who now holds your {gave}").format(
            got=card_text(d["got"]), gave=card_text(d["gave"]), name=t.kit.name(d["target"]))
    return _("{name} took your {lost} and gave you {got}").format(
        lost=card_text(d["got"]), got=card_text(d["gave"]), name=t.kit.name(d["seat"]))
