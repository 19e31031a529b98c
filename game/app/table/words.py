"""The table's words about seats: names, "you" for the lone human at the screen, and whole
sentences built per case (never English glued from parts), so that a translation can reorder
them.  A mixin of :class:`TableScene` (it reads ``match``, ``viewer``, ``hotseat`` and ``n``)."""
from __future__ import annotations

from game.core.i18n import _, names_list


class TableWords:
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

    def by_seat(self, seat: int, you: str, other: str, target: int | None = None, to_you: str | None = None,
                **fields) -> str:
        """A whole sentence about ``seat``: ``you`` when it is the lone human at the screen, else
        ``other`` with its ``{name}``; with a ``target`` seat (``{target}``), ``to_you`` when the
        target is that human.  Each variant is its own translated sentence (never "You's",
        "Bram stand"): ``self.by_seat(s, _("You stand"), _("{name} stands"))``."""
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
