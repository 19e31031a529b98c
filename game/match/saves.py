"""Keeping damaged save files: ``set_aside(path)`` moves one out of the way.

A save that cannot be read is never deleted and never overwritten by a new
game: it is renamed beside itself, ``autosave_masterbluff.json`` ->
``autosave_masterbluff.damaged-20261123-101500.json`` (with ``-2``, ``-3``...
when that name is taken), so a person can still send it in or repair it.
No pygame here.
"""
from __future__ import annotations

import os
import time
from pathlib import Path


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
