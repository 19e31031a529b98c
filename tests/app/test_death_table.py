"""Death over the Kingdom's table: the ring fits 2-20 seats, an exchange by drag, a whole
round to the token award, refusals with reasons, the aid panel, and whole games with the
view equal to the observation."""
from __future__ import annotations

import pygame
import pytest

from game.match import Match, SeatSpec
from game.rules import death
from game.rules.death import NAMES

from table_checks import settled_views

HANDS = {0: "monk", 3: "bard", 2: "clown", 1: "knight"}     # dealer 1: the deal starts at seat 0


def deck() -> list[str]:
    dealt = [HANDS[s] for s in (0, 3, 2, 1)]
    rest = [n for n in death.NAMES for _k in range(2)]
    for n in dealt:
        rest.remove(n)
    return dealt + rest


@pytest.fixture
def table(harness):
    seats = [SeatSpec("You", "human")] + [SeatSpec(n, "ai", "random") for n in ("Ada", "Bram", "Cleo")]
    m = Match("death", seats, {"dealer": 1}, deck={"deck": deck()}, seed=3)
    harness.start(match=m)
    t = harness.table
    harness.run_until(lambda: not t.busy(), 3000)
    harness.step(n=30)                   # past ANSWER_GUARD: a key right away is for the question before
    return t


def card_point(h, t):
    return t.hand.click_points()[0][1]


def seat_point(h, t, seat):
    return h.app.view.pt(*t.table.card_pt(seat))


@pytest.mark.parametrize("n", [2, 3, 4, 6, 9, 13, 20])
def test_every_seat_fits_the_ring_without_overlap(harness, n):
    seats = [SeatSpec("You", "human")] + [SeatSpec(f"P{i}", "ai", "random") for i in range(1, n)]
    harness.start(match=Match("death", seats, seed=1))
    t = harness.table
    rects = [t.table.seat_rect(s) for s in range(1, n)]
    shared = [t.layout.shared(k) for k in ("deck", "discard", "buttons", "status", "score", "log", "topbar")]
    for i, r in enumerate(rects):
        assert 0 <= r.left and r.right <= 1280 and 0 <= r.top and r.bottom <= 720
        assert not any(r.colliderect(o) for o in rects[i + 1:]), f"seat {i + 1} overlaps another seat"
        assert not any(r.colliderect(z) for z in shared), f"seat {i + 1} covers a table zone"
    assert t.seat_width(1) >= 40
    # an AI's plate names its level like the other tables (a random seat reads as Easy), where the
    # plate has room for the name too
    assert t.table.plate_note(1) == ("Easy" if n <= 8 else "")


def test_the_deal_shows_my_card_only(table):
    t = table
    assert t.shown.hand == death.CARD_INDEX["monk"] and t.shown.turn == 0
    assert t.shown.cards == [death.CARD_INDEX["monk"], None, None, None] and t.view_mismatches == []


def test_exchange_by_drag_then_a_whole_round_to_the_tokens(table, harness):
    h, t = harness, table
    h.drag(card_point(h, t), seat_point(h, t, 3))                 # seat 3 plays after me: my right
    assert t.match.log[0].kind == "exchange" and t.match.log[0].seat == 0
    h.run_until(lambda: not t.busy(), 3000)
    assert NAMES[t.shown.hand] == "bard"                          # I hold the Bard now
    assert NAMES[t.shown.cards[3]] == "monk"                      # and know where my Monk went
    assert t.view_mismatches == []
    # the AIs play out the round; the tokens land and the table agrees with the rules; the
    # round's result waits for my Continue (Enter)
    assert h.run_until(lambda: t.steps.waiting(), 20000)
    h.key(pygame.K_RETURN)
    assert h.run_until(lambda: t.match.state.round == 2 and not t.busy(), 20000)
    assert sum(t.shown.tokens) >= 1 and t.shown.tokens == list(t.match.state.tokens)
    assert any("token" in line for line in t.table_log.lines)
    assert t.view_mismatches == []


def test_drops_that_mean_nothing_snap_back_with_a_reason(table, harness):
    h, t = harness, table
    h.drag(card_point(h, t), seat_point(h, t, 2))                 # not my right neighbour; a Monk has no power
    assert not t.match.log and "right" in t.toast.msg
    h.drag(card_point(h, t), h.app.view.pt(*t.table.deck_pt()))        # only the dealer cuts
    assert not t.match.log and "dealer" in t.toast.msg


