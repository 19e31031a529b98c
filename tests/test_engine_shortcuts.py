"""The shortcuts of the fast engines (issue 16) give the answers of the plain computations.

* Boss Quest keeps a state's HP, strengths and "over" flags beside its fields: a copy made by
  ``evolve`` that changes a weapon, a spell or the boss must not read the old ones.
* Death over the Kingdom's heuristic works its cost table out with shared parts (seats with
  the same distribution, each value's factor once): it must give the very floats of the
  plain seat-by-seat computation kept here (the code before issue 16).
* MasterBluff draws its random discards and answers with the generator's steps written out,
  keeps a hand's rows of counts, the spaces, hand sizes and the top discard's public side, and
  applies a discard it has just drawn without checking it again: each must give what the plain
  computation gives (the same draws and generator state, the same views, the same refusals).
"""
from __future__ import annotations

import game.rules  # noqa: F401  (registers every game)
from game.ai import death as H
from game.core import registry
from game.core.rng import MASK64, Rng
from game.core.rules import GameConfig
from game.core.state import evolve
from game.rules import bossquest as B


def _plain_strength(state: B.BQState, seat: int) -> int:
    return B.strength_of(state.weapons(seat), state.active, seat)


def _plain_hp(state: B.BQState) -> int:
    return B.boss_hp(state.boss) + sum(B.SPELLS[a.card].delta for a in state.active
                                       if B.SPELLS[a.card].effect == "boss")


def test_boss_quest_strengths_follow_every_evolved_copy():
    state = B.RULES.new_game(GameConfig(4, dict(B.RULES.default_options)), seed=5)
    before = [state.strength(s) for s in range(4)]          # worked out and kept
    hp = state.hp
    seven = next(i for i, w in enumerate(B.WEAPONS) if w.value == 7)
    face = list(state.face_up)
    face[1] = face[1] + (seven,)
    more = evolve(state, face_up=tuple(face))
    assert more.strength(1) == before[1] + 7 == _plain_strength(more, 1)
    power = B.SPELL_INDEX["power_up2"]
    boss_up = B.SPELL_INDEX["boss_up2"]
    spelled = evolve(more, active=more.active + (B.Active(power, 2, 0), B.Active(boss_up, B.BOSS, 0)))
    assert spelled.strength(2) == before[2] + 2 == _plain_strength(spelled, 2)
    assert spelled.hp == hp + 2 == _plain_hp(spelled)
    other = evolve(spelled, boss=(spelled.boss + 1) % len(B.BOSS_HPS))
    assert other.hp == _plain_hp(other)
    assert other.overs() == tuple(_plain_strength(other, s) > _plain_hp(other) for s in range(4))
    # the kept figures are no field: equal states stay equal and hash alike
    assert state == evolve(state, round=state.round) and hash(state) == hash(evolve(more, face_up=state.face_up))
    assert [state.strength(s) for s in range(4)] == before


# -- Death: the plain cost table (before issue 16) ------------------------------------------
def _plain_turn_odds(dists, mine):
    out = {}
    for t in H.TRIGGERS:
        if mine == t:
            out[t] = 1.0
            continue
        q = 1.0
        for d in dists.values():
            q *= 1.0 - d[t]
        out[t] = 1.0 - q
    return out


def _plain_below(d, vals):
    vd = H._mix(d, vals)
    acc, lt = 0.0, []
    for k in range(H.NVAL):
        lt.append(acc)
        acc += vd[k]
    return lt


