"""Game records and saves: JSON, written atomically, never pickle.

A record holds the game id, players, options, the seed and/or the explicit
deal (one deck, or several named decks), the seats and the action list.
Replaying it is a fold of ``rules.apply`` over the actions.

Format version 2 (written now): as version 1, plus ``"decks"``, an object of
named decks (``{"weapons": [...], "bosses": [...]}``) for games with several.
The explicit deal is written as ``"deck": [...]`` when it is a single list (the
game's main deck: MasterBluff's records look exactly as in version 1), or as
``"decks": {...}`` when named decks were given; never both.  Version 1
records (``"deck"`` or ``"seed"``) load unchanged.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

from game.core import registry
from game.core.levels import ALIASES
from game.core.actions import Action, Event, GameError
from game.core.i18n import _
from game.core.quote import cut, quoted
from game.core.rules import GameConfig, Outcome

FORMAT = "crowntable-record"
VERSION = 2
READABLE_VERSIONS = (1, 2)


class RecordError(GameError):
    """A record or save file cannot be used; the message says why, in plain words.

    ``path``: the file's full path when the problem is with a file (else None).
    ``damaged``: True when the file is there but its content cannot be used (not
    JSON, not a record, an impossible deal or action): the app moves such a file
    aside before anything new is written there.  A missing or unreadable file
    (permissions) or a record from a newer program is not damaged."""

    def __init__(self, message: str, path: str | None = None, damaged: bool = False):
        super().__init__(message)
        self.message = message
        self.path = path
        self.damaged = damaged

    def at(self, path: str | os.PathLike, what: str | None = None,
           damaged: bool | None = None) -> "RecordError":
        """Name the file this error is about (in place; returns self): the message
        becomes "<what> at <full path> cannot be opened: <reason>"."""
        self.path = full_path(path)
        if damaged is not None:
            self.damaged = damaged
        self.args = (_("{what} at {path} cannot be opened: {why}").format(
            what=what or _("The file"), path=self.path, why=self.message),)
        return self


class NewerRecordError(RecordError):
    """The record was written by a newer version of the program (not damaged)."""


class ReplayError(RecordError):
    def __init__(self, index: int, action: Any, reason: str):
        super().__init__(_("action {index} ({action}) is illegal: {reason}").format(
            index=index, action=cut(str(action), 80) if isinstance(action, Action) else quoted(action, 80),
            reason=cut(reason, 300)), damaged=True)
        self.index = index
        self.reason = reason


def full_path(path: str | os.PathLike) -> str:
    return os.path.abspath(os.fspath(path))


#: the kinds of seat: a person at this screen, a person on their phone (issue 28), the AI
SEAT_KINDS = ("human", "phone", "ai")
#: the kinds of seat a person plays (never the AI)
PERSON_KINDS = ("human", "phone")

#: AI level names in records and saves written before the ladder -> today's
OLD_LEVELS = ALIASES


@dataclass(frozen=True)
class SeatSpec:
    name: str
    kind: str = "ai"            # one of SEAT_KINDS: "human" (at this screen), "phone" (a person
                                # on their phone, issue 28) or "ai"
    level: str = "normal"       # AI level (game.ai.LEVELS), ignored for people

    def to_json(self) -> dict:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @staticmethod
    def from_json(d: Any) -> "SeatSpec":
        if not isinstance(d, dict) or not isinstance(d.get("name"), str):
            raise RecordError(_("each seat needs a name"))
        kind = d.get("kind", "ai")
        if kind not in SEAT_KINDS:
            raise RecordError(_("seat kind must be 'human', 'phone' or 'ai', not {kind}").format(kind=quoted(kind)))
        level = str(d.get("level", "normal"))
        # records and saves from before the Easy/Normal/Hard ladder name the levels the old way
        level = OLD_LEVELS.get(level, level)
        return SeatSpec(d["name"], kind, level)


@dataclass
class GameRecord:
    game: str
    players: int
    options: dict = field(default_factory=dict)
    seed: int | None = None
    deck: list | dict | None = None     # the main deck as a list, or {name: [...]} named decks
    seats: list[SeatSpec] = field(default_factory=list)
    actions: list[Action] = field(default_factory=list)
    #: what the App keeps to bring a table's phones back after a restart (issue 28:
    #: ``game.app.phones.PhoneSession.keep``): a JSON object written as ``"phones"`` when set.
    #: Read back as it is when it is an object (the App checks it, ``kept_ok``), else dropped.
    phones: dict | None = None

    @property
    def config(self) -> GameConfig:
        return GameConfig(self.players, dict(self.options))

    def to_json(self) -> dict:
        out = self.head_json()
        out["actions"] = [a.to_json() for a in self.actions]
        return out

    def head_json(self) -> dict:
        """The record without its actions (``to_json`` less ``"actions"``)."""
        out = {"format": FORMAT, "version": VERSION, "game": self.game, "players": self.players,
               "options": self.options, "seed": self.seed}
        if isinstance(self.deck, dict):
            out["deck"] = None
            out["decks"] = {k: list(v) for k, v in self.deck.items()}
        else:
            out["deck"] = None if self.deck is None else list(self.deck)
        out["seats"] = [s.to_json() for s in self.seats]
        if self.phones:
            out["phones"] = self.phones
        return out

    @staticmethod
    def from_json(d: Any) -> "GameRecord":
        if not isinstance(d, dict):
            raise RecordError(_("a record must be a JSON object"))
        if d.get("format", FORMAT) != FORMAT:
            raise RecordError(_("not a Crown Table record (format {format})").format(format=quoted(d.get("format"))))
        version = d.get("version", 1)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise RecordError(_("the record's 'version' must be a whole number from 1 up"))
        if version not in READABLE_VERSIONS:
            raise NewerRecordError(_("record version {v} is newer than this program ({mine})").format(
                v=version, mine=VERSION))
        game = d.get("game")
        if not isinstance(game, str) or not registry.known(game):
            raise RecordError(_("unknown game {game}").format(game=quoted(game)))
        players = d.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise RecordError(_("'players' must be a whole number"))
        seed, deck = d.get("seed"), d.get("deck")
        decks = d.get("decks") if version >= 2 else None
        if deck is not None and decks is not None:
            raise RecordError(_("a record gives either 'deck' or 'decks', not both"))
        if seed is None and deck is None and decks is None:
            raise RecordError(_("a record needs a 'seed' or a 'deck'"))
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise RecordError(_("'seed' must be a whole number"))
        if deck is not None and not isinstance(deck, list):
            raise RecordError(_("'deck' must be a list"))
        if decks is not None:
            if not isinstance(decks, dict) or not all(isinstance(v, list) for v in decks.values()):
                raise RecordError(_("'decks' must be an object of named lists"))
            deck = {str(k): v for k, v in decks.items()}
        options = d.get("options") or {}
        if not isinstance(options, dict):
            raise RecordError(_("'options' must be an object"))
        raw_actions = d.get("actions", [])
        if not isinstance(raw_actions, list):
            raise RecordError(_("'actions' must be a list"))
        actions = []
        for i, a in enumerate(raw_actions):
            try:
                actions.append(Action.from_json(a))
            except GameError as exc:
                raise ReplayError(i, a, str(exc)) from None
        seats = [SeatSpec.from_json(s) for s in d.get("seats") or []]
        phones = d.get("phones")
        return GameRecord(game, players, options, seed, deck, seats, actions,
                          phones if isinstance(phones, dict) else None)


class RecordText:
    """One match's save file text, made again after every action without encoding the earlier
    actions again.  The table saves after each move, and ``json.dump(record, indent=1)`` (the
    pure-Python encoder, as ``indent`` asks) of a 20-seat Death game's 1,000 actions took the
    app's thread 3 to 5 ms a move, the largest part of a frame that carries a phone's move
    (docs/PERFORMANCE.md).  Here each action is encoded once, on a line of its own, by the C
    encoder, and kept while the record keeps that action (the same object at the same place:
    an undo cuts the list, and the lines after the cut go); the rest of the record (small: the
    seats, the options, the deal, the phones) is written with ``indent=1`` again only when it
    changed.  The text is JSON with ``json.loads(text) == record.to_json()``."""

    def __init__(self) -> None:
        self._head_key = ""
        self._head_text = ""
        self._actions: list[Action] = []
        self._lines: list[str] = []

    def text(self, record: GameRecord) -> str:
        head = record.head_json()
        key = json.dumps(head)                   # by value (the record hands out its own dicts)
        if key != self._head_key:
            self._head_key, self._head_text = key, json.dumps(head, indent=1)
        actions, kept, lines = record.actions, self._actions, self._lines
        # the lines kept: those of the actions still in the record at the same place (an undo
        # cuts the list; the same object encodes the same way)
        n = next((i for i, (mine, theirs) in enumerate(zip(kept, actions)) if mine is not theirs),
                 min(len(kept), len(actions)))
        del kept[n:], lines[n:]
        for a in actions[n:]:
            kept.append(a)
            lines.append(json.dumps(a.to_json()))
        tail = ',\n "actions": [\n  ' + ",\n  ".join(lines) + "\n ]\n}" if lines else ',\n "actions": []\n}'
        return self._head_text[:-2] + tail


#: the largest file ``read_json`` reads (bytes).  The largest real save measured is 113 KB
#: (a 20-player Death game of 120 rounds, played to the end by AIs: docs/ENGINE.md, "One
#: reader, with limits"); 2 MB is far above anything a game writes, and far below what
#: would make the program wait or run out of memory.
MAX_FILE_BYTES = 2 * 1024 * 1024

#: temp files of ``write_json_atomic``: ``.<name>.<random>.tmp`` beside the file
TEMP_PREFIX, TEMP_SUFFIX = ".", ".tmp"


def write_json_atomic(path: str | os.PathLike, data: Any) -> None:
    """Write JSON to a temp file in the same folder, fsync, then rename over ``path``
    (``write_text_atomic``)."""
    write_text_atomic(path, json.dumps(data, indent=1))


def write_text_atomic(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to a temp file in the same folder, fsync, then rename over ``path``.
    The file is the user's alone (0600, as ``mkstemp`` makes it); a folder made for it is 0700."""
    path = Path(path)
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f"{TEMP_PREFIX}{path.name}.", suffix=TEMP_SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _json_problem(exc: json.JSONDecodeError) -> str:
    """What is wrong with a file that is not valid JSON, in plain words."""
    doc, pos = exc.doc or "", exc.pos
    if not doc.strip():
        return _("the file is empty")
    if exc.msg == "Extra data":
        return _("it is not valid JSON: there is unexpected text after the end, on line {line}").format(
            line=exc.lineno)
    if not doc[pos:].strip() or exc.msg.startswith("Unterminated string"):
        last = doc.rstrip().count("\n") + 1
        return _("it is not valid JSON: it stops in the middle, line {line} is cut off").format(line=last)
    return _("it is not valid JSON: something unexpected on line {line}, column {col}").format(
        line=exc.lineno, col=exc.colno)


