"""The "why?" line (game.ai.why): exact lines for typical moves of each game, made from
explicit positions; every seat reads the same line (public facts only, a planted leak is
caught); the explainers never fail over seeded games."""
from __future__ import annotations

import gettext
from dataclasses import replace

import pytest

from game.ai.why import EXPLAINERS, explain
from game.core import i18n, registry
from game.core.rules import GameConfig
from why_helpers import compared_worlds, moves_of_play, privacy_problems

#: the player count each game's seeded checks use; every registered game is checked (one missing
#: here fails with a KeyError)
PLAYERS = {"masterbluff": 4, "court": 2, "death": 4, "ktm": 4, "bossquest": 3}
GAMES = tuple((game, PLAYERS[game]) for game in registry.ids())


def first_obs(game: str, players: int, seat=0, seed: int = 1):
    rules = registry.get(game)
    return rules.observe(rules.new_game(GameConfig(players, {}), seed=seed), seat)


# -- MasterBluff ----------------------------------------------------------------------------
from game.rules.masterbluff import FAMILY_INDEX, LastPlay, Record  # noqa: E402

ELF, OGRE, WIZARD = FAMILY_INDEX["elf"], FAMILY_INDEX["ogre"], FAMILY_INDEX["wizard"]


def mb(history=(), **kw):
    obs = first_obs("masterbluff", 4)
    return replace(obs, history=tuple(history), **kw)


def elves_claimed():
    """Three discards of 3 declared Elves, the last one open to calls."""
    return [Record("discard", 0, n=3, family=ELF), Record("nocall", 0),
            Record("discard", 1, n=3, family=ELF), Record("nocall", 1),
            Record("discard", 2, n=3, family=ELF)]


def test_masterbluff_call_on_too_many_claimed():
    h = elves_claimed()
    before = mb(h, phase="respond", last=LastPlay(2, 3, ELF, False), pile_size=9, in_force=ELF)
    after = mb(h + [Record("call", 3, n=9, family=ELF, target=2, truthful=False, revealed=(0, 0, 1, 2, 0, 0),
                           taker=2)], pile_size=0)
    assert EXPLAINERS["masterbluff"](3, before, after) == "Called Bluff: 6 Elves claimed or seen, 3 more is too many"


def test_masterbluff_call_on_a_player_caught_before_and_a_big_pile_pass():
    h = [Record("discard", 1, n=2, family=OGRE),
         Record("call", 0, n=2, family=OGRE, target=1, truthful=False, revealed=(1, 0, 0, 1, 0, 0), taker=1),
         Record("discard", 1, n=2, family=WIZARD)]
    before = mb(h, phase="respond", last=LastPlay(1, 2, WIZARD, False), pile_size=5, in_force=None,
                hand_sizes=(12, 10, 12, 12))
    after = mb(h + [Record("call", 2, n=5, family=WIZARD, target=1, truthful=True, revealed=(2, 0, 0, 0, 0, 0),
                           taker=2)])
    assert EXPLAINERS["masterbluff"](2, before, after) == "Called Bluff: this player was caught bluffing before"

    # Bluff! answers are secret until the window closes: a pass has a line once it is public
    fn = EXPLAINERS["masterbluff"]
    window = replace(before, responders=(2, 3, 0))
    closed = mb(h + [Record("nocall", 1)])
    assert fn(0, replace(window, pile_size=11), closed) == "Passed: a wrong call would take 11 cards"
    assert fn(0, window, closed) == "Passed: 2 Wizards is easy to believe"
    assert fn(3, window, window) is None                  # still open: the answer is secret
    called = mb(h + [Record("call", 3, n=5, family=WIZARD, target=1, truthful=True,
                            revealed=(2, 0, 0, 0, 0, 0), taker=3)])
    assert fn(2, window, called) == "Passed: 2 Wizards is easy to believe"   # ahead of the caller
    assert fn(0, window, called) is None                  # after the caller: unknown


