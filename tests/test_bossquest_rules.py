"""Scenario tests for every Boss Quest rule (seed 003 + RULINGS.md section 4).

Deals come from explicit decks (tests/bossquest_helpers.py).  Without an ``armorer``
option the Armorer is the last seat, so with three players the turn order is 0, 1, 2.
The Magician's row is slot 0 (the face-down mystery spell) then slots 1..players.
"""
import json
from collections import Counter
from dataclasses import replace

import pytest

from game.core.actions import Action, BadConfig, IllegalAction, NotYourTurn, events_for
from game.core.rng import Rng
from game.core.rules import GameConfig
from bossquest_helpers import (B, RULES, SPELL_NAMES, all_of, bossquest_variants, first, kinds, new, run,
                               w, weapons)
from event_helpers import random_game_events

S = B.SPELL_INDEX


def sp(name):
    return S[name]


def refused(state, action, match):
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(state, action)


def slot_of(state, name):
    return next(k for k, c in enumerate(state.row) if k != B.MYSTERY_SLOT and c == S[name])


def cast(state, name, **choice):
    """The seat to act activates the face-up spell ``name``."""
    return run(state, B.activate(state.turn, slot_of(state, name), **choice))


def leave(state):
    """The seat to act goes to the Magician and discards a face-up spell (the first left),
    or the mystery when nothing else is left."""
    slots = [k for k, c in enumerate(state.row) if c is not None]
    k = next((k for k in slots if k != B.MYSTERY_SLOT), slots[0])
    return run(state, B.discard(state.turn, k))


def finish(state):
    """Everyone still equipping goes to the Magician (discarding): the round is fought."""
    r = state.round
    events = []
    while not state.over and state.round == r:
        state, ev = leave(state)
        events += ev
    return state, events


def last(events, kind):
    return [e for e in events if e.kind == kind][-1]


def result_of(state):
    return state.results[-1]


# a low table: seat s's default weapons add up to 3 + s
LOW = dict(hidden=["red1", "blue1", "green1"], face=["red2", "blue3", "green4"])


# --- the cards --------------------------------------------------------------------------------
def test_the_decks_as_data_35_weapons_10_bosses_29_spells_and_3_hearts():
    assert len(B.WEAPONS) == 35 and Counter(x.colour for x in B.WEAPONS) == {c: 7 for c in B.COLOURS}
    assert sorted(x.value for x in B.WEAPONS if x.colour == "red") == list(range(1, 8))
    assert B.BOSS_HPS == (14, 15, 16, 17, 18, 19, 20, 21, 22, 24)
    copies = {x.name: x.copies for x in B.SPELLS}
    assert sum(copies.values()) == 29 == B.N_SPELLS
    dark = {x.name for x in B.SPELLS if x.dark}
    assert dark == {"power_up1", "power_up2", "power_down1", "power_down2", "swap", "exchange"}
    assert all(copies[n] == 2 for n in dark)
    assert copies["cancel"] == copies["last_turn"] == 2
    assert [copies[f"need_{c}"] for c in B.COLOURS] == [1] * 5
    s = RULES.new_game(GameConfig(4), seed=3)
    census = RULES.card_census(s)
    assert all(census[n] == 1 for n in B.WEAPON_NAMES + B.BOSS_NAMES)
    assert all(census[n] == copies[n] for n in SPELL_NAMES)
    assert s.hearts == (3, 3, 3, 3) and s.keys == (0, 0, 0, 0)


# --- set-up ----------------------------------------------------------------------------------
def test_starting_equipment_one_hidden_and_one_face_up_weapon_dealt_from_the_armorers_left():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], deck=["blue7", "green1"])
    assert s.armorer == 2 and s.order == (0, 1, 2) and s.turn == 0
    assert s.hidden == w("red7", "blue2", "green3")
    assert s.face_up == (w("yellow4"), w("purple5"), w("red6"))
    assert s.deck[:2] == w("blue7", "green1") and len(s.deck) == 35 - 6
    assert s.boss == B.BOSS_INDEX["boss20"] and s.hp == 20
    ev = RULES.opening_events(s)
    dealt = all_of(ev, "weapon")
    assert [(e.data["seat"], e.data["card"], e.data["face_up"]) for e in dealt] == [
        (0, None, False), (1, None, False), (2, None, False),
        (0, "yellow4", True), (1, "purple5", True), (2, "red6", True)]
    assert all(e.to is None for e in dealt)
    hidden = all_of(ev, "hidden")
    assert [(e.to, e.data["card"]) for e in hidden] == [((0,), "red7"), ((1,), "blue2"), ((2,), "green3")]
    assert all(e.reveals is True for e in hidden)
    assert first(ev, "deal").data["order"] == [0, 1, 2] and first(ev, "turn").data["seat"] == 0
    # another Armorer: the deal and the turn start on its left
    s2 = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], armorer=0)
    assert s2.order == (1, 2, 0) and s2.turn == 1
    assert weapons(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], armorer=0)[:6] == [
        "blue2", "green3", "red7", "purple5", "red6", "yellow4"]
    assert s2.hidden == s.hidden and s2.face_up == s.face_up
    # a seed draws the first Armorer
    assert len({RULES.new_game(GameConfig(5), seed=k).armorer for k in range(20)}) > 2


