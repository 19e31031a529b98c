"""Test catalogues made in a temp folder: a pseudo-locale that marks every message, so that a
screen's transcript shows at a glance which words did not go through the translation.

``pseudo_locale(folder, lang)`` writes ``folder/<lang>/LC_MESSAGES/crowntable.mo`` from the
template (game/locale/crowntable.pot): each msgid becomes ``⟦msgid⟧`` (every form of a plural,
its named fields kept as they are, so the formatting still works), optionally ``grow`` longer
(``grow=0.35``: 35% more characters, as German and French run).  ``use(monkeypatch, folder)``
points ``game.core.i18n`` at the folder for the test."""
from __future__ import annotations

import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
POT = ROOT / "game" / "locale" / "crowntable.pot"
OPEN, CLOSE = "⟦", "⟧"
#: the filler that lengthens a pseudo-translation (a letter as wide as an average one)
PAD = "ŵ"


def mark(text: str, grow: float = 0.0) -> str:
    if not text:
        return text
    lead = len(text) - len(text.lstrip())
    trail = len(text) - len(text.rstrip())
    core = text[lead:len(text) - trail]
    plain = re.sub(r"\{[^{}]*\}", "", core)           # the fields' names are not shown
    pad = PAD * round(len(plain) * grow)
    return text[:lead] + OPEN + core + pad + CLOSE + text[len(text) - trail:]


def pseudo_locale(folder: Path, lang: str = "it", grow: float = 0.0) -> Path:
    with open(POT, "rb") as f:
        pot = read_po(f)
    cat = Catalog(locale=lang, domain="crowntable")
    for m in pot:
        if not m.id:
            continue
        if isinstance(m.id, tuple):
            forms = tuple(mark(m.id[min(k, 1)], grow) for k in range(cat.num_plurals))
            cat.add(m.id, forms, context=m.context)
        else:
            cat.add(m.id, mark(m.id, grow), context=m.context)
    mo = folder / lang / "LC_MESSAGES" / "crowntable.mo"
    mo.parent.mkdir(parents=True, exist_ok=True)
    with open(mo, "wb") as f:
        write_mo(f, cat)
    return mo


def use(monkeypatch, folder: Path, shipped: tuple[str, ...] = ("en", "it")) -> None:
    """Catalogues from ``folder``, and Settings offering ``shipped``, for this test."""
    from game.core import i18n
    from game.app.scenes import settings as settings_scene

    monkeypatch.setattr(i18n, "LOCALE_DIR", folder)
    monkeypatch.setattr(i18n, "SHIPPED", shipped)
    monkeypatch.setattr(settings_scene, "SHIPPED", shipped)


def unmarked(texts, names=()) -> list[str]:
    """The texts (a frame's ``text:`` runs, in drawing order) that show words outside the
    pseudo-locale's marks: two or more letters in a row outside every ⟦…⟧, a player's name
    aside.  A message wrapped over several lines opens its mark on one run and closes it on a
    later one: the depth carries from run to run."""
    out = []
    depth = 0
    for t in texts:
        outside = []
        for ch in t:
            if ch == OPEN:
                depth += 1
            elif ch == CLOSE:
                depth = max(0, depth - 1)
            elif depth == 0:
                outside.append(ch)
        rest = "".join(outside)
        for n in sorted(names, key=len, reverse=True):
            rest = rest.replace(n, " ")
        if re.search(r"[^\W\d_]{2,}", rest):
            out.append(t)
    return sorted(set(out))