def test_masterbluff_declarations():
    fn = EXPLAINERS["masterbluff"]
    before = mb([], phase="discard", in_force=None, hand_sizes=(12, 12, 12, 12))
    after = mb([Record("discard", 0, n=2, family=WIZARD)], hand_sizes=(10, 12, 12, 12))
    assert fn(0, before, after) == "Declared 2 Wizards: a fresh start, any family goes"
    before = replace(before, in_force=ELF)
    after = mb([Record("discard", 0, n=1, family=OGRE, token=True)], hand_sizes=(11, 12, 12, 12))
    assert fn(0, before, after) == "Used the exchange token: Ogre is now in force"
    after = mb([Record("discard", 0, n=5, family=ELF)], hand_sizes=(7, 12, 12, 12))
    assert fn(0, before, after) == "Declared 5 Elves: a big discard to shed cards"
    after = mb([Record("discard", 0, n=3, family=ELF)], hand_sizes=(9, 12, 12, 12))
    assert fn(0, before, after) == "Declared 3 Elves: keeping to the family in force"
    before = replace(before, hand_sizes=(2, 12, 12, 12))
    after = mb([Record("discard", 0, n=2, family=ELF)], hand_sizes=(0, 12, 12, 12))
    assert fn(0, before, after) == "Declared 2 Elves: the last cards, out if nobody calls"


# -- Fireball Court ------------------------------------------------------------------------
from game.rules.court import CARD_INDEX as CI  # noqa: E402


def court(court_=(), captures=((), ()), **kw):
    obs = first_obs("court", 2)
    return replace(obs, court=tuple(tuple(CI[c] for c in s) for s in court_),
                   captures=tuple(tuple(CI[c] for c in cap) for cap in captures), **kw)


def test_court_captures_and_lays():
    fn = EXPLAINERS["court"]
    before = court([["7c1"], ["king2"], ["3c1", "3c2"]], [["king1"], []])
    after = court([["king2"], ["3c1", "3c2"]], [["king1", "7c1", "7r"], []])
    assert fn(0, before, after) == "Captured the 7 stack: a raven and 1 coin"
    after = court([["7c1"], ["3c1", "3c2"]], [["king1", "king2", "king3"], []])
    assert fn(0, before, after) == "Captured the King stack: a set of 3 scores 5"
    after = court([["7c1"], ["king2"]], [["king1", "3c1", "3c2", "3c3"], []])
    assert fn(0, before, after) == "Captured the 3 stack: 3 coins"
    after = court([], [["king1", "7c1", "king2", "3c1", "3c2", "fireball1"], []])
    assert fn(0, before, after) == "Fireball: swept 4 cards from the Court"
    after = court([["7c1"], ["king2"], ["3c1", "3c2"], ["8c2"]], [["king1"], []])
    assert fn(0, before, after) == "Laid 8 with a coin: no 8 stack to capture"
    assert fn(1, court(), court([], [[], ["fireball2"]])) == "Played a Fireball: the Court was empty"


def test_court_last_card_of_a_round_has_no_line():
    before = court([["7c1"]], [[], []])
    assert EXPLAINERS["court"](0, before, replace(court(), round=before.round + 1)) is None


# -- Death over the Kingdom -----------------------------------------------------------------
from game.rules.death import DEATH, INNKEEPER, KING, QUEEN, TRADER, Record as DRec  # noqa: E402


def death(log=(), **kw):
    obs = first_obs("death", 4, seat=None)
    return replace(obs, log=tuple(log), **kw)


def test_death_moves():
    fn = EXPLAINERS["death"]
    before = death()
    s = before.order[0]
    assert fn(s, before, death([DRec("exchange", s, target=before.order[1])])) == \
        "Exchanged with the next player: hoping for a better card"
    assert fn(s, before, death([DRec("dragon", s, target=before.order[1], card=QUEEN)])) == \
        "Dragon burned the next player's Queen"
    burned = [DRec("dragon", s, target=before.order[1], card=QUEEN), DRec("king", before.order[1], card=KING)]
    assert fn(s, before, death(burned)) == "Dragon: the next player lost their card and drew a King"
    assert fn(s, before, death([DRec("trader", s, card=TRADER), DRec("king", s, card=KING)])) == \
        "Traded the Trader for the top card: a King!"
    up = tuple(x == s for x in range(4))
    cards = tuple(KING if x == s else None for x in range(4))
    king = death(face_up=up, cards=cards)
    assert fn(s, king, death([DRec("stand", s)], face_up=up, cards=cards)) == "Stood: a King can only stand"


