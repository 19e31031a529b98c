"""Boss Quest's trusted steps and kept figures give what the plain code gives (issues 16, 26).

* ``apply`` takes an action that ``legal_actions`` has just given for that very state (the
  rules object's ``LegalMemo``: by identity) without its checks, and runs the one step;
  any other action is checked first.  Both must accept and refuse exactly alike, with the
  same state, events and error.  (The shuffles are core's ``lane_shuffle``:
  ``tests/test_rng.py`` compares it with the plain shuffle.)
* ``legal_actions`` reads a slot's actions from a table: the same lists as the plain loop.
* Events made once and shared are the events their data says.
"""
from __future__ import annotations

import random
from dataclasses import fields

import game.rules  # noqa: F401  (registers every game)
from game.core.actions import Action, GameError, IllegalAction, NotYourTurn
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules import bossquest as B

R = B.RULES


# -- apply: a trusted action and its checked copy ----------------------------------------------
def _outcome(state, action):
    try:
        new, events = R.apply(state, action)
    except GameError as e:
        return (type(e), str(e))
    return (new, [(e.kind, e.data, e.to, e.reveals) for e in events])


def _copy(action: Action) -> Action:
    """An equal action that is not one of the space's own objects (so ``apply`` checks it)."""
    return Action.make(action.seat, action.kind, **dict(action.params))


def _trusted_outcome(state, seat, action):
    """``apply`` of ``action`` right after ``legal_actions(state, seat)``: trusted when the
    space gave that very object."""
    R.legal_actions(state, seat)
    return R._memo.trusted(state, action), _outcome(state, action)


def test_a_trusted_action_is_taken_and_refused_as_its_checked_copy():
    rng = random.Random(4)
    pool: list[Action] = []
    tried = taken = refused = trusted = 0
    for n in (2, 3, 5, 5):
        for seed in range(6):
            state = R.new_game(GameConfig(n, dict(R.default_options)), seed=100 * n + seed)
            pick = Rng(seed)
            while not state.over:
                seat = R.to_act(state)[0]
                legal = tuple(R.legal_actions(state, seat))
                pool.extend(rng.sample(legal, min(3, len(legal))))
                del pool[:-200]
                for a in rng.sample(pool, min(12, len(pool))) + list(legal):
                    was_trusted, got = _trusted_outcome(state, seat, a)
                    if a in legal:
                        assert was_trusted == any(a is b for b in legal)
                    want = _outcome(state, _copy(a))
                    assert got == want, (a, got, want)
                    tried += 1
                    trusted += was_trusted
                    if isinstance(got[0], type) and issubclass(got[0], (IllegalAction, NotYourTurn)):
                        refused += 1
                    else:
                        taken += 1
                state, _events = R.apply(state, R.legal_actions(state, seat).sample(pick))
    assert taken > 1000 and refused > 1000 and trusted > 1000, (tried, taken, refused, trusted)


# -- legal_actions: the plain loop (before issue 16's table) ------------------------------------
def _plain_legal(state: B.BQState, seat: int) -> tuple[Action, ...]:
    if state.over or seat != state.turn:
        return ()
    if state.phase == "aim":
        return tuple(B.aim(seat, **c) for c in R.choices(state, seat, state.aim[1]))
    out: list[Action] = []
    if R.forced(state, seat) is None:
        out += [B.equip(seat, k) for k in range(B.MIN_EQUIP, min(B.MAX_EQUIP, len(state.deck)) + 1)]
    empty = True
    for slot, card in enumerate(state.row):
        if card is None:
            continue
        empty = False
        if slot == B.MYSTERY_SLOT:
            out += [B.activate(seat, slot), B.discard(seat, slot)]
        else:
            out += [B.activate(seat, slot, **c) for c in R.choices(state, seat, card)]
            out.append(B.discard(seat, slot))
    if empty:
        out.append(B.wait(seat))
    return tuple(out)


