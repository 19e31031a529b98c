"""Death over the Kingdom's help at the table: one line per character (RULINGS.md section 1:
its value, its power, its turned value), and the things on the table that have a tip now (each
seat's card as far as the viewer may see it, the deck, the discard, the token stacks)."""
from __future__ import annotations

import pygame

from game.core.i18n import N_, _
from game.rules.death import NAMES
from ..table.help import HelpSpot, card_rect

CHARACTER_LINES = {
    "death": N_("Death 0: always loses while in play."),
    "innkeeper": N_("Innkeeper 1: at the round's end it turns to 11 if a King is in play."),
    "trader": N_("Trader 2: on your turn, swap it with the top card of the deck."),
    "thief": N_("Thief 3: on your turn, look at a later player's card, then swap with it or keep yours."),
    "clown": N_("Clown 4: at the round's end it turns to 8 if a Queen is in play."),
    "bard": N_("Bard 5: on your turn, swap it with a later player's card."),
    "monk": N_("Monk 6: at the round's end it takes the next player's value (not the dealer's Monk)."),
    "magician": N_("Magician 7: at the round's end it turns to 5 if a Monk is in play."),
    "dragon": N_("Dragon 8: on your turn, the next player's card is discarded and they draw another."),
    "knight": N_("Knight 9: at the round's end every Dragon in play turns to 4."),
    "princess": N_("Princess 10: at the round's end every Knight in play turns to 3."),
    "queen": N_("Queen 11: at the round's end it turns to 1 if a Princess is in play."),
    "king": N_("King 12: face up at once; never taken or targeted, and its holder can only stand."),
}
DEALER_LINE = N_("The dealer: plays last, and cuts instead of exchanging.")
HELD_LINE = N_("A face-down card: its holder stands, exchanges or uses its power.")
DECK_LINE = N_("The deck: the dealer's cut, a Trader's swap and a Dragon's victim take a card from it.")
TOKEN_LINES = {
    "base": N_("Tokens: each round the lowest card takes one; the fewest tokens win."),
    "death_over_all": N_("Tokens: the lowest values take 3, 2 and 1, a King gives one back; the fewest win."),
    "only_one": N_("Tokens: each round the lowest card loses one; a player with none is out."),
}


def line(t, face: str) -> str | None:
    return _(CHARACTER_LINES[face]) if face in CHARACTER_LINES else None


def spots(t) -> list[HelpSpot]:
    sh, out = t.shown, []
    if t.aid_open:
        return out
    nz = t.zone(sh.dealer, "name")                  # the dealer's marker, on its plate's corner
    out.append(HelpSpot(("dealer", sh.dealer), pygame.Rect(nz.x + 1, nz.y - 19, 22, 22), None, _(DEALER_LINE)))
    for seat in range(t.kit.n):
        tokens = t.token_rect(seat) if t.pos_of(seat) == 0 or t.wide_pods() else t.token_badge_rect(seat)
        if sh.tokens[seat]:
            out.append(HelpSpot(("tokens", seat), tokens.inflate(6, 6), ("token",), _(TOKEN_LINES[t.mode])))
        mine = t.pos_of(seat) == 0
        if sh.out[seat] or seat in t.moving or (mine and not t.revealing()):
            continue                       # my card before the reveal is my hand (the kit's tip)
        c, public = sh.cards[seat], sh.face_up[seat]
        r = card_rect(t.card_pt(seat), t.seat_width(seat))
        if c is not None and (public or t.kit.may_see()):
            # a card the viewer holds or learnt (an exchange, a Thief's look) is theirs to read
            out.append(HelpSpot(("card", seat, NAMES[c]), r, ("face", NAMES[c]), line(t, NAMES[c]),
                                private=not public))
        else:
            out.append(HelpSpot(("card", seat, None), r, ("back",), _(HELD_LINE)))
    if sh.discard:
        top = NAMES[sh.discard[-1]]
        out.append(HelpSpot(("discard", top), t.kit.layout.shared("discard"), ("face", top), line(t, top)))
    out.append(HelpSpot(("deck",), t.kit.layout.shared("deck"), ("back",), _(DECK_LINE)))
    return out


#: the characters that can turn (and show a second value)
TURNING = ("innkeeper", "clown", "magician", "dragon", "knight", "queen")


def gallery() -> list[tuple[tuple, str]]:
    """The rules screen's pictures: each character once (its value and its turned value), and the token."""
    from game.rules.death import TURNED, card_text
    out = []
    for k, name in enumerate(NAMES):
        words = _("{card} {value} · turned {turned}").format(card=card_text(k), value=k, turned=TURNED[k]) \
            if name in TURNING else _("{card} {value}").format(card=card_text(k), value=k)
        out.append((("face", name), words))
    return out + [(("token",), _("Token"))]
