"""docs/GLOSSARY.md (issue 27): one row per term, six cells each, and the words the catalogues
and the games actually use. Fast, no pygame: reads the table, the .pot/.po files and the rules'
translated-name functions (death/ktm/court card_text, bossquest spell_text and colour_text,
masterbluff family_text)."""
from __future__ import annotations

import copy
import importlib.util
import re
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

from game.core import i18n  # noqa: E402
from game.rules import bossquest, court, death, ktm, masterbluff  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
GLOSSARY = ROOT / "docs" / "GLOSSARY.md"
LANGS = ("it", "fr", "es", "de", "pt")
COLUMNS = ("English",) + LANGS


def _script():
    spec = importlib.util.spec_from_file_location("glossary_script", ROOT / "scripts" / "glossary.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


SCRIPT = _script()


def table() -> dict[str, dict[str, str]]:
    """id -> {"English": ..., "it": ..., ...} from docs/GLOSSARY.md."""
    out = {}
    for row in SCRIPT.parse_markdown(GLOSSARY.read_text(encoding="utf-8")):
        out[row[0]] = dict(zip(COLUMNS, row[1:]))
    return out


def _catalogue(lang: str):
    with open(ROOT / "game" / "locale" / lang / "LC_MESSAGES" / "crowntable.po", "rb") as f:
        return read_po(f)


CATALOGUES = {lang: _catalogue(lang) for lang in LANGS}
with open(ROOT / "game" / "locale" / "crowntable.pot", "rb") as _f:
    TEMPLATE = read_po(_f)
#: the template's standalone messages (no context, no plural)
STANDALONE = {m.id for m in TEMPLATE if m.id and isinstance(m.id, str) and not m.context}


def agrees(cell: str, word: str) -> bool:
    """A glossary cell names ``word``: the cell is the word, or the word followed by a note."""
    return cell == word or cell.startswith(word + " (")


def bare(cell: str) -> str:
    """A cell without its trailing note in parentheses."""
    return re.sub(r" \([^()]*\)$", "", cell)


# every card, spell and character name of the five games: glossary id -> the rules' own names,
# in the order the row lists them (" / " between names); each is translated by the game's function
GAME_NAMES: dict[str, tuple] = {}
for _n in death.NAMES:
    GAME_NAMES[f"death.{_n}"] = (death.card_text, (_n,))
for _n in ktm.NAMES:
    GAME_NAMES[f"ktm.{_n}"] = (ktm.card_text, (_n,))
for _n in ("king", "castle", "knight"):
    GAME_NAMES[f"court.{_n}"] = (court.suit_text, (_n,))
GAME_NAMES["court.fireball"] = (court.card_text, ("fireball1",))
for _n in masterbluff.FAMILIES:
    GAME_NAMES[f"mb.{_n}"] = (masterbluff.family_text, (_n,))
GAME_NAMES["bq.colours"] = (bossquest.colour_text, ("red", "blue", "green", "yellow", "purple"))
_SPELL_ROWS = {"bq.power_up": ("power_up1", "power_up2"), "bq.power_down": ("power_down1", "power_down2"),
               "bq.swap": ("swap",), "bq.exchange": ("exchange",), "bq.boss_up": ("boss_up1", "boss_up2"),
               "bq.boss_down": ("boss_down1", "boss_down2"),
               "bq.need_colour": ("need_red", "need_blue", "need_green", "need_yellow", "need_purple"),
               "bq.two_of_colour": ("two_of_colour",), "bq.no_heart_lost": ("no_heart_lost",),
               "bq.cancel": ("cancel",), "bq.extra_key": ("extra_key",), "bq.second_wins": ("second_wins",),
               "bq.last_turn": ("last_turn",)}
for _row, _names in _SPELL_ROWS.items():
    GAME_NAMES[_row] = (bossquest.spell_text, _names)


def _split(cell: str, n: int) -> list[str]:
    sep = " / " if n == 1 or " / " in bare(cell) else ", "
    return [cell] if n == 1 else bare(cell).split(sep)


def name_problems(rows: dict[str, dict[str, str]]) -> list[str]:
    """Every game's names, translated by its own function in each language, against the rows."""
    problems = []
    try:
        for lang in ("en",) + LANGS:
            i18n.set_language(lang)
            column = "English" if lang == "en" else lang
            for row_id, (fn, names) in GAME_NAMES.items():
                if row_id not in rows:
                    problems.append(f"{row_id}: no glossary row")
                    continue
                cell = rows[row_id][column]
                parts = _split(cell, len(names))
                words = [fn(n) for n in names]
                if len(parts) != len(words) or not all(agrees(p, w) for p, w in zip(parts, words)):
                    problems.append(f"{row_id} [{column}]: glossary {cell!r}, game says {' / '.join(words)!r}")
    finally:
        i18n.set_language("en")
    return problems


#: rows written in lower case (a word inside a sentence) whose word is also a message of its own,
#: capitalised (a picture's caption, a label): checked against it with the first letter's case free
CAPITALISED = {"death.exchange": "Exchange", "ktm.coin": "Coin", "bq.knight": "Knight", "bq.key": "Key",
               "bq.heart": "Heart", "bq.pawn": "Pawn", "bq.mystery": "Mystery spell", "bq.strength": "Strength",
               "mb.token": "Exchange token", "ui.player": "Player", "ui.memory_aid": "Memory aid",
               "ui.seed": "Seed", "phone.room_code": "Room code"}


def message_of(english: str, row_id: str = "") -> str | None:
    """The template message a row's English cell names, if any: the cell, the cell without its
    trailing note, or the row's capitalised message (``CAPITALISED``)."""
    for candidate in (english, bare(english)):
        if candidate in STANDALONE:
            return candidate
    return CAPITALISED.get(row_id)


def _fold(word: str) -> str:
    return word[:1].lower() + word[1:]


#: rows whose word is its own message in a context (a word a button shares in English: the Boss
#: Quest spell "Cancel" is not the dialog's "Cancel")
CONTEXTS = {"bq.cancel": "spell"}


def message_problems(rows: dict[str, dict[str, str]]) -> list[str]:
    """Rows whose English cell (without a trailing note: "Aid (button)") is a standalone message:
    each catalogue's msgstr is the row's word (in the row's context, ``CONTEXTS``)."""
    problems = []
    for row_id, cells in rows.items():
        english = message_of(cells["English"], row_id)
        if english is None:
            continue
        fold = _fold if row_id in CAPITALISED else (lambda w: w)
        for lang in LANGS:
            m = CATALOGUES[lang].get(english, context=CONTEXTS.get(row_id))
            said = m.string if m is not None else None
            if not said or not agrees(fold(cells[lang]), fold(said)):
                problems.append(f"{row_id} [{lang}]: glossary {cells[lang]!r}, catalogue {said!r}")
    return problems


CORNER_ROWS = ("corner.mb", "corner.court", "corner.ktm", "corner.bq_spells", "corner.bq_colours")


def corner_problems(rows: dict[str, dict[str, str]]) -> list[str]:
    """The card-corner rows ("card corners (...): Wiz, Wit, ...") against the "card corner" context."""
    problems = []
    for row_id in CORNER_ROWS:
        english = rows[row_id]["English"].split(": ", 1)[1].split(", ")
        for lang in LANGS:
            said = [CATALOGUES[lang].get(w, context="card corner") for w in english]
            said = [m.string if m is not None else None for m in said]
            if rows[row_id][lang].split(", ") != said:
                problems.append(f"{row_id} [{lang}]: glossary {rows[row_id][lang]!r}, catalogue {said!r}")
    return problems


# -- the tests ---------------------------------------------------------------------------------------
def test_every_row_has_six_cells_and_ids_are_unique():
    lines = [ln for ln in GLOSSARY.read_text(encoding="utf-8").splitlines() if ln.startswith("| `")]
    ids = [ln.split("|")[1].strip() for ln in lines]
    assert len(ids) == len(set(ids)), "a term id is used twice"
    assert len(lines) > 100
    for ln in lines:
        cells = [c.strip() for c in ln.strip().strip("|").split("|")]
        assert len(cells) == 7, ln
        assert all(cells), f"blank cell: {ln}"


def test_one_row_per_english_term():
    seen: dict[str, str] = {}
    for row_id, cells in table().items():
        english = cells["English"]
        # the same word in two games is two terms (Death's King, the Court's King, KTM's King)
        key = (row_id.split(".")[0], english.lower())
        assert key not in seen, f"{row_id} repeats {seen[key]} ({english})"
        seen[key] = row_id


def test_markdown_is_generated_from_the_tsv_sources():
    assert GLOSSARY.read_text(encoding="utf-8") == SCRIPT.render(SCRIPT.load()), \
        "run scripts/glossary.py: docs/GLOSSARY.md differs from docs/glossary/<lang>.tsv"


def test_standalone_messages_use_the_glossary_word():
    rows = table()
    checked = [r for r, c in rows.items() if message_of(c["English"], r)]
    assert len(checked) >= 95, checked
    assert all(CAPITALISED[r] in STANDALONE for r in CAPITALISED)     # Innkeeper, Wizard, Fireball, Menu, ... are all checked
    assert message_problems(rows) == []


def test_every_games_card_spell_and_character_names_match_the_glossary():
    assert name_problems(table()) == []


def test_card_corners_match_the_glossary():
    assert corner_problems(table()) == []


def test_a_planted_disagreement_fails():
    rows = table()
    planted = copy.deepcopy(rows)
    planted["death.innkeeper"]["it"] = "Locandiere"
    assert any("death.innkeeper [it]" in p for p in name_problems(planted))
    assert any("death.innkeeper [it]" in p for p in message_problems(planted))
    planted = copy.deepcopy(rows)
    planted["bq.need_colour"]["de"] = planted["bq.need_colour"]["de"].replace("Lila", "Violett")
    assert any("bq.need_colour [de]" in p for p in name_problems(planted))
    planted = copy.deepcopy(rows)
    planted["mb.jester"]["fr"] = "Bouffon"
    assert any("mb.jester [fr]" in p for p in name_problems(planted))
    planted = copy.deepcopy(rows)
    planted["corner.court"]["es"] = planted["corner.court"]["es"].replace("Fuego", "Bola")
    assert any("corner.court [es]" in p for p in corner_problems(planted))
    planted = copy.deepcopy(rows)
    planted["ui.menu"]["de"] = "Hauptmenü"
    assert any("ui.menu [de]" in p for p in message_problems(planted))
    planted = copy.deepcopy(rows)
    planted["death.mode_all"]["es"] = "La Muerte sobre todos"     # "Death over all (mode)": the note is dropped
    assert any("death.mode_all [es]" in p for p in message_problems(planted))
    planted = copy.deepcopy(rows)
    planted["bq.mystery"]["de"] = "Geheimer Zauber"             # a caption's word, capitalised
    assert any("bq.mystery [de]" in p for p in message_problems(planted))


def test_agrees_accepts_a_note_but_not_another_word():
    assert agrees("Mort (la Mort)", "Mort")
    assert agrees("Mort", "Mort")
    assert not agrees("Morte", "Mort")
    assert not agrees("Mortel (x)", "Mort")