def test_legal_actions_are_the_plain_ones():
    checked = 0
    for n in (2, 4, 5):
        for seed in range(8):
            state = R.new_game(GameConfig(n, dict(R.default_options)), seed=seed)
            pick = Rng(seed)
            while not state.over:
                for s in range(n):
                    assert tuple(R.legal_actions(state, s)) == _plain_legal(state, s)
                    checked += 1
                seat = R.to_act(state)[0]
                state, _events = R.apply(state, R.legal_actions(state, seat).sample(pick))
    assert checked > 1000


# -- shared events ---------------------------------------------------------------------------
def test_every_shared_event_is_the_event_its_data_says():
    def same(e, kind, data, to=None, reveals=False):
        assert (e.kind, e.data, e.to, e.reveals) == (kind, data, to, reveals)
        assert type(e.data) is dict

    forced = (None, "over", "lone", "deck")
    for s in range(B.MAX_PLAYERS):
        same(B._MAGICIAN_EV[s], "magician", {"seat": s})
        same(B._WAIT_EV[s], "wait", {"seat": s})
        same(B._DEAL_DOWN_EV[s], "weapon", {"seat": s, "card": None, "face_up": False, "how": "deal", "deck": None})
        for c in range(B.N_WEAPONS):
            same(B._HIDDEN_EV[s][c], "hidden", {"seat": s, "card": B.WEAPON_NAMES[c]}, to=(s,), reveals=True)
            same(B._DEAL_UP_EV[s][c], "weapon", {"seat": s, "card": B.WEAPON_NAMES[c], "face_up": True,
                                                 "how": "deal", "deck": None}, reveals=True)
        for f, why in enumerate(forced):
            for last in (False, True):
                for lone in (False, True):
                    same(B._TURN_EV[s][f][last][lone], "turn", {"seat": s, "forced": why, "last_turn": last,
                                                                "lone": lone})
        for slot in range(B.MAX_PLAYERS + 1):
            m = slot == B.MYSTERY_SLOT
            for c, name in enumerate(B.SPELL_NAMES):
                same(B._DISCARD_EV[s][slot][c], "discard", {"seat": s, "slot": slot, "card": name, "mystery": m},
                     reveals=m)
        for c, sp in enumerate(B.SPELLS):
            same(B._RULE_EV[s][c], "rule", {"seat": s, "card": sp.name, "effect": sp.effect,
                                            "colour": sp.colour or None})
        for h in range(B.HEARTS):
            same(B._HEART_LOST_EV[s][h], "heart_lost", {"seat": s, "hearts": h})
        for prev in range(B.MAX_PLAYERS):
            same(B._ARMORER_EV[s][prev], "armorer", {"seat": s, "previous": prev})
        for k in range(B._KEYS_MAX):
            for why in ("win", "perfect", "extra"):
                same(B._keys_event(s, 1, k, why), "keys", {"seat": s, "n": 1, "keys": k, "why": why})
        for k in range(B.MIN_EQUIP, B.MAX_EQUIP + 1):
            for left in range(B._LEFT):
                for last in (False, True):
                    for lone in (False, True):
                        if last and lone:
                            assert B._EQUIP_EV[s][k][left][last][lone] is None
                            continue
                        same(B._EQUIP_EV[s][k][left][last][lone], "equip",
                             {"seat": s, "n": k, "deck": left, "last": last, "lone": lone})
        for c in range(B.N_WEAPONS):
            for left in range(B._LEFT):
                same(B._EQUIP_WEAPON_EV[s][c][left], "weapon", {"seat": s, "card": B.WEAPON_NAMES[c], "face_up": True,
                                                                 "how": "equip", "deck": left}, reveals=True)
        for slot in range(B.MAX_PLAYERS + 1):
            for c, sp in enumerate(B.SPELLS):
                base = {"seat": s, "slot": slot, "card": sp.name, "mystery": slot == B.MYSTERY_SLOT, "dark": sp.dark,
                        "effect": sp.effect}
                same(B._ACTIVATE_EV[s][slot][c], "activate", base)
                if sp.effect in ("strength", "swap"):
                    for t in range(B.MAX_PLAYERS):
                        same(B._ACTIVATE_TARGET_EV[s][slot][c][t], "activate", {**base, "target": t})
                else:
                    assert B._ACTIVATE_TARGET_EV[s][slot][c] is None
        for t in range(B.MAX_PLAYERS):
            for c, sp in enumerate(B.SPELLS):
                if sp.effect == "strength":
                    for i, m in enumerate(B._MODIFIERS):
                        same(B._STRENGTH_EV[s][t][c][i], "strength", {"seat": s, "target": t, "card": sp.name,
                                                                      "delta": sp.delta, "modifier": m})
    for n in range(B.MIN_PLAYERS, B.MAX_PLAYERS + 1):
        for s in range(n):
            others = tuple(x for x in range(n) if x != s)
            for now in (False, True):
                for hp in B._HPS:
                    same(B._BUST_EV[n][s][now][hp - B._HPS[0]], "bust" if now else "unbust", {"seat": s, "hp": hp}, reveals=others)
    for c, name in enumerate(B.SPELL_NAMES):
        same(B._MYSTERY_SHOWN_EV[c], "mystery_shown", {"card": name}, reveals=True)
    for r in range(B._ROUNDS):
        for s in range(B.MAX_PLAYERS):
            same(B._NEW_ROUND_EV[r][s], "new_round", {"round": r, "armorer": s})
    for b, name in enumerate(B.BOSS_NAMES):
        for left in range(B.N_BOSSES):
            same(B._BOSS_EV[b][left], "boss", {"card": name, "hp": B.BOSS_HPS[b], "deck": left}, reveals=True)
    for size in range(B.N_WEAPONS + 1):
        same(B._WEAPON_DECK_EV[size], "weapon_deck", {"size": size})
    for c in range(len(B.SPELLS)):
        for t in (B.BOSS, *range(B.MAX_PLAYERS)):
            for by in range(B.MAX_PLAYERS):
                assert B._active(c, t, by) == B.Active(c, t, by)


