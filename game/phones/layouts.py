"""What each game's phone layout draws beyond the observation's plain numbers: its cards as
faces (art file, name, corner label), from the seat's own observation only (never the state).

``facts(game, seat, obs)`` is the ``facts`` of a seat view; ``hand(game, seat, obs)`` its own
cards.  One function per game, registered by id (a game without one gets ``{}`` and its hand
from a generic ``hand`` field); the page draws them in ``page/games/<id>.js``."""
from __future__ import annotations

import importlib
from typing import Any, Callable, Mapping

from game.core.i18n import _, names_list, ngettext
from game.words import faces

Obs = Mapping[str, Any]


def card(art: str | None, text: str, corner: str | int | None = None, **extra) -> dict:
    """One face for the page: its art (``/cards/<game>/<art>.svg``), its name, its corner label."""
    out = {"art": art, "text": text}
    if corner is not None:
        out["corner"] = str(corner)
    out.update(extra)
    return out


def _rules(game: str):
    return importlib.import_module(f"game.rules.{game}")


# -- Death over the Kingdom ----------------------------------------------------------------------
def death_card(c: int | None) -> dict | None:
    if c is None:
        return None
    R = _rules("death")
    return card(faces.death_face(c), R.card_text(c), R.VALUES[c])


def death_hand(seat: int, obs: Obs) -> list[dict]:
    c = obs.get("hand")
    return [] if c is None else [death_card(c)]


def death_facts(seat: int, obs: Obs) -> dict:
    """Every card this seat knows now (its own, the face-up ones, one it looked at), the top
    of the discard."""
    discard = obs.get("discard") or []
    return {"known": [death_card(c) for c in obs.get("cards") or []],
            "discard_top": death_card(discard[-1]) if discard else None}


# -- Fireball Court ------------------------------------------------------------------------------
def court_card(c: int) -> dict:
    R = _rules("court")
    k = R.CARDS[c]
    return card(faces.court_face(c), R.card_text(c), k.number if k.number else None, key=R.NAMES[c])


def court_hand(seat: int, obs: Obs) -> list[dict]:
    return [court_card(c) for c in obs.get("hand") or []]


def court_facts(seat: int, obs: Obs) -> dict:
    """The Court's stacks as faces; each seat's captured cards counted by kind."""
    R = _rules("court")
    piles = []
    for cards in obs.get("captures") or []:
        got = {"coin": 0, "raven": 0, "senior": 0, "fireball": 0}
        for c in cards:
            got[R.CARDS[c].kind] += 1
        piles.append(got)
    return {"court": [[court_card(c) for c in stack] for stack in obs.get("court") or []],
            "captured": piles}


# -- King Thief Minister -------------------------------------------------------------------------
def ktm_facts(seat: int, obs: Obs) -> dict:
    """The six characters as faces, by name (a look's event names its card), and the claim."""
    R = _rules("ktm")
    chars = {n: card(faces.ktm_face(i), R.card_text(i)) for i, n in enumerate(R.NAMES)}
    claim = obs.get("claim", -1)
    # each empty spot's label as the table draws it and the buttons name it ("empty spot 2")
    empty = R.empty_spots(obs["players"]) if isinstance(obs.get("players"), int) else ()
    labels = {str(sp): _("empty spot") if len(empty) == 1 else _("empty spot {n}").format(n=i + 1)
              for i, sp in enumerate(empty)}
    return {"characters": chars, "back": card("back", ""), "empty": labels,
            "claim": chars[R.NAMES[claim]] if isinstance(claim, int) and 0 <= claim < len(R.NAMES) else None}


# -- Boss Quest ----------------------------------------------------------------------------------
def weapon_card(c: int) -> dict:
    R = _rules("bossquest")
    w = R.WEAPONS[c]
    return card(faces.weapon_face(c), R.weapon_text(c), w.value, colour=w.colour, key=R.WEAPON_NAMES[c])


def spell_card(c: int | None) -> dict | None:
    R = _rules("bossquest")
    if c is None:
        return None
    if c == R.MYSTERY:
        return card("back_mystery", "?")
    return card(faces.spell_face(c), R.spell_text(c))


def bossquest_hand(seat: int, obs: Obs) -> list[dict]:
    """The seat's weapons: the face-up ones, then its hidden one (``hidden``: marked)."""
    up = list((obs.get("face_up") or [[]] * (seat + 1))[seat])
    hidden = (obs.get("hidden") or [None] * (seat + 1))[seat]
    return [weapon_card(c) for c in up] + ([weapon_card(hidden) | {"hidden": True}] if hidden is not None else [])