def test_each_seat_sees_its_own_hidden_weapon_and_strength_and_only_the_face_up_ones_of_others():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"])
    for seat in range(3):
        o = RULES.observe(s, seat)
        assert o.hidden == tuple(s.hidden[seat] if k == seat else None for k in range(3))
        assert o.strength == s.strength(seat)
        assert o.face_up == s.face_up
    assert RULES.observe(s, 0).strength == 11 and RULES.observe(s, 1).strength == 7
    spec = RULES.observe(s, None)
    assert spec.hidden == (None, None, None) and spec.strength is None
    assert spec.magician[0] == B.MYSTERY and spec.magician[1:] == s.row[1:]
    assert json.loads(json.dumps(spec.to_json()))["boss_hp"] == 20


def test_bad_configurations_are_refused():
    with pytest.raises(BadConfig, match="2-5 players"):
        RULES.new_game(GameConfig(6), seed=1)
    with pytest.raises(BadConfig, match="armorer"):
        RULES.new_game(GameConfig(3, {"armorer": 3}), seed=1)
    with pytest.raises(BadConfig, match="29 cards"):
        RULES.new_game(GameConfig(3), deck={"spells": ["cancel"] * 29})
    with pytest.raises(BadConfig, match="unknown deck"):
        RULES.new_game(GameConfig(3), deck={"swords": []})
    with pytest.raises(BadConfig, match="seed"):
        RULES.new_game(GameConfig(3))


# --- equipping -------------------------------------------------------------------------------
def test_equip_takes_one_to_four_weapons_face_up_from_the_top_and_the_count_is_public():
    s = new(**LOW, deck=["red3", "red4", "red5", "yellow1", "yellow2"])
    s, ev = run(s, B.equip(0, 3))
    assert s.face_up[0] == w("red2", "red3", "red4", "red5") and s.deck[:2] == w("yellow1", "yellow2")
    assert first(ev, "equip").data["n"] == 3 and first(ev, "equip").to is None
    assert [e.data["card"] for e in all_of(ev, "weapon")] == ["red3", "red4", "red5"]
    assert s.turn == 1 and s.status[0] == "equip"
    refused(s, B.equip(1, 5), "1 to 4")
    refused(s, B.equip(1, 0), "1 to 4")
    with pytest.raises(NotYourTurn):
        RULES.apply(s, B.equip(0, 1))
    # seat 0 comes back round to equip again
    s, _ev = run(s, B.equip(1, 1), B.equip(2, 1), B.equip(0, 1))
    assert len(s.face_up[0]) == 5


def test_going_over_is_announced_and_forces_the_magician_on_the_next_turn():
    s = new(["red7", "blue1", "green1"], ["blue6", "red2", "green2"], deck=["green7", "yellow1"], boss="boss14")
    s, ev = run(s, B.equip(0, 1))                  # 13 + 7 = 20 > 14
    bust = first(ev, "bust")
    assert bust.data == {"seat": 0, "hp": 14} and bust.to is None
    assert RULES.observe(s, 1).over == (True, False, False)
    s, _ev = run(s, B.equip(1, 1), B.equip(2, 1))
    assert s.turn == 0
    assert last(_ev, "turn").data["forced"] == "over"
    assert {a.kind for a in RULES.legal_actions(s, 0)} == {"activate", "discard"}
    refused(s, B.equip(0, 1), "over the boss's HP")


def test_the_last_one_equipping_asks_one_last_time_then_must_go_to_the_magician():
    s = new(**LOW, deck=["red3", "red4", "red5", "yellow1", "yellow2"])
    s, _ev = run(s, B.equip(0, 1))                 # before being alone: does not count
    s, _ev = leave(s)                              # seat 1 to the Magician
    s, _ev = leave(s)                              # seat 2: seat 0 is now the last one equipping
    assert s.turn == 0 and last(_ev, "turn").data["lone"] is True and not s.lone_equipped
    assert B.equip(0, 2) in RULES.legal_actions(s, 0)
    s, ev = run(s, B.equip(0, 2))
    assert first(ev, "equip").data["lone"] is True and s.lone_equipped
    assert s.turn == 0 and first(ev, "turn").data["forced"] == "lone"
    refused(s, B.equip(0, 1), "last one equipping")
    assert all(a.kind in ("activate", "discard") for a in RULES.legal_actions(s, 0))
    s, ev = leave(s)
    assert "combat" in kinds(ev) and s.round == 2


def test_a_player_at_the_magician_waits_out_the_round():
    s = new(**LOW)
    s, _ev = leave(s)                              # seat 0
    assert s.status[0] == "magician" and s.turn == 1
    s, _ev = run(s, B.equip(1, 1), B.equip(2, 1))
    assert s.turn == 1                             # seat 0 is skipped
    with pytest.raises(NotYourTurn):
        RULES.apply(s, B.equip(0, 1))