def test_death_stand_lines_give_public_facts_and_never_the_kept_cards_worth():
    """A stand's line varies with the public table (the next player's face-up card, a card just
    given, the low cards still unseen) and is the same whatever the stander holds."""
    fn = EXPLAINERS["death"]
    before = death()
    s, nxt = before.order[0], before.order[1]
    stand = [DRec("stand", s)]
    # nothing shown yet: where the seat sits and what the players before did
    assert fn(s, before, death(stand)) == "Stood: the first to play, nothing shown yet"
    s2, s3 = before.order[1], before.order[2]
    one = death([DRec("stand", s)])
    assert fn(s2, one, death(one.log + (DRec("stand", s2),))) == "Stood, as the player before did"
    two = death([DRec("stand", s), DRec("stand", s2)])
    assert fn(s3, two, death(two.log + (DRec("stand", s3),))) == "Stood, as both players before did"   # issue 25
    s4 = before.order[3]
    three = death([DRec("stand", s), DRec("stand", s2), DRec("stand", s3)])
    assert fn(s4, three, death(three.log + (DRec("stand", s4),))) == "Stood, as all 3 players before did"
    swapped = death([DRec("exchange", s, target=s2), DRec("stand", s2)])
    assert fn(s3, swapped, death(swapped.log + (DRec("stand", s3),))) == "Stood: nothing has been shown this round"
    # once cards were shown: the low cards among those still unseen (8 low of the 26 at first)
    low = death(discard=(DEATH, DEATH, INNKEEPER, INNKEEPER, TRADER, TRADER))
    assert fn(s, low, death(stand, discard=low.discard)) == "Stood: 2 of the 20 unseen cards are low"
    # the next player's card is face up: that card, not a guess at the stander's own
    up = tuple(x == nxt for x in range(4))
    shown = death(face_up=up, cards=tuple(QUEEN if x == nxt else None for x in range(4)))
    assert fn(s, shown, death(stand, face_up=up, cards=shown.cards)) == \
        "Stood rather than take the next player's Queen"
    # a card just given in an exchange
    given = death([DRec("exchange", before.order[3], target=s)])
    assert fn(s, given, death(given.log + tuple(stand))) == \
        "Stood: kept the card the player before gave them in an exchange"     # issue 25: what gave it
    bard = death([DRec("bard", before.order[3], target=s)])
    assert fn(s, bard, death(bard.log + tuple(stand))) == "Stood: kept the card the Bard just swapped onto them"
    thief = death([DRec("thief_swap", before.order[3], target=s)])
    assert fn(s, thief, death(thief.log + tuple(stand))) == "Stood: kept the card the Thief just swapped onto them"
    # whatever the stander holds (its own view, the spectator's, any card): the same line
    for card in (DEATH, QUEEN, KING):
        own = replace(before, seat=s, hand=card, cards=tuple(card if x == s else None for x in range(4)))
        assert fn(s, own, replace(own, log=tuple(stand))) == "Stood: the first to play, nothing shown yet"
        seen = replace(own, discard=low.discard)
        assert fn(s, seen, replace(seen, log=tuple(stand))) == "Stood: 2 of the 20 unseen cards are low"


def test_death_dealer_move_ends_the_round_and_has_no_line():
    before = death()
    after = replace(death(), round=before.round + 1)
    assert EXPLAINERS["death"](before.dealer, before, after) is None


# -- King Thief Minister --------------------------------------------------------------------
from game.rules.ktm import CHALLENGE, KING as KKING, THIEF as KTHIEF, TURN, Rec  # noqa: E402


def ktm(history=(), **kw):
    obs = first_obs("ktm", 4, seat=None)
    return replace(obs, history=tuple(history), **kw)


