"""The table's words about seats: :class:`game.words.seats.Words` (``SeatWords``' methods),
the one copy shared with the phones, mixed into :class:`TableScene` (which keeps ``match``, ``viewer``, ``hotseat`` and
``n`` itself; its ``is_you`` goes through the game's table object)."""
from __future__ import annotations

from game.words.seats import Words


class TableWords(Words):
    """A mixin of :class:`TableScene` (``Words``: the methods of ``SeatWords``, without its
    ``__init__``)."""
