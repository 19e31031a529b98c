"""game.core.i18n and the language setting: the six languages, the system's language, a
language with no catalogue, the setting's file, and the words a card face prints (translated,
and drawn again after a switch)."""
from __future__ import annotations

import json

import pytest

from game.core import i18n


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


def test_the_six_languages_each_in_its_own_words():
    assert i18n.LANGUAGES == {"en": "English", "it": "Italiano", "fr": "Français", "es": "Español",
                              "de": "Deutsch", "pt": "Português"}
    assert i18n.SHIPPED[0] == "en" and set(i18n.SHIPPED) <= set(i18n.LANGUAGES)


@pytest.mark.parametrize("env,want", [
    ({"LANG": "pt_BR.UTF-8"}, "pt"),
    ({"LANG": "de_DE@euro"}, "de"),
    ({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}, "fr"),          # LC_ALL before LANG
    ({"LC_MESSAGES": "es_ES", "LANG": "de_DE"}, "es"),                 # LC_MESSAGES before LANG
    ({"LANGUAGE": "ja:it:de", "LANG": "de_DE"}, "it"),                 # the first known of the list
    ({"LANGUAGE": "ja", "LANG": "de_DE"}, "de"),                       # none known: the next variable
    ({"LANG": "C"}, "en"), ({"LANG": "POSIX"}, "en"), ({"LC_ALL": "C.UTF-8"}, "en"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),                                   # unknown: English
    ({}, "en"),
])
def test_the_system_language(env, want):
    assert i18n.system_language(env, platform="linux") == want


def test_the_system_language_on_windows_and_macos_asks_python_locale(monkeypatch):
    import locale

    monkeypatch.setattr(locale, "getlocale", lambda *a: ("Italian_Italy", "1252"))
    assert i18n.system_language({}, platform="win32") == "it"
    monkeypatch.setattr(locale, "getlocale", lambda *a: ("pt_PT", "UTF-8"))
    assert i18n.system_language({}, platform="darwin") == "pt"
    monkeypatch.setattr(locale, "getlocale", lambda *a: (None, None))
    assert i18n.system_language({}, platform="darwin") == "en"
    assert i18n.system_language({}, platform="linux") == "en"          # Linux: the variables only


def test_only_shipped_languages_are_chosen_at_first_start():
    assert i18n.system_language({"LANG": "it_IT.UTF-8"}, choices=("en",)) == "en"
    assert i18n.system_language({"LANG": "it_IT.UTF-8"}, choices=("en", "it")) == "it"


def test_a_language_with_no_catalogue_falls_back_to_english_and_says_so(tmp_path, monkeypatch, caplog):
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("de") == "en"
    assert i18n.current_language() == "en" and i18n._("Quit") == "Quit"
    assert "no catalogue for language 'de'" in caplog.text
    assert i18n.missing_catalogue("de") == "There is no Deutsch translation here, so Crown Table speaks English."
    assert i18n.set_language("xx") == "en"


def test_set_language_and_current_language(tmp_path, monkeypatch):
    from tests.i18n_helpers import pseudo_locale

    pseudo_locale(tmp_path, "fr")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    assert i18n.set_language("fr") == "fr" and i18n.current_language() == "fr"
    assert i18n._("Quit") == "⟦Quit⟧"
    assert i18n.ngettext("{n} point", "{n} points", 2).format(n=2) == "⟦2 points⟧"
    assert i18n.reword("⟦Quit⟧") == "⟦Quit⟧"
    i18n.set_language("en")
    assert i18n.reword("⟦Quit⟧") == "Quit"                  # a button's label, traced back
    assert i18n.reword("Bram 2") == "Bram 2"                # not a message: unchanged


# -- the setting --------------------------------------------------------------------------------
def test_the_first_start_follows_the_system(tmp_path, monkeypatch):
    from game.app import settings as S

    monkeypatch.setattr(S, "SHIPPED", ("en", "it"))
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    assert S.Settings.load(tmp_path / "none.json").language == "it"
    old = tmp_path / "old.json"                               # a file from before the setting
    old.write_text(json.dumps({"speed": "fast"}))
    got = S.Settings.load(old)
    assert got.language == "it" and got.speed == "fast" and got.message is None
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert S.Settings.load(tmp_path / "none.json").language == "en"