def test_ktm_claims_challenges_and_passes():
    fn = EXPLAINERS["ktm"]
    own = ktm().owned
    start = [Rec("deal", cards=(0, 1, 2, 3)), Rec("start", seat=0)]
    claim = Rec("claim", seat=0, spot=own[0], character=KKING)
    before = ktm(start, phase=TURN)
    assert fn(0, before, ktm(start + [claim])) == "Claimed the King without having seen their card"
    looked = start + [Rec("look", seat=0, spot=own[0])]
    assert fn(0, ktm(looked), ktm(looked + [claim])) == "Claimed the King: they have seen their own card"
    # the cards moved after the look: the claimant cannot know its card now
    moved = looked + [Rec("move", seat=1, shift=1)]
    window = ktm(moved + [claim], phase=CHALLENGE, claimant=0, claim=KKING)
    challenge = Rec("challenge", seat=0, other=2, spot=own[0], character=KKING, truth=False)
    assert fn(2, window, ktm(moved + [claim, challenge])) == "Challenged: the claimant has not seen their own card"
    # a seat that peeked at that spot challenges because it saw the card
    peeked = start + [Rec("peek", seat=3, spot=own[0]), claim]
    window = ktm(peeked, phase=CHALLENGE, claimant=0, claim=KKING)
    challenge = replace(challenge, other=3)
    assert fn(3, window, ktm(peeked + [challenge])) == "Challenged: they had seen the card in that spot"
    # the window closes with nobody challenging: the last answer was a pass
    window = ktm(looked + [claim], phase=CHALLENGE, claimant=0, claim=KKING)
    assert fn(1, window, ktm(looked + [claim], phase="ministers")) == \
        "Let the claim stand: the claimant has seen their card"
    # a pass in a window still open is secret: no line
    assert fn(3, window, window) is None
    # a challenge closes the window: the seats ahead of the challenger in priority passed
    window = replace(window, responders=(3, 2, 1))
    challenge = Rec("challenge", seat=0, other=2, spot=own[0], character=KKING, truth=True)
    after = ktm(looked + [claim, challenge])
    assert fn(3, window, after) == "Let the claim stand: the claimant has seen their card"
    assert fn(1, window, after) is None


def test_ktm_moves_and_looks():
    fn = EXPLAINERS["ktm"]
    own = ktm().owned
    start = [Rec("deal", cards=(0, 1, 2, 3)), Rec("start", seat=0)]
    assert fn(0, ktm(start), ktm(start + [Rec("look", seat=0, spot=own[0])])) == \
        "Looked at their own card for the first time"
    looked = start + [Rec("look", seat=1, spot=own[1])]
    assert fn(0, ktm(looked), ktm(looked + [Rec("move", seat=0, shift=3)])) == \
        "Moved the cards: 1 player no longer knows their card"
    came = start + [Rec("peek", seat=0, spot=(own[0] - 1) % 6)]
    assert fn(0, ktm(came), ktm(came + [Rec("move", seat=0, shift=1)])) == \
        "Moved the cards: they have seen the one now in their spot"
    shown = start + [Rec("peasant", seat=2, spot=own[1], card=KTHIEF)]
    ex = Rec("execute", seat=0, other=1, spot=own[1], character=KTHIEF, truth=True)
    assert fn(0, ktm(shown), ktm(shown + [ex])) == "Executioner named the Thief: everyone knew it was there"


# -- Boss Quest ------------------------------------------------------------------------------
from game.rules.bossquest import SPELL_INDEX, WEAPON_INDEX as WI, Active  # noqa: E402


def bq(**kw):
    obs = first_obs("bossquest", 3, seat=None)
    return replace(obs, **kw)


def test_bossquest_equips():
    fn = EXPLAINERS["bossquest"]
    before = bq(boss_hp=20, face_up=((WI["red5"],), (), ()), status=("equip",) * 3, over=(False,) * 3)
    after = replace(before, face_up=((WI["red5"], WI["blue2"], WI["green1"]), (), ()))
    # the count is chosen (and said) before the weapons come: the gap it was chosen at, said so
    assert fn(0, before, after) == "Took 2 weapons when face-up weapons were 15 short of the HP"
    before = replace(before, face_up=((WI["red5"], WI["red7"], WI["blue2"]), (), ()))
    after = replace(before, face_up=(before.face_up[0] + (WI["green1"],), (), ()))
    assert fn(0, before, after) == "Took 1 weapon, a risk: face-up weapons were only 6 short"
    after = replace(after, over=(True, False, False))
    assert fn(0, before, after) == "Took 1 weapon at 6 short and went bust"


