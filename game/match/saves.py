"""Save files: one per unfinished game (``save_files``, ``free_save_path``), and keeping
damaged ones: ``set_aside(path)`` moves one out of the way.

A save that cannot be read is never deleted and never overwritten by a new
game: it is renamed beside itself, ``autosave_masterbluff.json`` ->
``autosave_masterbluff.damaged-20261123-101500.json`` (with ``-2``, ``-3``...
when that name is taken), so a person can still send it in or repair it.
No pygame here.
"""
from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Iterable


def damaged_name(path: Path, when: float | None = None, n: int = 1, label: str = "damaged") -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if when is None else when))
    extra = "" if n == 1 else f"-{n}"
    return path.with_name(f"{path.stem}.{label}-{stamp}{extra}{path.suffix}")


def set_aside(path: str | os.PathLike, when: float | None = None, label: str = "damaged") -> Path:
    """Rename ``path`` to a free ``<stem>.<label>-<time>[-n]<suffix>`` beside it and
    return the new path.  The rename is atomic and never replaces an earlier copy
    (a hard link is made first where the file system allows, so a name taken between
    the check and the move is never overwritten).  Raises OSError when it cannot move."""
    path = Path(path)
    n = 1
    while True:
        target = damaged_name(path, when, n, label)
        if not target.exists():
            try:
                os.link(path, target)            # fails with FileExistsError, never overwrites
            except FileExistsError:
                n += 1
                continue
            except OSError:                      # no hard links here (some file systems)
                if target.exists():
                    n += 1
                    continue
                os.rename(path, target)
                return target
            os.unlink(path)
            return target
        n += 1


# ---------------------------------------------------------------- one file per unfinished game
#
# Every unfinished game has its own save in the user folder: the first of a game is
# ``autosave_<game>.json`` (the name older versions used for their single autosave, so such
# a file is simply the first save), the next ones ``autosave_<game>-2.json``,
# ``autosave_<game>-3.json``...  A new game takes the first free name, so it never replaces
# another game's save; a save is deleted only when its game ends or when the player deletes
# it.  Copies moved aside (``autosave_<game>.damaged-<time>.json``) do not match the pattern
# and are never listed.

SAVE_NAME = re.compile(r"^autosave_(?P<game>[a-z][a-z0-9_]*?)(?:-(?P<n>[1-9][0-9]*))?\.json$")


def save_path(folder: str | os.PathLike, game: str, n: int = 1) -> Path:
    """The ``n``-th save name of ``game`` in ``folder`` (1: ``autosave_<game>.json``)."""
    return Path(folder) / (f"autosave_{game}.json" if n == 1 else f"autosave_{game}-{n}.json")


def save_slot(path: str | os.PathLike) -> tuple[str, int] | None:
    """``(game, n)`` for a save's file name, or None for any other file."""
    m = SAVE_NAME.match(Path(path).name)
    if m is None:
        return None
    return m.group("game"), int(m.group("n") or 1)


def save_files(folder: str | os.PathLike, games: Iterable[str] | None = None) -> list[Path]:
    """The save files in ``folder`` (of ``games`` only, when given), by game and number."""
    folder = Path(folder)
    wanted = None if games is None else set(games)
    found = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return []
    for p in entries:
        slot = save_slot(p)
        if slot is not None and (wanted is None or slot[0] in wanted) and p.is_file():
            found.append((slot, p))
    return [p for _slot, p in sorted(found)]


def free_save_path(folder: str | os.PathLike, game: str, taken: Iterable[str | os.PathLike] = ()) -> Path:
    """The first save name of ``game`` with no file (and not in ``taken``): a new game's save
    never replaces another's."""
    busy = {os.path.abspath(os.fspath(p)) for p in taken}
    n = 1
    while True:
        p = save_path(folder, game, n)
        if not p.exists() and os.path.abspath(p) not in busy:
            return p
        n += 1
