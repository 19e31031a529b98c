"""The ``Rules`` protocol every game implements, and shared value types.

A game is a stateless rules object plus immutable state values:

* ``new_game(config, seed=..., deck=...)`` -> state (``deck``: a list for the
  main deck, or a dict of named decks, see ``deck_names``)
* ``to_act(state)`` -> seats that may act now (several during a response
  window or a simultaneous secret choice; empty when the game is over)
* ``legal_actions(state, seat)`` -> an :class:`ActionSpace`
* ``apply(state, action)`` -> ``(new_state, events)``; raises
  :class:`IllegalAction` with a readable reason
* ``observe(state, seat)`` -> what that seat may know, as a frozen value;
  ``observe(state, None)`` is the spectator view: every public fact, no hand
  and nothing hidden from any seat (replays and the results screen use it)
* ``outcome(state)`` -> :class:`Outcome` or None while the game goes on
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence, runtime_checkable

from .actions import Action, BadConfig, Event, IllegalAction, NotYourTurn
from .i18n import _
from .quote import cut, quoted
from .spaces import ActionSpace


@dataclass(frozen=True)
class GameConfig:
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)

    def option(self, name: str, default: Any = None) -> Any:
        return self.options.get(name, default)

    def to_json(self) -> dict:
        return {"players": self.players, "options": dict(self.options)}


@dataclass(frozen=True)
class Outcome:
    """The end of a game.  ``ranks[i]`` is seat i's place (1 = best, ties share)."""

    winners: tuple[int, ...]
    ranks: tuple[int, ...]
    scores: tuple[int, ...] | None = None

    def to_json(self) -> dict:
        out: dict[str, Any] = {"winners": list(self.winners), "ranks": list(self.ranks)}
        if self.scores is not None:
            out["scores"] = list(self.scores)
        return out


@runtime_checkable
class Rules(Protocol):
    id: str
    title: str
    min_players: int
    max_players: int
    default_options: Mapping[str, Any]
    deck_names: tuple[str, ...]     # named decks/piles an explicit deal may give; the first is the main one

    def new_game(self, config: GameConfig, seed: int | None = None,
                 deck: Sequence[Any] | Mapping[str, Sequence[Any]] | None = None) -> Any:
        """The initial state: dealt from ``seed``, or from an explicit ``deck``: a
        list (the main deck, ``deck_names[0]``) or a dict of named decks
        (``{"weapons": [...], "bosses": [...]}``; see ``game.core.seats.named_decks``)."""
        ...
    def to_act(self, state: Any) -> tuple[int, ...]: ...
    def legal_actions(self, state: Any, seat: int) -> ActionSpace: ...
    def apply(self, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]: ...
    def observe(self, state: Any, seat: int | None) -> Any:
        """What ``seat`` may know (a frozen value); ``seat=None``: the spectator
        view, with every public fact and no hidden card of any seat."""
        ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def card_census(self, state: Any) -> Mapping[Any, int]: ...
    def determinize(self, obs: Any, rng: Any) -> Any:
        """A full state consistent with ``obs`` (hidden cards sampled with ``rng``):
        used by search AIs and by the no-peeking contract test."""
        ...


def check_players(rules: Rules, config: GameConfig) -> None:
    players = config.players
    if not isinstance(players, int) or isinstance(players, bool) or not rules.min_players <= players <= rules.max_players:
        raise BadConfig(_("{title} takes {lo}-{hi} players, not {n}").format(
            title=rules.title, lo=rules.min_players, hi=rules.max_players, n=quoted(players)))
    if not isinstance(config.options, Mapping):
        raise BadConfig(_("the options of {title} must be named values, not {value}").format(
            title=rules.title, value=quoted(config.options)))
    unknown = [k for k in config.options if k not in rules.default_options]
    if unknown:
        raise BadConfig(_("unknown option(s) for {title}: {names}; options: {known}").format(
            title=rules.title, names=", ".join(quoted(k) for k in sorted(map(str, unknown))[:5]),
            known=", ".join(rules.default_options) or _("none")))


