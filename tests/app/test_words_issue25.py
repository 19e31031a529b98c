"""Issue 25's wording fixes that a whole text can be checked for: King Thief Minister's
character names are capitalised everywhere they are said ("Who is the Minister?")."""
from __future__ import annotations

import re
from pathlib import Path

from game.app import rules_text

CHARACTERS = re.compile(r"\b(?:the|a|an|your|their) (king|thief|minister|executioner|sheriff|peasant)s?\b")


def _strings(path: str) -> list[str]:
    """The strings of a Python file (what a person may read), or a TOML file's text."""
    import ast

    text = Path(path).read_text(encoding="utf-8")
    if path.endswith(".toml"):
        return [text]
    return [n.value for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_king_thief_ministers_characters_are_capitalised_everywhere():
    texts = [rules_text.KTM_RULES]
    for path in ("game/app/games/ktm.py", "game/app/games/ktm_lines.py", "game/app/games/ktm_events.py",
                 "game/app/games/ktm_draw.py", "game/app/games/ktm_help.py", "game/ai/why_ktm.py",
                 "game/rules/ktm.py", "assets/lessons/ktm.toml"):
        texts += _strings(path)
    lower = sorted({m.group(0) for t in texts for m in CHARACTERS.finditer(t)})
    assert "Who is the Minister?" in rules_text.KTM_RULES
    assert not lower, lower
