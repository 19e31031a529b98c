"""The seat view: what one seat receives, computed in one place for every game.

``seat_view(match, seat, events)`` is a plain JSON object built from the seat's observation
(the rules' own ``to_json`` of it, never the state), the events this seat may see
(``events_for``), its legal actions in the core action codec (``Action.to_json``) with a
label each, and the outcome once the game is over.  The phone page draws from it; the
pygame table can later draw from the same thing (docs/PHONES.md)."""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from game import words
from game.core.actions import Action, Event, events_for
from game.core.i18n import current_language
from game.words import SeatWords

from . import layouts

#: legal actions listed in a view at most; a larger space (a MasterBluff declaration has
#: thousands) is listed cut, and the page asks for the actions matching a choice
#: (``options``: the actions whose parameters equal the given ones)
LIST_MAX = 60
#: this seat's events kept for the page's log
LOG_MAX = 60


def jsonable(value: Any, cache: dict | None = None) -> Any:
    """A frozen value (dataclasses, tuples, ``FrozenMap``, sets) as plain JSON data, the way
    observations and states are written (``game.core.actions.plain``), mappings and sets too.
    ``cache`` (id -> (value, JSON)): frozen dataclasses met before (the records an observation
    shares with the last one) are not walked again."""
    t = type(value)
    if t in _SCALARS:
        return value
    if t is list or t is tuple:
        return [x if type(x) in _SCALARS else jsonable(x, cache) for x in value]
    if t is dict:
        return {str(k): x if type(x) in _SCALARS else jsonable(x, cache) for k, x in value.items()}
    fields = getattr(value, "__dataclass_fields__", None)
    if fields is not None:
        frozen = cache is not None and value.__dataclass_params__.frozen
        if frozen:
            hit = cache.get(id(value))
            if hit is not None and hit[0] is value:
                return hit[1]
        out = {k: jsonable(getattr(value, k), cache) for k in fields}
        if frozen:
            cache[id(value)] = (value, out)
        return out
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [jsonable(x, cache) for x in value]
    if isinstance(value, (set, frozenset)):
        return sorted((jsonable(x, cache) for x in value), key=repr)
    if isinstance(value, Mapping):
        return {str(k): jsonable(x, cache) for k, x in value.items()}
    raise TypeError(f"no JSON form for {type(value).__name__}")


_SCALARS = frozenset({type(None), bool, int, float, str})
#: frozen values kept in a cache at most (then it starts again)
CACHE_MAX = 50_000


def observation_json(obs: Any, cache: dict | None = None) -> Any:
    """The observation as the rules write it (``to_json``: every game's is its fields as plain
    data, ``plain``; tests/test_phone_privacy.py checks the two agree for every game); with a
    ``cache``, the same walk, reusing what earlier observations shared."""
    if cache is not None and hasattr(obs, "__dataclass_fields__"):
        if len(cache) > CACHE_MAX:
            cache.clear()
        return jsonable(obs, cache)
    to_json = getattr(obs, "to_json", None)
    return jsonable(to_json() if callable(to_json) else obs)


def event_json(e: Event, line: str | None | bool = False, cache: dict | None = None) -> dict:
    """An event as the seat receives it: its kind, its data (who else sees it is not said) and,
    for a game with words (``line`` not False), its log line as the table says it to that seat
    (``game.words``; None: the table logs no line for it).  ``cache``: the data's JSON is made
    once per event, whichever seats it goes to (it is the same for all of them)."""
    if cache is None:
        data = jsonable(e.data)
    else:
        key = ("data", id(e))
        hit = cache.get(key)
        if hit is not None and hit[0] is e:
            data = hit[1]
        else:
            data = jsonable(e.data)
            cache[key] = (e, data)
    out = {"kind": e.kind, "data": data}
    if line is not False:
        out["line"] = line
    return out