def freeze_json(value: Any) -> Any:
    """A JSON value made immutable and hashable: lists become tuples and objects
    become :class:`FrozenMap`; scalars (None, bool, int, float, str) stay."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return tuple(freeze_json(v) for v in value)
    if isinstance(value, Mapping):
        return FrozenMap(value)
    raise TypeError(f"not a JSON value: {type(value).__name__}")


def thaw_json(value: Any) -> Any:
    """The plain JSON form of a :func:`freeze_json` value."""
    if isinstance(value, FrozenMap):
        return {k: thaw_json(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [thaw_json(v) for v in value]
    return value


class FrozenMap(Mapping):
    """An immutable, hashable JSON object (string keys), e.g. a targeted answer
    ``{"target": 2, "card": "thief"}`` held inside a frozen state."""

    __slots__ = ("_items",)

    def __init__(self, data: Mapping[str, Any] = ()):  # type: ignore[assignment]
        items = dict(data)
        if not all(isinstance(k, str) for k in items):
            raise TypeError("JSON object keys must be strings")
        object.__setattr__(self, "_items", tuple(sorted((k, freeze_json(v)) for k, v in items.items())))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("FrozenMap is immutable")

    def __getitem__(self, key: str) -> Any:
        for k, v in self._items:
            if k == key:
                return v
        raise KeyError(key)

    def __iter__(self):
        return (k for k, _v in self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(self._items)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenMap):
            return self._items == other._items
        return isinstance(other, Mapping) and dict(self) == dict(other)

    def __repr__(self) -> str:
        return f"FrozenMap({dict(self._items)!r})"


def is_call(answer: Any) -> bool:
    """The default test of a mode-"first" window: an answer is a call (a claim,
    a challenge, a targeted choice...) unless it is ``False`` or ``None``."""
    return answer is not False and answer is not None


class WindowResult(tuple):
    """``(closed, callers)``, as a plain 2-tuple, plus ``.answers``: the answers
    that decided it as ``(seat, value)`` pairs in priority order (mode "all":
    every answer; mode "first": the passes before the caller and the call)."""

    answers: tuple[tuple[int, Any], ...]

    def __new__(cls, closed: bool, callers: tuple[int, ...],
                answers: tuple[tuple[int, Any], ...] = ()) -> "WindowResult":
        self = super().__new__(cls, (closed, callers))
        self.answers = answers
        return self

    @property
    def closed(self) -> bool:
        return self[0]

    @property
    def callers(self) -> tuple[int, ...]:
        return self[1]


@dataclass(frozen=True)
class Window:
    """An out-of-turn response window or a simultaneous secret choice.

    ``order`` lists the seats that may answer, in priority order.  An answer is
    any JSON value (frozen by :func:`freeze_json`): ``True``/``False`` for
    call/pass, a string, a number, a list, or an object for a targeted choice.
    Answers may arrive in any order, so humans and AIs can respond at once
    while the result stays a pure function of the answers; they stay secret
    until the window closes.

    * Mode ``"first"`` (Bluff!, challenges, "claim or not"): the window closes as
      soon as the first seat in ``order`` whose answer is a *call* is known,
      i.e. every seat before it has passed, or when every seat has passed.  An
      answer is a call unless it is ``False`` or ``None`` (:func:`is_call`); a
      game with other pass values gives ``result`` its own ``is_call``.
    * Mode ``"all"`` (secret claims, simultaneous choices): every seat must
      answer; ``result().answers`` then lists every answer in priority order
      and ``callers`` the seats whose answer is a call.
    """

    order: tuple[int, ...]
    answers: tuple[tuple[int, Any], ...] = ()
    mode: str = "first"

    def __post_init__(self) -> None:
        if self.mode not in ("first", "all"):
            raise ValueError(f"window mode must be 'first' or 'all', not {self.mode!r}")

    def answered(self, seat: int) -> bool:
        return any(s == seat for s, _v in self.answers)

    def answer_of(self, seat: int, default: Any = None) -> Any:
        """``seat``'s answer so far, or ``default`` (secret: only ``seat`` may see it)."""
        for s, v in self.answers:
            if s == seat:
                return v
        return default

    def pending(self) -> tuple[int, ...]:
        done = {s for s, _v in self.answers}
        return tuple(s for s in self.order if s not in done)

    def answer(self, seat: int, value: Any) -> "Window":
        """A new window with ``seat``'s answer (any JSON value) added."""
        if seat not in self.order:
            raise ValueError(f"seat {seat} may not answer this window")
        if self.answered(seat):
            raise ValueError(f"seat {seat} has already answered")
        return Window(self.order, self.answers + ((seat, freeze_json(value)),), self.mode)

    def in_order(self) -> tuple[tuple[int, Any], ...]:
        """The answers given so far as ``(seat, value)`` pairs in priority order."""
        got = dict(self.answers)
        return tuple((s, got[s]) for s in self.order if s in got)

    def result(self, is_call: Callable[[Any], bool] = is_call) -> WindowResult:
        """``(closed, callers)`` (a :class:`WindowResult`, with ``.answers``):
        callers is ``(first caller,)`` or ``()`` in mode "first", and every seat
        whose answer is a call, in priority order, in mode "all"."""
        got = dict(self.answers)
        if self.mode == "all":
            if len(got) < len(self.order):
                return WindowResult(False, ())
            ordered = self.in_order()
            return WindowResult(True, tuple(s for s, v in ordered if is_call(v)), ordered)
        decided: list[tuple[int, Any]] = []
        for s in self.order:
            if s not in got:
                return WindowResult(False, ())
            decided.append((s, got[s]))
            if is_call(got[s]):
                return WindowResult(True, (s,), tuple(decided))
        return WindowResult(True, (), tuple(decided))