def test_buttons_and_keys_stand_and_the_aid_panel(table, harness):
    h, t = harness, table
    labels = [b.label for b in t.answers]
    assert labels == ["Exchange", "Stand"]                         # a Monk: no power to use
    h.key(pygame.K_a)
    assert t.table.aid_open
    h.key(pygame.K_RETURN)                                         # the panel is modal: no stand
    assert t.table.aid_open and not t.match.log
    h.key(pygame.K_a)
    assert not t.table.aid_open
    h.key(pygame.K_a)
    h.click(h.app.view.pt(640, 690))                               # a click anywhere closes it
    assert not t.table.aid_open and not t.match.log
    h.key(pygame.K_RETURN)                                         # Enter stands
    assert t.match.log[0].kind == "stand"


@pytest.mark.parametrize("mode,n", [("base", 4), ("only_one", 5), ("death_over_all", 3)])
def test_whole_games_keep_the_view_equal_to_the_observation(home, mode, n):
    from game.app.headless import HeadlessApp

    h = HeadlessApp(size=(1280, 720), speed="off", home=str(home))
    seats = [SeatSpec(f"P{i}", "ai", "random") for i in range(n)]
    options = {"mode": mode, "multiplier": 2}
    h.start(match=Match("death", seats, options, seed=n))
    t = h.table
    checked = settled_views(h, t)
    assert t.match.outcome() is not None and checked > 3 * n
    assert t.view_mismatches == []
    h.close()


def test_the_dealers_cut_shows_the_drawn_card_in_my_hand(harness):
    seats = [SeatSpec("You", "human")] + [SeatSpec(n, "ai", "random") for n in ("Ada", "Bram")]
    m = Match("death", seats, {"dealer": 0}, deck={"deck": ["bard", "clown", "monk"] + [
        n for n in death.NAMES for _k in range(2) if n not in ("bard", "clown", "monk")] + ["bard", "clown", "monk"]},
        seed=2)
    harness.start(match=m)
    t = harness.table
    assert harness.run_until(lambda: t.can_play() and not t.busy(), 20000)     # the dealer plays last
    mine = []
    t.table._mine = lambda card, f=t.table._mine: (mine.append(card), f(card))
    harness.drag(card_point(harness, t), harness.app.view.pt(*t.table.deck_pt()))
    assert t.match.log[-1].kind == "cut"
    drawn = [e.data["card"] for e in t.match.action_events[-1] if e.kind == "drawn"]
    harness.run_until(lambda: bool(mine), 3000)
    assert mine and mine[0] == drawn[0]                              # my card is the one I drew


def test_a_long_choice_is_laid_out_in_rows_that_fit(table):
    t = table
    ch = t.choice_row("Bard: choose a player", "", [(f"Player {i}", None, None) for i in range(17)])
    z = t.layout.overlay("picker")
    tiles = ch.buttons[:17]
    for i, b in enumerate(tiles):
        assert z.contains(b.rect) and b.rect.h >= 40 and b.rect.w >= 90
        assert not any(b.rect.colliderect(o.rect) for o in tiles[i + 1:])


def thief_match() -> Match:
    """Hot seat: Ann (Thief) and Ben are people, Ada (Princess) an AI; dealer 1, so seats 0, 2, 1
    play in turn."""
    order = ["thief", "princess", "clown"]
    rest = [n for n in death.NAMES for _k in range(2)]
    for n in order:
        rest.remove(n)
    seats = [SeatSpec("Ann", "human"), SeatSpec("Ben", "human"), SeatSpec("Ada", "ai", "random")]
    return Match("death", seats, {"dealer": 1}, deck={"deck": order + rest}, seed=1)


