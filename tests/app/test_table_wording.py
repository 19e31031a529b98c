"""Issue 14 grammar: the table's lines are whole sentences, one for the lone human at the
screen ("you") and one for a named seat, with ngettext for counts and list wording a
translation can reorder ("Bram and Dario share the win!"); never "copies You's value",
"lowest You", "Bram, Dario share the win!" or "5 move(s)"."""
from __future__ import annotations

import pytest

from game.core.i18n import names_list
from game.match import Match, SeatSpec


def _table(h, game, seats, options=None):
    h.start(match=Match(game, seats, options or {}, seed=3))
    t = h.table
    t.pacer.update = lambda dt, submit: None          # nothing moves: we only read words
    return t


@pytest.fixture
def death_you(harness):
    """Seat 0 is the lone human ("You"); seats 1-3 are Ada, Bram, Cleo."""
    return _table(harness, "death", [SeatSpec("Pat", "human")] + [SeatSpec(n, "ai", "random")
                                                                 for n in ("Ada", "Bram", "Cleo")])


@pytest.fixture
def death_named(harness):
    """Hot seat: the viewer is named too."""
    return _table(harness, "death", [SeatSpec("Pat", "human"), SeatSpec("Ada", "human"), SeatSpec("Bram", "ai"),
                                     SeatSpec("Cleo", "ai")])


def test_names_list_words():
    assert names_list(["Bram"]) == "Bram"
    assert names_list(["Bram", "Dario"]) == "Bram and Dario"
    assert names_list(["Bram", "Cleo", "Dario"]) == "Bram, Cleo and Dario"


def test_death_monk_and_lowest_lines(death_you):
    t = death_you
    monk = {"card": "monk", "applied": True, "changed": []}
    assert t.table.describe("power", {**monk, "source": 0}) == "Monk: copies your value"
    assert t.table.describe("power", {**monk, "source": 2}) == "Monk: copies Bram's value"
    from game.app.games import death_lines
    assert death_lines.round_end_line(t.table, {"round": 3, "losers": [0]}) == "Round 3: you have the lowest card"
    assert death_lines.round_end_line(t.table, {"round": 3, "losers": [2]}) == "Round 3: Bram has the lowest card"
    assert death_lines.round_end_line(t.table, {"round": 3, "losers": [0, 2]}) == \
        "Round 3: you and Bram have the lowest cards"
    assert death_lines.round_end_line(t.table, {"round": 3, "losers": [1, 2, 3]}) == \
        "Round 3: Ada, Bram and Cleo have the lowest cards"
    turned = {"card": "innkeeper", "applied": True, "source": -1,
              "changed": [{"card": "clown"}, {"card": "knight"}]}
    assert t.table.describe("power", turned) == "Innkeeper: Clown and Knight turn"
    assert t.table.describe("power", {**turned, "changed": [{"card": "clown"}]}) == "Innkeeper: Clown turns"
    # a power that turns its own card says what turned it; one that did nothing says why (a
    # Princess with no Knight to turn may still be what turns a Queen: the two lines agree)
    assert t.table.describe("power", {"card": "queen", "applied": True, "source": -1,
                                "changed": [{"card": "queen"}]}) == "Queen turns: a Princess is in play"
    assert t.table.describe("power", {"card": "princess", "applied": False, "source": -1, "changed": []}) == \
        "Princess: it turns every Knight, and no Knight is in play"
    assert t.table.describe("power", {"card": "monk", "applied": False, "source": -1, "changed": []}) == \
        "Monk: its holder deals, so it copies nothing"


