"""Translation hooks for every user-visible string (gettext; catalogue managed by Babel).

Use ``from game.core.i18n import _, ngettext`` and wrap every string a person may
read: ``_("Bluff!")``, ``ngettext("{n} card", "{n} cards", n).format(n=n)``.
Only English ships now, so the default translation is the identity; ``set_language``
installs a compiled catalogue from ``game/locale/<lang>/LC_MESSAGES/crowntable.mo``
when one exists.  No pygame here: the rules' reasons are translated too.
"""
from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "crowntable"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(lang: str | None) -> str:
    """Install ``lang`` (e.g. "en", "it"); falls back to the source strings.  Returns the
    language in force."""
    global _translation
    if not lang or lang == "en":
        _translation = gettext.NullTranslations()
        return "en"
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
        return lang
    except OSError:
        _translation = gettext.NullTranslations()
        return "en"


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (module-level tables)."""
    return message


def names_list(names: list[str]) -> str:
    """Several names as one list a translation can word: "Bram", "Bram and Dario",
    "Bram, Cleo and Dario" (each joining pattern is its own msgid)."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return _("{first} and {second}").format(first=names[0], second=names[1])
    text = names[0]
    for n in names[1:-1]:
        text = _("{list}, {name}").format(list=text, name=n)
    return _("{list} and {last}").format(list=text, last=names[-1])
