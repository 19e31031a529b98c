"""Death over the Kingdom's table log: one line per domain event (``describe``), also used to
rebuild a resumed game's log, with the reveal's power lines, the token lines and the game's
last line.  Also the table's other words: the modes, the round's lowest players and the
status line."""
from __future__ import annotations

from game.core.i18n import N_, _, names_list, ngettext
from game.rules.death import card_text
from game.words import death as words

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
    """The log line of a domain event (None: no line): the words module's, as the phones say it."""
    return words.describe(t.kit, kind, d)


def power_line(t, d: dict) -> str:
    return words.power_line(t.kit, d)


def token_line(t, d: dict) -> str:
    return words.token_line(t.kit, d)


def over_line(t, d: dict) -> str:
    return words.over_line(t.kit, d)


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
    if sh.out[t.kit.viewer] and t.kit.match.is_local(t.kit.viewer) and not t.kit.hotseat:
        return _("You are out: the others play on"), ""
    if sh.turn == t.kit.viewer and t.kit.match.is_local(t.kit.viewer) and not t.kit.hand_hidden:
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
