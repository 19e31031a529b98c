"""The phone page's words: one small JSON object per language, from the same gettext
catalogue as the table (``game/locale``), marked here with ``N_`` so they are in the .pot."""
from __future__ import annotations

import gettext

from game.core import i18n
from game.core.i18n import DOMAIN, N_
from game.rules.bossquest import SPELL_NAMES
from game.words.bossquest import MYSTERY_LINE, SPELL_LINES

#: the page's strings by key (app.js looks them up by key; the English is the msgid)
PAGE = {
    "title": N_("Crown Table"),
    "join_title": N_("Join the table"),
    "room_label": N_("Room code"),
    "room_hint": N_("The four letters under the QR code on the big screen."),
    "find_seats": N_("Show the seats"),
    "pick_seat": N_("Pick your seat"),
    "seat_taken": N_("{name} (taken)"),
    "joining": N_("Joining…"),
    "connecting": N_("Connecting to the table…"),
    "lost": N_("The connection to the table is lost. Trying again…"),
    "your_turn": N_("Your turn"),
    "waiting": N_("Waiting for the others"),
    "hand": N_("Your hand"),
    "tokens": N_("Tokens and coins"),
    "log": N_("What you saw"),
    "choices": N_("Your choices"),
    "more_choices": N_("Only the first {shown} of {total} choices are shown."),
    "refused": N_("Refused: {reason}"),
    "done": N_("Done"),
    "game_over": N_("The game is over: see the big screen."),
    "bad_room": N_("That room code is not this table's: look at the big screen again."),
    "taken_msg": N_("This seat is held by another phone. On the big screen, press P and choose Free this seat."),
    "bad_seat": N_("That seat is not played from a phone."),
    "freed": N_("The host freed your seat: pick a seat again."),
    "pick_cards": N_("Tap the cards you play, then choose below."),
    "show_choices": N_("Show the choices for these cards"),
    "count_tokens": N_("Tokens: {n}"),
    "count_coins": N_("Coins: {n}"),
    "count_hearts": N_("Hearts: {n}"),
    "count_keys": N_("Keys: {n}"),
    "count_totals": N_("Points: {n}"),
    "count_hand_sizes": N_("Cards in hand: {n}"),
    # the layouts of each game (page/games/<id>.js)
    "on_table": N_("On the table"),
    "you": N_("You"),
    "waiting_for": N_("Waiting for {name}"),
    "choose_below": N_("Your turn: choose below."),
    "all_choices": N_("Show all the choices"),
    "round_of": N_("Round {n} of {total}"),
    "deck_count": N_("Deck: {n}"),
    "pile_count": N_("Pile: {n}"),
    "discard_top": N_("Top of the discard pile"),
    "out": N_("Out"),
    "your_card": N_("Your card"),
    "death_ask": N_("Your card: {card}. What do you do?"),
    "death_thief": N_("Swap with {name}'s card ({card}) or keep yours?"),
    "court_ask": N_("Your turn: tap a card to play it."),
    "court": N_("The Court"),
    "target_points": N_("Points to win: {n}"),
    "captured_coins": N_("Captured coins: {n}"),
    "captured_ravens": N_("Captured ravens: {n}"),
    "captured_seniors": N_("Captured King, Castle and Knight cards: {n}"),
    "what_you_know": N_("What you know"),
    "ktm_peek": N_("Peek at one card: tap it."),
    "ktm_claim": N_("{name} claims a character: {character}. Challenge or pass?"),
    "your_look": N_("You see this card. Remember it!"),
    "remembered": N_("I remember it: turn it face down"),
    "treasury": N_("Treasury: {n}"),
    "your_spot": N_("Your spot"),
    "mb_ask": N_("Your turn: tap the cards you play, then show their choices."),
    "mb_respond": N_("{name} declares {n} × {family}: bluff or no bluff?"),
    "mb_last": N_("On the pile: {name} declared {n} × {family}."),
    "token": N_("Token"),
    "mb_in_force": N_("{f} in force"),           # the table's own words (masterbluff_draw)
    "mb_free": N_("Free turn"),
    "your_weapons": N_("Your weapons"),
    "bq_ask": N_("Your turn: take weapons or use a spell."),
    "bq_aim": N_("Choose whom your spell is on."),
    "boss_hp": N_("Boss: {hp} HP"),
    "strength": N_("Your strength: {n}"),
    "keys_to_win": N_("Keys to win: {n}"),
    "magician": N_("The Magician"),
    "hidden": N_("Hidden"),
    "bluffs": N_("Bluffs"),                      # the heading of MasterBluff's bluffing choices
    "undo": N_("Undo"),
    "undo_refused": N_("Undo refused: {reason}"),
    "undone": N_("Your move was taken back."),
    # MasterBluff's line when every declaration is listed (no card to tap: the list is the choice)
    "mb_ask_list": N_("Your turn: choose your declaration below."),
    # Boss Quest: each spell's line over its choices (the table's card tips, the same msgids),
    # by the rules' spell index ("bq_tip_3"); the face-down one's: "bq_tip_mystery"
    **{f"bq_tip_{i}": SPELL_LINES[name] for i, name in enumerate(SPELL_NAMES)},
    "bq_tip_mystery": MYSTERY_LINE,
    # the phone trial's findings (issue 28)
    "offline": N_("Not connected: trying again…"),
    "moved": N_("This table has moved or closed: scan the join card on the big screen again."),
    "closed": N_("The table was closed. Scan the new join card to play again."),
    "asked_gone": N_("The question is closed: {line}"),
    "asked_gone_plain": N_("The question is closed: another player answered first."),
    "ktm_challenged_first": N_("{name} challenged first."),
    "rematch": N_("The game is over. The next game (Rematch) is chosen on the big screen."),
    "result": N_("Result"),
    "legend_hand": N_("Cards in hand"),
    "legend_coins": N_("Coins captured"),
    "legend_ravens": N_("Ravens captured"),
    "legend_seniors": N_("King, Castle and Knight cards captured"),
    "death_only_king": N_("You hold a King: it never leaves you, so you can only stand."),
    "death_right_king": N_("{name} holds a King: nobody may take it"),     # the big screen's why
    "death_only_dealer": N_("Your turn (dealer, last): you can only stand"),
}


