"""Actions, domain events and typed errors shared by every game.

An :class:`Action` is plain data: the acting seat, a kind, and named
parameters whose values are ints, strings, bools or tuples of them.  Its JSON
form is a flat object ``{"seat": 0, "kind": "discard", ...params}``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

RESERVED = ("seat", "kind")


def _freeze(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, (bool, int, str)) or value is None:
        return value
    raise TypeError(f"action parameter values must be JSON scalars or lists, not {type(value).__name__}")


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


def plain(value: Any) -> Any:
    """A frozen value (dataclasses, tuples) as plain JSON data (dicts and lists), for
    ``to_json`` of observations and states."""
    if hasattr(value, "__dataclass_fields__"):
        return {k: plain(getattr(value, k)) for k in value.__dataclass_fields__}
    if isinstance(value, (tuple, list)):
        return [plain(x) for x in value]
    return value


@dataclass(frozen=True)
class Action:
    seat: int
    kind: str
    params: tuple[tuple[str, Any], ...] = ()

    @staticmethod
    def make(seat: int, kind: str, **params: Any) -> "Action":
        return Action(int(seat), str(kind), tuple(sorted((k, _freeze(v)) for k, v in params.items())))

    def get(self, name: str, default: Any = None) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        return default

    def __getitem__(self, name: str) -> Any:
        for k, v in self.params:
            if k == name:
                return v
        raise KeyError(name)

    def to_json(self) -> dict:
        out: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        for k, v in self.params:
            out[k] = _thaw(v)
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> "Action":
        if not isinstance(data, Mapping):
            raise MalformedAction(f"an action must be a JSON object, got {type(data).__name__}")
        if "seat" not in data or "kind" not in data:
            raise MalformedAction("an action needs 'seat' and 'kind'")
        seat, kind = data["seat"], data["kind"]
        if not isinstance(seat, int) or isinstance(seat, bool) or not isinstance(kind, str):
            raise MalformedAction("'seat' must be an integer and 'kind' a string")
        try:
            params = {k: v for k, v in data.items() if k not in RESERVED}
            return Action.make(seat, kind, **params)
        except TypeError as exc:
            raise MalformedAction(str(exc)) from None

    def __str__(self) -> str:  # compact, for logs and error messages
        ps = " ".join(f"{k}={_thaw(v)}" for k, v in self.params)
        return f"seat {self.seat} {self.kind}" + (f" {ps}" if ps else "")


@dataclass(frozen=True)
class Event:
    """A domain event produced by ``apply``; drives sprites, sounds and logs.

    ``to`` is None for a public event, or the seats allowed to see it.

    ``reveals`` marks an event that shows something that was hidden: a card
    turned face up, a private look at another seat's card, a picked-up pile
    (the taker now knows its cards).  ``True``: it reveals to every seat that
    sees it (with ``to=`` that is a private look); a tuple of seats: it reveals
    only to those (e.g. the taker of a pile, on a public "pickup" event).
    The match layer refuses an undo that would take back an action after
    which something was revealed to the undoing seat (:meth:`reveals_to`).
    """

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: tuple[int, ...] | None = None
    reveals: bool | tuple[int, ...] = False

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def reveals_to(self, seat: int | None) -> bool:
        """Whether this event shows ``seat`` something it could not know before."""
        if seat is None or not self.reveals or not self.visible_to(seat):
            return False
        return self.reveals is True or seat in self.reveals


_new = object.__new__


def event(kind: str, data: Mapping[str, Any], to: tuple[int, ...] | None = None,
          reveals: bool | tuple[int, ...] = False) -> Event:
    """The one way the rules make an :class:`Event`: the same value as ``Event(kind, data,
    to, reveals)``, made without the dataclass's ``__init__`` (an event is made on every
    step of every search rollout).  ``data`` is taken as it is, not copied: the caller
    passes a mapping made for this event and never changes it afterwards.  (The fields go
    into the new object's own instance dictionary, in ``__init__``'s order: cheaper than
    giving it a new one through ``object.__setattr__``.)"""
    e = _new(Event)
    d = e.__dict__
    d["kind"] = kind
    d["data"] = data
    d["to"] = to
    d["reveals"] = reveals
    return e


def events_for(events: Iterable[Event], seat: int | None) -> tuple[Event, ...]:
    return tuple(e for e in events if e.visible_to(seat))


_SENTENCE_ENDS = ".!?\u2026"
_CLOSERS = "'\"\u201d\u2019)]"


def sentence_end(text: str) -> str:
    """``text`` ending as a sentence: as it is when it ends with its own punctuation (before
    any closing quote or bracket: 'Who is the Minister?”'), else with a full stop.  Every
    refusal reason is a sentence (issue 25: "a refusal without its full stop"); this is the one
    place that makes it so, whatever engine (or a later change to one) words the reason."""
    t = text.rstrip()
    core = t.rstrip(_CLOSERS)
    return t if not t or (core and core[-1] in _SENTENCE_ENDS) else t + "."


class GameError(Exception):
    """Base class of every error the engine raises on bad input."""


class IllegalAction(GameError):
    """The action is well formed but not allowed now.  ``reason`` is for people."""

    def __init__(self, reason: str, action: "Action | None" = None):
        reason = sentence_end(reason)
        super().__init__(reason)
        self.reason = reason
        self.action = action


class NotYourTurn(IllegalAction):
    pass


class MalformedAction(GameError):
    """The action's data does not have the right shape."""

    @property
    def reason(self) -> str:
        return sentence_end(str(self))


class BadConfig(GameError):
    """Players, options or deck order are not valid for this game."""
