"""The one trusted-action holder of every game (issue 26: "one move, one place").

``legal_actions`` hands its answer to :meth:`LegalMemo.remember`; ``apply`` asks
:meth:`LegalMemo.trusted` whether the action it got is one of the very action objects that
answer gave for this very state.  If so the action is legal as it is, and ``apply`` skips
its checks and runs the one step; otherwise it checks the action (the game's one refusal
function, which gives the player's reason) and then runs the same step.  Only the checks
are skipped, never the rule.

Why it is sound, once, here:

* **Identity, not equality.**  ``trusted`` compares the state and the action by identity.
  An equal action made elsewhere (decoded from a save, typed by a test, ``True`` for a seat
  where ``1`` was meant: ``True == 1``) is not one of the space's own objects, so it is
  checked the long way.
* **No identity is reused.**  The memo holds the state and the space it remembers, so
  neither can be freed and its ``id`` given to a new object while it is remembered.
* **One memo per thread.**  The UI thread and the AI worker each have their own last
  answer (``threading.local``): a search in the worker never overwrites, or is mistaken
  for, the table's.
* **The memo is not state.**  A rules object keeps its memo as an attribute; no rules
  module keeps module-level mutable state, and a game's states, records and saves never
  see it.
"""
from __future__ import annotations

import threading
from typing import Any


class _PerThread(threading.local):
    """One thread's last answer (``last`` reads None in a thread that remembered nothing)."""

    last: Any = None


class LegalMemo:
    """Per thread: the last ``(state, space)`` a game's ``legal_actions`` gave."""

    __slots__ = ("_local",)

    def __init__(self) -> None:
        self._local = _PerThread()

    def remember(self, state: Any, space: Any) -> Any:
        """Keep ``space`` as the legal actions of ``state`` (for this thread); returns ``space``."""
        self._local.last = (state, space)
        return space

    def trusted(self, state: Any, action: Any) -> bool:
        """Whether ``action`` is one of the action objects the last remembered space of this
        thread gave for this very ``state`` (so it is legal as it is)."""
        last = self._local.last
        return last is not None and last[0] is state and last[1].owns(action)

    def owner(self, state: Any, action: Any) -> Any:
        """The remembered space of this very ``state`` that owns ``action`` (this thread), or
        None: :meth:`trusted`, for a game whose space keeps what it knows of its own actions
        (MasterBluff's lazy discards keep the one they drew, decoded)."""
        last = self._local.last
        if last is not None and last[0] is state and last[1].owns(action):
            return last[1]
        return None

    def space(self, state: Any) -> Any:
        """The space remembered for this very ``state`` on this thread, or None."""
        last = self._local.last
        return last[1] if last is not None and last[0] is state else None

    def forget(self) -> None:
        """Drop this thread's remembered answer."""
        self._local.last = None
