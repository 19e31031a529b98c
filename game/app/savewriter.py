"""The table's saves, written on a thread of their own (issue 28: the big screen's frame).

The table saves after every move.  Making the file's text is quick and stays on the app's
thread (``Match.save_text``: the state is read there, at the move); writing it is not: the
atomic write (a temp file beside the save, ``fsync``, then the rename over it,
``write_text_atomic``) waited on the disk for 0.5 to 25 ms a move on a shared machine, the
largest part of a frame that carries a phone's move (docs/PERFORMANCE.md).  Here the app's
thread hands the text over (:meth:`SaveWriter.write`) and goes on; a thread writes it, the
same atomic way.

What is promised:
- the file only ever goes forward: one path's texts are written in the order they were handed
  over, and a text still waiting when a newer one for the same path comes is dropped (the newer
  holds all of it);
- a kill loses at most the writes not on disk yet: the last move's (a few, at most, when moves
  come faster than the disk writes);
- nothing is said to be saved before it is: each write's :class:`Ticket` says when it is on disk
  or why it failed (the table reads it on the app's thread, ``Session.poll``), and whoever needs
  the file as it is now waits for it (:meth:`SaveWriter.wait`: the App before it lets go of a
  save, leaves the table or quits; the session before it says whether the game is saved).
"""
from __future__ import annotations

import contextlib
import logging
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from game.match.record import write_text_atomic

log = logging.getLogger(__name__)


class Ticket:
    """One handed-over write: ``done`` once it is on disk, failed or dropped for a newer one
    (``superseded``); ``error``: the ``OSError`` when it failed."""
    __slots__ = ("done", "error", "superseded")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.error: OSError | None = None
        self.superseded = False


class SaveWriter:
    """Writes files on one thread (started with the first write).  ``write_file(path, text)``:
    how a file is written (default ``write_text_atomic``; a test gives one that fails or waits)."""

    def __init__(self, write_file: Callable[[Path, str], None] | None = None) -> None:
        self._write_file = write_file
        self._cv = threading.Condition()
        self._jobs: OrderedDict[Path, tuple[str, Ticket]] = OrderedDict()   # waiting, oldest first
        self._writing: Path | None = None
        self._thread: threading.Thread | None = None
        self._stopping = False
        self._held = 0                     # ``hold`` blocks open: the thread is woken at their end

    def write(self, path, text: str) -> Ticket:
        """Hand ``text`` over to be written to ``path``; returns at once."""
        path = Path(path)
        ticket = Ticket()
        with self._cv:
            old = self._jobs.pop(path, None)
            if old is not None:                      # not begun: the newer text holds all of it
                old[1].superseded = True
                old[1].done.set()
            self._jobs[path] = (text, ticket)
            if self._thread is None or not self._thread.is_alive():
                self._stopping = False
                self._thread = threading.Thread(target=self._run, name="crowntable-saves", daemon=True)
                self._thread.start()
            elif not self._held:
                self._cv.notify_all()
        return ticket

    @contextlib.contextmanager
    def hold(self):
        """The writes handed over inside wake the thread at the end (the App wraps its frame in
        it: the thread takes the interpreter while the App waits for the next frame, not while
        it draws).  A thread already writing takes them as it finishes, held or not."""
        with self._cv:
            self._held += 1
        try:
            yield self
        finally:
            with self._cv:
                self._held -= 1
                if not self._held and self._jobs:
                    self._cv.notify_all()

    def pending(self, path=None) -> bool:
        """Whether a write (to ``path``, or any) is waiting or under way."""
        with self._cv:
            return self._busy(None if path is None else Path(path))

    def _busy(self, path: Path | None) -> bool:
        if path is None:
            return bool(self._jobs) or self._writing is not None
        return path in self._jobs or self._writing == path

    def wait(self, path=None, timeout: float | None = 30.0) -> bool:
        """Until the writes handed over (to ``path``, or all) are on disk (or failed).  False
        if ``timeout`` seconds passed first."""
        p = None if path is None else Path(path)
        with self._cv:
            self._cv.notify_all()                # (a write handed over inside a ``hold``)
            return self._cv.wait_for(lambda: not self._busy(p), timeout)

    def stop(self) -> None:
        """Write what waits, then end the thread."""
        self.wait()
        with self._cv:
            self._stopping = True
            self._cv.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join(5.0)

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: self._jobs or self._stopping)
                if not self._jobs:
                    return
                path, (text, ticket) = self._jobs.popitem(last=False)
                self._writing = path
            try:
                (self._write_file or write_text_atomic)(path, text)
            except OSError as exc:
                ticket.error = exc
            except Exception as exc:                 # never the thread's end: said as a failure
                log.exception("a save could not be written")
                ticket.error = OSError(str(exc))
            with self._cv:
                self._writing = None
                ticket.done.set()
                self._cv.notify_all()