def test_a_shared_action_at_the_edges_is_taken_and_refused_as_its_plain_copy():
    """States random play seldom reaches: the weapon deck nearly empty, the last one
    equipping, a "Last turn!" owed, every spell taken."""
    from game.core.state import evolve
    rng = random.Random(5)
    tried = 0
    for n in (2, 5):
        for seed in range(4):
            state = R.new_game(GameConfig(n, dict(R.default_options)), seed=seed)
            pick = Rng(seed)
            while not state.over:
                seat = R.to_act(state)[0]
                if state.phase == "play":
                    variants = [evolve(state, deck=state.deck[:k], top_known=state.top_known[:k]) for k in range(4)]
                    variants.append(evolve(state, row=(None,) * len(state.row)))
                    variants.append(evolve(state, lone_equipped=True,
                                           status=tuple("magician" if s != seat else "equip" for s in range(n))))
                    variants.append(evolve(state, last_turn=(seat,)))
                    variants.append(state)
                    acts = [a for v in variants for a in R.legal_actions(v, seat)]
                    for v in variants:
                        for a in rng.sample(acts, min(40, len(acts))):
                            R.legal_actions(v, seat)        # so that v's own actions are trusted
                            assert _outcome(v, a) == _outcome(v, _copy(a)), a
                            tried += 1
                state, _events = R.apply(state, R.legal_actions(state, seat).sample(pick))
    assert tried > 2000


# -- kept figures and the plain computations ---------------------------------------------------
def _plain_meets(weapons, condition):
    sp = B.SPELLS[condition]
    if sp.effect == "colour":
        return any(B.colour(c) == sp.colour for c in weapons)
    counts: dict[str, int] = {}
    for c in weapons:
        counts[B.colour(c)] = counts.get(B.colour(c), 0) + 1
    return max(counts.values(), default=0) >= 2