def test_death_named_viewer_lines(death_named):
    t = death_named
    from game.app.games import death_lines
    assert t.table.describe("power", {"card": "monk", "applied": True, "changed": [], "source": 0}) == \
        "Monk: copies Pat's value"
    assert death_lines.round_end_line(t.table, {"round": 2, "losers": [0]}) == "Round 2: Pat has the lowest card"
    assert t.table.describe("stand", {"seat": 0}) == "Pat stands"
    assert t.table.describe("tokens", {"seat": 0, "n": 1, "tokens": 1}) == "Pat takes 1 token"
    assert t.table.describe("game_over", {"winners": [0, 1]}) == "Pat and Ada share the win!"
    assert t.table.describe("game_over", {"winners": [0]}) == "Pat wins!"


def test_death_lines_for_you_and_for_a_named_seat(death_you):
    t = death_you
    d = t.table.describe
    assert d("deal", {"dealer": 0, "round": 2}) == "Round 2: You deal"
    assert d("deal", {"dealer": 1, "round": 2}) == "Round 2: Ada deals"
    assert d("stand", {"seat": 0}) == "You stand" and d("stand", {"seat": 1}) == "Ada stands"
    assert d("king", {"seat": 0}) == "You hold a King: face up"
    assert d("king", {"seat": 2}) == "Bram holds a King: face up"
    assert d("exchange", {"seat": 0, "target": 1}) == "You exchange cards with Ada"
    assert d("exchange", {"seat": 1, "target": 0}) == "Ada exchanges cards with you"
    assert d("exchange", {"seat": 1, "target": 2}) == "Ada exchanges cards with Bram"
    assert d("thief", {"seat": 1, "target": 0, "card": "thief"}) == "Ada shows the Thief and looks at your card"
    assert d("thief", {"seat": 0, "target": 2, "card": "thief"}) == "You show the Thief and look at Bram's card"
    assert d("dragon", {"seat": 0, "target": 1, "card": "dragon", "discarded": "bard"}) == \
        "Your Dragon burns Ada's Bard"
    assert d("dragon", {"seat": 1, "target": 0, "card": "dragon", "discarded": "bard"}) == \
        "Ada's Dragon burns your Bard"
    assert d("tokens", {"seat": 0, "n": 1, "tokens": 1}) == "You take 1 token"
    assert d("tokens", {"seat": 2, "n": 3, "tokens": 3}) == "Bram takes 3 tokens"
    assert d("tokens", {"seat": 0, "n": -2, "tokens": 1}) == "You lose 2 tokens"
    assert d("tokens", {"seat": 2, "n": -1, "tokens": 1}) == "Bram loses 1 token"
    assert d("eliminated", {"seat": 0}) == "You are out!" and d("eliminated", {"seat": 1}) == "Ada is out!"
    assert d("king_return", {"seat": 0, "tokens": 0}) == "You return a token (King)"


def test_win_lines_say_who_shares_the_win(death_you):
    t = death_you
    assert t.win_line([0]) == "You win!"
    assert t.win_line([2]) == "Bram wins!"
    assert t.win_line([1, 2]) == "Ada and Bram share the win!"
    assert t.win_line([0, 2]) == "You and Bram share the win!"
    assert t.win_line([1, 2, 3]) == "Ada, Bram and Cleo share the win!"
    assert t.win_line([0, 2, 3]) == "You, Bram and Cleo share the win!"


def test_undo_counts_moves_with_ngettext(harness):
    t = _table(harness, "masterbluff", [SeatSpec("Pat", "human"), SeatSpec("Ada", "ai"), SeatSpec("Bram", "ai")])
    t.undo_refusal = lambda: None
    for n, line in ((1, "Undo: 1 move taken back"), (5, "Undo: 5 moves taken back")):
        t.match.undo = lambda viewer, n=n: n
        t.undo()
        assert t.table_log.lines[-1] == line


