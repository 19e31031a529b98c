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

from game.core.i18n import _, ngettext
from game.match import Match, RecordError
from game.match.saves import save_files, save_slot, set_aside
from .levels import ladder_seats

log = logging.getLogger(__name__)


@dataclass
class SavedGame:
    path: Path
    match: Match
    saved: float              # when it was last saved (the file's time, seconds since the epoch)

    @property
    def game(self) -> str:
        return self.match.game

    @property
    def title(self) -> str:
        return _(self.match.rules.title)


def load_save(path: str | os.PathLike) -> tuple[Match | None, str | None]:
    """``(match, None)``, or ``(None, message)`` when the file cannot be used: then it is
    moved aside (``<name>.damaged-<time>.json``, or ``.unreadable-`` for a newer program's
    save or one without permission) so nothing new is ever written over it, and the
    message says what is wrong and where the file went."""
    path = Path(path)
    try:
        m = Match.load(path)
        ladder_seats(m)                     # an old save's "random" seat plays and shows as Easy
        return m, None
    except RecordError as exc:
        reason = str(exc)
        damaged = getattr(exc, "damaged", None)
        if damaged is None:                 # older RecordError: unreadable files are not damaged
            damaged = os.access(path, os.R_OK)
        where = str(getattr(exc, "path", None) or path)
        head = reason if where in reason else _("The saved game {path} could not be loaded: {reason}").format(
            path=where, reason=reason)
        try:                                # a file this program cannot use is never written over
            kept = set_aside(path, label="damaged" if damaged else "unreadable")
        except OSError as err:
            return None, _("{problem}\nIt could not be moved aside ({error}).").format(
                problem=head, error=err.strerror or err)
        log.warning("unusable save %s moved to %s", path, kept)
        return None, _("{problem}\nThe file was moved aside and kept as {kept}; new games will not "
                       "overwrite it.").format(problem=head, kept=kept)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        # content the record check let through but the rules choke on: keep it, say so
        log.exception("save %s could not be replayed", path)
        try:
            kept = set_aside(path, label="damaged")
        except OSError as err:
            return None, _("The saved game {path} could not be loaded ({why}) and could not be moved "
                           "aside ({error}).").format(path=path, why=exc, error=err.strerror or err)
        return None, _("The saved game {path} could not be loaded ({why}). The file was moved aside and "
                       "kept as {kept}; new games will not overwrite it.").format(path=path, why=exc, kept=kept)


def scan(folder: str | os.PathLike, games: Iterable[str]) -> tuple[list[SavedGame], list[str]]:
    """The unfinished games saved in ``folder`` (of ``games`` only), newest first, and a
    message for each file that could not be used (moved aside, see :func:`load_save`).
    A save whose game is over is not listed (its file is left as it is)."""
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
            continue                        # a save of one game under another's name: not ours to resume
        try:
            when = path.stat().st_mtime
        except OSError:
            when = 0.0
        found.append(SavedGame(path, m, when))
    found.sort(key=lambda s: (-s.saved, str(s.path)))
    return found, problems


def players_line(match: Match, limit: int = 4) -> str:
    """"Ann, Bram, Cleo", or "Ann, Bram, Cleo and 5 more" for a long table."""
    names = [s.name for s in match.seats]
    if len(names) <= limit:
        return ", ".join(names)
    more = len(names) - (limit - 1)
    return ngettext("{names} and {n} more", "{names} and {n} more", more).format(
        names=", ".join(names[:limit - 1]), n=more)


def progress_line(match: Match) -> str:
    """How far the game went, from the public (spectator) observation: "Round 3 of 12",
    "Round 3", "Turn 14", or the number of moves for a game that counts none of these."""
    try:
        obs = match.observe(None)
    except Exception:            # a spectator view is a nicety here, never a reason to fail
        obs = None
    where = progress_place(obs)
    if where is not None:
        return where
    n = len(match.log)
    return ngettext("{n} move", "{n} moves", n).format(n=n)


def progress_place(obs) -> str | None:
    """"Round 3 of 12", "Round 3" or "Turn 14" from a (spectator) observation, or None for a
    game that counts none of these."""
    rnd, rounds, turns = (getattr(obs, k, None) for k in ("round", "rounds", "turns"))
    if isinstance(rnd, int) and not isinstance(rnd, bool) and rnd > 0:
        if isinstance(rounds, int) and not isinstance(rounds, bool) and rounds >= rnd:
            return _("Round {r} of {n}").format(r=rnd, n=rounds)
        return _("Round {r}").format(r=rnd)
    if isinstance(turns, int) and not isinstance(turns, bool) and turns > 0:
        return _("Turn {n}").format(n=turns)
    return None


def saved_when(saved: float, now: float | None = None) -> str:
    """"today 17:40", "yesterday 09:12" or "2026-11-23 17:40" (local time)."""
    now = time.time() if now is None else now
    t, today = time.localtime(saved), time.localtime(now)
    clock = time.strftime("%H:%M", t)
    day = time.strftime("%Y-%m-%d", t)
    if day == time.strftime("%Y-%m-%d", today):
        return _("today {time}").format(time=clock)
    if day == time.strftime("%Y-%m-%d", time.localtime(now - 86400)):
        return _("yesterday {time}").format(time=clock)
    return _("{date} {time}").format(date=day, time=clock)


def summary(s: SavedGame, now: float | None = None, with_game: bool = True, players: bool = True,
            when: bool = True) -> str:
    """One line: "MasterBluff · You, Bram, Cleo · Round 3 · today 17:40" (without the parts
    turned off: the game, the players, the time)."""
    progress = progress_line(s.match)
    saved = saved_when(s.saved, now)
    names = players_line(s.match)
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
