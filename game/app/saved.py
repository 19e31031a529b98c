"""The unfinished games in the user folder, as the menu lists them.

Each unfinished game has its own save file (``game.match.saves``: the first of a
game is ``autosave_<game>.json``, the next ``autosave_<game>-2.json``...).
:func:`load_save` opens one (its AI seats on the Easy / Normal / Hard ladder, see
``game.app.levels``); a file that cannot be used is moved aside at once
(never deleted, never written over) and a message says where it went.
:func:`scan` lists them all, newest first; :func:`players_line`,
:func:`progress_line` and :func:`saved_when` say what a save holds, in words.
No pygame here.
"""
from __future__ import annotations

import logging
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

from game.core.i18n import N_, _, ngettext
from game.match import Match, RecordError
from game.match.saves import save_files, save_in_use, save_slot, set_aside
from .levels import ladder_seats

log = logging.getLogger(__name__)


@dataclass
class SavedGame:
    path: Path
    match: Match
    saved: float              # when it was last saved (the file's time, seconds since the epoch)
    in_use: bool = False      # open at a table in another window (``game.match.saves.save_in_use``)

    @property
    def game(self) -> str:
        return self.match.game

    @property
    def title(self) -> str:
        return _(self.match.rules.title)


class Problem(str):
    """A message about one save file that could not be used: the sentence itself, and
    ``path`` (the file) and ``kept`` (where it was moved aside, or None when it could not be)."""

    path: Path | None = None
    kept: Path | None = None

    @staticmethod
    def of(message: str, path: str | os.PathLike | None = None, kept: Path | None = None) -> "Problem":
        p = Problem(message)
        p.path = None if path is None else Path(path)
        p.kept = kept
        return p


#: the parsed saves, by full path: ((size, mtime_ns, inode, device), Match).  A save whose
#: file has not changed is listed again without being read (``load_save``); a match handed
#: to a table is taken out first (``forget``), as the table changes it.
_CACHE: dict[str, tuple[tuple, Match]] = {}


def _file_key(path: Path) -> tuple | None:
    try:
        st = os.stat(path, follow_symlinks=False)
    except OSError:
        return None
    return st.st_size, st.st_mtime_ns, st.st_ino, st.st_dev


def forget(path: str | os.PathLike) -> None:
    """Drop ``path`` from the scan's cache (its match goes to a table, which changes it)."""
    _CACHE.pop(os.path.abspath(os.fspath(path)), None)


def _set_aside_message(path: Path, head: str, label: str) -> Problem:
    try:                                # a file this program cannot use is never written over
        kept = set_aside(path, label=label)
    except OSError as err:
        return Problem.of(_("{problem}\nIt could not be moved aside ({error}).").format(
            problem=head, error=err.strerror or err), path)
    log.warning("unusable save %s moved to %s", path, kept)
    return Problem.of(_("{problem}\nThe file was moved aside and kept as {kept}; new games will not "
                        "overwrite it.").format(problem=head, kept=kept), path, kept)


def load_save(path: str | os.PathLike) -> tuple[Match | None, str | None]:
    """``(match, None)``, or ``(None, message)`` when the file cannot be used: then it is
    moved aside (``<name>.damaged-<time>.json``, or ``.unreadable-`` for a newer program's
    save or one without permission, ``.link-`` for a symbolic link) so nothing new is ever
    written over it, and the message (a :class:`Problem`) says what is wrong and where the
    file went.  An unchanged file listed before is not read again."""
    path = Path(path)
    full = os.path.abspath(path)
    if path.is_symlink():               # never followed: it would list (and write) another file
        try:
            target = os.readlink(path)
        except OSError:
            target = "?"
        head = _("The saved game {path} is a link to {target}, and links among the saves are not "
                 "followed.").format(path=full, target=target)
        return None, _set_aside_message(path, head, "link")
    key = _file_key(path)
    cached = _CACHE.get(full)
    if key is not None and cached is not None and cached[0] == key:
        return cached[1], None
    _CACHE.pop(full, None)
    try:
        m = Match.load(path)
        ladder_seats(m)                     # an old save's "random" seat plays and shows as Easy
        if key is not None:
            _CACHE[full] = (key, m)
        return m, None
    except RecordError as exc:
        reason = str(exc)
        damaged = getattr(exc, "damaged", None)
        if damaged is None:                 # older RecordError: unreadable files are not damaged
            damaged = os.access(path, os.R_OK)
        where = str(getattr(exc, "path", None) or path)
        head = reason if where in reason else _("The saved game {path} could not be loaded: {reason}").format(
            path=where, reason=reason)
        return None, _set_aside_message(path, head, "damaged" if damaged else "unreadable")
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as exc:
        # content the record check let through but the rules choke on: keep it, say so
        log.exception("save %s could not be replayed", path)
        try:
            kept = set_aside(path, label="damaged")
        except OSError as err:
            return None, Problem.of(_("The saved game {path} could not be loaded ({why}) and could not be "
                                      "moved aside ({error}).").format(path=path, why=exc,
                                                                       error=err.strerror or err), path)
        return None, Problem.of(_("The saved game {path} could not be loaded ({why}). The file was moved "
                                  "aside and kept as {kept}; new games will not overwrite it.").format(
            path=path, why=exc, kept=kept), path, kept)