@pytest.mark.parametrize("visit", ["face_up", "mystery", "mystery_aim", "discard", "discard_mystery"])
def test_after_any_visit_to_the_magician_the_engine_never_lets_that_player_take_a_weapon(visit):
    """Issue 14: "after dropping your pawn on the Magician, 'Take 1' still drew a weapon".  The
    engine refuses it: whatever the visit (a face-up spell, the mystery, one waiting for its
    choice, a discard), the player has no equip in its legal actions for the rest of the round
    and an equip is refused.  (The table offered the Take buttons while the pawn stood at the
    Magician before a spell was chosen: tests/app/test_bossquest_table.py.)"""
    row = {"mystery_aim": ["power_up1"], "mystery": ["boss_up1"]}.get(visit, ["extra_key"])
    s = new(**LOW, deck=["yellow1", "yellow2", "yellow3", "yellow4", "purple1"],
            row=row + ["boss_up2", "need_red", "need_blue"])
    action = {"face_up": B.activate(0, 1), "mystery": B.activate(0, 0), "mystery_aim": B.activate(0, 0),
              "discard": B.discard(0, 2), "discard_mystery": B.discard(0, 0)}[visit]
    s, _ev = run(s, action)
    if visit == "mystery_aim":
        assert s.phase == "aim" and s.turn == 0
        assert all(a.kind == "aim" for a in RULES.legal_actions(s, 0))
        refused(s, B.equip(0, 1), "mystery spell")
        s, _ev = run(s, B.aim(0, target=1))
    assert s.status[0] == "magician" and s.turn == 1
    while s.round == 1:
        assert not any(a.kind == "equip" for a in RULES.legal_actions(s, 0))
        with pytest.raises(IllegalAction):
            RULES.apply(s, B.equip(0, 1))
        s, _ev = run(s, B.equip(s.turn, 1) if B.equip(s.turn, 1) in RULES.legal_actions(s, s.turn)
                     else next(a for a in RULES.legal_actions(s, s.turn) if a.kind != "equip"))


def test_a_player_reaching_an_empty_magician_simply_waits():
    s = new(**LOW)
    s = replace(s, row=(None, None, None, None), spell_discard=s.spell_discard + tuple(c for c in s.row))
    assert [a.kind for a in RULES.legal_actions(s, 0)] == ["equip"] * 4 + ["wait"]
    s2, ev = run(s, B.wait(0))
    assert s2.status[0] == "magician" and "wait" in kinds(ev)
    refused(new(**LOW), B.wait(0), "still has spells")


# --- the spells ----------------------------------------------------------------------------------
ROW = ["extra_key", "power_up2", "power_down1", "boss_up2"]


@pytest.mark.parametrize("spell,delta", [("power_up1", 1), ("power_up2", 2), ("power_down1", -1),
                                         ("power_down2", -2)])
def test_strength_spells_change_any_players_strength_oneself_included(spell, delta):
    for target in (0, 2):
        s = new(**LOW, row=["extra_key", spell, "boss_up1", "boss_down1"])
        s, ev = cast(s, spell, target=target)
        assert s.active == (B.Active(sp(spell), target, 0),)
        assert s.strength(target) == 3 + target + delta
        e = first(ev, "strength")
        assert e.data["target"] == target and e.data["delta"] == delta and e.to is None
        if target == 2:                        # the target sees its own new strength
            assert RULES.observe(s, 2).strength == 5 + delta
        s, _ev = finish(s)
        row = next(r for r in result_of(s).rows if r.seat == target)
        assert row.strength == 3 + target + delta


def test_strength_spells_stack_and_can_push_a_player_over():
    s = new(["red7", "blue1", "green1"], ["blue6", "red2", "green2"], boss="boss14",
            row=["extra_key", "power_up1", "power_up2", "boss_up1"])
    s, ev = cast(s, "power_up1", target=0)        # 13 + 1 = 14: not over
    assert "bust" not in kinds(ev)
    s, ev = cast(s, "power_up2", target=0)        # seat 1 pushes seat 0 to 16
    assert first(ev, "bust").data["seat"] == 0 and s.strength(0) == 16


@pytest.mark.parametrize("spell,delta", [("boss_up1", 1), ("boss_up2", 2), ("boss_down1", -1),
                                         ("boss_down2", -2)])
def test_boss_spells_change_the_boss_hp(spell, delta):
    s = new(**LOW, row=["extra_key", spell, "power_up1", "need_red"])
    s, ev = cast(s, spell)
    assert s.hp == 20 + delta and s.active == (B.Active(sp(spell), B.BOSS, 0),)
    assert first(ev, "boss_hp").data == {"seat": 0, "card": spell, "delta": delta, "hp": 20 + delta, "base": 20}
    assert RULES.observe(s, None).boss_hp == 20 + delta
    s, _ev = finish(s)
    assert result_of(s).hp == 20 + delta


def test_a_lower_hp_announces_a_bust_and_a_higher_hp_takes_it_back():
    s = new(["red7", "blue1", "green1"], ["blue6", "red2", "green2"], boss="boss14",
            row=["extra_key", "boss_down2", "boss_up2", "need_red"])
    s, ev = cast(s, "boss_down2")                # seat 0 (13) casts HP 12 on itself: over
    assert s.hp == 12 and first(ev, "bust").data == {"seat": 0, "hp": 12} and s.overs() == (True, False, False)
    s, ev = cast(s, "boss_up2")                  # seat 1: HP 14, seat 0 is under again
    assert s.hp == 14 and first(ev, "unbust").data == {"seat": 0, "hp": 14} and not any(s.overs())
    s, _ev = finish(s)
    assert result_of(s).rows[0].status == "in" and result_of(s).winners == (0,)