def test_bossquest_magician():
    fn = EXPLAINERS["bossquest"]
    up2, key = SPELL_INDEX["power_up2"], SPELL_INDEX["extra_key"]
    before = bq(status=("equip",) * 3, magician=(-1, up2, key, None), active=(), spell_discard=(),
                over=(False,) * 3)
    after = replace(before, status=("magician", "equip", "equip"), magician=(-1, None, key, None),
                    active=(Active(up2, 0, 0),))
    assert fn(0, before, after) == "Cast Strength +2 on their own knight: closer to the HP"
    after = replace(after, active=(Active(up2, 1, 0),))
    assert fn(0, before, after) == "Cast Strength +2 on a rival: to make them go bust"
    after = replace(before, status=("magician", "equip", "equip"), magician=(-1, up2, None, None),
                    spell_discard=(key,))
    assert fn(0, before, after) == "Discarded Extra key: none of the others gets it"
    after = replace(before, status=("magician", "equip", "equip"), magician=(None, up2, key, None),
                    phase="aim", aim=(0, SPELL_INDEX["cancel"]))
    assert fn(0, before, after) == "Took the mystery spell unseen: it is Cancel"
    empty = replace(before, magician=(None, None, None, None))
    assert fn(0, empty, replace(empty, status=("magician", "equip", "equip"))) == \
        "Waited at the Magician: no spell was left"


# -- every game: public only, never failing ---------------------------------------------------
def seeded_moves(game: str, players: int, at_least: int = 200, levels=("normal", "random"), first_seed: int = 3,
                 any_order: bool = True):
    """The moves of seeded AI games, one game after another until there are ``at_least``
    (window answers in a random order, so that some answers stay secret for a while)."""
    out, seed = [], first_seed
    while len(out) < at_least:
        out += list(moves_of_play(game, seed, players, levels, 400, any_order=any_order))
        seed += 1
    return out


#: what a line may start with for each kind of move: a line never says a seat did what it did not
OPENINGS = {
    "masterbluff": {"call": ("Called Bluff:",), "pass": ("Passed",), "discard": ("Declared", "Used the exchange")},
    "court": {"play": ("Captured", "Fireball", "Laid", "Played a Fireball")},
    "death": {"stand": ("Stood", "Kept"), "exchange": ("Exchanged",), "cut": ("Cut",), "trader": ("Traded",),
              "thief": ("Thief: looked",), "thief_swap": ("Thief: took",), "thief_keep": ("Thief: kept",),
              "bard": ("Bard",), "dragon": ("Dragon",)},
    "ktm": {"peek": (), "look": ("Looked",), "move": ("Moved",), "claim": ("Claimed",), "challenge": ("Challenged",),
            "pass": ("Let the claim", "Did not"), "claim_minister": ("Answered the King",),
            "minister": ("Minister",), "execute": ("Executioner",), "sheriff": ("Sheriff",), "name": ("Peasant",)},
    "bossquest": {"equip": ("Took ",), "activate": ("Cast", "Took the mystery", "Swapped", "Exchanged", "Cancelled",
                                                   "Used or discarded", "Stopped"),
                  "aim": ("Cast", "Swapped", "Exchanged", "Cancelled"),
                  "discard": ("Discarded", "Used or discarded", "Took the mystery", "Stopped"),
                  "wait": ("Waited", "Stopped")},
}


@pytest.mark.parametrize("game,players", GAMES + (("masterbluff", 5), ("ktm", 6)))
def test_a_line_never_says_a_seat_did_what_it_did_not(game, players):
    rules = registry.get(game)
    for before, seat, action, after in seeded_moves(game, players, at_least=300):
        for v in (seat, None):
            line = EXPLAINERS[game](seat, rules.observe(before, v), rules.observe(after, v))
            assert line is None or line.startswith(OPENINGS[game][action.kind]), (action, line)


@pytest.mark.parametrize("game,players", GAMES)
def test_every_viewer_reads_the_same_line_whatever_the_hidden_cards(game, players):
    moves = seeded_moves(game, players)
    assert privacy_problems(game, EXPLAINERS[game], moves) == []
    assert compared_worlds(game, moves) > 50          # the re-dealt worlds are really compared


def _hidden(obs):
    """A field only the viewer knows (its hand, its strength, the cards it alone saw)."""
    if hasattr(obs, "history") and not hasattr(obs, "hand"):          # King Thief Minister
        return sum(1 for r in obs.history if getattr(r, "card", None) is not None and r.to is not None)
    if hasattr(obs, "strength"):                                       # Boss Quest
        return obs.strength
    return obs.hand


@pytest.mark.parametrize("game,players", GAMES)
def test_a_planted_leak_is_caught(game, players):
    fn = EXPLAINERS[game]

    def leaky(seat, before, after):
        return f"{fn(seat, before, after)} {_hidden(before)}"

    assert privacy_problems(game, leaky, seeded_moves(game, players, at_least=60))