def available() -> list[str]:
    """The languages a phone may get: the shipped ones (``i18n.SHIPPED``) whose compiled
    catalogue is here (``en`` always)."""
    return sorted(lang for lang in i18n.SHIPPED if i18n.has_catalogue(lang))


def pick_language(accept_language: str | None, fallback: str) -> str:
    """The first language of a browser's ``Accept-Language`` that :func:`available` has (its
    primary tag: "de-AT" is "de"), else ``fallback`` (the table's language)."""
    have = available()
    ranked = []
    for i, part in enumerate((accept_language or "")[:500].split(",")[:20]):
        tag, _sep, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        primary = tag.strip().split("-")[0].lower()
        if primary and q > 0:
            ranked.append((-q, i, primary))
    for _q, _i, primary in sorted(ranked):
        if primary in have:
            return primary
    return fallback if fallback in have else "en"


def page_words(lang: str) -> dict[str, str]:
    """The page's strings in ``lang`` (untranslated ones stay English)."""
    tr = gettext.translation(DOMAIN, i18n.LOCALE_DIR, languages=[lang], fallback=True)
    return {k: tr.gettext(v) for k, v in PAGE.items()} | {"lang": lang}


def accept_from_list(langs) -> str | None:
    """The page's ``navigator.languages`` (a list of tags, best first) as an
    ``Accept-Language`` value (``pick_language`` reads it), or None when it is not a list of
    short tags."""
    if not isinstance(langs, list):
        return None
    tags = [t.strip() for t in langs[:20] if isinstance(t, str) and 0 < len(t.strip()) <= 35]
    return ", ".join(tags) or None


# the second trial's page findings (issue 28): an empty room code, an undo said as what it is,
# the big screen paused
PAGE.update({
    "no_room": N_("Type the room code from the big screen."),
    "took_back": N_("{name} took back their move."),
    "paused": N_("The game is paused on the big screen."),
    # the join card is over the big screen's table (at the start, or P): the game waits for it
    "paused_join": N_("The big screen shows the join card: the game goes on once it is closed."),
})