def _plain_cost_table(tab, mode, skip=None, extra=None):
    dists = {s: d for s, d in tab.dists.items() if s != skip}
    if skip is not None and extra is not None:
        dists[skip] = extra
    cache = {}
    out = []
    for c in range(H.KINDS):
        p = _plain_turn_odds(dists, c)
        key = tuple(round(p[t], 6) for t in H.TRIGGERS)
        if key not in cache:
            plain = [H._sparse(H.value_dist(x, p, None)) for x in range(H.KINDS)]
            avg = H._mix(tab.raw, plain)
            vals = [H._sparse(H.value_dist(x, p, avg)) for x in range(H.KINDS)]
            below = []
            for s, d in dists.items():
                if s == tab.dealer and d[H.MONK] > 0:
                    below.append(_plain_below(d, [H._sparse(H.value_dist(x, p, None if x == H.MONK else avg))
                                                  for x in range(H.KINDS)]))
                else:
                    below.append(_plain_below(d, vals))
            cache[key] = [vals, avg, below]
        vals, avg, below = cache[key]
        if c == H.MONK and tab.right is not None:
            mine = H._mix(dists.get(tab.right, tab.raw), vals)
        else:
            mine = H.value_dist(c, p, None)
        total = 0.0
        for v, pv in enumerate(mine):
            if pv <= 0:
                continue
            if mode == "death_over_all":
                k0, k1, k2 = 1.0, 0.0, 0.0
                for lt in below:
                    q = min(1.0, lt[v])
                    k2 = k2 * (1 - q) + k1 * q
                    k1 = k1 * (1 - q) + k0 * q
                    k0 = k0 * (1 - q)
                total += pv * (3 * k0 + 2 * k1 + k2) / 3.0
            else:
                surv = 1.0
                for lt in below:
                    surv *= max(0.0, 1.0 - lt[v])
                total += pv * surv
        out.append(total)
    return out


def test_death_heuristic_costs_are_the_plain_ones_to_the_last_bit():
    rules = registry.get("death")
    checked = 0
    for n, mode, seed in ((20, "base", 1), (7, "death_over_all", 2), (9, "only_one", 3), (3, "base", 4)):
        opts = dict(rules.default_options, mode=mode)
        state = rules.new_game(GameConfig(n, opts), seed=seed)
        rng = Rng(seed)
        for _step in range(3 * n):
            if rules.outcome(state) is not None:
                break
            seat = rules.to_act(state)[0]
            obs = rules.observe(state, seat)
            tab = H.table_of(obs)
            assert H.cost_table(tab, mode) == _plain_cost_table(tab, mode)
            if tab.right is not None:
                gave = list(tab.raw)
                assert H.cost_table(tab, mode, skip=tab.right, extra=gave) == \
                    _plain_cost_table(tab, mode, skip=tab.right, extra=gave)
            for c in range(H.KINDS):
                assert H.turn_odds(tab.dists, c) == _plain_turn_odds(tab.dists, c)
            checked += 1
            state, _events = rules.apply(state, rules.legal_actions(state, seat).sample(rng))
    assert checked > 50


# -- MasterBluff: the written-out draws, the kept spaces and views, the checked-at-once discard --
def _mb_plain_sample(space, rng):
    """DiscardSpace.sample as it was: the declaration, then sample_vector (Rng.randbelow)."""
    from game.rules import masterbluff as M
    fam, token = space.declarations[rng.randbelow(len(space.declarations))]
    return M.discard(space.seat, space.sample_vector(rng), fam, token)


def _mb_hands(k):
    from game.rules import masterbluff as M
    r = Rng(k)
    for _ in range(k):
        yield tuple(r.randbelow(M.PER_FAMILY + 1) if r.randbelow(3) else 0 for _f in range(M.NF))