def _rename_free(src: Path, dst: Path) -> None:
    """Move ``src`` to ``dst`` without ever replacing a file there (OSError when taken)."""
    try:
        os.link(src, dst, follow_symlinks=False)
    except FileExistsError:
        raise
    except (OSError, NotImplementedError):
        if os.path.lexists(dst):
            raise FileExistsError(str(dst)) from None
        os.rename(src, dst)
        return
    os.unlink(src)


def _under_its_own_name(path: Path, m: Match) -> tuple[Path | None, Problem]:
    """A save of one game under another game's file name (``autosave_court.json`` holding
    MasterBluff): renamed to a free save name of its own game, so it is listed and resumed
    like any other; ``(new path or None, message)``."""
    from game.match.saves import free_save_path

    title = _(m.rules.title)
    if save_in_use(path):               # another window plays it under this name: leave it
        return None, Problem.of(_("The saved game {path} holds a game of {game} and is open in another "
                                  "window; it is listed once that window closes.").format(
            path=path, game=title), path)
    for _try in range(5):
        new = free_save_path(path.parent, m.game)
        try:
            _rename_free(path, new)
        except FileExistsError:
            continue
        except OSError as err:
            return None, Problem.of(_("The saved game {path} holds a game of {game} and could not be "
                                      "renamed ({error}).").format(path=path, game=title,
                                                                  error=err.strerror or err), path)
        forget(path)
        return new, Problem.of(_("The saved game {path} holds a game of {game}; it was renamed {new} "
                                 "and is listed with the others.").format(path=path, game=title, new=new),
                               path, new)
    return None, Problem.of(_("The saved game {path} holds a game of {game} and could not be renamed.").format(
        path=path, game=title), path)


def scan(folder: str | os.PathLike, games: Iterable[str]) -> tuple[list[SavedGame], list[str]]:
    """The unfinished games saved in ``folder`` (of ``games`` only), newest first, and a
    message for each file that could not be used (moved aside, see :func:`load_save`) or
    that was renamed (a save of one game under another's name).
    A save whose game is over is not listed (its file is left as it is).
    An unchanged file is not read again (``load_save``'s cache)."""
    games = list(games)
    found: list[SavedGame] = []
    problems: list[str] = []
    for path in save_files(folder, games):
        m, problem = load_save(path)
        if problem:
            problems.append(problem)
            continue
        if m is None or m.outcome() is not None:
            continue
        slot = save_slot(path)
        if slot is not None and slot[0] != m.game:
            new, problem = _under_its_own_name(path, m)
            problems.append(problem)
            if new is None or m.game not in games:
                continue
            path = new
        try:
            when = path.stat().st_mtime
        except OSError:
            when = 0.0
        found.append(SavedGame(path, m, when, save_in_use(path)))
    found.sort(key=lambda s: (-s.saved, str(s.path)))
    return found, problems


#: more messages than this about save files at once are summed up in one (``summarise``)
LIST_AT_MOST = 2


def summarise(problems: list[str], folder: str | os.PathLike) -> str:
    """The messages of a scan, for one message box: each one in full when there are at most
    ``LIST_AT_MOST``, else how many and the folder (each file is in the log)."""
    if len(problems) <= LIST_AT_MOST:
        return "\n".join(problems)
    kept = sum(1 for p in problems if getattr(p, "kept", None) is not None)
    stuck = len(problems) - kept
    lines = []
    if kept:
        lines.append(ngettext(
            "{n} saved file in {folder} could not be used as it was: it was moved aside or renamed, and kept.",
            "{n} saved files in {folder} could not be used as they were: they were moved aside or renamed, "
            "and kept.", kept).format(n=kept, folder=folder))
    if stuck:
        lines.append(ngettext("{n} saved file in {folder} could not be used, nor moved aside.",
                              "{n} saved files in {folder} could not be used, nor moved aside.",
                              stuck).format(n=stuck, folder=folder))
    return "\n".join(lines)


def players_line(match: Match, limit: int = 4) -> str:
    """"Ann, Bram, Cleo", or "Ann, Bram, Cleo and 5 more" for a long table."""
    names = [s.name for s in match.seats]
    if len(names) <= limit:
        return ", ".join(names)
    more = len(names) - (limit - 1)
    return ngettext("{names} and {n} more", "{names} and {n} more", more).format(
        names=", ".join(names[:limit - 1]), n=more)


#: the public score of each game, from its spectator observation: (field, sentence); the first
#: field the observation has is the one shown
SCORE_FIELDS = (
    ("totals", N_("Points: {scores}")),         # Fireball Court
    ("keys", N_("Keys: {scores}")),             # Boss Quest
    ("tokens", N_("Tokens: {scores}")),         # Death over the Kingdom
    ("coins", N_("Coins: {scores}")),           # King Thief Minister
    ("hand_sizes", N_("Cards left: {scores}")),  # MasterBluff
)