def test_a_condition_is_met_as_the_plain_count_says():
    rng = random.Random(2)
    conditions = [i for i, s in enumerate(B.SPELLS) if s.effect in ("colour", "two_colour")]
    for _k in range(3000):
        ws = tuple(rng.sample(range(B.N_WEAPONS), rng.randrange(0, 7)))
        for c in conditions:
            assert B.BossQuest._meets(ws, c) == _plain_meets(ws, c)


def _plain_observe(state, seat):
    """The observation field by field, as before issue 16's shortcuts."""
    n = state.players
    v = n if seat is None else seat
    hidden = list(state.known[v])
    if seat is not None:
        hidden[seat] = state.hidden[seat]
    hp = B.boss_hp(state.boss) + sum(B.SPELLS[a.card].delta for a in state.active if B.SPELLS[a.card].effect == "boss")
    strengths = [B.strength_of(state.weapons(s), state.active, s) for s in range(n)]
    row = state.row
    if row and row[B.MYSTERY_SLOT] is not None:
        row = (B.MYSTERY,) + row[1:]
    return B.BQObservation(
        seat=seat, players=n, round=state.round, armorer=state.armorer, order=state.order, turn=state.turn,
        phase=state.phase, hearts=state.hearts, keys=state.keys, keys_to_win=B.KEYS_TO_WIN[n], boss=state.boss,
        boss_hp=hp, boss_deck_size=len(state.boss_deck), boss_discard=state.boss_discard, face_up=state.face_up,
        hidden=tuple(hidden), hidden_public=tuple(k is not None for k in state.known[n]),
        strength=None if seat is None else strengths[seat], over=tuple(st > hp for st in strengths),
        status=state.status, magician=row, active=state.active, aim=state.aim,
        spell_deck_size=len(state.spell_deck), spell_discard=state.spell_discard, deck_size=len(state.deck),
        deck_top=tuple(state.deck[i] if m[v] else None for i, m in enumerate(state.top_known)),
        top_public=tuple(m[n] for m in state.top_known), last_turn=state.last_turn,
        lone_equipped=state.lone_equipped, results=state.results)


def test_every_state_keeps_the_figures_and_gives_the_observations_a_fresh_computation_gives():
    """The HP, strengths and "over" flags kept beside each state ``apply`` makes (updated, not
    worked out again) are what the fields say, and every seat's observation is the plain one."""
    checked = 0
    for n in (2, 3, 5, 5):
        for seed in range(8):
            state = R.new_game(GameConfig(n, dict(R.default_options)), seed=40 + 10 * n + seed)
            pick = Rng(seed)
            while True:
                kept = state.__dict__["_fight_cache"][1]
                assert kept == B._fight_of(state.boss, state.active, state.hidden, state.face_up, n)
                for v in [None, *range(n)]:
                    obs = R.observe(state, v)
                    assert obs == _plain_observe(state, v)
                    # one value per field, in their order (observe makes the tuple with
                    # tuple.__new__, which does not count them)
                    assert type(obs) is B.BQObservation and len(obs) == len(fields(B.BQObservation))
                    assert [getattr(obs, f.name) for f in fields(B.BQObservation)] == list(obs)
                checked += 1
                if state.over:
                    break
                seat = R.to_act(state)[0]
                state, _events = R.apply(state, R.legal_actions(state, seat).sample(pick))
    assert checked > 1000


def test_a_new_game_keeps_its_fight_figures_for_that_very_state():
    """``new_game`` hands out the state its deal froze (the opening events set on the working
    copy, not a copy made afterwards), so the figures worked out at the deal are that
    state's own: the first ``observe`` does not work them out again."""
    for n in (2, 5):
        state = R.new_game(GameConfig(n, dict(R.default_options)), seed=7)
        kept = state._fight_cache
        assert kept is not None and kept[0]() is state
        assert kept[1] == B._fight_of(state.boss, state.active, state.hidden, state.face_up, n)
        assert state.opening and R.opening_events(state)[0].kind == "deal"