def test_hot_seat_the_thiefs_look_is_for_the_thief_alone(harness):
    m = thief_match()
    h = harness
    h.start(match=m)
    t = h.table
    assert t.curtain_for == 0                                       # hot seat starts behind the curtain
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    look = next(a for a in t.match.legal(0) if a.kind == "thief" and a["target"] == 2)
    t.submit(look)
    h.run_until(lambda: not t.busy(), 3000)
    assert t.viewer == 0 and NAMES[t.shown.cards[2]] == "princess"  # Ann saw Ada's card
    keep = next(a for a in t.match.legal(0) if a.kind == "thief_keep")
    t.submit(keep)
    assert h.run_until(lambda: t.curtain_for == 1, 20000)          # Ada plays, then Ben's turn
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    assert t.viewer == 1 and t.shown.cards[2] is None               # Ben never sees it
    assert NAMES[t.shown.cards[0]] == "thief"                      # the shown Thief is public
    assert not any("princess" in line.lower() for line in t.table_log.lines)


def test_hot_seat_a_card_seen_leaves_the_plates_when_its_owners_moment_ends(harness, monkeypatch):
    """The Thief's look stays on Ada's plate while Ann is at the screen; once Ann's moment ends
    (a hidden screen, then the curtain for Ben) her knowledge is drawn nowhere."""
    from game.app.games import death_draw

    m = thief_match()
    h = harness
    h.start(match=m)
    t = h.table
    faces: list = []
    real = death_draw.draw_card
    monkeypatch.setattr(death_draw, "draw_card", lambda surf, a, pos, w, name=None, **kw: (
        faces.append(name), real(surf, a, pos, w, name, **kw))[1])

    def drawn() -> list:
        faces.clear()
        t.draw(h.app.screen)
        return list(faces)
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    t.submit(next(a for a in t.match.legal(0) if a.kind == "thief" and a["target"] == 2))
    h.run_until(lambda: not t.busy(), 3000)
    assert t.may_see() and "princess" in drawn()                    # Ann's own look, on her screen
    t.submit(next(a for a in t.match.legal(0) if a.kind == "thief_keep"))
    assert t.hand_hidden and not t.may_see()
    assert "princess" not in drawn()                                # the shared screen forgets it
    assert h.run_until(lambda: t.curtain_for == 1, 20000)
    assert not t.may_see()
    assert "princess" not in drawn() or t.shown.face_up[2]          # unless Ada showed it to all


def test_a_long_status_line_wraps_instead_of_shrinking_below_16_px(table, monkeypatch):
    """The dealer's turn hint is too long for one line at 16 px: two lines, none smaller."""
    from game.app.table import draw as table_draw
    t = table
    sizes: list[tuple[str, int]] = []
    real = table_draw.text

    def spy(surf, ctx, s, pos, size=18, *args, **kw):
        r = real(surf, ctx, s, pos, size, *args, **kw)
        sizes.append((s, r.height))
        return r

    monkeypatch.setattr(table_draw, "text", spy)
    long = "Your turn (dealer, last): stand, drag your card onto the deck to cut, or use its power"
    monkeypatch.setattr(t.table, "status_text", lambda: (long, "true"))
    t.steps.caption = ""
    t.draw_status(pygame.Surface((1280, 720)))
    assert len(sizes) == 2 and " ".join(s for s, _h in sizes) == long
    font16 = t.app.fonts.get(t.app.view.n(16), True)
    assert all(h >= font16.get_height() for _s, h in sizes)
    sizes.clear()
    monkeypatch.setattr(t.table, "status_text", lambda: ("Your turn", "true"))
    t.draw_status(pygame.Surface((1280, 720)))
    assert [s for s, _h in sizes] == ["Your turn"]


def test_at_the_instant_speed_the_rounds_result_waits_for_continue(table, harness):
    """Issue 14: the Instant speed skipped the reveal's pause, so the result was never seen.
    The harness runs at "off" (Instant): the revealed cards and the lowest players stay on the
    table, with Continue, until the person presses it."""
    h, t = harness, table
    assert t.anim_scale == 0
    h.key(pygame.K_RETURN)                                         # I stand; the AIs end the round
    assert h.run_until(lambda: t.steps.waiting(), 20000)
    assert t.steps.caption.startswith("Round 1: ")
    assert all(v is not None for v in t.shown.values)              # every card's value is shown
    h.step(n=300)                                                  # time passes: it still waits
    assert t.steps.waiting() and all(v is not None for v in t.shown.values)
    shot = h.app.view.rect(t.continue_button.rect)
    h.click(shot.center)                                           # Continue
    assert h.run_until(lambda: not t.busy() and t.shown.round == 2, 3000)


