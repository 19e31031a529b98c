"""A cheap step for frozen game states.

``dataclasses.replace`` runs the class's ``__init__`` (and ``__post_init__``) on every
step: on the hot path of a search rollout that is the single largest cost. A new state
made by :func:`evolve` shares every unchanged field with the old one and skips the
re-validation: the rules module that builds a state checks it once, where it is made
(``new_game``) or where a field's value is computed; ``evolve`` only copies.

States stay immutable: ``evolve`` never touches the old object, the new object is a
frozen dataclass like any other (equality and hashing by fields), and assigning to one
still raises. Only field names are accepted (a typo is an error, as with ``replace``).
A state class must keep its values in fields only (no ``cached_property`` and no
``__slots__``): ``evolve`` copies the instance dictionary as it is.
"""
from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, frozenset[str]] = {}
_new = object.__new__
_setattr = object.__setattr__


def _field_names(cls: type) -> frozenset[str]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = frozenset(f.name for f in fields(cls))
    return names


def evolve(state: T, **changes: Any) -> T:
    """A copy of the frozen dataclass ``state`` with ``changes`` (field=value), made
    without running ``__init__``/``__post_init__``: ``dataclasses.replace`` for hot paths."""
    cls = state.__class__
    names = _FIELDS.get(cls) or _field_names(cls)
    if not names.issuperset(changes):
        bad = sorted(set(changes) - names)
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(bad)}")
    new = _new(cls)
    _setattr(new, "__dict__", {**state.__dict__, **changes})
    return new


def fork(state: T) -> tuple[T, dict[str, Any]]:
    """A private copy of the frozen dataclass ``state`` and the copy's own field dictionary.

    The caller sets the fields that change in that dictionary before it hands the copy to
    anyone, and never after: :func:`evolve` for the hottest steps, without the keyword
    dictionary and the field-name check (the caller names the fields in its own code)."""
    new = _new(state.__class__)
    d = state.__dict__.copy()
    _setattr(new, "__dict__", d)
    return new, d


def build(cls: type[T], **values: Any) -> T:
    """A new frozen dataclass ``cls`` from every one of its field values, without running
    ``__init__``: for hot-path values with no ``__post_init__`` (observations, events).
    The caller gives every field (nothing is filled from defaults) and owns the values."""
    new = _new(cls)
    _setattr(new, "__dict__", values)
    return new