def bossquest_facts(seat: int, obs: Obs) -> dict:
    """The boss, the Magician's row, every seat's face-up weapons (and the hidden ones this seat
    knows), the spells in play on each seat and on the boss."""
    R = _rules("bossquest")
    boss = obs.get("boss")
    active = [{"card": spell_card(a["card"]), "target": a["target"], "by": a["by"]} for a in obs.get("active") or []]
    return {"boss": card(faces.boss_face(boss), str(R.BOSS_HPS[boss]), R.BOSS_HPS[boss]) if boss is not None else None,
            "magician": [spell_card(c) for c in obs.get("magician") or []],
            "weapons": [[weapon_card(c) for c in row] for row in obs.get("face_up") or []],
            "hidden": [None if c is None else weapon_card(c) for c in obs.get("hidden") or []],
            "active": active, "boss_target": R.BOSS}


# -- MasterBluff ---------------------------------------------------------------------------------
def masterbluff_hand(seat: int, obs: Obs) -> list[dict]:
    """A card per card held (the hand is a count per family); ``kind``: the family's place in
    the counts, so the page builds a declaration's ``counts`` from the cards tapped."""
    R = _rules("masterbluff")
    return [card(fam, R.family_text(fam), kind=i)
            for i, (fam, n) in enumerate(zip(R.FAMILIES, obs.get("hand") or ())) for _ in range(n)]


def masterbluff_first() -> Callable[[Any], tuple | None]:
    """Where a declaration goes in the phone's list: a true one (every card played is of the
    family declared) first, by the hand's order (its family's place, then how many cards), those
    that keep the exchange token (the family in force) before those that spend it; a bluff
    (None) after them, in the rules' order.  The order is the phone's, never the rules'.
    (The key is called for each of thousands of declarations a view: a lookup or two each.)"""
    at = {f: i for i, f in enumerate(_rules("masterbluff").FAMILIES)}

    def key(a) -> tuple | None:
        if a.kind != "discard":
            return None
        (ck, counts), (fk, fam), (tk, token) = a.params       # by name (Action.make sorts them)
        if (ck, fk, tk) != ("counts", "family", "token"):
            return None
        i = at[fam]
        n = counts[i]
        return (bool(token), i, n) if n and n == sum(counts) else None
    return key


def masterbluff_facts(seat: int, obs: Obs) -> dict:
    """The six families as faces (the declaration on the pile names one)."""
    R = _rules("masterbluff")
    return {"families": [card(fam, R.family_text(fam)) for fam in R.FAMILIES]}


HANDS: dict[str, Callable[[int, Obs], list[dict]]] = {
    "death": death_hand, "court": court_hand, "bossquest": bossquest_hand, "masterbluff": masterbluff_hand}
FACTS: dict[str, Callable[[int, Obs], dict]] = {
    "death": death_facts, "court": court_facts, "ktm": ktm_facts, "bossquest": bossquest_facts,
    "masterbluff": masterbluff_facts}

#: game -> a function making the key of the actions a phone lists first (the key's None: after
#: them, in the rules' order)
FIRST: dict[str, Callable[[], Callable[[Any], Any]]] = {"masterbluff": masterbluff_first}


def first(game: str | None) -> Callable[[Any], Any] | None:
    """The game's ``FIRST`` key, or None (its actions listed in the rules' order)."""
    make = FIRST.get(game) if game else None
    return make() if make is not None else None


def hand(game: str, seat: int, obs: Obs) -> list[dict]:
    """The seat's own cards as faces (a game without a layout: its ``hand`` field as text)."""
    fn = HANDS.get(game)
    if fn is not None:
        return fn(seat, obs)
    held = obs.get("hand")
    if held is None:
        return []
    text = getattr(_rules(game), "card_text", str)
    return [card(None, text(c)) for c in (held if isinstance(held, list) else [held])]


# -- the result: what the big screen's results say, in words, for a seat's phone --------------
def _ordinal(rank: int) -> str:
    return {1: _("1st"), 2: _("2nd"), 3: _("3rd")}.get(rank, _("{n}th").format(n=rank))


