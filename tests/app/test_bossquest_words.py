"""Issue 25, Boss Quest's words and header: between two rounds the score bar and the boss
never show the last round's boss or count; "bust" is the one word for a strength over the
boss's HP; a knight whose strength comes down to exactly the HP is not "under" it."""
from __future__ import annotations

from game.match import Match, SeatSpec
from game.rules import bossquest as bq
from game.app.games import bossquest_lines


def test_the_score_bar_never_shows_the_last_rounds_boss_in_a_new_round(home):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="fast", home=str(home))
    seats = [SeatSpec("P0", "ai", "random"), SeatSpec("P1", "ai", "random")]
    h.start(match=Match("bossquest", seats, seed=3))
    t = h.table
    seen = []
    for _f in range(60000):
        sh = t.shown
        seen.append((sh.round, sh.boss, bossquest_lines.score_bar(t.table)))
        if sh.round >= 3 or t.match.outcome() is not None:
            break
        h.step()
    bosses = [e.data for events in t.match.action_events for e in events if e.kind == "boss"]
    assert len(bosses) >= 1                              # round 1's boss came with the first deal, before the log
    # each round's own boss and count, from the round-2 boss on (round 1's was dealt before the log)
    for r, d in enumerate(bosses, start=2):
        boss = bq.BOSS_HPS.index(int(d["card"][4:]))
        states = [(b, bar) for rr, b, bar in seen if rr == r]
        assert states, r
        for b, bar in states:
            assert b in (-1, boss), (r, b, boss)                         # never the last round's boss
            if b == -1:
                assert "left" not in bar, bar
            else:
                assert bar.endswith(f"{d['deck']} bosses left") or bar.endswith(f"{d['deck']} boss left"), bar
        assert any(b == -1 for b, _bar in states), "the step between the rounds was never seen"
    h.close()


def test_bust_is_the_one_word_and_exactly_at_the_hp_is_not_under_it(harness):
    """"over!" on the row and "bust" on the sheet named one state; the log said "back under
    the boss's HP" to a knight exactly at it (exactly at the HP is not bust, and not under)."""
    from pathlib import Path

    from game.app import rules_text

    h = harness
    h.start(match=Match("bossquest", [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random")], seed=2))
    t = h.table
    assert t.table.describe("bust", {"seat": 0, "hp": 20}) == "You are bust: over the boss's HP!"
    assert t.table.describe("bust", {"seat": 1, "hp": 20}) == "Ada is bust: over the boss's HP!"
    for seat in (0, 1):
        line = t.table.describe("unbust", {"seat": seat, "hp": 20})
        assert "under the" not in line.replace("at or under", "") and "no longer bust" in line, line
    words = " ".join([rules_text.BOSSQUEST_RULES, Path("assets/lessons/bossquest.toml").read_text(encoding="utf-8")])
    assert "over!" not in words and "Bust (over the HP)" in words and "Last turn!:" not in words
    src = Path("game/app/games/bossquest_draw.py").read_text(encoding="utf-8")
    assert '_("over!")' not in src and '_("bust!")' in src


def test_a_choice_tiles_key_hint_never_reads_as_part_of_its_label(harness, monkeypatch):
    """"yellow 1" on a tile with the key hint 2 drawn just after it read "yellow 1 2" (twelve).
    The hint stands apart: under the label on a tall tile, in a key cap on a short one."""
    from game.app.table import draw as kit_draw

    h = harness
    h.start(match=Match("bossquest", [SeatSpec("You", "human"), SeatSpec("Ada", "ai", "random")], seed=2))
    t = h.table
    for n in (3, 12):                                # one row of tall tiles; several rows of short ones
        labels = [f"yellow {k + 1}" for k in range(n)]
        t.choice_row("Exchange a weapon", "Choose one.", [(lab, None, None) for lab in labels])
        for b in t.choice.buttons:
            b.enabled = True
        drawn = []
        real = kit_draw.text
        monkeypatch.setattr(kit_draw, "text", lambda surf, ctx, s, pos, *a, **k: (
            drawn.append((s, pos, k.get("anchor"))), real(surf, ctx, s, pos, *a, **k))[1])
        t.draw_choice(h.app.screen)
        monkeypatch.setattr(kit_draw, "text", real)
        tiles = [b for b in t.choice.buttons if getattr(b, "tile", False)]
        for b, lab in zip(tiles, labels):
            if not b.hint:
                continue
            (_s, lp, _a), = [d for d in drawn if d[0] == lab]
            hp = [d[1] for d in drawn if d[0] == b.hint and b.rect.collidepoint(d[1])]
            assert hp, (lab, b.hint)
            apart_below = hp[0][1] - lp[1] >= 20
            label_w = h.app.fonts.get(h.app.view.n(16), True).size(lab)[0] / h.app.view.s
            apart_right = hp[0][0] - (lp[0] + label_w / 2) >= 14
            assert apart_below or apart_right, (n, lab, lp, hp)
        t.choice = None


def test_the_cancel_spell_is_its_own_word_not_the_dialog_buttons():
    """Translator trial (de): the spell "Cancel" and the dialog button "Cancel" shared one msgid,
    so German had to call the spell "Abbrechen" (abort).  The spell's name has its own context
    ("spell"): in German it is "Aufheben", the button stays "Abbrechen"; and the lessons' and tips'
    German words name the spell as its card does."""
    from game.core import i18n

    cancel = bq.SPELL_NAMES.index("cancel")
    assert bq.spell_text(cancel) == "Cancel"
    assert i18n.set_language("de") == "de"
    try:
        assert bq.spell_text(cancel) == "Aufheben"
        assert i18n._("Cancel") == "Abbrechen"
        assert "Aufheben" in i18n._("Drag the Cancel card onto the Strength +2 that {p1} put on your row.")
    finally:
        i18n.set_language("en")