def events_json(events: list, game: str, w: SeatWords, cache: dict | None = None) -> list[dict]:
    """The seat's events with their log lines (``game.words.describe_events``).  ``cache``: each
    event's data is made JSON once, and, for a game whose words say a line depends on its
    reader only through the seats its event names (``LINES_BY_NAMED_SEATS``), a line read by a
    seat the event does not name is made once per language and shared (a 20-seat table said
    every line 20 times, the phones' largest cost on the app's thread)."""
    mod = words_of(game)
    if mod is None:
        return [event_json(e, cache=cache) for e in events]
    if cache is None or not getattr(mod, "LINES_BY_NAMED_SEATS", False):
        lines = words.describe_events(game, w, events)
    else:
        lines = [shared_line(mod, w, e, cache) for e in events]
    return [event_json(e, line, cache) for e, line in zip(events, lines)]


def named_seats(value: Any, out: set | None = None) -> set:
    """Every whole number in an event's data (its seats, and more: a round, a count): a line is
    shared only with a reader none of them is, so this errs on the side of saying it anew."""
    out = set() if out is None else out
    t = type(value)
    if t is int:
        out.add(value)
    elif t is list or t is tuple or isinstance(value, (list, tuple, set, frozenset)):
        for x in value:
            named_seats(x, out)
    elif isinstance(value, Mapping):
        for x in value.values():
            named_seats(x, out)
    elif hasattr(value, "__dataclass_fields__"):
        for k in value.__dataclass_fields__:
            named_seats(getattr(value, k), out)
    return out


def shared_line(mod, w: SeatWords, e: Event, cache: dict) -> str | None:
    """``e``'s log line as ``w``'s reader reads it (``mod.describe``): made once per event and
    language for every reader the event does not name (each one reads the same sentence, about
    seats by their names), and anew for a reader it names ("You stand")."""
    key = ("seats", id(e))
    hit = cache.get(key)
    if hit is not None and hit[0] is e:
        seats = hit[1]
    else:
        seats = frozenset(named_seats(e.data))
        cache[key] = (e, seats)
    if w.viewer in seats:
        return mod.describe(w, e.kind, e.data)
    key = ("line", id(e), current_language())
    hit = cache.get(key)
    if hit is not None and hit[0] is e:
        return hit[1]
    line = mod.describe(w, e.kind, e.data)
    cache[key] = (e, line)
    return line


def generic_label(action: Action) -> str:
    """A label from the action codec alone: the kind and its parameters ("discard · family
    wizard · counts 0 0 0 0 0 1 · token false"), for a game without a words module."""
    parts = [action.kind]
    for k, v in action.params:
        if isinstance(v, bool):
            v = "true" if v else "false"
        elif isinstance(v, tuple):
            v = " ".join(str(x) for x in v)
        parts.append(f"{k} {v}")
    return " · ".join(parts)


def words_of(game: str):
    """The game's words module (``game.words.<id>``: ``describe``, ``action_label``), or None."""
    try:
        return words.module(game)
    except ModuleNotFoundError:
        return None


def action_label(action: Action, game: str | None = None, w: SeatWords | None = None) -> str:
    """What the phone's button says for ``action``: the table's words for it
    (``game.words.button_label``: "Bluff!", "Declare 2 × Elf", "Stand"), else the codec's."""
    if not game or w is None or words_of(game) is None:
        return generic_label(action)
    return words.button_label(game, w, action)


def seat_words(match, seat: int, obs=None) -> SeatWords:
    """The words of the table as the phone's holder reads them: "You" for that seat (the one
    person at that screen), every other seat by its name; ``observation``: the seat's own (a
    label may name the seat's secret, Boss Quest's hidden weapon)."""
    w = SeatWords([s.name for s in match.seats], seat)
    w.observation = match.observe(seat) if obs is None else obs
    return w