def test_masterbluff_sample_draws_what_the_plain_draws_give():
    from game.rules import masterbluff as M
    decls = [M._declarations(None, False), M._declarations(2, False), M._declarations(4, True)]
    n = 0
    for hand in _mb_hands(400):
        if sum(hand) == 0:
            continue
        for decl in decls:
            space = M.DiscardSpace(n % 5, hand, decl)
            for seed in range(6):
                fast, plain = Rng(seed * 7919 + n), Rng(seed * 7919 + n)
                assert space.sample(fast) == _mb_plain_sample(space, plain)
                assert fast.state == plain.state            # the same draws, no more, no fewer
            n += 1
    # a one-way hand (one card, one declaration): draws below 1 still take their step
    one = M.DiscardSpace(0, (0, 0, 1, 0, 0, 0), M._declarations(2, False))
    fast, plain = Rng(3), Rng(3)
    assert one.sample(fast) == _mb_plain_sample(one, plain) and fast.state == plain.state
    # rejected draws: generator states whose k-th output is the largest (rejected below any n
    # that is no power of two), for k = 1 (the declaration), 2 (the size), 3.. (the families)
    big = M.DiscardSpace(1, (8,) * 6, M._declarations(None, False))
    assert big.n_vectors == 3002
    rejected = 0
    for k in range(1, 9):
        for space in (big, M.DiscardSpace(2, (3, 0, 2, 5, 1, 1), M._declarations(3, True))):
            fast, plain = Rng(), Rng()
            fast.state = plain.state = (_splitmix_state_for(MASK64) - k * GOLDEN) & MASK64
            assert space.sample(fast) == _mb_plain_sample(space, plain) and fast.state == plain.state
            rejected += fast.state != (_splitmix_state_for(MASK64) + (8 - k) * GOLDEN) & MASK64
    assert rejected > 0
    # the answers: rng.choice over (call, pass)
    for seed in range(200):
        space = M.RULES.legal_actions(_mb_window_state(), 1)
        fast, plain = Rng(seed), Rng(seed)
        assert space.sample(fast) == plain.choice(tuple(space)) and fast.state == plain.state


GOLDEN = 0x9E3779B97F4A7C15