def _twenty(harness, n=20, mode="only_one"):
    from game.app.seating import default_names

    names = default_names(["human"] + ["ai"] * (n - 1))           # the names setup gives
    seats = [SeatSpec("Player 1", "human")] + [SeatSpec(x, "ai", "random") for x in names[1:]]
    harness.start(match=Match("death", seats, {"mode": mode}, seed=5))
    t = harness.table
    harness.run_until(lambda: not t.busy(), 3000)
    return t


@pytest.mark.parametrize("n", [9, 13, 20])
def test_token_badges_stay_in_their_own_pod(harness, n, monkeypatch):
    """Issue 14: at 20 players the token badges covered the neighbours' name plates.  A small
    table's count sits left of the card, inside the seat's own pod, clear of every plate."""
    t = _twenty(harness, n)
    assert not t.table.wide_pods()
    for s in range(1, n):
        r = t.table.token_badge_rect(s)
        assert t.zone(s, "hand").contains(r), f"seat {s}'s badge leaves its pod"
        for o in range(n):
            assert not r.colliderect(t.zone(o, "name")), f"seat {s}'s badge covers {o}'s plate"
            if o != s:
                assert not r.colliderect(t.zone(o, "hand")), f"seat {s}'s badge covers seat {o}"
    # and the drawn counts are where the badges are
    from game.app.games import death_draw

    drawn = []
    real = death_draw.text
    monkeypatch.setattr(death_draw, "text", lambda surf, ctx, s, *a, **k: drawn.append(
        (s, real(surf, ctx, s, *a, **k))) or drawn[-1][1])
    harness.step()
    counts = [r for s, r in drawn if s == str(t.shown.tokens[1])]
    assert len(counts) >= n - 1
    for r in counts:
        assert any(t.table.token_badge_rect(s).contains(r) for s in range(1, n)), r


def test_my_plate_shows_my_whole_name_on_my_turn(harness):
    """Issue 14: "Player 1" was cut to "Playe…" by the turn marker and the token count."""
    h = harness
    t = _twenty(h)
    assert h.run_until(lambda: t.can_play(), 20000)
    label, size = t.plate_label(t.viewer)
    assert label.endswith("Player 1") and size >= 16
    for s in range(t.n):                                          # every plate: a whole name, >= 16 px
        label, size = t.plate_label(s)
        assert not label.endswith("…") and size >= 16, (s, label)


def test_the_aid_panel_never_shrinks_text_below_16_px(table, harness, monkeypatch):
    """Issue 14: no words on Death's table below 16 px (the aid's long powers were fitted down
    to 15 px: they wrap onto two lines now)."""
    from game.app.games import death_draw

    sizes = []
    real = death_draw.text

    def spy(surf, ctx, s, pos, size=18, color=None, bold=False, anchor="topleft", max_w=None, shadow=False):
        px = ctx.view.n(size)
        if max_w is not None:
            px = ctx.fonts.fit(s, px, ctx.view.n(max_w), bold)
        sizes.append((px, s))
        return real(surf, ctx, s, pos, size, color if color is not None else (255, 255, 255), bold, anchor,
                    max_w, shadow)

    monkeypatch.setattr(death_draw, "text", spy)
    harness.key(pygame.K_a)
    harness.step()
    assert table.table.aid_open and len(sizes) > 26
    assert harness.app.view.s == 1
    small = [(px, s) for px, s in sizes if px < 16]
    assert small == [], small


