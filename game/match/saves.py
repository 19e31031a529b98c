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
import stat
import tempfile
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
    the check and the move is never overwritten).  A symbolic link is moved as the link
    itself: its target is never linked, moved or touched.  Raises OSError when it cannot move."""
    path = Path(path)
    is_link = path.is_symlink()
    n = 1
    while True:
        target = damaged_name(path, when, n, label)
        if not os.path.lexists(target):
            if not is_link:
                try:
                    os.link(path, target, follow_symlinks=False)   # never overwrites
                except FileExistsError:
                    n += 1
                    continue
                except (OSError, NotImplementedError):              # no hard links here
                    pass
                else:
                    os.unlink(path)
                    return target
            if os.path.lexists(target):
                n += 1
                continue
            os.rename(path, target)              # a link is renamed as a link
            return target
        n += 1


# ---------------------------------------------------------------- the folder itself

#: what ``write_json_atomic`` leaves behind when the program is killed while it writes:
#: ``.<file>.<random>.tmp`` for our own files only (saves and settings)
TEMP_NAME = re.compile(r"^\.(?:autosave_[a-z][a-z0-9_]*(?:-[1-9][0-9]*)?|settings)\.json\.[A-Za-z0-9_]+\.tmp$")
#: the lock file of a save (``lock_path``)
LOCK_NAME = re.compile(r"^\.(?P<save>autosave_[a-z][a-z0-9_]*(?:-[1-9][0-9]*)?\.json)\.lock$")
#: a temp file younger than this may be being written by another window now (seconds)
STALE_AFTER = 60.0


class FolderProblem(str):
    """The system's reason a file could not be written (e.g. "Read-only file system"), with its
    ``errno`` kept: what to do depends on the cause (``problem_cause``)."""

    def __new__(cls, text: str, errno: int | None = None) -> "FolderProblem":
        obj = super().__new__(cls, text)
        obj.errno = errno
        return obj


def folder_problem(exc: OSError) -> FolderProblem:
    return FolderProblem(exc.strerror or str(exc), exc.errno)


def problem_cause(problem: object) -> str | None:
    """"denied" (a read-only or forbidden folder: choose another), "space" (the disk or the quota
    is full: free some), or None (another or unknown cause)."""
    import errno as E

    code = getattr(problem, "errno", None)
    if code in (E.EROFS, E.EACCES, E.EPERM):
        return "denied"
    if code in (E.ENOSPC, getattr(E, "EDQUOT", -1)):
        return "space"
    return None


def prepare_folder(folder: str | os.PathLike) -> str | None:
    """Make the user folder (0700) when it is missing and check that a file can be
    written in it.  Returns None, or the system's reason
    (e.g. "Read-only file system") when nothing can be kept there."""
    folder = Path(folder)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=".write-check.", suffix=".tmp", dir=folder)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        return folder_problem(exc)
    return None


def tighten(folder: str | os.PathLike) -> None:
    """The folder is the user's alone (0700); nothing is said when it cannot be changed."""
    try:
        st = os.stat(folder)
        if stat.S_ISDIR(st.st_mode) and stat.S_IMODE(st.st_mode) & 0o077:
            os.chmod(folder, stat.S_IMODE(st.st_mode) & 0o700 | 0o700)
    except OSError:
        pass


def clean_stale_temps(folder: str | os.PathLike, now: float | None = None,
                      older_than: float = STALE_AFTER) -> list[Path]:
    """Delete the temp files our atomic writer left behind when the program was killed
    (``.autosave_<game>.json.<random>.tmp``, ``.settings.json.<random>.tmp``): ours only
    (by name), regular files only, and only those not written for ``older_than`` seconds
    (another window may be writing one now); and the lock files of saves that are gone,
    when no window holds them.  Returns what was deleted."""
    now = time.time() if now is None else now
    gone = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return gone
    for e in entries:
        lock = LOCK_NAME.match(e.name)
        if lock is not None:                 # the lock of a save that is gone, held by nobody
            save = Path(folder) / lock.group("save")
            if not os.path.lexists(save) and not e.is_symlink():
                try:
                    held = lock_save(save)
                except SaveInUse:
                    continue
                if held.held:
                    try:
                        os.unlink(e.path)
                        gone.append(Path(e.path))
                    except OSError:
                        pass
                held.release()
            continue
        if not TEMP_NAME.match(e.name):
            continue
        try:
            st = e.stat(follow_symlinks=False)
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime < older_than:
                continue
            os.unlink(e.path)
            gone.append(Path(e.path))
        except OSError:
            continue
    return gone


# ---------------------------------------------------------------- one window per save
#
# A save open at a table is locked (an advisory lock on ``.<save>.lock`` beside it: the save
# itself is replaced at each write, so it cannot hold a lock).  The lock goes with the table,
# and with the process when it dies.  A folder where the lock file cannot be made (read-only)
# locks nothing: the game opens, and its table says it cannot save.

def lock_path(path: str | os.PathLike) -> Path:
    path = Path(path)
    return path.with_name(f".{path.name}.lock")


class SaveLock:
    """An advisory lock on one save, held from :func:`lock_save` until :meth:`release`."""

    def __init__(self, path: Path, fd: int | None):
        self.path = path
        self.fd = fd

    @property
    def held(self) -> bool:
        return self.fd is not None

    def release(self) -> None:
        fd, self.fd = self.fd, None
        if fd is None:
            return
        try:
            _unlock(fd)
        except OSError:
            pass
        os.close(fd)

    def __del__(self):                 # a lock nobody holds any more goes with its object
        try:
            self.release()
        except Exception:
            pass


class SaveInUse(Exception):
    """The save is open at a table in another window (or process)."""


if os.name == "nt":                     # pragma: no cover - Windows
    import msvcrt

    def _lock(fd: int) -> None:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError as exc:
            raise BlockingIOError(str(exc)) from None

    def _unlock(fd: int) -> None:
        os.lseek(fd, 0, 0)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
else:
    import fcntl

    def _lock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)      # per open file: two windows, two locks

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)


def lock_save(path: str | os.PathLike) -> SaveLock:
    """Lock the save at ``path`` for this table.  Raises :class:`SaveInUse` when another
    window holds it; where no lock file can be made, returns a lock that holds nothing."""
    lp = lock_path(path)
    try:
        fd = os.open(lp, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError:
        return SaveLock(lp, None)
    try:
        _lock(fd)
    except (BlockingIOError, PermissionError):
        os.close(fd)
        raise SaveInUse(str(path)) from None
    except OSError:
        os.close(fd)
        return SaveLock(lp, None)
    return SaveLock(lp, fd)


def save_in_use(path: str | os.PathLike) -> bool:
    """Is the save at ``path`` open at a table in another window?"""
    if not lock_path(path).exists():
        return False
    try:
        lock_save(path).release()
    except SaveInUse:
        return True
    return False


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
        if slot is not None and (wanted is None or slot[0] in wanted):
            found.append((slot, p))     # links, folders, pipes too: the caller reports them
    return [p for _slot, p in sorted(found)]


def free_save_path(folder: str | os.PathLike, game: str, taken: Iterable[str | os.PathLike] = ()) -> Path:
    """The first save name of ``game`` with no file (and not in ``taken``): a new game's save
    never replaces another's."""
    busy = {os.path.abspath(os.fspath(p)) for p in taken}
    n = 1
    while True:
        p = save_path(folder, game, n)
        if not os.path.lexists(p) and os.path.abspath(p) not in busy and not save_in_use(p):
            return p
        n += 1
