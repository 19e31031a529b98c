"""Two games' phone layouts against a new user's findings (issue 28), in Debian's headless
Chromium at 360×740 (the set-up of tests/test_phone_layouts.py, one browser for the file):

- MasterBluff: the line says to tap the cards only when tapping them is how to choose (the
  declarations too many to list); a short hand (3 Witches and an Elf) lists every declaration
  and says to choose below, its cards not tappable; a long hand's taps select and narrow.
- Boss Quest: each spell's button is one whole sentence naming its spell ("Cast Last turn!",
  "Discard the face-down spell"), in six languages; the spell's choices come under its one line
  of effect, the very words of the table's card tip.

Screenshots go to /tmp/page3/ when CROWNTABLE_PAGE3_SHOTS is set (to look at; none kept)."""
from __future__ import annotations

import os
import random
import time
from pathlib import Path

import pytest

import test_phone_layouts as phone_layouts
from test_phone_browser import browser, pytestmark, wait_for  # noqa: F401  (the skip mark)

ROOT = Path(__file__).resolve().parents[1]
SHOTS = os.environ.get("CROWNTABLE_PAGE3_SHOTS")
LANGS = ("en", "it", "fr", "es", "de", "pt")

#: (players, seed, seeded random moves): the seat to act...
MB_SHORT = (3, 2, 29)         # ...holds 3 Witches and an Elf: 42 declarations, all listed
MB_LONG = (4, 5, 0)           # ...holds a whole deal: thousands, listed cut
BQ_SPELLS = (4, 1, 6)         # ...may take weapons, or cast or discard the face-down spell, Last turn!...

OVERFLOW = phone_layouts.OVERFLOW
#: the choices panel in order: "H:<heading>" or "B:<button's words>"
LISTED = ("return [...document.querySelectorAll('#choices > *')].map(e => "
          "(e.tagName === 'H3' ? 'H:' : 'B:') + e.textContent)")


@pytest.fixture(scope="module")
def drv():
    d = browser((360, 740), "en")
    try:
        yield d
    finally:
        d.quit()