def _note(game: str, outcome: Mapping[str, Any], obs: Obs, seat: int) -> str:
    """Beside a seat in the standings: what the big screen's results say (its tokens, coins,
    points, keys and hearts, cards left), from the seat's observation and the outcome only."""
    scores = outcome.get("scores")
    if game == "death":
        out = obs.get("out_round") or []
        if obs.get("mode") == "only_one" and seat in outcome.get("winners", []):
            return _("winner") if len(outcome["winners"]) == 1 else _("shared win")
        if obs.get("mode") == "only_one" and seat < len(out) and out[seat] is not None:
            return _("out in round {r}").format(r=out[seat])
    if game == "bossquest" and obs.get("keys") and obs.get("hearts"):
        k, h = obs["keys"][seat], obs["hearts"][seat]
        return _("{keys}, {hearts}").format(keys=ngettext("{n} key", "{n} keys", k).format(n=k),
                                            hearts=ngettext("{n} heart", "{n} hearts", h).format(n=h))
    if game == "masterbluff" and obs.get("hand_sizes"):
        left = obs["hand_sizes"][seat]
        return _("no cards left") if left == 0 else ngettext("{n} card left", "{n} cards left", left).format(n=left)
    if scores is None:
        return ""
    n = scores[seat]
    if game == "death":
        return ngettext("{n} token", "{n} tokens", n).format(n=n)
    if game == "ktm":
        return ngettext("{n} coin", "{n} coins", n).format(n=n)
    return ngettext("{n} point", "{n} points", n).format(n=n)


def _ranks(game: str, outcome: Mapping[str, Any], obs: Obs) -> list[int]:
    """The places as the big screen's results give them: the rules' outcome; MasterBluff's
    losers (whom the rules leave level) placed by the cards they have left, fewest first."""
    ranks = list(outcome["ranks"])
    left = obs.get("hand_sizes")
    winners = outcome.get("winners", [])
    losers = [s for s in range(len(ranks)) if s not in winners]
    if game == "masterbluff" and left and len(set(ranks[s] for s in losers)) <= 1:
        base = len(winners)
        ranks = [ranks[s] if s in winners else base + 1 + sum(1 for o in losers if left[o] < left[s])
                 for s in range(len(ranks))]
    return ranks


def bossquest_result_lines(w, obs: Obs) -> list[str]:
    """Who lost their last heart (they stand below every player with a heart left, whatever
    their keys), the sentence the big screen's results say under the standings."""
    from game.words import bossquest as bq_words
    hearts = obs.get("hearts")
    line = bq_words.out_of_running(w, hearts) if hearts else ""
    return [line] if line else []


#: game -> the lines under its standings, as the big screen's results (``result_lines``) say them
RESULT_LINES: dict[str, Callable[[Any, Obs], list[str]]] = {"bossquest": bossquest_result_lines}


def result(game: str, seat: int, names: list[str], outcome: Mapping[str, Any] | None, obs: Obs,
           w: Any = None) -> dict | None:
    """The game's result for ``seat``'s phone: the headline (who won, "You win!" for the seat
    itself), a row per seat by place (its place, name and note) and the ``lines`` the big
    screen's results say under the standings (Boss Quest: who lost their last heart), in the
    language in force, as ``w`` (the seat's words; by default "You" for ``seat``) says them."""
    if outcome is None:
        return None
    if w is None:
        from game.words import SeatWords
        w = SeatWords(list(names), seat)
    winners = list(outcome.get("winners", []))
    if seat in winners and len(winners) == 1:
        head = _("You win!")
    elif seat in winners:
        head = _("You and {names} share the win!").format(names=names_list([names[x] for x in winners if x != seat]))
    elif len(winners) == 2:
        head = _("{first} and {second} share the win!").format(first=names[winners[0]], second=names[winners[1]])
    elif len(winners) > 2:
        head = _("{names} share the win!").format(names=names_list([names[x] for x in winners]))
    elif winners:
        head = _("{name} wins!").format(name=names[winners[0]])
    else:
        head = _("Nobody wins!")
    ranks = _ranks(game, outcome, obs)
    left = obs.get("hand_sizes") if game == "masterbluff" else None
    order = sorted(range(len(names)), key=lambda s: (ranks[s], left[s] if left else 0, s))
    return {"headline": head,
            "rows": [{"seat": s, "place": _ordinal(ranks[s]), "name": names[s], "note": _note(game, outcome, obs, s)}
                     for s in order],
            "lines": RESULT_LINES[game](w, obs) if game in RESULT_LINES else []}


def facts(game: str, seat: int, obs: Obs) -> dict:
    fn = FACTS.get(game)
    return fn(seat, obs) if fn is not None else {}