@pytest.mark.parametrize("game,players", GAMES + (("ktm", 6), ("death", 6), ("masterbluff", 3)))
def test_explainers_never_fail_and_lines_are_short(game, players):
    rules = registry.get(game)
    fn = EXPLAINERS[game]
    said = 0
    moves = seeded_moves(game, players, at_least=300, levels=("normal",), first_seed=11)
    for before, seat, _action, after in moves:
        for v in (seat, None):
            line = fn(seat, rules.observe(before, v), rules.observe(after, v))
            assert line is None or (isinstance(line, str) and 0 < len(line) <= 70), line
            said += line is not None
            assert explain(game, seat, rules.observe(before, v), rules.observe(after, v)) == line
    assert said > len(moves) // 2          # most moves have something to say


class Marking(gettext.NullTranslations):
    def gettext(self, message):
        return f"<{message}>"

    def ngettext(self, singular, plural, n):
        return f"<{singular if n == 1 else plural}>"


@pytest.mark.parametrize("game,players", GAMES)
def test_lines_are_whole_translated_sentences(game, players, monkeypatch):
    monkeypatch.setattr(i18n, "_translation", Marking())
    rules = registry.get(game)
    for before, seat, _action, after in seeded_moves(game, players, at_least=100, levels=("normal",)):
        line = EXPLAINERS[game](seat, rules.observe(before, None), rules.observe(after, None))
        assert line is None or (line.startswith("<") and line.endswith(">")), line


def test_names_in_lines_are_translated(monkeypatch):
    monkeypatch.setattr(i18n, "_translation", Marking())
    test = replace(mb(elves_claimed()), phase="respond", last=LastPlay(2, 3, ELF, False))
    after = mb(elves_claimed() + [Record("call", 3, n=9, family=ELF, target=2, truthful=False,
                                         revealed=(0, 0, 1, 2, 0, 0), taker=2)])
    assert EXPLAINERS["masterbluff"](3, test, after) == "<Called Bluff: <6 Elves> claimed or seen, 3 more is too many>"
    before = court([["king2"]], [[], []])
    after = court([], [["king2", "king3"], []])
    assert EXPLAINERS["court"](0, before, after) == "<Captured the <King> stack: a set of 2 scores 2>"


def test_explain_is_quiet_on_an_unknown_game_and_on_a_failure():
    assert explain("chess", 0, None, None) is None
    assert explain("masterbluff", 0, None, None) is None        # a broken call gives no line
    with pytest.raises(Exception):
        EXPLAINERS["masterbluff"](0, None, None)


def test_ktm_challenge_of_a_character_claimed_for_another_spot():
    own = ktm().owned
    start = [Rec("deal", cards=(0, 1, 2, 3)), Rec("start", seat=0)]
    h = start + [Rec("claim", seat=1, spot=own[1], character=KKING), Rec("claim", seat=0, spot=own[0], character=KKING)]
    window = ktm(h, phase=CHALLENGE, claimant=0, claim=KKING)
    challenge = Rec("challenge", seat=0, other=2, spot=own[0], character=KKING, truth=False)
    assert EXPLAINERS["ktm"](2, window, ktm(h + [challenge])) == "Challenged: the King was claimed for another spot"
    # the claimed card follows the move: here it comes to the claimant's spot, no contradiction
    assert (own[1] - 1) % 6 == own[0]
    h = start + [Rec("claim", seat=1, spot=own[1], character=KKING), Rec("move", seat=3, shift=-1),
                 Rec("claim", seat=0, spot=own[0], character=KKING)]
    window = ktm(h, phase=CHALLENGE, claimant=0, claim=KKING)
    assert EXPLAINERS["ktm"](2, window, ktm(h + [challenge])) == "Challenged: the claimant has not seen their own card"