# -- the checks every game makes first, with the same reasons -----------------------------------

def is_int(value: Any) -> bool:
    """A real int (a bool is not a seat, a target or a count, though ``True == 1``)."""
    return value.__class__ is int or (isinstance(value, int) and not isinstance(value, bool))


def refuse_if_over(over: bool, action: Action) -> None:
    """Refuse any action once the game is over."""
    if over:
        raise IllegalAction(_("the game is over"), action)


def checked_seat(action: Action, players: int) -> int:
    """The acting seat of ``action``, refused unless it is a seat of this table."""
    seat = action.seat
    if not is_int(seat) or not 0 <= seat < players:
        raise IllegalAction(_("there is no seat {seat}").format(seat=quoted(seat)), action)
    return seat


def require_turn(seat: int, turn: int, action: Action) -> None:
    """Refuse ``action`` unless ``seat`` is the seat to act (``turn``)."""
    if seat != turn:
        raise NotYourTurn(_("it is seat {turn}'s turn, not seat {seat}'s").format(turn=turn, seat=seat),
                          action)


def extra_params(action: Action, allowed: tuple[str, ...] | frozenset[str] | set[str]) -> str | None:
    """The reason ``action`` is refused when it names a parameter its kind does not take
    ("'pass' takes no bogus"), or None; the names are sorted and at most five are said."""
    extra = sorted(k for k, _v in action.params if k not in allowed)
    if not extra:
        return None
    return _("'{kind}' takes no {extra}").format(kind=cut(action.kind), extra=", ".join(map(cut, extra[:5])))


def refuse_extra_params(action: Action, allowed: tuple[str, ...] | frozenset[str] | set[str]) -> None:
    """Refuse ``action`` if it names a parameter its kind does not take (:func:`extra_params`)."""
    why = extra_params(action, allowed)
    if why is not None:
        raise IllegalAction(why, action)