def test_swap_exchanges_hidden_weapons_only_the_two_players_learn_them():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], row=["extra_key", "swap", "cancel",
                                                                            "need_red"])
    s, ev = cast(s, "swap", target=2)
    assert s.hidden == w("green3", "blue2", "red7")
    assert first(ev, "swap").data == {"seat": 0, "target": 2} and first(ev, "swap").to is None
    private = first(ev, "swapped")
    assert private.to == (0, 2) and private.reveals is True and private not in events_for(ev, 1)
    assert private.data["cards"] == {"0": "green3", "2": "red7"}
    assert RULES.observe(s, 0).hidden == (w("green3")[0], None, w("red7")[0])
    assert RULES.observe(s, 2).hidden == (w("green3")[0], None, w("red7")[0])
    assert RULES.observe(s, 1).hidden == (None, w("blue2")[0], None)
    assert sp("swap") in s.spell_discard and not s.active          # used, then discarded
    refused(s, B.activate(1, slot_of(s, "cancel"), cancel=0), "no active spell can be cancelled")
    refused(new(**LOW, row=["extra_key", "swap", "cancel", "need_red"]), B.activate(0, 1, target=0),
            "another player")


def test_exchange_a_hidden_weapon_with_the_top_of_the_deck():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], deck=["blue1", "green7"],
            row=["extra_key", "exchange", "cancel", "need_red"])
    s, ev = cast(s, "exchange", weapon="red7")
    assert s.hidden[0] == w("blue1")[0] and s.deck[:2] == w("red7", "green7")
    assert first(ev, "exchange").data["gave"] is None and first(ev, "exchange").data["got"] is None
    private = first(ev, "exchanged")
    assert private.to == (0,) and private.data == {"seat": 0, "hidden": True, "gave": "red7", "got": "blue1"}
    # seat 0 knows the top of the deck; the others do not
    assert RULES.observe(s, 0).deck_top == w("red7") and RULES.observe(s, 1).deck_top == (None,)
    # the next to equip takes it face up
    s, ev = run(s, B.equip(1, 1))
    assert s.face_up[1] == w("purple5", "red7") and s.top_known == ()


def test_exchange_a_face_up_weapon_puts_it_on_top_for_everyone_to_see():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], deck=["blue1", "green7"],
            row=["extra_key", "exchange", "cancel", "need_red"])
    s, ev = cast(s, "exchange", weapon="yellow4")
    assert s.face_up[0] == w("blue1") and s.deck[:2] == w("yellow4", "green7")
    assert first(ev, "exchange").data == {"seat": 0, "hidden": False, "gave": "yellow4", "got": "blue1",
                                          "deck": 35 - 6}
    assert RULES.observe(s, None).deck_top == w("yellow4")
    refused(new(**LOW, row=["extra_key", "exchange", "cancel", "need_red"]),
            B.activate(0, 1, weapon="red7"), "not one of your weapons")


def test_a_colour_requirement_puts_out_without_a_heart_lost():
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow6", "green2"], row=["extra_key", "need_red", "cancel",
                                                                             "boss_up1"])
    s, ev = cast(s, "need_red")
    assert first(ev, "rule").data["colour"] == "red"
    s, ev = finish(s)
    r = result_of(s)
    rows = {x.seat: x for x in r.rows}
    assert rows[1].status == "out" and rows[1].failed == (sp("need_red"),)   # 13, the closest, but no red
    assert rows[0].status == "in" and r.winners == (0,)
    assert s.hearts == (3, 3, 3) and s.keys == (1, 0, 0)


def test_two_weapons_of_one_colour_are_required():
    s = new(["red7", "blue7", "green1"], ["red6", "yellow6", "green2"], row=["extra_key", "two_of_colour",
                                                                            "cancel", "boss_up1"])
    s, _ev = cast(s, "two_of_colour")
    s, _ev = finish(s)
    rows = {x.seat: x for x in result_of(s).rows}
    assert rows[0].status == "in" and rows[1].status == "out" and rows[2].status == "in"
    assert result_of(s).winners == (0,)


def test_no_heart_lost_spares_the_busts():
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow6", "green2"], deck=["red5", "blue5"], boss="boss14",
            row=["extra_key", "no_heart_lost", "cancel", "boss_up1"])
    s, ev = run(s, B.equip(0, 1))              # 18 > 14
    s, ev = cast(s, "no_heart_lost")
    s, ev = finish(s)
    assert result_of(s).rows[0].status == "bust" and s.hearts == (3, 3, 3)
    assert first(ev, "hearts_saved").data == {"seats": [0]} and "heart_lost" not in kinds(ev)
    # without the spell the bust costs a heart
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow6", "green2"], deck=["red5", "blue5"], boss="boss14")
    s, _ev = run(s, B.equip(0, 1))
    s, ev = finish(s)
    assert s.hearts == (2, 3, 3) and first(ev, "heart_lost").data == {"seat": 0, "hearts": 2}


