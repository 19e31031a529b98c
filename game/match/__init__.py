"""Matches: seats, validation, action log, undo, save/load and replay."""
import game.rules  # noqa: F401  (registers every game)

from .match import Match
from .record import (GameRecord, NewerRecordError, RecordError, ReplayError, SeatSpec, load_record,
                     outcome_json, read_json, replay, replay_events, write_json_atomic)

__all__ = ["GameRecord", "Match", "NewerRecordError", "RecordError", "ReplayError", "SeatSpec", "load_record",
           "outcome_json", "read_json", "replay", "replay_events", "write_json_atomic"]
