"""Translation hooks for every user-visible string (gettext; catalogue managed by Babel).

Use ``from game.core.i18n import _, ngettext`` and wrap every string a person may
read: ``_("Bluff!")``, ``ngettext("{n} card", "{n} cards", n).format(n=n)``.  A
string kept in a module-level table is marked with ``N_`` and translated where it is
used (``_(TABLE[key])``), never at import: the language can change while the app runs.

``set_language`` installs a compiled catalogue from
``game/locale/<lang>/LC_MESSAGES/crowntable.mo``; English is the source text and
needs none.  ``LANGUAGES`` names the six languages (each in its own language),
``SHIPPED`` the ones whose catalogues are complete and offered in Settings.
``speaking(lang)`` lends another language for a moment (a phone's seat view, built in its
browser's language between two frames of a table in another).
No pygame here: the rules' reasons are translated too.
"""
from __future__ import annotations

import gettext
import logging
import os
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

DOMAIN = "crowntable"
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
SOURCE = "en"

#: every language Crown Table is written for, each named in its own language (Settings shows
#: these names untranslated: a person finds their own language whatever the screen speaks)
LANGUAGES: dict[str, str] = {
    "en": "English",
    "it": "Italiano",
    "fr": "Français",
    "es": "Español",
    "de": "Deutsch",
    "pt": "Português",
}
#: the languages that ship: Settings offers exactly these, the completeness tests check each
#: one's catalogue, selfcheck loads each and plays every lesson in it.  Add a language here
#: when its catalogue is complete (tests/app/test_i18n_catalogues.py).
SHIPPED: tuple[str, ...] = ("en", "it", "fr", "es", "de", "pt")

#: Windows' locale names (``locale.getlocale()`` may give "Italian_Italy") -> language code
_WINDOWS_NAMES = {"english": "en", "italian": "it", "french": "fr", "spanish": "es", "german": "de",
                  "portuguese": "pt"}

log = logging.getLogger(__name__)

_SOURCE_TRANSLATION = gettext.NullTranslations()
_translation: gettext.NullTranslations = _SOURCE_TRANSLATION
_current = SOURCE
#: the translation before the last ``set_language`` and its msgstr -> msgid map (``reword``)
_previous: gettext.NullTranslations | None = None
_reverse: dict[str, str] | None = None


def language_code(value: str | None) -> str | None:
    """The language of a locale name: "pt_BR.UTF-8" -> "pt", "de_DE@euro" -> "de",
    "Italian_Italy.1252" -> "it"; "C", "POSIX", "" and None -> None."""
    if not value:
        return None
    base = value.split(".")[0].split("@")[0].strip()
    if not base or base.upper() in ("C", "POSIX"):
        return None
    lang = base.replace("-", "_").split("_")[0].lower()
    return _WINDOWS_NAMES.get(lang, lang)


def system_language(environ=None, choices=None, platform: str | None = None) -> str:
    """The language the system asks for, among ``choices`` (default: every one of
    ``LANGUAGES``): the first set of LANGUAGE (a colon-separated list, first known wins),
    LC_ALL, LC_MESSAGES, LANG, as gettext reads them; with none set, on Windows and macOS
    what Python's ``locale`` gives.  "C", "POSIX" and an unknown language give English."""
    env = os.environ if environ is None else environ
    choices = tuple(LANGUAGES) if choices is None else tuple(choices)
    platform = sys.platform if platform is None else platform
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        if var == "LANGUAGE":
            for part in value.split(":"):
                code = language_code(part)
                if code in choices:
                    return code
            continue                   # none of the list is known: the next variable decides
        code = language_code(value)
        return code if code in choices else SOURCE
    if platform.startswith(("win", "darwin")):
        import locale

        try:
            code = language_code(locale.getlocale()[0])
        except (ValueError, TypeError):
            code = None
        return code if code in choices else SOURCE
    return SOURCE


def current_language() -> str:
    """The language in force ("en" when a catalogue was missing)."""
    return _current


