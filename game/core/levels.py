"""The AI levels' names, shared by every layer (no AI code here).

``LADDER`` is what a player chooses from in every game (Easy, Normal, Hard);
``ALIASES`` maps the names records, saves and commands used before the ladder
(``heuristic`` was Normal, ``search`` was Hard) to today's.  The agents behind
the names are in ``game.ai``; the match layer maps old names when it loads a
record, and the app shows the ladder.
"""
from __future__ import annotations

LADDER = ("easy", "normal", "hard")
ALIASES = {"heuristic": "normal", "search": "hard"}
