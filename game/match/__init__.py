"""Matches: seats, validation, action log, undo, save/load and replay."""
import game.rules  # noqa: F401  (registers every game)

from .match import Match
from .record import (GameRecord, RecordError, ReplayError, SeatSpec, load_record, outcome_json,
                     read_json, replay, write_json_atomic)

__all__ = ["GameRecord", "Match", "RecordError", "ReplayError", "SeatSpec", "load_record",
           "outcome_json", "read_json", "replay", "write_json_atomic"]
