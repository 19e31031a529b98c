"""The words of a seat, once, below the app and the phones (pygame-free): ``seats.SeatWords``
(names, "You", whole sentences about a seat) and one module per game, ``game.words.<id>``, with

- ``describe(w, kind, data)``: the log line of a domain event as the seat of ``w`` reads it
  (None: no line);
- ``action_label(w, action)``: what a button or a tile says for one legal action;
- optionally ``prepare(events)`` (the events of one action as the table shows and logs them,
  ``GameTable.prepare``: KTM merges a run of coins and gives each opening peek its own event,
  MasterBluff tells the exchange token before the declaration), ``describe_events(w, events)`` (lines needing the run before them) and
  ``button_label(w, action)`` (a phone's button, alone on its screen).

``w`` is a :class:`~game.words.seats.SeatWords` (the phone's) or anything with its methods (the
table's ``kit``).  The pygame table (``game/app/games/<id>_lines.py``) and the phone's seat view
(``game/phones/view.py``) both call these: the same event gives the same sentence on both.
A game's words module is found by its id (``module``); ``tests/test_words.py`` checks every game
of ``game.rules.GAMES`` has one."""
from __future__ import annotations

import importlib
from types import ModuleType

from .seats import SeatWords

__all__ = ["SeatWords", "module", "describe", "action_label", "button_label", "describe_events"]


def module(game: str) -> ModuleType:
    """The words module of ``game`` (``game.words.<id>``)."""
    return importlib.import_module(f"game.words.{game}")


def describe(game: str, w, kind: str, data: dict) -> str | None:
    return module(game).describe(w, kind, data)


def action_label(game: str, w, action) -> str:
    return module(game).action_label(w, action)


def button_label(game: str, w, action) -> str:
    """A phone's button for one action, alone on the screen: the game's ``button_label`` when it
    says more than the table's tile (Boss Quest names the spell the table's panel title names),
    else ``action_label``."""
    mod = module(game)
    return getattr(mod, "button_label", mod.action_label)(w, action)


def describe_events(game: str, w, events) -> list:
    """The log lines of a run of events, in order: the game's ``describe_events`` when a line
    needs the events before it in the run (Boss Quest's winner: the round's fights), else
    ``describe`` of each."""
    mod = module(game)
    if hasattr(mod, "describe_events"):
        return mod.describe_events(w, events)
    return [mod.describe(w, e.kind, e.data) for e in events]
