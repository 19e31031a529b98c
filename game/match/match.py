"""A match: a game in progress with its seats, action log, undo and saves."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core import registry
from game.core.actions import Action, Event, GameError, IllegalAction, NotYourTurn
from game.core.rules import Outcome, Rules
from .record import GameRecord, RecordError, SeatSpec, load_record, replay, write_json_atomic


class Match:
    """Binds seats to a game and validates every action before it is logged."""

    def __init__(self, game: str, seats: Sequence[SeatSpec], options: dict | None = None,
                 seed: int | None = None, deck: Sequence[Any] | Mapping[str, Sequence[Any]] | None = None):
        self.rules: Rules = registry.get(game)
        self.seats = list(seats)
        if isinstance(deck, Mapping):
            deck = {str(k): list(v) for k, v in deck.items()}
        elif deck is not None:
            deck = list(deck)
        self.record = GameRecord(game, len(self.seats), dict(options or {}), seed, deck, self.seats, [])
        self.initial = self.rules.new_game(self.record.config, seed=seed, deck=deck)
        self.state = self.initial

    # --- queries
    @property
    def game(self) -> str:
        return self.record.game

    @property
    def log(self) -> list[Action]:
        return self.record.actions

    def to_act(self) -> tuple[int, ...]:
        return self.rules.to_act(self.state)

    def legal(self, seat: int):
        return self.rules.legal_actions(self.state, seat)

    def observe(self, seat: int):
        return self.rules.observe(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].kind == "human"

    def check(self, action: Action) -> str | None:
        """Why ``action`` would be refused now (the engine's own reason), or None
        if it is legal.  Nothing changes; the UI uses it before animating a drop."""
        try:
            self._validate(action)
            self.rules.apply(self.state, action)
        except IllegalAction as exc:
            return exc.reason
        return None

    def _validate(self, action: Action) -> None:
        if action.seat not in self.to_act():
            if self.outcome() is not None:
                raise IllegalAction("the game is over", action)
            raise NotYourTurn(f"it is not {self._whose(action.seat)} turn", action)

    def _whose(self, seat: int) -> str:
        """The possessive for ``seat`` in a message: "your" for a seat named "You"
        (the app's name for a lone human), else "Bram's" or "seat 7's"."""
        if not 0 <= seat < len(self.seats):
            return f"seat {seat}'s"
        name = self.seats[seat].name
        return "your" if name == "You" else f"{name}'s"

    # --- changes
    def submit(self, action: Action) -> tuple[Event, ...]:
        """Apply a validated action and log it.  On error nothing changes."""
        self._validate(action)
        state, events = self.rules.apply(self.state, action)
        self.state = state
        self.record.actions.append(action)
        return events

    def can_undo(self, seat: int) -> bool:
        return any(a.seat == seat for a in self.record.actions)

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last action and everything after it; returns how many
        actions were removed.  The state is rebuilt by replaying the shorter log."""
        for i in range(len(self.record.actions) - 1, -1, -1):
            if self.record.actions[i].seat == seat:
                removed = len(self.record.actions) - i
                del self.record.actions[i:]
                self.state, _ = replay(self.record, self.initial)
                return removed
        return 0

    # --- persistence
    def save(self, path) -> None:
        write_json_atomic(path, self.record.to_json())

    @staticmethod
    def from_record(record: GameRecord) -> "Match":
        seats = record.seats or [SeatSpec(f"Player {i + 1}") for i in range(record.players)]
        if len(seats) != record.players:
            raise RecordError(f"the record names {len(seats)} seats for {record.players} players")
        try:
            m = Match(record.game, seats, record.options, record.seed, record.deck)
        except GameError as exc:
            raise RecordError(f"cannot set up the game: {exc}") from None
        m.record.actions = list(record.actions)
        m.state, _ = replay(m.record, m.initial)
        return m

    @staticmethod
    def load(path) -> "Match":
        return Match.from_record(load_record(path))
