"""Quoting a bad value in a message: a short, cut piece of it, never the whole.

Everything a file, an option or a command-line argument holds can be echoed in a
refusal ("unknown game 'pokr'"), and such a value can be megabytes long (a 10 MB game
name gave a 10 MB message).  :func:`quoted` is the one way a message shows it.
"""
from __future__ import annotations

import reprlib
from typing import Any

from .i18n import _, ngettext

#: the most characters of a value a message quotes (the ellipsis included)
LIMIT = 40
ELLIPSIS = "…"


def quoted(value: Any, limit: int = LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters, ending in "…" when cut.  Never
    builds the whole text of a huge value (a long string is cut before it is quoted, a
    long list or a deep object is summarised by :mod:`reprlib`)."""
    limit = max(4, int(limit))
    if isinstance(value, str):
        text = repr(value[:limit])
    elif isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        # (``repr`` of an int over 4,300 digits raises ValueError)
        digits = int(value.bit_length() * 0.30103) + 1
        return ngettext("a number of about {n} digit", "a number of about {n} digits", digits).format(n=digits)
    else:
        r = reprlib.Repr()
        r.maxlevel, r.maxtuple, r.maxlist, r.maxdict, r.maxset, r.maxfrozenset = 2, 4, 4, 4, 4, 4
        r.maxstring = r.maxother = r.maxlong = limit
        try:
            text = r.repr(value)
        except Exception:                   # noqa: BLE001  (a value whose repr fails: say its type)
            text = "<" + type(value).__name__ + ">"
    if len(text) > limit:
        text = text[:limit - 1] + ELLIPSIS
    return text


def cut(text: str, limit: int = LIMIT) -> str:
    """``text`` itself (no quotes), cut to at most ``limit`` characters with "…"."""
    text = str(text) if not isinstance(text, str) else text
    return text if len(text) <= limit else text[:max(1, limit - 1)] + ELLIPSIS