def test_the_language_is_saved_and_read_back(tmp_path, monkeypatch):
    from game.app import settings as S

    monkeypatch.setattr(S, "SHIPPED", ("en", "de"))
    path = tmp_path / "settings.json"
    assert S.Settings(speed="slow", language="de").save(path) is None
    assert json.loads(path.read_text())["language"] == "de"
    back = S.Settings.load(path)
    assert back.language == "de" and back.speed == "slow" and back.message is None


@pytest.mark.parametrize("value", ["klingon", 7, None.__class__.__name__, ["it"], "", "it"])
def test_a_bad_language_in_the_file_gives_english_and_one_sentence(tmp_path, value):
    """"it" is bad too while Italian does not ship (SHIPPED is English alone)."""
    from game.app import settings as S

    if value in S.SHIPPED:
        pytest.skip("ships")
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"speed": "slow", "language": value}))
    got = S.Settings.load(path)
    assert got.language == "en" and got.speed == "slow"              # the rest is kept
    assert got.message is not None and got.message.count(". ") == 0 and got.message.endswith("English.")
    assert "speaks English" in got.message


def test_the_app_starts_in_the_saved_language_and_says_when_it_cannot(tmp_path, monkeypatch, home):
    from game.app.headless import HeadlessApp
    from game.app.settings import Settings
    from tests.i18n_helpers import pseudo_locale

    pseudo_locale(tmp_path, "es")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        assert i18n.current_language() == "en"
        h.app.set_language("es")
        assert i18n.current_language() == "es" and h.app.settings.language == "es"
        h.app.set_language("pt")                                   # no catalogue: English, a toast
        assert i18n.current_language() == "en" and h.app.settings.language == "en"
        assert "Português" in h.app.toast.msg
    finally:
        h.close()
    monkeypatch.setattr("game.app.headless.Settings", lambda speed: Settings(speed=speed, language="es"))
    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    try:
        assert i18n.current_language() == "es"
    finally:
        h.close()


# -- words on the cards ------------------------------------------------------------------------
def test_card_words_are_translated_and_faces_drawn_again_after_a_switch(tmp_path, monkeypatch, harness):
    from game.app import cards as C
    from tests.i18n_helpers import pseudo_locale

    pseudo_locale(tmp_path, "it")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    art = C.CardArt("masterbluff", fonts=harness.app.fonts)
    before = art.face("wizard", (116, 162))
    assert art.face("wizard", (116, 162)) is before                       # cached
    i18n.set_language("it")
    assert C.corner_label("wizard") == "⟦Wiz⟧" and C.corner_label("jester") == "⟦Jest⟧"
    assert C.court_corner_label("knight") == "⟦Knight⟧" and C.court_corner_label("coin_7") == "7"
    assert C.bossquest_corner_label("spell_cancel") == "⟦Cancel⟧"
    assert C.bossquest_corner_label("spell_plus_1") == "+1"
    assert art.face("wizard", (116, 162)) is not before                   # drawn again, in Italian
    ktm = C.CardArt("ktm", fonts=harness.app.fonts)
    assert ktm._corner_label("king", 116)[0].get_width() > 0
    i18n.set_language("en")
    assert C.corner_label("wizard") == "Wiz"


def test_every_card_word_has_its_own_context():
    """A card's corner word is its own message (context "card corner"): a translator may shorten
    it, and "Cancel" on a card need not be the Cancel button."""
    from babel.messages.pofile import read_po
    from tests.i18n_helpers import POT

    with open(POT, "rb") as f:
        pot = read_po(f)
    words = {m.id for m in pot if m.context == "card corner"}
    assert {"Wiz", "Wit", "Jest", "King", "Executioner", "Cancel", "Safe", "Last!"} <= words