def test_masterbluff_lines_for_you_and_for_a_named_seat(harness):
    t = _table(harness, "masterbluff", [SeatSpec("Pat", "human"), SeatSpec("Ada", "ai"), SeatSpec("Bram", "ai")])
    from game.app.games.masterbluff import fam_title
    from game.rules.masterbluff import FAMILIES

    fam = FAMILIES[0]
    f = fam_title(fam)
    d = t.table.describe
    assert d("discard", {"seat": 0, "n": 2, "family": fam}) == f"You declare 2 × {f}"
    assert d("discard", {"seat": 1, "n": 1, "family": fam}) == f"Ada declares 1 × {f}"
    assert d("call", {"caller": 1, "declarer": 0}) == "Ada calls Bluff! on you"
    assert d("call", {"caller": 0, "declarer": 2}) == "You call Bluff! on Bram"
    assert d("pickup", {"seat": 0, "n": 1}) == "You take the pile (1 card)"
    assert d("pickup", {"seat": 2, "n": 5}) == "Bram takes the pile (5 cards)"
    assert d("out", {"seat": 0}) == "You have no cards left!"
    assert d("out", {"seat": 1}) == "Ada has no cards left!"
    assert d("game_over", {"winners": [0]}) == "You win!"
    assert d("game_over", {"winners": [1]}) == "Ada wins!"


def test_ktm_deal_again_is_a_whole_sentence(harness):
    t = _table(harness, "ktm", [SeatSpec("Pat", "human"), SeatSpec("Ada", "ai"), SeatSpec("Bram", "ai")])
    assert t.table.describe("deal", {"deal": 2, "cards": [], "king": None}) == \
        "A card to each player again (deal 2): the King starts"
    assert t.table.describe("game_over", {"winners": [1, 2]}) == "Ada and Bram share the win!"


def test_a_resumed_game_counts_its_moves_with_ngettext(harness):
    m = Match("death", [SeatSpec("Pat", "human"), SeatSpec("Ada", "ai"), SeatSpec("Bram", "ai")], seed=3)
    m.submit(list(m.legal(m.to_act()[0]))[0])
    harness.start(match=m)
    # issue 25: "Resumed: 8 moves so far." read as the person's own moves; it says where the game
    # stands and that every player's moves are counted
    assert harness.table.table_log.lines[-1] == "Resumed at Round 1 of 9, after 1 move by all players."


def test_a_resumed_game_without_rounds_counts_every_players_moves(harness):
    m = Match("masterbluff", [SeatSpec("Pat", "human"), SeatSpec("Ada", "ai"), SeatSpec("Bram", "ai")], seed=3)
    for _k in range(8):
        m.submit(list(m.legal(m.to_act()[0]))[0])
    harness.start(match=m)
    assert harness.table.table_log.lines[-1] == "Resumed after 8 moves by all players."


def test_court_lines_are_whole_sentences_for_you_and_for_a_name(harness):
    """Fireball Court's log: no glued verb ("You plays", "Bram lay") and no "Your"/"Bram's"
    glued onto a phrase: one sentence for you, one for a named seat."""
    t = _table(harness, "court", [SeatSpec("Pat", "human"), SeatSpec("Ada", "ai", "random")])
    d = t.table.describe
    assert d("start", {"seat": 0}) == "You play first"
    assert d("start", {"seat": 1}) == "Ada plays first"
    lay, cap = d("lay", {"seat": 1, "card": "3r"}), d("capture", {"seat": 0, "card": "3r"})
    assert lay.startswith("Ada lays ") and lay != "Ada lays "
    assert cap.startswith("You capture the stack with ") and cap != "You capture the stack with "
    assert d("sweep", {"seat": 0}) == "Your Fireball sweeps the Court!"
    assert d("sweep", {"seat": 1}) == "Ada's Fireball sweeps the Court!"
    assert d("leftovers", {"seat": 0}) == "The Court's leftovers go to you"
    assert d("raven_steal", {"seat": 1, "n": 1}) == "Ada's ravens steal 1 coin"
    assert d("raven_steal", {"seat": 0, "n": 3}) == "Your ravens steal 3 coins"
    assert d("game_over", {"winners": [1]}) == "Ada wins!"
    assert d("game_over", {"winners": [0]}) == "You win!"
