"""MasterBluff's table log: one line per domain event (``describe``, from
``game.words.masterbluff``, the phones' words too), also used to rebuild a resumed game's log.
Also the table's other words: a family's name, the endings offered at setup, the status line, the reveal's title and footer, and why another seat's Bluff! counts
before the viewer's."""
from __future__ import annotations

from game.core.i18n import N_, _, ngettext
from game.words import masterbluff as words

END_CHOICES = ((False, N_("First out wins")), (True, N_("Play on for places")))


fam_title = words.fam_title      # a family's name in the player's language (the rules' one table)


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line): the words module's, as the phones say it."""
    return words.describe(t.kit, kind, d)


def status(t) -> tuple[str, str]:
    """The status line and its tone."""
    sh = t.shown
    if sh.phase == "over":
        return _("Game over"), ""
    if sh.phase == "respond" and sh.last is not None:
        decl = t.kit.by_seat(sh.last.seat, _("You: {n} × {f}"), _("{name}: {n} × {f}"), n=sh.last.n,
                         f=fam_title(sh.last.family))
        if t.kit.pending_humans():
            return _("{decl}. Call Bluff! (B) or let it pass (N)").format(decl=decl), "call"
        return _("{decl}. Waiting for answers…").format(decl=decl), ""
    if sh.phase != "discard":
        return "", ""
    if sh.turn != t.kit.viewer or not t.kit.match.is_local(t.kit.viewer) or t.kit.hand_hidden:
        return t.kit.by_seat(sh.turn, _("You are choosing cards…"), _("{name} is choosing cards…")), ""
    if sh.in_force is None:
        return _("Your turn: select cards, drag them onto the pile, name any family"), "true"
    f = fam_title(sh.in_force)
    if t.token_mode:
        return _("Your turn: exchange token ready, name any family but {f}").format(f=f), "true"
    if sh.tokens[t.kit.viewer] and t.lesson_wants_token():     # (a lesson's step without it: not named)
        return _("Your turn: discard as {f} (Enter), or use your exchange token (T)").format(f=f), "true"
    return _("Your turn: discard as {f} (select cards, then Enter or drag)").format(f=f), "true"


def first_caller(t, caller: int) -> str | None:
    """When ``caller``'s Bluff! closes a window the viewer could still answer (or answered
    with a call of their own): why it counts, not the viewer's. The callers go in turn order
    from the declarer's left and the first caller is resolved (RULINGS §5); the window closes
    on ``caller`` only once every seat before it has passed, so the viewer comes after it."""
    if t._window is None or not t.kit.match.is_local(t.kit.viewer) or caller == t.kit.viewer:
        return None
    declarer, order = t._window
    if t.kit.viewer not in order or t._my_answer == "pass":
        return None
    names = {"caller": t.kit.name(caller), "declarer": t.kit.name(declarer)}
    if t._my_answer == "call":
        return _("{caller} called Bluff! too and comes before you, in turn from {declarer}'s left: "
                 "{caller}'s call counts").format(**names)
    return _("{caller} called Bluff! first: in turn from {declarer}'s left, {caller} comes before you").format(
        **names)


def deal_lines(t, obs) -> tuple[str, str, str]:
    """The deal's caption, and the first turn's caption and log line."""
    return (t.kit.by_seat(obs.dealer, _("You deal the cards"), _("{name} deals the cards")),
            t.kit.by_seat(obs.turn, _("You start: any family may be declared"),
                      _("{name} starts: any family may be declared")),
            t.kit.by_seat(obs.turn, _("You start"), _("{name} starts")))


def reveal_words(t, d: dict, caller: int | None) -> tuple[str, str]:
    """A Bluff! reveal's title (who called, true or false) and its footer (who takes the pile)."""
    truthful, declarer = d["truthful"], d["declarer"]
    if caller is None:
        title = _("Bluff! — the claim was TRUE") if truthful else _("Bluff! — the claim was FALSE")
    elif truthful:
        title = t.kit.by_seat(caller, _("Bluff! by you — the claim was TRUE"),
                          _("Bluff! by {name} — the claim was TRUE"))
    else:
        title = t.kit.by_seat(caller, _("Bluff! by you — the claim was FALSE"),
                          _("Bluff! by {name} — the claim was FALSE"))
    taker = caller if truthful else declarer
    footer = t.kit.by_seat(taker, _("so you must take the pile"), _("so {name} must take the pile")) \
        if taker is not None else ""
    return title, footer


def declared(t, d: dict) -> str:
    """A Bluff! reveal's line: what was declared, by whom."""
    return t.kit.by_seat(d["declarer"], _("You declared {n} × {f}"), _("{name} declared {n} × {f}"), n=len(d["cards"]),
                     f=fam_title(d["family"]))


def pickup_caption(t, seat: int, n: int) -> str:
    """The caption of a seat taking the pile."""
    return t.kit.by_seat(seat, ngettext("You take the pile: {n} card", "You take the pile: {n} cards", n),
                     ngettext("{name} takes the pile: {n} card", "{name} takes the pile: {n} cards", n), n=n)