def test_default_names_are_translatable_with_a_translator_note():
    from babel.messages.pofile import read_po
    from game.app.seating import NAMES
    from tests.i18n_helpers import POT

    with open(POT, "rb") as f:
        pot = read_po(f)
    by_id = {m.id: m for m in pot if not m.context}
    assert all(n in by_id for n in NAMES)
    assert any("TRANSLATORS" in c or "name" in c for c in by_id[NAMES[0]].auto_comments)


# -- plural forms --------------------------------------------------------------------------------
#: a count field before a noun that has a plural: such a message must be an ngettext pair
COUNTED = r"\{(n|k|count|m)\}\s+(cards?|coins?|points?|pts?|players?|moves?|games?|tokens?|keys?|hearts?|rounds?|" \
          r"turns?|weapons?|spells?|seconds?|minutes?|hours?|stacks?|ravens?|characters?|digits?|lines?|steps?|" \
          r"whole numbers?|stolen|earlier|more|left)\b|/ \{n\} keys?"


def counted_singles(messages) -> list[str]:
    import re

    return [m for m in messages if isinstance(m, str) and re.search(COUNTED, m)]


def test_every_count_message_is_a_plural_pair():
    from babel.messages.pofile import read_po
    from tests.i18n_helpers import POT

    with open(POT, "rb") as f:
        pot = read_po(f)
    assert counted_singles([m.id for m in pot if m.id]) == []
    # the planted failures: a count with a plain _()
    assert counted_singles(["{n} cards left", "▲ {n} earlier", "{k} / {n} keys", ("{n} card", "{n} cards")]) == \
        ["{n} cards left", "▲ {n} earlier", "{k} / {n} keys"]


def test_a_lesson_opened_in_a_language_names_the_learner_in_it(tmp_path, monkeypatch):
    """The lesson files name the learner "You": the lesson opens with that name translated."""
    from game.app.resources import asset
    from game.match.lesson import LEARNER, load
    from tests.i18n_helpers import pseudo_locale

    assert load(asset("lessons", "court.toml")).seats[LEARNER].name == "You"
    pseudo_locale(tmp_path, "it")
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.set_language("it")
    lesson = load(asset("lessons", "court.toml"))
    assert lesson.seats[LEARNER].name == "⟦You⟧" and lesson.names()["you"] == "⟦You⟧"
    assert lesson.seats[1].name == "Rosa"                   # the others' names are names


# -- nothing is translated at import ---------------------------------------------------------------
def import_time_translations(source: str) -> list[int]:
    """Lines where ``_()``, ``ngettext()`` or ``pgettext()`` runs when the module is imported: at
    module or class level, or in a function's default value (the language can change later, so
    such a string would stay in the language of the start)."""
    import ast

    out: list[int] = []

    def calls(node) -> None:
        for sub in ast.walk(node):
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name) and \
                    sub.func.id in ("_", "ngettext", "pgettext"):
                out.append(sub.lineno)

    def visit(node) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for d in [*child.args.defaults, *child.args.kw_defaults, *child.decorator_list]:
                    if d is not None:
                        calls(d)
            elif isinstance(child, ast.Lambda):
                for d in child.args.defaults:
                    calls(d)
            elif isinstance(child, ast.Call) and isinstance(child.func, ast.Name) and \
                    child.func.id in ("_", "ngettext", "pgettext"):
                out.append(child.lineno)
                visit(child)
            else:
                visit(child)
    visit(ast.parse(source))
    return sorted(out)


def test_nothing_is_translated_at_import():
    from pathlib import Path

    game = Path(i18n.__file__).resolve().parents[1]
    bad = [f"{p.relative_to(game.parent)}:{n}" for p in sorted(game.rglob("*.py"))
           for n in import_time_translations(p.read_text(encoding="utf-8"))]
    assert bad == []
    planted = ('TITLE = _("Crown Table")\n'
               'class A:\n    label = ngettext("{n} card", "{n} cards", 2)\n'
               'def f(x=_("Quit")):\n    return _("fine")\n'
               'g = lambda: _("fine too")\n')
    assert import_time_translations(planted) == [1, 3, 4]