def score_line(match: Match, limit: int = 4) -> str:
    """What tells two saves of one game apart beside the time: each seat's public score, by
    name ("Points: You (12), Rosa (7)"; a long table: "Tokens: You (0), Ada (1), Bram (2) and 17
    more"; in brackets, so "Player 1 (0)" never reads as a number),
    from the spectator observation; "" when the game shows none."""
    try:
        obs = match.observe(None)
    except Exception:            # a nicety here, never a reason to fail
        return ""
    names = [s.name for s in match.seats]
    for field, words in SCORE_FIELDS:
        values = getattr(obs, field, None)
        if not isinstance(values, tuple) or len(values) != len(names) or \
                not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
            continue
        parts = [_("{name} ({score})").format(name=n, score=v) for n, v in zip(names, values)]
        if len(parts) > limit:
            more = len(parts) - (limit - 1)
            listed = ngettext("{names} and {n} more", "{names} and {n} more", more).format(
                names=", ".join(parts[:limit - 1]), n=more)
        else:
            listed = ", ".join(parts)
        return _(words).format(scores=listed)
    return ""


def progress_line(match: Match) -> str:
    """How far the game went, from the public (spectator) observation: "Round 3 of 12",
    "Round 3 · 41 moves", "Turn 14", or the number of moves for a game that counts none of these."""
    try:
        obs = match.observe(None)
    except Exception:            # a spectator view is a nicety here, never a reason to fail
        obs = None
    where = progress_place(obs, len(match.log))
    if where is not None:
        return where
    n = len(match.log)
    return ngettext("{n} move", "{n} moves", n).format(n=n)


def progress_place(obs, moves: int | None = None) -> str | None:
    """"Round 3 of 12", "Round 3" or "Turn 14" from a (spectator) observation, or None for a
    game that counts none of these; with ``moves``, a round with no round count says the moves
    too ("Round 3 · 41 moves": what tells two Fireball Court games apart in the list)."""
    rnd, rounds, turns = (getattr(obs, k, None) for k in ("round", "rounds", "turns"))
    if isinstance(rnd, int) and not isinstance(rnd, bool) and rnd > 0:
        if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= rnd:
            return _("Round {r} of {n}").format(r=rnd, n=rounds)
        if moves is None:
            return _("Round {r}").format(r=rnd)
        # no round count (Fireball Court): the moves tell games apart
        return ngettext("Round {r} · {n} move", "Round {r} · {n} moves", moves).format(r=rnd, n=moves)
    if isinstance(turns, int) and not isinstance(turns, bool) and turns > 0:
        return _("Turn {n}").format(n=turns)
    return None


def saved_when(saved: float, now: float | None = None, seconds: bool = False) -> str:
    """"today 17:40", "yesterday 09:12" or "2026-11-23 17:40" (local time); ``seconds``: with the
    seconds ("today 17:40:05"), for rows that would otherwise read the same."""
    now = time.time() if now is None else now
    t, today = time.localtime(saved), time.localtime(now)
    clock = time.strftime("%H:%M:%S" if seconds else "%H:%M", t)
    day = time.strftime("%Y-%m-%d", t)
    if day == time.strftime("%Y-%m-%d", today):
        return _("today {time}").format(time=clock)
    if day == time.strftime("%Y-%m-%d", time.localtime(now - 86400)):
        return _("yesterday {time}").format(time=clock)
    return _("{date} {time}").format(date=day, time=clock)


def distinct_whens(saves: list[SavedGame], now: float | None = None) -> list[str]:
    """When each save was saved, as its row in the list says it: to the minute, and to the second
    for the rows that would otherwise read the same (same game, players, scores, progress and
    minute: two new games started in one minute)."""
    def row(s: SavedGame, when: str) -> tuple:
        return (s.game, score_line(s.match, 5) or players_line(s.match, 5), progress_line(s.match), when)
    minutes = [saved_when(s.saved, now) for s in saves]
    seen: dict[tuple, int] = {}
    for s, w in zip(saves, minutes):
        seen[row(s, w)] = seen.get(row(s, w), 0) + 1
    return [saved_when(s.saved, now, seconds=True) if seen[row(s, w)] > 1 else w for s, w in zip(saves, minutes)]


def summary(s: SavedGame, now: float | None = None, with_game: bool = True, players: bool = True,
            when: bool = True) -> str:
    """One line: "Fireball Court · Points: You (12), Rosa (7) · Round 2 · today 17:40" (the players
    with their scores, or only their names in a game without a score; without the parts turned
    off: the game, the players, the time)."""
    progress = progress_line(s.match)
    saved = saved_when(s.saved, now)
    names = score_line(s.match) or players_line(s.match)      # the score names the players too
    if with_game and players and when:
        return _("{game} · {players} · {progress} · {when}").format(
            game=s.title, players=names, progress=progress, when=saved)
    if with_game and when:
        return _("{game} · {progress} · {when}").format(game=s.title, progress=progress, when=saved)
    if with_game:
        return _("{game} · {progress}").format(game=s.title, progress=progress)
    if players and when:
        return _("{players} · {progress} · {when}").format(players=names, progress=progress, when=saved)
    return _("{progress} · {when}").format(progress=progress, when=saved)
