"""Action spaces: what ``legal_actions`` returns.

Small games return a :class:`ListSpace`.  Games with combinatorial moves
(MasterBluff discards) return a lazy space that can test membership, count,
sample uniformly and iterate without building every action up front.
"""
from __future__ import annotations

from typing import Iterator, Protocol, Sequence, runtime_checkable

from .actions import Action
from .rng import Rng


@runtime_checkable
class ActionSpace(Protocol):
    def __contains__(self, action: object) -> bool: ...
    def __iter__(self) -> Iterator[Action]: ...
    def __len__(self) -> int: ...
    def sample(self, rng: Rng) -> Action: ...


class ListSpace:
    #: the action :meth:`sample` last drew (always one of ``actions``), so that ``owns`` knows
    #: it at once: a search rollout and the throughput loop sample, then ``apply`` asks
    #: ``owns`` of that very object (the class's None until a space draws one)
    _drawn: Action | None = None
    #: made at the first membership test (the class's None until then)
    _set: frozenset[Action] | None = None
    #: made at the first ``owns`` of a long space (the class's None until then)
    _ids: frozenset[int] | None = None

    def __init__(self, actions: Sequence[Action] = ()):
        self.actions = tuple(actions)

    @classmethod
    def of(cls, actions: tuple[Action, ...]) -> "ListSpace":
        """A space over ``actions``, a tuple the caller hands over (not copied, no
        ``__init__``): for the rules' hot paths."""
        space = object.__new__(cls)
        space.actions = actions
        return space

    def owns(self, action: object) -> bool:
        """Whether ``action`` is one of this space's own objects (by identity)."""
        if action is self._drawn and action is not None:
            return True
        ids = self._ids
        if ids is None:
            actions = self.actions
            if len(actions) <= 64:          # up to a few dozen: looked through (cheaper than a set
                                            # made once: a game asks once or a few times per fresh
                                            # space; Boss Quest's have up to about 40)
                for a in actions:
                    if a is action:
                        return True
                return False
            ids = self._ids = frozenset(map(id, actions))
        return id(action) in ids

    def __contains__(self, action: object) -> bool:
        if self._set is None:
            self._set = frozenset(self.actions)
        return action in self._set

    def __iter__(self) -> Iterator[Action]:
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __bool__(self) -> bool:
        return bool(self.actions)

    def sample(self, rng: Rng) -> Action:
        action = self._drawn = rng.choice(self.actions)
        return action