def _megabytes(n: int) -> str:
    return f"{n / (1024 * 1024):.1f}"


def read_bytes_limited(path: str | os.PathLike, what: str | None = None,
                       limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refused (:class:`RecordError`, one sentence
    with the full path) before anything is read when it is not a regular file (a folder, a
    device such as /dev/zero, a FIFO, a socket) or is larger than ``limit`` bytes.  The
    file is opened without blocking (a FIFO never makes it wait) and checked again on the
    open handle, and no more than ``limit`` bytes are ever read."""
    what = what or _("The file")
    full = full_path(path)

    def refuse(msg: str, damaged: bool = False):
        return RecordError(msg.format(what=what, path=full), full, damaged=damaged)

    def kind(mode: int) -> RecordError | None:
        if stat.S_ISREG(mode):
            return None
        if stat.S_ISDIR(mode):
            return refuse(_("{what} at {path} is a folder, not a file."))
        return refuse(_("{what} at {path} is not a file (it is a device, a pipe or a socket) and "
                        "was not read."))

    def too_big(size: int) -> RecordError:
        return RecordError(_("{what} at {path} is too large to be a Crown Table file ({size} MB; the "
                             "limit is {limit} MB) and was not read.").format(
            what=what, path=full, size=_megabytes(size), limit=_megabytes(limit)), full, damaged=True)

    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise RecordError(_("There is no file at {path}.").format(path=full), full) from None
    except (OSError, ValueError) as exc:
        raise RecordError(_("{what} at {path} cannot be read: {why}.").format(
            what=what, path=full, why=getattr(exc, "strerror", None) or exc), full) from None
    problem = kind(st.st_mode)
    if problem is not None:
        raise problem
    if st.st_size > limit:
        raise too_big(st.st_size)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0) \
        | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise RecordError(_("{what} at {path} cannot be read: {why}.").format(
            what=what, path=full, why=exc.strerror or exc), full) from None
    try:
        st = os.fstat(fd)                     # what was opened, not what the name pointed at before
        problem = kind(st.st_mode)
        if problem is not None:
            raise problem
        if st.st_size > limit:
            raise too_big(st.st_size)
        chunks, total = [], 0
        while True:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:                 # it grew while we read it
                raise too_big(total)
        return b"".join(chunks)
    except OSError as exc:
        raise RecordError(_("{what} at {path} cannot be read: {why}.").format(
            what=what, path=full, why=exc.strerror or exc), full) from None
    finally:
        os.close(fd)


def read_json(path: str | os.PathLike, what: str | None = None, limit: int = MAX_FILE_BYTES) -> Any:
    """The JSON in ``path``: every JSON file the program reads is read here.  Any problem
    raises :class:`RecordError` with the full path and plain words, e.g. "The saved game at
    /home/ann/.local/share/crowntable/autosave_masterbluff.json is damaged (it is not valid
    JSON: it stops in the middle, line 3 is cut off) and cannot be opened."  ``what`` names
    the file in the message (default "The file").  Not a regular file, or over ``limit``
    bytes: refused before it is read (:func:`read_bytes_limited`).  A UTF-8 byte-order mark
    before the JSON is allowed."""
    what = what or _("The file")
    full = full_path(path)

    def damaged(why: str) -> RecordError:
        return RecordError(_("{what} at {path} is damaged ({why}) and cannot be opened.").format(
            what=what, path=full, why=why), full, damaged=True)

    raw = read_bytes_limited(path, what, limit)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise damaged(_("it is not a text file")) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise damaged(_json_problem(exc)) from None
    except RecursionError:
        raise damaged(_("it is nested too deeply")) from None
    except MemoryError:
        raise damaged(_("it is too large to read")) from None
    except ValueError:                    # e.g. a number of more than 4,300 digits
        raise damaged(_("it holds a number too long to read")) from None
    except Exception:                     # anything else json may raise: still our own sentence
        raise damaged(_("it cannot be read as JSON")) from None


def load_record(path: str | os.PathLike, what: str | None = None) -> GameRecord:
    """Read and check a record or save file; errors name the file (``what``, default
    "The saved game") and its full path.  Content that is not a usable record is
    ``damaged``; a record from a newer program is not."""
    what = what or _("The saved game")
    data = read_json(path, what)
    try:
        return GameRecord.from_json(data)
    except NewerRecordError as exc:
        raise exc.at(path, what, damaged=False) from None
    except RecordError as exc:
        raise exc.at(path, what, damaged=True) from None


def initial_state(record: GameRecord) -> Any:
    """The record's deal: ``new_game`` from its seed and/or explicit decks."""
    rules = registry.get(record.game)
    try:
        return rules.new_game(record.config, seed=record.seed, deck=record.deck)
    except GameError as exc:
        raise RecordError(_("cannot set up the game: {why}").format(why=exc)) from None


def fold(rules: Any, state: Any, actions: Sequence[Action]) -> tuple[Any, list[tuple[Event, ...]]]:
    """Apply ``actions`` in turn from ``state``: ``(final state, the events of each action)``.
    Raises ReplayError naming the first illegal action."""
    events: list[tuple[Event, ...]] = []
    for i, action in enumerate(actions):
        try:
            state, evs = rules.apply(state, action)
        except GameError as exc:
            raise ReplayError(i, action, getattr(exc, "reason", str(exc))) from None
        events.append(tuple(evs))
    return state, events


def replay_events(record: GameRecord, start: Any = None
                  ) -> tuple[Any, Outcome | None, list[tuple[Event, ...]]]:
    """Like :func:`replay`, and also the events each action produced (the match
    layer needs them after a load: which actions revealed what, for undo)."""
    rules = registry.get(record.game)
    state = initial_state(record) if start is None else start
    state, events = fold(rules, state, record.actions)
    return state, rules.outcome(state), events


def replay(record: GameRecord, start: Any = None) -> tuple[Any, Outcome | None]:
    """Fold the record's actions over ``start`` (default: the record's deal);
    raises ReplayError naming the first illegal one."""
    state, outcome, _events = replay_events(record, start)
    return state, outcome


def outcome_json(record: GameRecord, outcome: Outcome | None) -> dict:
    out = {"game": record.game, "finished": outcome is not None, "actions": len(record.actions)}
    if outcome is not None:
        out.update(outcome.to_json())
    return out
