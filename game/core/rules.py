"""The ``Rules`` protocol every game implements, and shared value types.

A game is a stateless rules object plus immutable state values:

* ``new_game(config, seed=..., deck=...)`` -> state
* ``to_act(state)`` -> seats that may act now (several during a response
  window or a simultaneous secret choice; empty when the game is over)
* ``legal_actions(state, seat)`` -> an :class:`ActionSpace`
* ``apply(state, action)`` -> ``(new_state, events)``; raises
  :class:`IllegalAction` with a readable reason
* ``observe(state, seat)`` -> what that seat may know, as a frozen value
* ``outcome(state)`` -> :class:`Outcome` or None while the game goes on
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping, Protocol, Sequence, runtime_checkable

from .actions import Action, BadConfig, Event
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

    def new_game(self, config: GameConfig, seed: int | None = None,
                 deck: Sequence[Any] | None = None) -> Any: ...
    def to_act(self, state: Any) -> tuple[int, ...]: ...
    def legal_actions(self, state: Any, seat: int) -> ActionSpace: ...
    def apply(self, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]: ...
    def observe(self, state: Any, seat: int) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def card_census(self, state: Any) -> Mapping[Any, int]: ...
    def determinize(self, obs: Any, rng: Any) -> Any:
        """A full state consistent with ``obs`` (hidden cards sampled with ``rng``):
        used by search AIs and by the no-peeking contract test."""
        ...


def check_players(rules: Rules, config: GameConfig) -> None:
    if not isinstance(config.players, int) or not rules.min_players <= config.players <= rules.max_players:
        raise BadConfig(f"{rules.title} takes {rules.min_players}-{rules.max_players} players, "
                        f"not {config.players}")
    unknown = set(config.options) - set(rules.default_options)
    if unknown:
        raise BadConfig(f"unknown option(s) for {rules.title}: {', '.join(sorted(unknown))}")


@dataclass(frozen=True)
class Window:
    """An out-of-turn response window or a simultaneous secret choice.

    ``order`` lists the seats that may answer, in priority order.  In mode
    ``"first"`` (Bluff!, challenges) the window closes as soon as the first
    seat in ``order`` whose answer is a call is known, i.e. every seat before
    it has passed; answers may arrive in any order, so humans and AIs can
    respond at once while the result stays a pure function of the answers.
    In mode ``"all"`` (secret claims) every seat must answer.
    Answers stay secret until the window closes.
    """

    order: tuple[int, ...]
    answers: tuple[tuple[int, bool], ...] = ()
    mode: str = "first"

    def answered(self, seat: int) -> bool:
        return any(s == seat for s, _ in self.answers)

    def pending(self) -> tuple[int, ...]:
        done = {s for s, _ in self.answers}
        return tuple(s for s in self.order if s not in done)

    def answer(self, seat: int, call: bool) -> "Window":
        return Window(self.order, self.answers + ((seat, bool(call)),), self.mode)

    def result(self) -> tuple[bool, tuple[int, ...]]:
        """(closed, callers): callers is the first caller for mode "first",
        or every seat that said yes (in priority order) for mode "all"."""
        got = dict(self.answers)
        if self.mode == "all":
            if len(got) < len(self.order):
                return False, ()
            return True, tuple(s for s in self.order if got[s])
        for s in self.order:
            if s not in got:
                return False, ()
            if got[s]:
                return True, (s,)
        return True, ()