def seeded(m, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        m.submit(rng.choice(list(m.legal(m.to_act()[0]))))


_quiet = phone_layouts._quiet


def open_seat(drv, game: str, scene: tuple):
    """The served table after its seeded moves, pumped, and the browser on the seat to act, its
    layout drawn and its pictures loaded (``test_phone_layouts.open_seat``, in English).  Yields
    (match, seat, pump)."""
    return phone_layouts.open_seat(drv, game, "en", scene=scene)


def no_overflow(drv, screen: int = 360) -> None:
    width, layout, inner, out = drv.execute_script(OVERFLOW)
    assert width <= inner == layout == screen and not out, \
        f"wider than the {screen} px screen (page {width}, viewport {inner}): {out[:8]}"


def shot(drv, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        drv.save_screenshot(str(Path(SHOTS) / f"{name}.png"))


def tap(drv, el) -> None:
    """Scrolled into sight (above the pinned panel of choices, below the header), tapped."""
    drv.execute_script("arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -120)", el)
    el.click()


# -- MasterBluff: the line and the hand agree --------------------------------------------------
@pytest.mark.xdist_group("chromium")
def test_a_short_masterbluff_hand_lists_every_declaration_and_says_to_choose_below_not_to_tap(drv):
    """3 Witches and an Elf: every declaration is listed (no cards to tap to narrow them), so the
    line says to choose below (it said "tap the cards you play", and taps did nothing); the
    cards are not marked tappable and a tap changes nothing; a listed declaration plays."""
    from selenium.webdriver.common.by import By

    from game.phones.words import page_words

    with open_seat(drv, "masterbluff", MB_SHORT) as (m, seat, pump):
        with pump.lock:
            hand = m.observe(seat).hand
            total = sum(1 for a in m.legal(seat) if a.seat == seat)
            before = len(m.log)
        assert sum(hand) == 4 and max(hand) == 3 and total <= 60
        W = page_words("en")
        assert drv.find_element(By.ID, "ask").text == W["mb_ask_list"] == "Your turn: choose your declaration below."
        assert not drv.find_element(By.ID, "pick-hint").is_displayed()
        assert not drv.find_element(By.ID, "narrow").is_displayed()
        cards = drv.find_elements(By.CSS_SELECTOR, "#hand .card")
        assert len(cards) == 4 and not drv.find_elements(By.CSS_SELECTOR, "#hand .card.tappable")
        listed = drv.execute_script(LISTED)
        assert sum(t.startswith("B:") for t in listed) == total and not drv.find_element(By.ID, "more").is_displayed()
        shot(drv, "masterbluff-short-360x740")
        tap(drv, cards[0])
        time.sleep(0.2)
        assert drv.execute_script(LISTED) == listed and not drv.find_elements(By.CSS_SELECTOR, "#hand .picked")
        no_overflow(drv)
        want = next(t[2:] for t in listed if t.startswith("B:"))
        wait_for(_quiet(lambda: tap(drv, drv.find_elements(By.CSS_SELECTOR, "#choices button")[0]) or True),
                 "take the tap")
        wait_for(lambda: len(m.log) > before, "apply the declaration tapped")
        with pump.lock:
            done = next(a for a in m.log[before:] if a.seat == seat)
        assert done.kind == "discard" and want.startswith("Declare ")


@pytest.mark.xdist_group("chromium")
def test_a_long_masterbluff_hand_says_to_tap_and_its_taps_select_the_declarations_shown(drv):
    """A whole deal: the declarations are listed cut, the line says to tap the cards you play;
    two cards of a family tapped are marked, and "Show the choices" lists exactly theirs."""
    from selenium.webdriver.common.by import By

    from game.phones.words import page_words
    from game.rules.masterbluff import FAMILIES, family_text

    with open_seat(drv, "masterbluff", MB_LONG) as (m, seat, pump):
        with pump.lock:
            hand = m.observe(seat).hand
        W = page_words("en")
        assert drv.find_element(By.ID, "ask").text == W["mb_ask"]
        assert drv.find_element(By.ID, "more").is_displayed()
        cards = drv.find_elements(By.CSS_SELECTOR, "#hand .card.tappable")
        assert len(cards) == sum(hand)
        narrow = drv.find_element(By.ID, "narrow")
        assert narrow.is_displayed() and not narrow.is_enabled()
        kind = next(i for i, n in enumerate(hand) if n >= 2)
        for el in cards[sum(hand[:kind]):sum(hand[:kind]) + 2]:
            tap(drv, el)
        assert len(drv.find_elements(By.CSS_SELECTOR, "#hand .card.picked")) == 2 and narrow.is_enabled()
        tap(drv, narrow)
        wait_for(lambda: drv.find_element(By.ID, "all").is_displayed(), "list the choices of the cards tapped")
        got = drv.execute_script(LISTED)
        assert got[0] == f"B:Declare 2 × {family_text(FAMILIES[kind])}" and got[1] == "H:" + W["bluffs"]
        assert all("(you play 2 × " in t for t in got[2:]) and len(got) > 3
        shot(drv, "masterbluff-long-picked-360x740")


# -- Boss Quest: each spell's choice names it, under its effect ---------------------------------
def _bq_scene():
    from game.match import Match, SeatSpec

    players, seed, steps = BQ_SPELLS
    m = Match("bossquest", [SeatSpec(f"P{i + 1}", "human") for i in range(players)], seed=seed)
    seeded(m, seed, steps)
    return m, m.to_act()[0]


def test_boss_quest_phone_buttons_name_their_spell_in_one_whole_sentence():
    """The face-down spell's buttons were "Cast it" / "Discard" with no name, and a named one's
    "Last turn!: Cast it": now "Cast the face-down spell", "Cast Last turn!", "Discard Boss HP
    +2", "Cast Strength −1 on P1"; the weapons' "Take 2" stay the tile's words."""
    from game.phones.view import legal_json, seat_words
    from game.rules.bossquest import MYSTERY, spell_text

    m, seat = _bq_scene()
    obs = m.observe(seat)
    got = {tuple(sorted(it["action"].items())): it["label"]
           for it in legal_json(m.legal(seat), seat, game="bossquest", w=seat_words(m, seat))[0]}
    by = {}
    for key, label in got.items():
        a = dict(key)
        if "slot" in a:
            by.setdefault(a["slot"], []).append((a, label))
    assert MYSTERY in obs.magician and any(c not in (None, MYSTERY) for c in obs.magician)
    for slot, items in by.items():
        card = obs.magician[slot]
        for a, label in items:
            assert ": " not in label and "Cast it" not in label, label
            if card == MYSTERY:
                assert label == {"activate": "Cast the face-down spell",
                                 "discard": "Discard the face-down spell"}[a["kind"]]
            elif a["kind"] == "discard":
                assert label == f"Discard {spell_text(card)}"
            elif "target" in a:
                who = "your own row" if a["target"] == seat else f"P{a['target'] + 1}"
                assert label == f"Cast {spell_text(card)} on {who}"
            else:
                assert label == f"Cast {spell_text(card)}"
    labels = set(got.values())
    assert {"Cast Last turn!", "Discard Last turn!", "Take 2"} <= labels


@pytest.mark.parametrize("lang", LANGS[1:])
def test_boss_quest_spell_buttons_are_translated_whole_sentences_in_each_language(lang):
    """Each language's spell buttons are its own whole sentences naming the spell (the face-down
    one's too: it had no name), not the English and not "Spell: choice" glued from parts."""
    from game.core.i18n import _, current_language, set_language
    from game.phones.view import legal_json, seat_words
    from game.rules.bossquest import MYSTERY, spell_text

    m, seat = _bq_scene()
    english = {str(it["action"]): it["label"]
               for it in legal_json(m.legal(seat), seat, game="bossquest", w=seat_words(m, seat))[0]}
    before = current_language()
    set_language(lang)
    try:
        obs = m.observe(seat)
        seen = set()
        for it in legal_json(m.legal(seat), seat, game="bossquest", w=seat_words(m, seat))[0]:
            a, label = it["action"], it["label"]
            if "slot" not in a or "cancel" in a:
                continue
            card = obs.magician[a["slot"]]
            if card == MYSTERY:
                want = _({"activate": "Cast the face-down spell", "discard": "Discard the face-down spell"}[a["kind"]])
            elif a["kind"] == "discard":
                want = _("Discard {spell}").format(spell=spell_text(card))
            elif "target" in a:
                want = (_("Cast {spell} on your own row").format(spell=spell_text(card)) if a["target"] == seat else
                        _("Cast {spell} on {name}").format(spell=spell_text(card), name=f"P{a['target'] + 1}"))
            else:
                want = _("Cast {spell}").format(spell=spell_text(card))
            assert label == want and "{" not in label and label != english[str(a)], (lang, label)
            seen.add((card == MYSTERY, a["kind"]))
        assert {(True, "activate"), (True, "discard"), (False, "activate"), (False, "discard")} <= seen
    finally:
        set_language(before)


def test_the_phone_spell_lines_are_the_tables_card_tips_in_each_language():
    """One source: the page's "bq_tip_<spell>" words are the table's card tips (SPELL_LINES,
    MYSTERY_LINE of game/words/bossquest.py, which the table's help imports), in every language."""
    from game.app.games import bossquest_help
    from game.core.i18n import _, current_language, set_language
    from game.phones.words import PAGE, page_words
    from game.rules.bossquest import SPELL_NAMES
    from game.words import bossquest as bqw

    assert bossquest_help.SPELL_LINES is bqw.SPELL_LINES and bossquest_help.MYSTERY_LINE is bqw.MYSTERY_LINE
    for i, name in enumerate(SPELL_NAMES):
        assert PAGE[f"bq_tip_{i}"] == bqw.SPELL_LINES[name]
    assert PAGE["bq_tip_mystery"] == bqw.MYSTERY_LINE
    before = current_language()
    try:
        for lang in LANGS:
            set_language(lang)
            W = page_words(lang)
            assert W["bq_tip_20"] == _(bqw.SPELL_LINES["last_turn"]) and W["bq_tip_mystery"] == _(bqw.MYSTERY_LINE)
            if lang != "en":
                assert W["bq_tip_mystery"] != bqw.MYSTERY_LINE and W["mb_ask_list"] != PAGE["mb_ask_list"]
    finally:
        set_language(before)


@pytest.mark.xdist_group("chromium")
def test_boss_quest_phone_lists_each_spells_choices_under_its_effect_line_and_casts_it(drv):
    """On the phone: the weapons' choices first, then each spell at the Magician under its line
    of effect (the face-down one's: "The mystery spell: ..."), its buttons naming it; a tap on
    the Magician's card shows that spell's line and choices only; "Cast Last turn!" casts it."""
    from selenium.webdriver.common.by import By

    from game.phones.words import page_words
    from game.rules.bossquest import MYSTERY, SPELL_NAMES, spell_text

    W = page_words("en")
    with open_seat(drv, "bossquest", BQ_SPELLS) as (m, seat, pump):
        with pump.lock:
            obs = m.observe(seat)
            before = len(m.log)
        listed = drv.execute_script(LISTED)
        assert listed[:4] == [f"B:Take {n}" for n in range(1, 5)]
        heads = [t for t in listed if t.startswith("H:")]
        spells = [c for c in obs.magician if c is not None]
        assert len(heads) == len(spells)
        for slot, card in enumerate(obs.magician):
            if card is None:
                continue
            line = W["bq_tip_mystery"] if card == MYSTERY else W[f"bq_tip_{card}"]
            name = "the face-down spell" if card == MYSTERY else spell_text(card)
            i = listed.index("H:" + line)
            under = []
            for t in listed[i + 1:]:
                if t.startswith("H:"):
                    break
                under.append(t[2:])
            assert under and all(name in t for t in under), (line, under)
            assert (f"Cast {name}" in under or any(t.startswith(f"Cast {name} on ") for t in under)) \
                and f"Discard {name}" in under
        last = SPELL_NAMES.index("last_turn")
        assert "H:" + W[f"bq_tip_{last}"] == "H:Last turn! Each knight not yet at the Magician has one more action, then the fight."
        no_overflow(drv)
        shot(drv, "bossquest-spells-360x740")
        for k, head in enumerate(drv.find_elements(By.CSS_SELECTOR, "#choices .group-head")):
            drv.execute_script("const b = document.getElementById('choices-box');"
                               "b.scrollTop = arguments[0].offsetTop - b.offsetTop - 8", head)
            shot(drv, f"bossquest-spells-choices-{k}-360x740")
        # the Magician's face-down card tapped: its line and its two choices
        slot = obs.magician.index(MYSTERY)
        tap(drv, drv.find_elements(By.CSS_SELECTOR, "#public .cards.fit .card")[slot])
        wait_for(lambda: drv.find_element(By.ID, "all").is_displayed(), "show the tapped spell's choices")
        assert drv.execute_script(LISTED) == ["H:" + W["bq_tip_mystery"], "B:Cast the face-down spell",
                                              "B:Discard the face-down spell"]
        tap(drv, drv.find_element(By.ID, "all"))
        button = next(b for b in drv.find_elements(By.CSS_SELECTOR, "#choices button") if b.text == "Cast Last turn!")
        tap(drv, button)
        wait_for(lambda: len(m.log) > before, "apply the spell cast")
        with pump.lock:
            done = next(a for a in m.log[before:] if a.seat == seat)
        assert done.kind == "activate" and obs.magician[done["slot"]] == last