def test_extra_key_gives_the_winner_one_more():
    s = new(["red7", "blue7", "green1"], ["blue5", "yellow6", "green2"], row=["boss_up1", "extra_key",
                                                                             "cancel", "need_red"])
    s, _ev = cast(s, "extra_key")
    s, ev = finish(s)
    assert result_of(s).winners == (1,) and s.keys == (0, 2, 0)
    assert [(e.data["seat"], e.data["why"]) for e in all_of(ev, "keys")] == [(1, "win"), (1, "extra")]


def test_second_closest_wins():
    # strengths 13, 14, 3 against 20: seat 1 is closest, seat 0 second
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow7", "green2"], row=["boss_up1", "second_wins",
                                                                             "cancel", "need_red"])
    s, _ev = cast(s, "second_wins")
    s, ev = finish(s)
    r = result_of(s)
    assert r.second and r.winners == (0,) and s.keys == (1, 0, 0)
    assert first(ev, "winner").data == {"seats": [0], "second": True, "distance": 7, "tie": False}


def test_second_closest_with_nobody_second_gives_no_win():
    s = new(["red7", "blue7"], ["blue6", "yellow6"], row=["boss_up1", "second_wins", "cancel"])
    s, _ev = cast(s, "second_wins")
    s, _ev = leave(s)
    r = result_of(s)
    assert r.winners == () and s.keys == (0, 0)     # both at 13: one group, no second


@pytest.mark.parametrize("target_spell,choice,check", [
    ("power_up2", {"target": 1}, lambda s: s.strength(1) == 4),
    ("boss_down2", {}, lambda s: s.hp == 20),
    ("need_red", {}, lambda s: not s.rule_active("colour")),
    ("two_of_colour", {}, lambda s: not s.rule_active("two_colour")),
    ("no_heart_lost", {}, lambda s: not s.rule_active("no_heart")),
    ("extra_key", {}, lambda s: not s.rule_active("extra_key")),
    ("second_wins", {}, lambda s: not s.rule_active("second")),
])
def test_cancel_removes_any_active_spell_and_both_cards_are_discarded(target_spell, choice, check):
    s = new(**LOW, row=["boss_up1", target_spell, "cancel", "need_blue"])
    s, _ev = cast(s, target_spell, **choice)
    assert len(s.active) == 1 and not check(s)
    s, ev = cast(s, "cancel", cancel=0)
    assert check(s) and s.active == ()
    assert s.spell_discard[-2:] == (sp(target_spell), sp("cancel"))
    e = first(ev, "cancel")
    assert e.data["card"] == target_spell and e.data["seat"] == 1 and e.data["by"] == 0


def test_cancel_works_on_the_condition_at_the_fight():
    s = new(["red7", "blue7", "green1"], ["blue5", "yellow6", "green2"], row=["boss_up1", "need_red", "cancel",
                                                                             "need_blue"])
    s, _ev = cast(s, "need_red")
    s, _ev = cast(s, "cancel", cancel=0)
    s, _ev = finish(s)
    assert result_of(s).winners == (1,)         # the cancelled condition no longer puts seat 1 out


def test_cancel_needs_an_active_spell_and_last_turn_cannot_be_cancelled():
    s = new(**LOW, row=["boss_up1", "cancel", "last_turn", "need_blue"])
    assert not any(a.kind == "activate" and a.get("slot") == 1 for a in RULES.legal_actions(s, 0))
    refused(s, B.activate(0, 1, cancel=0), "no active spell can be cancelled")
    s, _ev = cast(s, "last_turn")
    refused(s, B.activate(1, 1, cancel=0), "no active spell can be cancelled")


def test_last_turn_gives_each_player_not_at_the_magician_one_last_action():
    s = new(["red1", "blue1", "green1", "yellow1"], ["red2", "blue2", "green2", "yellow2"],
            row=["boss_up1", "need_blue", "last_turn", "cancel", "need_red"])
    s, _ev = leave(s)                             # seat 0 at the Magician
    s, ev = cast(s, "last_turn")                  # seat 1: seats 2 and 3 have one action each
    assert first(ev, "last_turn").data == {"seat": 1, "players": [2, 3]}
    assert s.turn == 2 and first(ev, "turn").data["last_turn"] is True
    s, ev = run(s, B.equip(2, 2))                 # seat 2 equips: it is done
    assert s.status[2] == "ready" and s.turn == 3
    s, ev = run(s, B.equip(3, 1))                 # the last one: combat at once
    assert "combat" in kinds(ev) and s.round == 2
    assert result_of(s).rows[2].weapons == w("green1", "green2", "red3", "red4")


