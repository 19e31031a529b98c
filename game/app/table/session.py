"""The table's session: the autosave after every action and undo (a part of the table kit).

The match decides what may be undone; this part says why not in words (``refusal``), keeps
whether the game on the table is on disk (``saved_ok``) and the system's reason while saving
fails (``error``: the table shows its "Not saved" sign while it is set), and never touches the
saves during a lesson.  It reads a :class:`SessionContext` only.

With a ``writer`` (the App's :class:`~game.app.savewriter.SaveWriter`) the file's text is made
here, at the move, and written on the writer's thread: the game counts as saved once the write
is on disk (``poll``, each frame; ``status`` waits for it), and a failed write shows the sign on
the next frame.  Without one (a part's test) the match writes its file at once.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable, NamedTuple

from game.core import IllegalAction
from game.core.i18n import _


class SessionContext(NamedTuple):
    """What the session reads of the table."""
    match: object                                 # the Match on the table
    save_path: Callable[[], Path]                 # the table's own save file
    in_lesson: Callable[[], bool]                 # a lesson is never saved, nor undone
    viewer: Callable[[], int]
    away: Callable[[], bool]                      # the viewer is not at the screen (curtain, hidden)
    error_changed: Callable[[str | None], None]   # saving failed (the reason) or works again (None)
    tell: Callable[[str], None]                   # a first failure, said once
    say: Callable[[str], None]                    # a refusal, said
    stop_ai: Callable[[], None]                   # cancel the AI's thinking (before an undo)
    writer: object = None                         # the App's SaveWriter (None: written at once)


class Session:
    def __init__(self, ctx: SessionContext) -> None:
        self.ctx = ctx
        #: the system's reason while the last save failed (or nothing can be written in the user
        #: folder), else None; ``saved_ok``: the file on disk holds this game as it is now
        self.error: str | None = None
        self.saved_ok = False
        self._undo_memo: tuple | None = None
        self._ticket = None                      # the last write handed to the writer, not seen done

    # -- saving
    def save(self) -> None:
        """After an action: the match goes to its file (or the file goes, once the game is over)."""
        c = self.ctx
        if c.in_lesson():
            return                               # a lesson is never saved (nor touches the saves)
        path = c.save_path()
        over = c.match.outcome() is not None
        if c.writer is not None and not over:
            self.poll()                          # the last write's outcome first (a failure is said)
            self.saved_ok = False                # not before it is on disk (``poll``)
            self._ticket = c.writer.write(path, c.match.save_text())
            return
        try:
            if c.writer is not None:             # the last writes first: then the file goes
                c.writer.wait(path)
                self.poll()
            if not over:
                c.match.save(path)
            elif path.exists():
                path.unlink()
        except OSError as exc:
            self._failed(exc)
            return
        self.saved_ok = not over
        self.set_error(None)

    def poll(self) -> None:
        """On the app's thread (each frame): the writer's last write, once done, is taken in:
        the game is saved, or the sign and the reason come (the first failure said once)."""
        ticket = self._ticket
        if ticket is None or not ticket.done.is_set():
            return
        self._ticket = None
        if ticket.error is not None:
            self._failed(ticket.error)
        else:
            self.saved_ok = True
            self.set_error(None)

    def flush(self) -> None:
        """Wait for the writer's last write and take it in (before saying whether it is saved)."""
        if self._ticket is not None:
            self._ticket.done.wait(30.0)
            self.poll()

    def _failed(self, exc: OSError) -> None:
        first = self.error is None
        from game.match.saves import folder_problem

        self.set_error(folder_problem(exc))
        if first:
            self.ctx.tell(_("Could not save the game: {why}").format(why=self.error))

    def set_error(self, why: str | None) -> None:
        """Saving failed (``why``: the system's reason) or works again (None)."""
        self.error = why
        if why is not None:
            self.saved_ok = False
        self.ctx.error_changed(why)

    def status(self) -> str:
        """"lesson" (never saved), "failed" (the last save failed: the game on the table is not
        on disk), "saved" (its file holds it as it is now) or "none" (no move yet, no file)."""
        if self.ctx.in_lesson():
            return "lesson"
        self.flush()
        if self.error is not None:
            return "failed"
        if self.saved_ok and Path(self.ctx.save_path()).exists():
            return "saved"
        return "none"

    # -- undo
    def refusal(self) -> str | None:
        """Why the viewer may not undo now, in words, or None."""
        c = self.ctx
        if c.in_lesson():
            return _("Undo is off during a lesson")
        viewer = c.viewer()
        # the table's Undo is for the person at this screen (a phone seat's undo is the phone's)
        local = getattr(c.match, "is_local", c.match.is_human)
        if not local(viewer) or c.away():
            return _("Nothing to undo")
        if c.match.outcome() is not None:
            return _("The game is over")
        fn = getattr(c.match, "undo_refusal", None)
        if fn is not None:
            return fn(viewer)
        return None if c.match.can_undo(viewer) else _("Nothing to undo")

    def undo_shown(self, refusal: Callable[[], str | None] | None = None) -> bool:
        """Whether the Undo button shows: exactly when ``refusal`` is None, worked out once per
        log length and screen (the button is asked every frame)."""
        c = self.ctx
        key = (len(c.match.log), c.viewer(), c.away(), c.in_lesson())
        if self._undo_memo is None or self._undo_memo[0] != key:
            self._undo_memo = (key, (refusal or self.refusal)() is None)
        return self._undo_memo[1]

    def undo(self, refusal: Callable[[], str | None] | None = None) -> int:
        """Take the viewer's last move(s) back: how many moves went (0: none, the reason said)."""
        c = self.ctx
        reason = (refusal or self.refusal)()
        if reason:
            c.say(reason)
            return 0
        c.stop_ai()
        try:
            return c.match.undo(c.viewer()) or 0
        except IllegalAction as exc:
            c.say(exc.reason)
            return 0