def has_catalogue(lang: str) -> bool:
    return lang == SOURCE or (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").is_file()


def missing_catalogue(lang: str) -> str:
    """The sentence for a language asked for with no catalogue here (English is used)."""
    name = LANGUAGES.get(lang, lang)
    return _("There is no {language} translation here, so Crown Table speaks English.").format(language=name)


def set_language(lang: str | None) -> str:
    """Install ``lang`` (e.g. "en", "it") and return the language in force: English (the source
    strings) when ``lang`` has no catalogue, with a warning in the log (the App shows
    ``missing_catalogue``)."""
    global _translation, _current, _previous, _reverse
    _previous, _reverse = _translation, None
    if not lang or lang == SOURCE:
        _translation, _current = gettext.NullTranslations(), SOURCE
        return SOURCE
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
        _current = lang
    except OSError:
        log.warning("no catalogue for language %r in %s: English is used", lang, LOCALE_DIR)
        _translation, _current = gettext.NullTranslations(), SOURCE
    return _current


#: the catalogues ``speaking`` lent, by (locale folder, language): each .mo is read once
_lent: dict[tuple[Path, str], gettext.NullTranslations] = {}


def catalogue(lang: str) -> tuple[str, gettext.NullTranslations]:
    """(the language, its translation) for ``lang``: a shipped language with a catalogue here,
    else English (the source strings).  Read once, then kept."""
    if not lang or lang == SOURCE or lang not in SHIPPED:
        return SOURCE, _SOURCE_TRANSLATION
    key = (LOCALE_DIR, lang)
    found = _lent.get(key)
    if found is None:
        try:
            found = gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])
        except OSError:
            return SOURCE, _SOURCE_TRANSLATION
        _lent[key] = found
    return lang, found


@contextmanager
def speaking(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` (a shipped language with a catalogue, else English) inside the ``with``;
    the language in force before comes back after, whatever happens inside.  Yields the
    language spoken.  ``None`` or the language in force: nothing changes.

    For a phone's seat view: its log lines, action labels, card names and refusal reasons
    are the same functions' output as the table's (``game.words``, the rules' reasons), said
    in the phone's language.  It touches only what ``_``, ``ngettext`` and ``pgettext`` read
    and what ``current_language`` answers; ``reword``'s memory of the last switch
    (``set_language``) is left alone, so the table's own words are not disturbed, and caches
    keyed by ``current_language()`` (the card faces) key what is made inside by the language
    lent.  Nesting is fine.

    Not thread-safe, on purpose: the catalogue is one per process, and every word a person
    reads is made on the app's thread (the thread that owns the match: the table draws
    there, and the phones' views are built there, between two frames, by
    ``PhoneHost.pump``).  The other threads make no words: the AI worker returns actions, the
    phone server sends what the app's thread made and reads the page's words from its own
    translation objects (``game.phones.words``).  Use it on the app's thread only, never
    around a frame's drawing, and never call ``set_language`` inside it (leaving the ``with``
    puts back the language from before it)."""
    global _translation, _current
    if lang is None or lang == _current:
        yield _current
        return
    spoken, translation = catalogue(lang)
    before = _translation, _current
    _translation, _current = translation, spoken
    try:
        yield spoken
    finally:
        _translation, _current = before


def reword(text: str) -> str:
    """``text``, a whole message as the language before the last switch showed it (a button's
    label, a key's name), in the language in force now; a text it cannot trace back to one
    message (a formatted one, a name) comes back unchanged.  For words a scene keeps that it
    did not make itself (a game's own button)."""
    global _reverse
    if not text or _previous is None:
        return text
    if _reverse is None:
        _reverse = {}
        for key, value in getattr(_previous, "_catalog", {}).items():
            if isinstance(key, str) and key and "\x04" not in key:     # not plural, no context
                _reverse.setdefault(value, key)
    return _(_reverse.get(text, text))           # from English: the text is its own msgid


def _(message: str) -> str:
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in ``context`` (a word whose room or sense differs, e.g. a card's corner)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it yet (module-level tables)."""
    return message


def NC_(context: str, message: str) -> str:
    """``N_`` with a context: translate it where it is used with ``pgettext(context, message)``."""
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