# --- the mystery spell --------------------------------------------------------------------------
def test_the_mystery_spell_is_unknown_until_activated_then_turned_up():
    s = new(**LOW, row=["power_down2", "boss_up1", "need_red", "cancel"])
    for seat in (0, 1, 2, None):
        assert RULES.observe(s, seat).magician[0] == B.MYSTERY
    assert B.activate(0, 0) in RULES.legal_actions(s, 0)
    refused(s, B.activate(0, 0, target=1), "activated unseen")
    s, ev = run(s, B.activate(0, 0))
    m = first(ev, "mystery")
    assert m.data == {"seat": 0, "slot": 0, "card": "power_down2"} and m.reveals is True and m.to is None
    # a strength spell needs a target: its activator chooses now, and must
    assert s.phase == "aim" and s.aim == (0, sp("power_down2")) and RULES.to_act(s) == (0,)
    assert sorted(a.get("target") for a in RULES.legal_actions(s, 0)) == [0, 1, 2]
    refused(s, B.equip(0, 1), "mystery spell")
    s, ev = run(s, B.aim(0, target=2))
    assert s.strength(2) == 3 and s.turn == 1 and s.phase == "play"
    assert first(ev, "activate").data["mystery"] is True


def test_a_mystery_spell_without_a_choice_acts_at_once_and_a_discarded_one_is_shown():
    s = new(**LOW, row=["boss_down2", "boss_up1", "need_red", "cancel"])
    s, ev = run(s, B.activate(0, 0))
    assert s.hp == 18 and s.phase == "play" and s.turn == 1
    s = new(**LOW, row=["boss_down2", "boss_up1", "need_red", "cancel"])
    s, ev = run(s, B.discard(0, 0))
    d = first(ev, "discard")
    assert d.data["card"] == "boss_down2" and d.data["mystery"] and d.reveals is True
    assert s.hp == 20 and s.spell_discard[-1] == sp("boss_down2")


def test_a_mystery_spell_that_can_do_nothing_fizzles():
    s = new(**LOW, row=["cancel", "boss_up1", "need_red", "power_up1"])
    s, ev = run(s, B.activate(0, 0))
    assert first(ev, "fizzle").data == {"seat": 0, "card": "cancel", "why": "nothing"}
    assert s.phase == "play" and s.turn == 1 and s.spell_discard[-1] == sp("cancel")


# --- the fight ----------------------------------------------------------------------------------
def test_the_closest_wins_ties_go_to_the_fewest_weapons_then_everyone_tied_wins():
    # against 14: seat 0 13 with 2 weapons, seat 1 13 with 4, seat 2 13 with 2
    s = new(["red7", "red5", "green7"], ["blue6", "blue4", "yellow6"], deck=["green3", "yellow1"], boss="boss14")
    s, _ev = run(s, B.discard(0, 1))
    s, _ev = run(s, B.equip(1, 2))
    s, ev = finish(s)
    r = result_of(s)
    assert [(x.seat, x.strength, len(x.weapons), x.distance) for x in r.rows] == [
        (0, 13, 2, 1), (1, 13, 4, 1), (2, 13, 2, 1)]
    assert r.winners == (0, 2) and s.keys == (1, 0, 1)
    assert first(ev, "winner").data["tie"] is True
    fights = all_of(ev, "fight")
    assert [f.data["winner"] for f in fights] == [True, False, True]


def test_fewest_weapons_breaks_a_tie_on_distance():
    s = new(["red7", "red5", "green1"], ["blue6", "blue4", "purple1"], deck=["green3", "yellow1"], boss="boss14")
    s, _ev = run(s, B.discard(0, 1), B.equip(1, 2))
    s, _ev = finish(s)
    assert result_of(s).winners == (0,) and s.keys == (1, 0, 0)


def test_a_perfect_with_the_win_scores_two_keys_and_without_the_win_one():
    # against 14: seat 0 14 with 2 weapons (wins, PERFECT), seat 1 14 with 3 (PERFECT only)
    s = new(["red7", "red6", "green1"], ["blue7", "blue6", "yellow1"], deck=["red2"], boss="boss14")
    s, _ev = run(s, B.discard(0, 1), B.equip(1, 1))
    s, ev = finish(s)
    r = result_of(s)
    assert r.perfect == (0, 1) and r.winners == (0,) and s.keys == (2, 1, 0)
    assert first(ev, "perfect").data == {"seats": [0, 1], "winners": [0]}


def test_a_perfect_with_second_closest_wins_keeps_its_bonus():
    s = new(["red7", "blue7", "green1"], ["red6", "yellow6", "green2"], deck=["red1"], boss="boss14",
            row=["boss_up1", "second_wins", "cancel", "need_red"])
    s, _ev = run(s, B.equip(0, 1))                     # seat 0: 14, a PERFECT
    s, _ev = cast(s, "second_wins")                    # seat 1: 13
    s, _ev = finish(s)
    r = result_of(s)
    assert r.perfect == (0,) and r.winners == (1,) and s.keys == (1, 1, 0)


def test_the_fight_shows_every_hidden_weapon():
    s = new(**LOW)
    s, ev = finish(s)
    rev = first(ev, "reveal")
    assert rev.to is None and rev.reveals is True and rev.data["hidden"] == {"0": "red1", "1": "blue1", "2": "green1"}


