"""Seat naming shared by the setup scene and the ``--seats`` option of the CLI.

Every seat gets a friendly default name.  With a single human that seat is
"You"; with several humans each gets a real name ("Player 1", "Player 2"... or
what they typed), so messages such as "Pass the screen to Player 2" and
"Player 2's hand is hidden" read naturally.  No two seats share a name.
No pygame here.
"""
from __future__ import annotations

import unicodedata
from typing import Sequence

from game.core.i18n import N_, _

#: the longest name, in characters: the setup's fields say it as you type, and every other
#: source of names (``--seats``, a typed name passed in) is cut to it at its logical end
NAME_MAX = 16
#: the seat kinds a person plays (at this screen, or on a phone: issue 28)
PEOPLE = ("human", "phone")

#: default names for AI seats, in seat order (20: enough for the largest table)
#: (each its own message, translated where used: a language may give names its players know)
NAMES: tuple[str, ...] = (
    # TRANSLATORS: a default name for a computer player: a short first name (at most 8 letters)
    # that reads naturally in your language; the 20 names must all differ
    N_("Ada"), N_("Bram"), N_("Cleo"), N_("Dario"), N_("Esme"), N_("Fenna"), N_("Gus"), N_("Hana"),
    # TRANSLATORS: a default name for a computer player (see "Ada")
    N_("Ivo"), N_("Juno"), N_("Kai"), N_("Lena"), N_("Milo"), N_("Nora"), N_("Otto"), N_("Pia"),
    # TRANSLATORS: a default name for a computer player (see "Ada")
    N_("Quinn"), N_("Rosa"), N_("Sami"), N_("Tess"),
)
#: kept for callers of the old name
AI_NAMES = NAMES


def is_rtl(ch: str) -> bool:
    """A right-to-left letter (Hebrew, Arabic...): pygame draws text left to right without
    shaping, so such a name would show reversed and unjoined."""
    return unicodedata.bidirectional(ch) in ("R", "AL", "AN")


def has_rtl(text: str) -> bool:
    return any(is_rtl(ch) for ch in text)


def name_char_refusal(ch: str) -> str | None:
    """Why ``ch`` may not be typed into a name (None: it may).  The font's own coverage is
    checked by the app (``theme.Fonts.missing``); this is what no font here can draw right."""
    if is_rtl(ch):
        return _("Right-to-left letters cannot be shown correctly yet: please write the name in other letters.")
    return None


def ai_name(seat: int) -> str:
    return _(NAMES[seat % len(NAMES)])


def human_name(number: int, humans: int) -> str:
    """The default name of the human at seat ``number`` (1-based) when ``humans`` humans play."""
    return _("You") if humans == 1 else _("Player {n}").format(n=number)


def default_names(kinds: Sequence[str]) -> list[str]:
    """Default names for seats of ``kinds`` ("human" / "phone" / "ai"), unique.  A seat's default depends
    on that seat alone (an AI its friendly name, a human "Player <seat number>"), so switching
    one seat between Human and AI never renames another; the one exception is the lone human's
    "You", which becomes "Player N" once a second person sits down (a hot-seat table says
    "Pass the screen to Player 1", never to "You").  A phone seat is a person too (issue 28): it
    is "Player <seat number>" always (the big screen is everyone's, and its phone says "you"),
    and beside it a person at the screen is "Player N" too."""
    humans = sum(1 for k in kinds if k in PEOPLE)
    out = [human_name(i + 1, humans) if kind == "human" else _("Player {n}").format(n=i + 1) if kind == "phone"
           else ai_name(i) for i, kind in enumerate(kinds)]
    return unique_names(out)


def unique_names(names: Sequence[str]) -> list[str]:
    """``names`` with repeats (case-insensitive, blanks trimmed) made distinct by " 2", " 3"..."""
    seen: set[str] = set()
    out = []
    for name in names:
        base = " ".join(name.split()) or _("Player")
        cand, n = base, 1
        while cand.casefold() in seen:
            n += 1
            cand = f"{base} {n}"
        seen.add(cand.casefold())
        out.append(cand)
    return out


def name_seats(kinds: Sequence[str], typed: Sequence[str | None] | None = None) -> list[str]:
    """Final names: what was typed, else the default; a lone human's default is "You",
    several humans get "Player N" (a typed "You" beside other humans becomes "Player N" too,
    so no message says "You's hand"); then made unique."""
    typed = list(typed or [None] * len(kinds))
    defaults = default_names(kinds)
    humans = sum(1 for k in kinds if k in PEOPLE)
    names = []
    for i, kind in enumerate(kinds):
        t = (typed[i] or "").strip()[:NAME_MAX].strip() if i < len(typed) else ""
        if not t or (kind in PEOPLE and (humans > 1 or kind == "phone") and t.casefold() == _("You").casefold()):
            t = defaults[i]
        elif kind == "ai" and humans == 1 and t.casefold() == _("You").casefold():
            t = defaults[i]
        names.append(t)
    return unique_names(names)