def legal_json(space: Iterable[Action], seat: int, where: Mapping[str, Any] | None = None,
               limit: int = LIST_MAX, game: str | None = None, w: SeatWords | None = None) -> tuple[list[dict], int]:
    """Up to ``limit`` of ``seat``'s legal actions (those whose parameters equal ``where``'s)
    as ``{"action": codec JSON, "label": ...}`` (``action_label``: the game's words as ``w``'s seat
    reads them), and how many there are in all.  A game's ``layouts.first`` key puts the
    actions it ranks first (MasterBluff's true declarations, by the hand's order) before the
    others, which keep the rules' order: a list cut at ``limit`` starts with them."""
    front, later, total = [], [], 0
    want = dict(where or {})
    rank = layouts.first(game)
    for a in space:
        if a.seat != seat:
            continue
        if want:
            js = a.to_json()
            if any(js.get(k) != v for k, v in want.items()):
                continue
        total += 1
        key = rank(a) if rank is not None else None
        if key is not None:
            front.append((key, total, a))
        elif len(later) < limit:
            later.append(a)
    chosen = [a for _k, _i, a in sorted(front)] + later
    return [{"action": a.to_json(), "label": action_label(a, game, w)} for a in chosen[:limit]], total


def hand_cards(game: str, seat: int, obs: Mapping[str, Any]) -> list[dict]:
    """The seat's own cards as faces ``{"art": file name under assets/cards/<game>/ or None, "text":
    the card's name, "corner": its corner label}``, from its observation only
    (``layouts.hand``); a hand held as a count per kind (MasterBluff) also gives each card its
    ``kind`` (its place in the counts), so the page can build an action's ``counts`` from the
    cards tapped."""
    return layouts.hand(game, seat, obs)


def seat_view(match, seat: int, events: Iterable[Event] = (), log: Iterable[Event] = (),
              cache: dict | None = None) -> dict:
    """What ``seat`` is sent now: its observation, ``events`` (those it may see) since its last
    message, ``log`` (its recent events, for a page that (re)joins; the host sends them only
    then, the page adds ``events`` to its log afterwards), its legal actions (cut at
    :data:`LIST_MAX`, with ``legal_total``), whose turn it is, and the outcome when over.
    Its words (log lines, labels, card names) are in the language in force (``lang``): the
    host builds each phone's view inside ``i18n.speaking`` its language."""
    outcome = match.outcome()
    acting = seat in match.to_act() and outcome is None
    obs_record = match.observe(seat)
    w = seat_words(match, seat, obs_record)
    mod = words_of(match.game)
    prepare = getattr(mod, "prepare", None)        # e.g. KTM: a run of coins logs as one line, as at the table
    if prepare is not None:
        events, log = prepare(list(events)), prepare(list(log))
    legal, total = legal_json(match.legal(seat), seat, game=match.game, w=w) if acting else ([], 0)
    # what the seat is asked, following the choices actually offered, where the game's words
    # say it (Boss Quest: a bust knight is asked only for the spells it is offered)
    asks = getattr(mod, "ask_line", None)
    ask = asks(w, [a for a in match.legal(seat) if a.seat == seat]) if acting and asks is not None else None
    obs = observation_json(obs_record, cache)
    return {
        "game": match.game,
        "seat": seat,
        "lang": current_language(),
        "names": [s.name for s in match.seats],
        "to_act": list(match.to_act()) if outcome is None else [],
        "observation": obs,
        "hand": hand_cards(match.game, seat, obs),
        "facts": layouts.facts(match.game, seat, obs),
        "events": events_json(events_for(events, seat), match.game, w, cache),
        "log": events_json(events_for(log, seat)[-LOG_MAX:], match.game, w, cache),
        "legal": legal,
        "legal_total": total,
        "ask": ask,
        "outcome": None if outcome is None else jsonable(outcome.to_json()),
        # the result in words (who won, the standings as the big screen's results give them)
        "result": None if outcome is None else layouts.result(
            match.game, seat, [s.name for s in match.seats], jsonable(outcome.to_json()), obs, w),
        # whether the seat's last move may be taken back now (the rule of the table's U): the
        # page shows its Undo button only then
        "can_undo": outcome is None and match.undo_refusal(seat) is None,
    }