# --- rounds, Armorer, rebuilds --------------------------------------------------------------------
def test_the_armorer_passes_left_and_the_next_round_is_dealt_from_its_left():
    second = weapons(["red5", "blue5", "green5"], ["red6", "blue6", "green6"], armorer=0)
    s = new(**LOW, more=[second])
    s, ev = finish(s)
    assert s.round == 2 and s.armorer == 0 and s.order == (1, 2, 0) and s.turn == 1
    assert first(ev, "armorer").data == {"seat": 0, "previous": 2}
    assert s.hidden == w("red5", "blue5", "green5") and s.face_up == (w("red6"), w("blue6"), w("green6"))
    assert s.boss_discard == (B.BOSS_INDEX["boss20"],) and s.active == () and len(s.row) == 4
    # every spell of round 1 went to the discard; the mystery was shown
    assert "mystery_shown" in kinds(ev) and len(s.spell_discard) == 4
    s, ev = finish(s)
    assert s.armorer == 1 and s.order == (2, 0, 1)
    assert RULES.card_census(s) == RULES.card_census(new(**LOW))


def test_an_empty_boss_or_spell_deck_is_rebuilt_from_its_discards():
    s = new(**LOW)
    s = replace(s, boss_deck=s.boss_deck[:1], boss_discard=s.boss_discard + s.boss_deck[1:],
                spell_deck=s.spell_deck[:2], spell_discard=s.spell_discard + s.spell_deck[2:])
    s, ev = finish(s)
    rebuilds = [e.data for e in all_of(ev, "rebuild")]
    assert {"deck": "bosses", "size": 9} in rebuilds           # the last boss drawn: rebuilt at once
    assert any(d["deck"] == "spells" for d in rebuilds)
    assert len(s.boss_deck) == 9 and s.boss_discard == ()
    assert len(s.spell_deck) + len(s.spell_discard) + len(s.row) == 29
    assert RULES.card_census(s) == RULES.card_census(new(**LOW))


# --- the end ----------------------------------------------------------------------------------
def test_five_keys_end_the_game_and_most_keys_wins():
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow6", "green2"])
    s = replace(s, keys=(4, 4, 0))
    s, ev = finish(s)                             # seat 0 and seat 1 at 13: tie, both 2 cards: both win
    assert s.over and s.keys == (5, 5, 0)
    out = RULES.outcome(s)
    assert out.winners == (0, 1) and out.ranks == (1, 1, 3) and out.scores == (5, 5, 0)
    assert first(ev, "game_over").data["why"] == ["keys"] and RULES.to_act(s) == ()


def test_five_players_play_to_four_keys_and_hearts_break_a_tie_on_keys():
    s = new(["red7", "blue1", "green1", "yellow1", "purple1"], ["blue6", "red2", "green2", "yellow2", "purple2"],
            row=["boss_up1", "need_red", "cancel", "need_blue", "need_green", "power_up1"])
    s = replace(s, keys=(3, 4, 0, 0, 0), hearts=(3, 2, 3, 3, 3))
    s, _ev = finish(s)                            # seat 0 wins: 4 keys; seat 1 already had 4
    assert s.over and s.keys == (4, 4, 0, 0, 0)
    out = RULES.outcome(s)
    assert out.winners == (0,) and out.ranks == (1, 2, 3, 3, 3)
    assert [B.keys_to_win(n) for n in (2, 3, 4, 5)] == [5, 5, 5, 4]


def test_a_lost_last_heart_ends_the_game_and_that_player_has_lost():
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow6", "green2"], deck=["red5"], boss="boss14")
    s = replace(s, hearts=(1, 3, 3), keys=(3, 1, 1))
    s, _ev = run(s, B.equip(0, 1))                # seat 0: 18 > 14
    s, ev = finish(s)
    assert s.over and s.hearts == (0, 3, 3)
    assert first(ev, "game_over").data["why"] == ["heart"]
    out = RULES.outcome(s)
    assert out.winners == (1,) and out.ranks == (3, 1, 2)    # seat 1 won the round's key: 2 against 1
    assert s.keys == (3, 2, 1)





def test_ties_on_keys_go_to_hearts_then_are_shared():
    s = new(["red7", "blue7", "green1"], ["blue6", "yellow6", "green2"], deck=["red5"], boss="boss14")
    # seats 0 and 1 tie at 13 with two weapons each: both win a key; seat 2 busts out of its last heart
    s = replace(s, keys=(2, 2, 4), hearts=(2, 3, 1),
                face_up=(s.face_up[0], s.face_up[1], w("green2", "red6", "red4", "red3")),   # seat 2: 16
                deck=tuple(c for c in s.deck if c not in w("red6", "red4", "red3")))
    s, ev = finish(s)
    assert s.over and s.keys == (3, 3, 4) and s.hearts == (2, 3, 0)
    out = RULES.outcome(s)
    assert out.winners == (1,) and out.ranks == (2, 1, 3)
    # equal keys and equal hearts: a shared win
    t = replace(s, hearts=(3, 3, 0))
    assert RULES.outcome(t).winners == (0, 1) and RULES.outcome(t).ranks == (1, 1, 3)


# --- actions, errors, records -------------------------------------------------------------------
def test_illegal_actions_are_refused_with_reasons():
    s = new(**LOW)
    with pytest.raises(NotYourTurn, match="seat 0's turn"):
        RULES.apply(s, B.equip(1, 1))
    refused(s, Action.make(0, "pass"), "not a move")
    refused(s, Action.make(0, "equip", n=1, target=2), "takes no target")
    refused(s, B.discard(0, 9), "no spell in slot 9")
    refused(s, B.activate(0, 1, target=1), "takes no choice")        # boss_up1
    refused(s, B.aim(0, target=1), "no mystery spell")
    refused(s, Action.make(7, "wait"), "no seat 7")


