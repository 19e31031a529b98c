"""The words about seats, once, for every front end: names, "You" for the one person at the
screen (or the phone), and whole sentences built per case (never English glued from parts),
so that a translation can reorder them.

:class:`SeatWords` is the pygame table's words (``TableScene`` is one, through
``game.app.table.words.TableWords``) and the phone's (``game.phones.view`` builds one per seat):
the same sentence for the same event, from one copy of the logic."""
from __future__ import annotations

from types import SimpleNamespace
from typing import Sequence

from game.core.i18n import _, names_list


class _Names:
    """A table's seat names alone (a phone's view): every seat reads as its name, the viewer
    as a human."""

    def __init__(self, names: Sequence[str], viewer: int) -> None:
        self.seats = [SimpleNamespace(name=n) for n in names]   # (a class made per name cost a phone's
                                                                 # view 0.2 ms of its 0.4)
        self._viewer = viewer

    def is_human(self, seat: int) -> bool:
        return seat == self._viewer


class Words:
    """The methods of :class:`SeatWords`, reading ``self.match`` (its seats' names and
    ``is_human``), ``self.viewer``, ``self.hotseat`` and ``self.n``: the table scene mixes this in
    (``game.app.table.words.TableWords``) and keeps those itself (the viewer changes at a hot-seat
    table; its ``is_you`` goes through the game's table object, whose default is :meth:`_is_you`)."""

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def who(self, seat: int) -> str:
        """"You" for the lone human at the screen, else the seat's name."""
        if seat == self.viewer and self.match.is_human(seat) and not self.hotseat:
            return _("You")
        return self.name(seat)

    def _is_you(self, seat: int | None) -> bool:
        """The lone human at the screen: lines about them read "you"."""
        return seat is not None and 0 <= seat < self.n and self.who(seat) == _("You")

    def is_you(self, seat: int | None) -> bool:
        return self._is_you(seat)

    def by_seat(self, seat: int, you: str, other: str, target: int | None = None, to_you: str | None = None,
                **fields) -> str:
        """A whole sentence about ``seat``: ``you`` when it is the lone human at the screen, else
        ``other`` with its ``{name}``; with a ``target`` seat (``{target}``), ``to_you`` when the
        target is that human.  Each variant is its own translated sentence (never "You's",
        "Bram stand"): ``w.by_seat(s, _("You stand"), _("{name} stands"))``."""
        if target is not None:
            fields["target"] = self.name(target)
        if self.is_you(seat):
            return you.format(**fields)
        if to_you is not None and self.is_you(target):
            return to_you.format(name=self.name(seat), **fields)
        return other.format(name=self.name(seat), **fields)

    def names_text(self, seats, starts: bool = False) -> str:
        """Several seats as one list that a translation can word ("you" for the lone human;
        ``starts``: the list begins a sentence, "You and Bram")."""
        return names_list([(_("You") if starts and k == 0 else _("you")) if self.is_you(s) else self.name(s)
                           for k, s in enumerate(seats)])

    def win_line(self, winners) -> str:
        """"You win!" / "Bram wins!" / "Bram and Dario share the win!" / "Bram, Cleo and Dario
        share the win!" (two names and several are separate sentences)."""
        if len(winners) == 1:
            return self.by_seat(winners[0], _("You win!"), _("{name} wins!"))
        if len(winners) == 2:
            return _("{first} and {second} share the win!").format(
                first=_("You") if self.is_you(winners[0]) else self.name(winners[0]),
                second=_("you") if self.is_you(winners[1]) else self.name(winners[1]))
        return _("{names} share the win!").format(names=self.names_text(winners, starts=True))


class SeatWords(Words):
    """``SeatWords(match_or_names, viewer, hotseat)``: the words of the table as ``viewer`` reads
    them.  ``match_or_names`` is a match (its seats' names and ``is_human``) or a list of names
    (the viewer is then the one person reading: a phone).  With ``hotseat`` (several people
    share one screen) nobody is "You"."""

    def __init__(self, match_or_names, viewer: int, hotseat: bool = False) -> None:
        if isinstance(match_or_names, (list, tuple)):
            match_or_names = _Names(match_or_names, viewer)
        self.match = match_or_names
        self.viewer = viewer
        self.hotseat = hotseat
        self.n = len(self.match.seats)
