"""King Thief Minister's table log: one line per domain event (``describe``, from
``game.words.ktm``, the phones' words too), also used to rebuild a resumed game's log; a run of coins between the same places logs as one line
and each opening peek as its own (the words' ``prepare``, which the table's ``prepare`` calls).  Also the table's other words: the status line, why a drop means nothing,
a spot's name and the caption of a card shown face up."""
from __future__ import annotations

from game.core.i18n import _
from game.rules import ktm as K
from game.rules.ktm import card_text
from game.words import ktm as words


def secret(t, card) -> str:
    """A card's name in the log only with the memory aid (the table never shows what was seen)."""
    return words.secret(t.aid(), card)


def empty_number(t, spot: int) -> int | None:
    return words.empty_number(t.kit, spot)


def empty_label(t, spot: int) -> str:
    """The label drawn under an empty spot: "empty spot" / "empty spot 2" (as the log names it)."""
    return words.empty_label(t.kit, spot)


def spot_name(t, spot: int) -> str:
    return words.spot_name(t.kit, spot)


def _yo(t, seat: int, you: str, other: str, /, **kw) -> str:
    """A whole sentence in its "you" form for the lone human at the screen, else the other form
    (``{name}``: the seat's name): the kit's ``by_seat``."""
    return t.kit.by_seat(seat, you, other, **kw)


def lookers(t, seats) -> str:
    """The tag on a card being looked at: "You look" / "Bram looks" / "Looking: Bram, Cleo"."""
    if len(seats) == 1:
        return _yo(t, seats[0], _("You look"), _("{name} looks"))
    return _("Looking: {names}").format(names=", ".join(t.kit.who(x) for x in seats))


def describe(t, kind: str, d: dict) -> str | None:
    """The log line of a domain event (None: no line): the words module's, as the phones say it
    (the card seen by name only with the table's memory aid)."""
    return words.describe(t.kit, kind, d, aid=t.aid())


def power(character: str) -> str:
    """What a character does, one line for the claim dialog (RULINGS.md section 2)."""
    return {"king": _("Take 3 coins; then the others may claim the Minister"),
            "thief": _("Take 1 coin from the nearest player on each side"),
            "minister": _("Choose two spots and secretly swap their cards, or not"),
            "executioner": _("Name another player's card: if right, take all their coins"),
            "sheriff": _("Every other player pays 1; then name one who pays 1 more"),
            "peasant": _("Cannot be challenged: show your card, then name all the others")}[character]


def shown_caption(t, d: dict, card: str, private: bool) -> str:
    """The caption of a card turned face up: a private look names the viewer, a shown card its owner."""
    if private:
        return _yo(t, t.kit.viewer, _("You saw: {card}"), _("{name} saw: {card}"), card=card_text(card))
    return _yo(t, d["seat"], _("You show: {card}"), _("{name} shows: {card}"), card=card_text(card))


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


def pick_why(t, j: int) -> str:
    """Why a card clicked (or chosen with Enter) means nothing now: in a turn your card goes to the
    chosen spot, so only a spot beside yours or opposite it turns the ring (a drag's reason is
    ``drop_why``)."""
    if t.shown.phase == "turn":
        return _("Choose a card beside yours or opposite it: every card moves so that yours goes there")
    return drop_why(t, j)


def status(t) -> tuple[str, str]:
    """The status line: what the person at the screen may do now, or whom the table waits for."""
    sh, legal = t.shown, t._legal()
    if sh.phase == "over":
        return _("Game over"), ""
    if not legal:
        who = sh.turn if sh.phase == "turn" else sh.claimant
        return (_("Waiting for the others…") if sh.phase in ("peek", "challenge", "ministers") or who < 0
                else _("Wait a moment…") if t.is_you(who) else
                _("{who} is playing…").format(who=t.kit.who(who))), ""
    ch = card_text(sh.claim) if sh.claim >= 0 else ""
    msg = {
        "peek": _("Peek: click a card that is not yours (←/→ and Enter)"),
        "turn": (_("Your turn: drag a coin onto the treasury to look (L), drag a card or press , . O to turn "
                   "the ring, or Enter to claim") if t.focus in (None, t.owned[t.kit.viewer]) else
                 _("Your turn: Enter moves every card so that yours goes to the chosen spot (one spot away "
                   "or opposite)") if (t.focus - t.owned[t.kit.viewer]) % K.SPOTS in (1, 3, 5) else
                 _("Your turn: that card is two spots from yours; choose one beside yours or opposite (←/→)")),
        "challenge": _("{who} claims the {card}: challenge (C) or pass (Enter)").format(
            who=t.kit.who(sh.claimant), card=ch),
        "ministers": _("“Who is the Minister?” Claim it (M) or pass (Enter)"),
        "name": _("Drop a name on each other card (or ←/→ and 1-5); Enter names them"),
    }.get(sh.phase)
    if sh.phase == "act":
        msg = {K.MINISTER: _("Minister: click two cards (or drag one onto another), then swap or keep"),
               K.EXECUTIONER: _("Executioner: drag your card onto a player (or click them), then name a card"),
               K.SHERIFF: _("Sheriff: click the player who pays 1 more")}[sh.claim]
    return msg or "", "true"