def test_actions_round_trip_through_json_and_a_seeded_game_replays():
    state = RULES.new_game(GameConfig(4), seed=9)
    rng = Rng(4)
    log = []
    while RULES.outcome(state) is None:
        a = RULES.legal_actions(state, state.turn).sample(rng)
        assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
        log.append(a.to_json())
        state, _ev = RULES.apply(state, a)
    again = RULES.new_game(GameConfig(4), seed=9)
    for a in log:
        again, _ev = RULES.apply(again, Action.from_json(a))
    assert again == state and RULES.outcome(again) == RULES.outcome(state)


def test_the_state_is_immutable_and_apply_leaves_it_untouched():
    s = new(**LOW)
    before = repr(s)
    run(s, B.equip(0, 2), B.discard(1, 1))
    assert repr(s) == before
    with pytest.raises(Exception):
        s.round = 3   # type: ignore[misc]


def test_determinize_keeps_the_announced_busts_and_what_the_seat_knows():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"], deck=["blue7", "green1"], boss="boss14",
            row=["extra_key", "swap", "exchange", "need_red"])
    s, _ev = run(s, B.equip(0, 1))                # seat 0: 11 + 7 = 18: over
    s, _ev = cast(s, "swap", target=2)            # seat 1 and seat 2 trade hidden weapons
    rng = Rng(1)
    for seat in (None, 0, 1, 2):
        o = RULES.observe(s, seat)
        for _k in range(10):
            world = RULES.determinize(o, rng)
            assert RULES.observe(world, seat) == o and world.overs() == s.overs()
            assert RULES.card_census(world) == RULES.card_census(s)
    assert RULES.observe(s, 1).hidden == (None, w("green3")[0], w("blue2")[0])


def test_random_games_end_and_keep_every_card():
    for n in range(2, 6):
        for seed in range(5):
            s = RULES.new_game(GameConfig(n), seed=seed)
            census = RULES.card_census(s)
            rng = Rng(seed)
            steps = 0
            while RULES.outcome(s) is None:
                s, _ev = RULES.apply(s, RULES.legal_actions(s, s.turn).sample(rng))
                steps += 1
                assert steps < 2000
                assert RULES.card_census(s) == census


def test_the_variant_builder_changes_only_hidden_cards():
    s = new(["red7", "blue2", "green3"], ["yellow4", "purple5", "red6"])
    rng = Rng(2)
    for seat in (0, None):
        vs = bossquest_variants(s, seat, rng)
        assert vs and all(RULES.observe(v, seat) == RULES.observe(s, seat) for v in vs)
    # a planted leak is caught: an observation that also showed the others' hidden weapons
    # (or the deck order) would tell the variants apart
    def leaky(state, seat):
        return RULES.observe(state, seat), state.hidden, state.deck

    assert any(leaky(v, 0) != leaky(s, 0) for v in bossquest_variants(s, 0, rng))


def test_private_events_go_only_to_their_seats_and_every_reveal_is_marked():
    private = {"hidden": 1, "swapped": 2, "exchanged": 1}
    seen = set()
    for seed in range(8):
        state = RULES.new_game(GameConfig(4), seed=seed)
        for e in random_game_events(RULES, state, seed):
            seen.add(e.kind)
            if e.kind in private:
                assert e.to is not None and len(e.to) == private[e.kind] and e.reveals is True
            else:
                assert e.to is None, e.kind
    assert {"hidden", "weapon", "equip", "activate", "combat", "fight", "keys", "round_end",
            "game_over", "armorer", "spells", "boss"} <= seen


def test_apply_never_changes_the_state_it_was_given():
    """``apply`` makes its changes in one private copy (``_put``): the state it was given
    keeps every field, its hash and its fight figures, through whole games (deals, spells,
    combats, rebuilt decks)."""
    import copy
    steps = 0
    for n, seed in [(n, seed) for n in (5, 2, 4) for seed in range(4)]:
        state = RULES.new_game(GameConfig(n, {}), seed=seed)
        rng = Rng(seed)
        while RULES.outcome(state) is None:
            seat = RULES.to_act(state)[0]
            before = copy.copy(state.__dict__)
            figures = (state.hp, tuple(state.strength(s) for s in range(n)), state.overs())
            h = hash(state)
            new, _events = RULES.apply(state, RULES.legal_actions(state, seat).sample(rng))
            assert new is not state
            assert {k: v for k, v in state.__dict__.items() if k != "_fight_cache"} == \
                {k: v for k, v in before.items() if k != "_fight_cache"}
            assert hash(state) == h
            assert (state.hp, tuple(state.strength(s) for s in range(n)), state.overs()) == figures
            fresh = B.BQState(**{f: getattr(new, f) for f in B.BQState.__dataclass_fields__})
            assert (new.hp, new.overs(), tuple(new.strength(s) for s in range(n))) == \
                (fresh.hp, fresh.overs(), tuple(fresh.strength(s) for s in range(n)))
            state = new
            steps += 1
    assert steps > 300