def _splitmix_state_for(out: int) -> int:
    """The SplitMix64 state (after its step) whose output is ``out``: the mix undone."""
    def unxorshift(x, k):
        y = x
        for _ in range(64 // k + 1):
            y = x ^ (y >> k)
        return y
    z = unxorshift(out, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK64
    z = unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK64
    return unxorshift(z, 30)


def test_the_undone_mix_gives_the_wanted_output():
    from game.core.rng import next_u64
    state = _splitmix_state_for(MASK64)
    assert next_u64((state - GOLDEN) & MASK64) == (MASK64, state)


def _mb_window_state():
    from game.rules import masterbluff as M
    s = M.RULES.new_game(GameConfig(4, dict(M.RULES.default_options)), seed=11)
    seat = M.RULES.to_act(s)[0]
    s, _e = M.RULES.apply(s, M.RULES.legal_actions(s, seat).sample(Rng(1)))
    assert s.window is not None and 1 in s.window.order
    return s


def test_masterbluff_ways_rows_are_the_plain_table():
    from game.rules import masterbluff as M
    M._ways.cache_clear()
    for hand in _mb_hands(500):
        cap = min(M.MAX_DISCARD, sum(hand))
        assert [list(r) for r in M._ways(hand, cap)] == M._ways_table(hand, cap)


def test_masterbluff_kept_parts_of_observations_are_fresh_ones():
    """Hand sizes, the top discard's public side and the shared spaces are kept between calls
    (last answer, made ahead by apply): observe states out of order and compare."""
    from game.rules import masterbluff as M
    rules = M.RULES
    rng = Rng(4)
    states = []

    def check(s, seat):
        obs = rules.observe(s, seat)
        assert obs.hand_sizes == tuple(sum(h) for h in s.hands)
        want = None if s.last is None else M.LastPlay(s.last.seat, sum(s.last.counts), s.last.family,
                                                      s.last.token)
        assert obs.last == want
        assert obs.pile_size == sum(s.pile) and obs.history == s.views[seat]

    for seed in range(6):
        s = rules.new_game(GameConfig(4 + seed % 2, dict(rules.default_options)), seed=seed)
        while rules.outcome(s) is None:          # as a random player walks: the kept answers fit
            states.append(s)
            seat = rules.to_act(s)[0]
            check(s, seat)
            s, _e = rules.apply(s, rules.legal_actions(s, seat).sample(rng))
    order = list(range(len(states)))
    for i in range(len(order) - 1, 0, -1):          # a shuffle, then the natural order
        j = rng.randbelow(i + 1)
        order[i], order[j] = order[j], order[i]
    for i in order + list(range(len(states))):
        s = states[i]
        for seat in range(s.players):
            check(s, seat)
        seat = rules.to_act(s)[0]
        space = rules.legal_actions(s, seat)
        if s.window is None:
            fresh = M.DiscardSpace(seat, s.hands[seat], rules.declarations(s, seat))
            assert (space.seat, space.hand, space.declarations, len(space)) == \
                (fresh.seat, fresh.hand, fresh.declarations, len(fresh))
        else:
            assert tuple(space) == (M.call(seat), M.pass_(seat))
            assert rules.to_act(s) == s.window.pending()


def test_masterbluff_a_sampled_discard_is_checked_against_the_state_it_is_applied_to():
    """apply takes a discard drawn by legal_actions as legal without its checks only when the
    seat's hand and declarations are those it was drawn from; elsewhere it is checked."""
    import pytest

    from game.core.actions import Action, IllegalAction
    from game.rules import masterbluff as M
    rules = M.RULES
    s = rules.new_game(GameConfig(4, dict(rules.default_options)), seed=2)
    seat = rules.to_act(s)[0]
    a = rules.legal_actions(s, seat).sample(Rng(9))
    fast = rules.apply(s, a)
    slow = rules.apply(s, Action.make(a.seat, a.kind, **dict(a.params)))   # an equal action, checked
    assert fast[0] == slow[0] and [(e.kind, e.data) for e in fast[1]] == [(e.kind, e.data) for e in slow[1]]
    # the same action on a state where that seat holds other cards: refused
    counts = a["counts"]
    hand = s.hands[seat]
    other = tuple(h - c for h, c in zip(hand, counts))
    hands = list(s.hands)
    hands[seat] = other
    poorer = evolve(s, hands=tuple(hands))
    rules.legal_actions(s, seat).sample(Rng(9))           # drawn again: the last sample is a's twin
    b = rules.legal_actions(s, seat).sample(Rng(9))
    assert b == a
    with pytest.raises(IllegalAction):
        rules.apply(poorer, b)
    # ... on a state where another seat discards, or a window is open, or the game is over
    for other in (evolve(s, turn=(seat + 1) % 4), fast[0], evolve(s, over=True)):
        c = rules.legal_actions(s, seat).sample(Rng(9))
        with pytest.raises(IllegalAction):
            rules.apply(other, c)
    # a token declaration drawn while the token was held, applied after it was spent: refused
    s2 = evolve(s, in_force=0)
    space = rules.legal_actions(s2, seat)
    r = Rng(0)
    t = space.sample(r)
    while not t["token"]:
        t = space.sample(r)
    spent = list(s2.tokens)
    spent[seat] = False
    with pytest.raises(IllegalAction):
        rules.apply(evolve(s2, tokens=tuple(spent)), t)
    assert rules.apply(s2, t)[0].tokens[seat] is False


def test_masterbluff_answers_in_any_order_close_the_window_as_window_result_says():
    """An answer by the next seat in the window's order is decided at once; any order of
    answers must give what Window.answer and Window.result give."""
    from itertools import permutations

    from game.rules import masterbluff as M
    rules = M.RULES
    rng = Rng(6)
    for seed in range(12):
        s = rules.new_game(GameConfig(4 + seed % 2, dict(rules.default_options)), seed=seed)
        seat = rules.to_act(s)[0]
        s, _e = rules.apply(s, rules.legal_actions(s, seat).sample(rng))
        order = s.window.order
        for seats in permutations(order):
            for bits in range(1 << len(order)):
                st, w = s, s.window
                for i, who in enumerate(seats):
                    call = bool(bits >> i & 1)
                    st, events = rules.apply(st, M.call(who) if call else M.pass_(who))
                    w = w.answer(who, call)
                    closed, callers = w.result()
                    if not closed:
                        assert st.window == w and [e.kind for e in events] == ["answered"]
                        assert rules.to_act(st) == w.pending()
                        continue
                    assert st.window is None
                    kinds = [e.kind for e in events]
                    if callers:
                        assert kinds[:3] == ["call", "reveal", "pickup"] and events[0].data["caller"] == callers[0]
                    else:
                        assert kinds[0] == "no_call"
                    break


# -- Fireball Court: shared play actions, a space made without __init__, the turn in the same step --
def test_court_spaces_and_views_are_the_plain_ones():
    from game.core.spaces import ListSpace
    from game.rules import court as C
    rules = C.RULES
    rng = Rng(8)
    for seed in range(8):
        s = rules.new_game(GameConfig(2, dict(rules.default_options)), seed=seed)
        while rules.outcome(s) is None:
            seat = rules.to_act(s)[0]
            space = rules.legal_actions(s, seat)
            plain = ListSpace([C.play(seat, c) for c in s.hands[seat]])
            assert tuple(space) == tuple(plain) and len(space) == len(plain)
            for c in range(0, len(C.CARDS), 5):
                assert (C.play(seat, c) in space) == (c in s.hands[seat])
            assert len(rules.legal_actions(s, 1 - seat)) == 0
            obs = rules.observe(s, seat)
            assert obs.hand_sizes == tuple(len(h) for h in s.hands) and obs.pile_size == len(s.pile)
            assert obs.hand == s.hands[seat] and obs.court == s.court and obs.turn == s.turn
            for i, stack in enumerate(s.court):       # stack_of by the suit table
                assert C.stack_of(s.court, stack[0]) == i
            s, _e = rules.apply(s, space.sample(rng))


def test_death_deal_rows_are_each_seats_own_card():
    """A fresh deal's ``seen`` comes from shared rows (``_own_rows``): each seat knows its own
    card and nothing else, seats out know nothing, at every table size."""
    from game.rules import death as D
    rules = D.RULES
    rng = Rng(3)
    for n in (2, 3, 6, 11, 20):
        s = rules.new_game(GameConfig(n, dict(rules.default_options, mode="only_one")), seed=n)
        rounds = 0
        while rules.outcome(s) is None and rounds < 6:
            seat = rules.to_act(s)[0]
            before = s.round
            s, _e = rules.apply(s, rules.legal_actions(s, seat).sample(rng))
            if s.round != before and not s.over:
                rounds += 1
                assert s.seen == tuple(tuple(s.hands[v] if t == v else None for t in range(n)) for v in range(n))
                assert s.results[-1].steps == D.resolve(s.results[-1].cards, s.results[-1].order,
                                                        s.results[-1].dealer)[2]


def test_death_an_action_just_given_as_legal_is_applied_as_the_checked_one():
    """apply takes an action of the space legal_actions has just given for that very state
    without its checks: the same state and events as the checked path; any other state or
    action is checked (and refused when illegal)."""
    import pytest

    from game.core.actions import IllegalAction
    from game.rules import death as D
    rules = D.RULES
    rng = Rng(12)
    seen_kinds = set()
    for seed in range(6):
        s = rules.new_game(GameConfig(5, dict(rules.default_options)), seed=seed)
        while rules.outcome(s) is None:
            seat = rules.to_act(s)[0]
            space = rules.legal_actions(s, seat)
            for a in space:
                rules.legal_actions(s, seat)                     # kept: the shortcut
                fast = rules.apply(s, a)
                rules._memo.forget()                             # forgotten: the checks
                slow = rules.apply(s, a)
                assert fast[0] == slow[0]
                assert [(e.kind, e.data, e.to, e.reveals) for e in fast[1]] == \
                    [(e.kind, e.data, e.to, e.reveals) for e in slow[1]]
                seen_kinds.add(a.kind)
            nxt, _e = rules.apply(s, space.sample(rng))
            # the space kept for s says nothing about the next state: its actions are checked there
            rules.legal_actions(s, seat)
            for a in space:
                if a not in rules.legal_actions(nxt, a.seat):
                    rules.legal_actions(s, seat)
                    with pytest.raises(IllegalAction):
                        rules.apply(nxt, a)
            s = nxt
    assert {"stand", "exchange", "cut", "thief", "thief_swap", "thief_keep"} <= seen_kinds
