"""A match: a game in progress with its seats, action log, undo and saves."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from game.core import registry
from game.core.actions import Action, Event, GameError, IllegalAction, NotYourTurn
from game.core.i18n import _
from game.core.rules import Outcome, Rules
from .record import (PERSON_KINDS, GameRecord, RecordError, RecordText, SeatSpec, fold, load_record, replay_events,
                     write_text_atomic)


class Match:
    """Binds seats to a game and validates every action before it is logged.

    Next to the action log the match keeps the events each logged action
    produced (``action_events``, rebuilt by replay after a load): undo needs
    them to know what was revealed to whom."""

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
        self.action_events: list[tuple[Event, ...]] = []
        self._text = RecordText()           # the save's text, each action encoded once (``save``)

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

    def observe(self, seat: int | None):
        """``seat``'s observation; ``None``: the spectator view."""
        return self.rules.observe(self.state, seat)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def opening_events(self) -> tuple[Event, ...]:
        """The events of the opening deal (games whose ``new_game`` deals visibly expose them
        as ``rules.opening_events(state)``); the table filters them for its viewer."""
        fn = getattr(self.rules, "opening_events", None)
        return tuple(fn(self.initial)) if fn is not None else ()

    # --- who plays each seat.  Three kinds (``record.SEAT_KINDS``): "human" (a person at this
    # screen), "phone" (a person playing on their phone, issue 28), "ai".
    def is_human(self, seat: int) -> bool:
        """A person plays ``seat`` (at this screen or on a phone): the AI never plays it, and one
        person's undo never takes back another person's move."""
        return self.seats[seat].kind in PERSON_KINDS

    def is_phone(self, seat: int) -> bool:
        """A person plays ``seat`` on their phone: the big screen never shows its secrets nor
        takes its moves from the mouse or the keyboard."""
        return self.seats[seat].kind == "phone"

    def is_local(self, seat: int) -> bool:
        """A person plays ``seat`` at this screen (hot seat: the curtain is for them alone)."""
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
                raise IllegalAction(_("the game is over"), action)
            raise NotYourTurn(self._not_your_turn(action.seat), action)

    def _name(self, seat: int) -> str:
        if 0 <= seat < len(self.seats):
            return self.seats[seat].name
        return _("seat {n}").format(n=seat)

    def _not_your_turn(self, seat: int) -> str:
        """"it is not your turn" for a seat named "You" (the app's name for a lone
        human), else "it is not Bram's turn" / "it is not seat 7's turn"."""
        if 0 <= seat < len(self.seats) and self.seats[seat].name == "You":
            return _("it is not your turn")
        return _("it is not {name}'s turn").format(name=self._name(seat))

    # --- changes
    def submit(self, action: Action) -> tuple[Event, ...]:
        """Apply a validated action and log it.  On error nothing changes."""
        self._validate(action)
        state, events = self.rules.apply(self.state, action)
        self.state = state
        self.record.actions.append(action)
        self.action_events.append(tuple(events))
        return events

    def _last_action_of(self, seat: int) -> int | None:
        for i in range(len(self.record.actions) - 1, -1, -1):
            if self.record.actions[i].seat == seat:
                return i
        return None

    def undo_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take back its last action now (plain words), or None.

        Undo takes back the seat's last action and everything after it, so it is
        refused when

        * the seat has no action to take back;
        * an event of that action or of any later one revealed something to the
          seat (a card turned up, a picked-up pile, a private look): it would
          replay the moment knowing the answer;
        * a later action was made by another human seat (hot-seat: one person's
          undo never takes back someone else's move).  Later AI actions are
          simply played again."""
        i = self._last_action_of(seat)
        if i is None:
            return _("There is no move of yours to take back.")
        for evs in self.action_events[i:]:
            if any(e.reveals_to(seat) for e in evs):
                return _("That move cannot be taken back: cards were shown to you after it.")
        for a in self.record.actions[i + 1:]:
            if a.seat != seat and 0 <= a.seat < len(self.seats) and self.is_human(a.seat):
                return _("That move cannot be taken back: {name} has played since.").format(
                    name=self._name(a.seat))
        return None

    def can_undo(self, seat: int) -> bool:
        return self.undo_refusal(seat) is None

    def undo(self, seat: int) -> int:
        """Take back ``seat``'s last action and everything after it; returns how many
        actions were removed.  The state is rebuilt by replaying the shorter log.
        Raises :class:`IllegalAction` with :meth:`undo_refusal`'s reason (nothing
        changes) when the undo is not allowed."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            raise IllegalAction(reason)
        i = self._last_action_of(seat)
        assert i is not None
        removed = len(self.record.actions) - i
        del self.record.actions[i:]
        del self.action_events[i:]
        self.state, _events = fold(self.rules, self.initial, self.record.actions)
        return removed

    # --- persistence
    def save(self, path) -> None:
        """The record to ``path``, atomically (``write_text_atomic``); a save after each move
        encodes only the actions new since the last (``RecordText``)."""
        write_text_atomic(path, self.save_text())

    def save_text(self) -> str:
        """What ``save`` writes: the record as JSON text (``json.loads`` of it is
        ``record.to_json()``)."""
        return self._text.text(self.record)

    @staticmethod
    def from_record(record: GameRecord) -> "Match":
        seats = record.seats or [SeatSpec(_("Player {n}").format(n=i + 1)) for i in range(record.players)]
        if len(seats) != record.players:
            raise RecordError(_("the record names {seats} seats for {players} players").format(
                seats=len(seats), players=record.players))
        try:
            m = Match(record.game, seats, record.options, record.seed, record.deck)
        except GameError as exc:
            raise RecordError(_("cannot set up the game: {why}").format(why=exc)) from None
        m.record.actions = list(record.actions)
        m.record.phones = record.phones
        m.state, _outcome, m.action_events = replay_events(m.record, m.initial)
        return m

    @staticmethod
    def load(path, what: str | None = None) -> "Match":
        """The match saved at ``path``.  Raises :class:`RecordError` with the full path
        (``.path``) and ``.damaged`` set when the content cannot be used."""
        record = load_record(path, what)
        try:
            return Match.from_record(record)
        except RecordError as exc:
            if exc.path is not None:
                raise
            raise exc.at(path, what or _("The saved game"), damaged=True) from None