def test_ktm_several_minister_claimants_see_each_others_cards_and_nobody_else_does():
    """Play-test: two seats claimed the Minister after a King; the lines then said a seat that had
    not claimed "has seen" the cards the claimants showed each other (a bluff read as a true
    claim).  Only the other claimants see a claimant's card (the record's ``to``)."""
    from game.rules.ktm import ACT, MINISTER as KMINISTER

    fn = EXPLAINERS["ktm"]
    own = ktm().owned                                          # 4 players: spots 0, 1, 3, 4
    start = [Rec("deal", cards=(0, 1, 2, 3)), Rec("start", seat=0)]
    h = start + [Rec("claim", seat=0, spot=own[0], character=KKING),
                 Rec("minister_claims", seat=0, names=(2, 3)),
                 Rec("minister_check", seat=2, spot=own[2], character=KMINISTER, truth=False, to=(3,)),
                 Rec("minister_check", seat=3, spot=own[3], character=KMINISTER, truth=False, to=(2,)),
                 Rec("move", seat=2, shift=-1), Rec("move", seat=3, shift=-1)]
    assert (own[2] - 2) % 6 == own[1]                          # seat 2's card is now in seat 1's spot
    claim = Rec("claim", seat=1, spot=own[1], character=KTHIEF)
    assert fn(1, ktm(h, phase=TURN), ktm(h + [claim])) == "Claimed the Thief without having seen their card"
    window = ktm(h + [claim], phase=CHALLENGE, claimant=1, claim=KTHIEF)
    assert fn(0, window, ktm(h + [claim], phase=ACT)) == "Let the claim stand: a wrong challenge costs a coin"
    # seat 3, the other claimant, did see that card, and seat 0 (the King) saw none of them
    challenge = Rec("challenge", seat=1, other=3, spot=own[1], character=KTHIEF, truth=False)
    assert fn(3, window, ktm(h + [claim, challenge])) == "Challenged: they had seen the card in that spot"
    challenge = replace(challenge, other=0)
    assert fn(0, window, ktm(h + [claim, challenge])) == "Challenged: the claimant has not seen their own card"


def _sentences(module: str) -> list[str]:
    """Every sentence a why module passes to ``_`` or ``ngettext``."""
    import ast
    from pathlib import Path

    src = Path(__file__).resolve().parents[1] / "game" / "ai" / f"{module}.py"
    out = []
    for node in ast.walk(ast.parse(src.read_text())):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") in ("_", "ngettext"):
            out += [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
    return out


@pytest.mark.parametrize("module", ["why_masterbluff", "why_court", "why_death", "why_ktm", "why_bossquest"])
def test_lines_speak_of_a_seat_as_a_person_never_as_it(module):
    """The seats are named people and AIs: "their card", "they have seen", never "its card" or
    "it has seen" (an "it" may stand for a card or a claim)."""
    import re

    said = _sentences(module)
    assert len(said) >= 5
    bad = [s for s in said if re.search(r"\b(its|itself)\b|\bit (has|had|was just)\b", s)]
    assert bad == []


def test_a_window_closed_by_another_seat_speaks_of_the_secret_caller():
    """A Bluff! call (or a KTM challenge) made while a seat ahead had not answered yet is
    secret; the answer that closes the window makes it public.  The line is then the caller's,
    when the caller is an AI, whoever closed the window (a person too)."""
    from game.ai.why import explain_move

    h = elves_claimed()
    window = mb(h, phase="respond", last=LastPlay(2, 3, ELF, False), pile_size=9, in_force=ELF,
                responders=(0, 3, 1))
    after = mb(h + [Record("call", 3, n=9, family=ELF, target=2, truthful=False, revealed=(0, 0, 1, 2, 0, 0),
                           taker=2)], pile_size=0)
    call = "Called Bluff: 6 Elves claimed or seen, 3 more is too many"
    assert explain_move("masterbluff", 0, window, after, {1, 2, 3}) == (3, call)       # a person closed it
    assert explain_move("masterbluff", 0, window, after, {0, 1, 2, 3}) == (3, call)    # an AI ahead passed
    assert explain_move("masterbluff", 3, window, after, {1, 2, 3}) == (3, call)       # the caller itself
    assert explain_move("masterbluff", 0, window, after, {1, 2}) is None               # a person called
    # KTM: seat 2's challenge, made before seat 3 (ahead in priority) passed
    own = ktm().owned
    looked = [Rec("deal", cards=(0, 1, 2, 3)), Rec("start", seat=0), Rec("look", seat=0, spot=own[0]),
              Rec("claim", seat=0, spot=own[0], character=KKING)]
    kw = ktm(looked, phase=CHALLENGE, claimant=0, claim=KKING, responders=(3, 2, 1))
    challenge = Rec("challenge", seat=0, other=2, spot=own[0], character=KKING, truth=True)
    got = explain_move("ktm", 3, kw, ktm(looked + [challenge]), {1, 2})
    assert got == (2, "Challenged: the King's 3 coins are worth the risk")