@pytest.mark.parametrize("players", [2, 20])
def test_setup_explains_the_chosen_mode_and_every_choice_is_16_px(harness, players):
    """Issue 14: setup did not explain Death's three modes, and "Fewest tokens" was smaller than
    the other choices.  A one-line explanation of the chosen mode, whole at 16 px, and every
    option's words at 16 px."""
    from game.app.games.death import DeathTable

    s = harness.setup("death")
    s.set_players(players - death.RULES.min_players)
    fonts, v = harness.app.fonts, harness.app.view
    seen = set()
    for i, (value, _label) in enumerate(DeathTable.SETUP_OPTIONS[0][2]):
        s.opt_widgets["mode"].set(i)
        harness.step()
        line = s.option_help()
        assert line == DeathTable.SETUP_OPTION_HELP["mode"][value] and line not in seen
        seen.add(line)
        assert fonts.fit(line, v.n(16), v.n(s.frame[2] - 170)) == v.n(16)
    for b in s.opt_widgets["mode"].buttons:                          # a Segmented's buttons
        assert fonts.fit(b.label, v.n(16), v.n(b.rect.w - 16), True) == v.n(16), b.label
    rounds = s.opt_widgets["multiplier"]
    for label in rounds.options:
        assert fonts.fit(label, v.n(16), v.n(rounds.rect.w - 50), True) == v.n(16), label
        assert "{" not in label
    assert rounds.options[1] == "players × 3"


def test_the_thiefs_choice_of_a_player_says_a_whole_sentence(harness):
    """Issue 25: the choice's second line was "or drag your card onto them" (a sentence
    starting with "or")."""
    h = harness
    h.start(match=thief_match())
    t = h.table
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    t.answer(("pick", "thief"))
    sub = t.choice.subtitle
    assert sub == "Choose a player, or drag your card onto them.", sub


def _trader_match(seats) -> Match:
    """Dealer 1, so seats 0, 2, 1 play in turn: seat 0 holds a Trader, and the deck's top card
    is the other Trader."""
    order = ["trader", "princess", "clown", "trader"]
    rest = [n for n in death.NAMES for _k in range(2)]
    for n in order:
        rest.remove(n)
    return Match("death", seats, {"dealer": 1}, deck={"deck": order + rest}, seed=1)


def test_a_trader_that_draws_the_other_trader_says_so_in_the_log(harness):
    """Issue 25: the Trader swapped for the deck's top card, the other Trader: two Traders in
    view (one on the discard, one in hand) and no word why.  The rules (RULINGS section 1: the
    Trader goes to the discard, the top card is the player's) make the new one simply the
    card held; the log says so, to the player alone."""
    h = harness
    h.start(match=_trader_match([SeatSpec("You", "human"), SeatSpec("Bram", "ai", "random"),
                                 SeatSpec("Ada", "ai", "random")]))
    t = h.table
    h.run_until(lambda: t.can_play() and not t.busy(), 3000)
    t.submit(next(a for a in t.match.legal(0) if a.kind == "trader"))
    h.run_until(lambda: not t.busy(), 3000)
    assert NAMES[t.shown.hand] == "trader" and NAMES[t.shown.discard[-1]] == "trader"
    want = "You drew the other Trader: it is simply your card now (the first is on the discard)"
    assert want in t.table_log.lines
    assert t.table.describe("drawn", {"seat": 0, "card": "queen", "how": "trader"}) is None   # any other draw: no line
    assert t.table.describe("drawn", {"seat": 0, "card": "trader", "how": "cut"}) is None


def test_hot_seat_the_second_trader_is_never_a_log_line(harness):
    """The line is the holder's secret: at a shared screen it is never kept in the table log
    (whether and when the holder sees their new card in hot seat is the kit's privacy)."""
    h = harness
    h.start(match=_trader_match([SeatSpec("Ann", "human"), SeatSpec("Ben", "human"),
                                 SeatSpec("Ada", "ai", "random")]))
    t = h.table
    h.key(pygame.K_RETURN)
    h.run_until(lambda: not t.busy(), 3000)
    t.submit(next(a for a in t.match.legal(0) if a.kind == "trader"))
    for _f in range(600):
        h.step()
    assert any("Trader for the top card" in line for line in t.table_log.lines)
    assert not any("other Trader" in line for line in t.table_log.lines)


def test_the_dealer_badge_is_a_translated_letter(rec, table, harness):
    """Translator trial (de): the dealer's badge said the English "D" in every language.  It is
    the context-marked message ("dealer badge", "D"): German draws "G" (Geber) on the disc."""
    from game.core.i18n import pgettext

    h = harness
    assert h.app.set_language("de") == "de"
    try:
        assert pgettext("dealer badge", "D") == "G"
        h.step(n=2)
        shown = [item[5:] for item in rec.frames[-1].items if item.startswith("text:")]
        assert "G" in shown and "D" not in shown
    finally:
        h.app.set_language("en")
