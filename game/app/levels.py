"""The AI levels as the app shows and plays them: Easy, Normal and Hard (``game.ai.LADDER``).

Setup offers the ladder only.  A seat's level in a save from before the ladder
is mapped on load (``game.match.record`` turns ``heuristic`` into ``normal`` and
``search`` into ``hard``); a level that is off the ladder altogether (an old
save's ``random`` seat, or ``greedy``) becomes **Easy** when the app loads a
saved match (:func:`ladder_seats`), so every AI seat at a table shows and plays
one of the three levels.  ``simulate`` and the tests keep the measuring sticks
(``random``, ``greedy``) under their own names.

No pygame here.
"""
from __future__ import annotations

from game.core.i18n import N_, _
from game.core.levels import ALIASES, LADDER

LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
#: one line on each level, shown on the setup screen (true of the agents: docs/AI.md)
LEVEL_LINES = {
    "easy": N_("Easy: plays sensibly, but makes the mistakes a beginner makes."),
    "normal": N_("Normal: counts the cards and plays solidly; answers at once."),
    "hard": N_("Hard: reads the table and looks ahead; thinks up to a second."),
}
#: the old names (before the ladder) and the levels off it -> the rung the app uses
OLD_NAMES = {**ALIASES, "expert": "hard", "random": "easy", "greedy": "easy"}
#: the wall-clock cap on a Hard seat's thinking at the table (the search's ``budget_ms``);
#: ``simulate``, the tests and the benchmarks never set it, so they stay deterministic
HARD_CAP_MS = 900.0


def table_level(level: str | None) -> str:
    """``level`` as a rung of the ladder (an unknown level reads as Normal)."""
    level = OLD_NAMES.get(level or "", level or "normal")
    return level if level in LADDER else "normal"


def level_name(level: str | None) -> str:
    """"Easy", "Normal" or "Hard" (translated) for a seat's level, old names included."""
    return _(LEVEL_NAMES[table_level(level)])


def level_line(level: str | None) -> str:
    """The one line about a level that setup shows (translated)."""
    return _(LEVEL_LINES[table_level(level)])


def ladder_seats(match) -> bool:
    """A loaded match's AI seats moved onto the ladder (an old save's ``random`` seat plays
    and shows as Easy); the match's seats and its record are the same list, so the next
    autosave writes today's names.  Returns True if a seat changed."""
    from game.match import SeatSpec

    changed = False
    for i, s in enumerate(match.seats):
        if s.kind == "ai" and s.level not in LADDER:
            match.seats[i] = SeatSpec(s.name, s.kind, table_level(s.level))
            changed = True
    return changed
