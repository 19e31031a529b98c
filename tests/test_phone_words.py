"""The phone page's words: every key the page uses is in the catalogue's table, and a phone
gets its browser's language when the catalogue has it, else the table's."""
from __future__ import annotations

import re
from pathlib import Path

from game.phones.words import PAGE, available, page_words, pick_language

PAGE_DIR = Path(__file__).resolve().parents[1] / "game" / "phones" / "page"


def test_every_word_the_page_uses_is_in_the_catalogue_table():
    js = (PAGE_DIR / "app.js").read_text(encoding="utf-8")
    html = (PAGE_DIR / "index.html").read_text(encoding="utf-8")
    used = set(re.findall(r'\bw\("([a-z_]+)"[,)]', js)) | set(re.findall(r'data-w="([a-z_]+)"', html))
    used |= set(re.findall(r'\w+: "([a-z_]+)"', re.search(r"w\(\{(.*?)\}\[", js).group(1)))
    used |= {"count_" + k for k in re.findall(r'"(\w+)"', re.search(r"const COUNTS = \[(.*?)\]", js).group(1))}
    assert used and used <= set(PAGE), sorted(used - set(PAGE))


def test_the_words_are_whole_sentences_with_named_fields():
    for key, text in PAGE.items():
        assert "{}" not in text and "%" not in text, key
    assert "{reason}" in PAGE["refused"] and "{name}" in PAGE["seat_taken"]


def test_a_phone_gets_its_browsers_language_else_the_tables():
    have = available()
    assert "en" in have
    other = next((lang for lang in have if lang != "en"), None)
    assert pick_language("xx-YY, zz;q=0.5", "en") == "en"
    assert pick_language(None, "nope") == "en"
    assert pick_language("en-GB,en;q=0.9", "de") == "en"
    if other:
        assert pick_language(f"xx, {other}-AT;q=0.8, en;q=0.5", "en") == other
        assert pick_language("xx", other) == other
        assert pick_language(f"{other};q=0", "en") == "en"        # q=0: not wanted
    words = page_words("en")
    assert words["join_title"] == "Join the table" and words["lang"] == "en"
    assert set(page_words(other or "en")) == set(words)


def test_a_ktm_seat_reads_its_own_answer_as_a_whole_sentence_in_every_language():
    """The answer to a window is seen only by its seat: "You answered", a sentence of its own
    ("{who} answered" with "Du" read "Du hat geantwortet" in German)."""
    from game.core.i18n import current_language, set_language
    from game.words import SeatWords, ktm

    before = current_language()
    try:
        set_language("de")
        w = SeatWords(["Ada", "Bram", "Cleo"], 0)
        assert ktm.describe(w, "answered", {"seat": 0}) == "Du hast geantwortet"
        assert ktm.describe(w, "answered", {"seat": 1}) == "Bram hat geantwortet"
    finally:
        set_language(before)
