"""Fireball Court's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: ``rules.determinize`` refined with the start
  announcement: the opponent's hand at the deal held no number card above the
  announced ``highs[opp]``, so its hand now holds at most as many such cards as
  it has drawn since (and, before it has played, one card of that number);
* :class:`CourtSearch`: the plug-in of the shared :class:`~game.ai.search.SearchAgent`
  (worlds as above) with a **round horizon**.  A game runs to 101 over four or five rounds of
  about 44 plays, so a rollout to the end of the game (200 plays) is slow and
  its 0/1 result says almost nothing about one card.  The rollouts here play to
  the end of the current round with a fast, decision-identical copy of the
  heuristic on a compact round simulator (:func:`play_round`, checked against
  ``rules.apply`` by the tests), then score the new totals as a win
  probability (:func:`win_chance`: decided games count 1 or 0).  Candidates,
  worlds, common random numbers and the paired switching rule are the shared
  search's own.

The Hard level (issue 17) adds three things:

* **the exact endgame in rollouts** (:func:`solve_points`): once the pile holds
  one card or none, every card is known and Normal (the opponent, and Hard
  itself) plays the rest perfectly with its solver; a rollout stops there and
  scores the minimax line (alpha-beta, cards of one kind merged, a table of
  exact values shared within one decision).  Without it the rollouts valued
  the end of a round as the plain heuristic plays it, and switching on them
  lost points;
* **inference** (:func:`last_play_likelihood`): the observation holds no
  history, but the opponent's last play can be read from it (the Court's last
  single card, or the end of its capture pile, :func:`last_play_hypotheses`);
  a world is weighed by whether the heuristic, in the opponent's seat in that
  world, would have made that play (1, else ``EPSILON``), and the belief keeps
  worlds by rejection with that chance;
* **where to search**: only on the last turns of a round (``search_pile``),
  where the rollouts are short and reach the solved endgame; earlier the
  heuristic's card stands.
"""
from __future__ import annotations

from dataclasses import replace
from math import erf, sqrt
from typing import Any

from game.core.rng import Rng
from game.rules import court as C
from . import court as H
from .search import SearchPlugin

# -- worlds ---------------------------------------------------------------------------


def _opp_draws(obs: Any) -> tuple[int, int]:
    """(cards the opponent has played this round, cards it has drawn)."""
    me = obs.seat
    opp = 1 - me
    played = sum(len(s) for s in obs.court) + sum(len(c) for c in obs.captures) - C.COURT_SIZE
    # plays alternate from the starter; it is my turn now
    opp_plays = played // 2 if obs.starter == me else (played + 1) // 2
    # every play of the opponent began with a draw, except once the pile had run out; the
    # pile shrinks by one per turn begun, so drawn = hand now + played - dealt hand
    drawn = obs.hand_sizes[opp] + opp_plays - C.HAND_SIZE
    return opp_plays, max(0, drawn)


def refined_world(rules: Any, obs: Any, rng: Rng, tries: int = 40) -> Any:
    """A world (full state) with ``observe(world, obs.seat) == obs``: the unseen
    cards re-dealt so that the opponent's hand agrees with its announced high card."""
    world = rules.determinize(obs, rng)
    me = obs.seat
    opp = 1 - me
    h = obs.highs[opp]
    k = obs.hand_sizes[opp]
    if k == 0:
        return world
    unseen = list(world.hands[opp]) + list(world.pile)
    plays, drawn = _opp_draws(obs)
    high = [c for c in unseen if C.CARDS[c].number > h]
    low = [c for c in unseen if C.CARDS[c].number <= h]
    cap = min(drawn, k, len(high))
    if k - cap > len(low):                      # cannot hold: keep the plain sample
        return world
    # P(j high cards in the hand) under uniform dealing, truncated at j <= cap
    weights = [C_(len(high), j) * C_(len(low), k - j) for j in range(cap + 1)]
    total = sum(weights)
    if total <= 0:
        return world
    need_h = h > 0 and plays == 0               # the dealt hand is still whole: it holds an h
    hand: list[int] = []
    for _ in range(tries):
        r = rng.random() * total
        j = 0
        while j < cap and r >= weights[j]:
            r -= weights[j]
            j += 1
        hs = rng.shuffle(high)[:j]
        ls = rng.shuffle(low)[:k - j]
        hand = hs + ls
        if not need_h or any(C.CARDS[c].number == h for c in hand):
            break
    else:
        # rejection ran out (rare): put one unseen card of the announced number in place of a
        # low card, so the world still agrees with the announcement
        hs_ = [c for c in low if C.CARDS[c].number == h]
        lows = [i for i, c in enumerate(hand) if C.CARDS[c].number <= h]
        if need_h and hs_ and lows:
            hand[rng.choice(lows)] = rng.choice(hs_)
    chosen = set(hand)
    pile = rng.shuffle([c for c in unseen if c not in chosen])
    hands = list(world.hands)
    hands[opp] = tuple(hand)
    return replace(world, hands=tuple(hands), pile=tuple(pile))


def C_(n: int, k: int) -> int:
    from math import comb
    return comb(n, k) if 0 <= k <= n else 0


class FastHeuristic:
    """The heuristic for rollouts, without the exact endgame solver (decides with
    the same :func:`game.ai.court.choose`)."""

    name = "heuristic"

    def __init__(self, knobs: H.Knobs = H.Knobs(solve=False)):
        self.knobs = knobs

    def act(self, obs: Any, legal: Any, rng: Rng) -> Any:
        return C.play(obs.seat, H.choose(H.view_of(obs), self.knobs))


# -- inference: the opponent's last play ------------------------------------------------
def last_play_hypotheses(obs: Any) -> list[tuple[int, tuple, tuple, int | None]]:
    """What the opponent's last play may have been, read from the observation alone (it
    holds no history): a list of ``(card, the Court before it, its capture pile before
    it, the last capturer before it)``.  A laid card is the Court's last stack, a single
    card; a capture is the end of its capture pile: the capturing card after the run of
    cards of its suit it took.  Empty when there is nothing to read (it has not played,
    or it swept the Court with a Fireball)."""
    me = obs.seat
    opp = 1 - me
    if _opp_draws(obs)[0] == 0:
        return []
    out = []
    court = obs.court
    lc = obs.last_capturer
    if court and len(court[-1]) == 1 and H.SUIT_OF[court[-1][0]] != H.FIRE:
        out.append((court[-1][0], court[:-1], obs.captures[opp], lc))
    cap = obs.captures[opp]
    if lc == opp and len(cap) >= 2 and H.SUIT_OF[cap[-1]] != H.FIRE:
        s = H.SUIT_OF[cap[-1]]
        k = len(cap) - 1
        while k > 0 and H.SUIT_OF[cap[k - 1]] == s and len(cap) - 1 - k < C.WHOLE_SUIT - 1:
            k -= 1
        run = cap[k:-1]
        if run and all(H.SUIT_OF[st[0]] != s for st in court):
            # the last capturer before it: unknown; the opponent's own view only uses it
            # in the endgame, which the search leaves to the heuristic
            out.append((cap[-1], court + (run,), cap[:k], None))
    return out


def opponent_view(obs: Any, world: Any, card: int, court: tuple, cap: tuple, last: int | None) -> H.View:
    """The opponent's :class:`~game.ai.court.View` at its last decision in ``world``, had
    it played ``card`` there (one of :func:`last_play_hypotheses`)."""
    me = obs.seat
    opp = 1 - me
    # the played card first: the heuristic keeps the first of equally good cards, so it
    # "would have chosen" the card when the card is among its best
    hand = (card,) + tuple(world.hands[opp])
    plays = sum(len(st) for st in obs.court) + sum(len(c) for c in obs.captures) - C.COURT_SIZE
    first_pile = C.DECK_SIZE - C.PLAYERS * C.HAND_SIZE - C.COURT_SIZE
    pile = max(0, first_pile - plays)           # before my draw of this turn
    drew = 1 if pile > 0 else 0
    seen = [0] * H.NSUITS
    for c in hand:
        seen[H.SUIT_OF[c]] += 1
    for st in court:
        for c in st:
            seen[H.SUIT_OF[c]] += 1
    for c in cap:
        seen[H.SUIT_OF[c]] += 1
    for c in obs.captures[me]:
        seen[H.SUIT_OF[c]] += 1
    unseen_suit = [H.SUIT_SIZE[i] - seen[i] for i in range(H.NSUITS)]
    unseen = len(obs.hand) + obs.pile_size
    opp_cards = tuple(sorted(tuple(obs.hand) + tuple(world.pile))) if pile <= 1 else None
    return H.View(hand=hand, court=court, mine=H.tally(cap), theirs=H.tally(obs.captures[me]),
                  unseen_suit=unseen_suit, unseen=unseen, opp_hand=len(obs.hand) - drew, pile=pile,
                  last_me=None if last is None else last == opp, opp_cards=opp_cards)


#: the chance the opponent model gives a card other than its own choice (epsilon-soft)
EPSILON = 0.1


def last_play_likelihood(obs: Any, world: Any, knobs: H.Knobs = H.DEFAULT,
                         epsilon: float = EPSILON) -> float:
    """How likely the opponent's last play was in ``world`` under the heuristic as the
    opponent model: 1 if it would have chosen that card (or one of the same kind), else
    ``epsilon``; averaged over the plays the observation allows.  A function of ``obs``
    and ``world`` only."""
    hyps = last_play_hypotheses(obs)
    if not hyps:
        return 1.0
    total = 0.0
    for card, court, cap, last in hyps:
        v = opponent_view(obs, world, card, court, cap, last)
        c = H.choose(v, knobs)
        total += 1.0 if _REP[c] == _REP[card] else epsilon
    return total / len(hyps)


# -- the round simulator ----------------------------------------------------------------
def seat_view(hands, pile, court, tallies, gone, seat: int, last) -> H.View:
    """Seat ``seat``'s :class:`~game.ai.court.View` in the compact simulator: what
    :func:`game.ai.court.view_of` computes from its observation."""
    opp = 1 - seat
    hand = hands[seat]
    unseen_suit = list(gone)
    for c in hand:
        unseen_suit[H.SUIT_OF[c]] -= 1
    for st in court:
        unseen_suit[H.SUIT_OF[st[0]]] -= len(st)
    return H.View(hand=hand, court=court, mine=tallies[seat], theirs=tallies[opp],
                  unseen_suit=unseen_suit, unseen=len(hands[opp]) + len(pile),
                  opp_hand=len(hands[opp]), pile=len(pile),
                  last_me=None if last is None else last == seat,
                  opp_cards=(hands[opp] + tuple(pile)) if len(pile) <= 1 else None)


def play_round(state: Any, policies: Any, max_steps: int = 1000,
               solve: bool = False, memo: dict | None = None) -> tuple[tuple[int, int], int]:
    """Play the rest of ``state``'s round; ``policies[seat](view) -> card``.  Returns
    (the round's points of seat 0 and 1, plays made).  Mirrors ``rules.apply``:
    the player to move has drawn already; a matching card captures its stack, a
    Fireball the whole Court, any other card is laid; the next player draws while
    the pile lasts; at the end the Court goes to the last capturer."""
    hands = [tuple(h) for h in state.hands]
    pile = list(state.pile)
    court = tuple(state.court)
    tallies = [H.tally(c) for c in state.captures]
    # unseen-count base per suit: the suit size minus the captured cards
    gone = list(H.SUIT_SIZE)
    for cap in state.captures:
        for c in cap:
            gone[H.SUIT_OF[c]] -= 1
    last = state.last_capturer
    seat = state.turn
    steps = 0
    while (hands[0] or hands[1]) and steps < max_steps:
        if solve and len(pile) <= 1:
            # every card is known from here: both seats play the rest perfectly (the
            # heuristic's own endgame solver), so the round's points are the minimax line's
            both = [hands[0], hands[1]]
            both[1 - seat] = both[1 - seat] + tuple(pile)
            return solve_points(both, court, tallies, last, seat, memo), steps + 1
        v = seat_view(hands, pile, court, tallies, gone, seat, last)
        c = policies[seat](v)
        s = H.SUIT_OF[c]
        hands[seat] = tuple(x for x in hands[seat] if x != c)
        if s == H.FIRE:
            taken = tuple(x for st in court for x in st) + (c,)
            if court:
                last = seat
            court = ()
        else:
            i = next((j for j, st in enumerate(court) if H.SUIT_OF[st[0]] == s), None)
            if i is None:
                court = court + ((c,),)
                taken = ()
            else:
                taken = court[i] + (c,)
                court = court[:i] + court[i + 1:]
                last = seat
        if taken:
            tallies[seat] = H.add(tallies[seat], taken)
            for x in taken:
                gone[H.SUIT_OF[x]] -= 1
        steps += 1
        if not pile and not hands[0] and not hands[1]:
            break
        seat = 1 - seat
        if pile:
            hands[seat] = hands[seat] + (pile.pop(0),)
    if court and last is not None:
        tallies[last] = H.add(tallies[last], tuple(x for st in court for x in st))
    return H.round_points(tallies[0], tallies[1]), steps


ROUND_SD = 14.0       # spread of one round's point difference (measured in heuristic self-play)
ROUND_POINTS = 21.0   # points one player scores in a round, about


def win_chance(totals: tuple[int, ...], me: int, target: int) -> float:
    """P(seat ``me`` wins) from the totals after a round: 1 or 0 when decided, else
    a normal approximation of the lead over the rounds still to play."""
    mine, theirs = totals[me], totals[1 - me]
    top = max(mine, theirs)
    if top >= target and mine != theirs:
        return 1.0 if mine > theirs else 0.0
    rounds = max(1.0, (target - top) / ROUND_POINTS)
    z = (mine - theirs) / (ROUND_SD * sqrt(rounds))
    return 0.5 * (1.0 + erf(z / sqrt(2.0)))


class CourtSearch(SearchPlugin):
    """Fireball Court's Hard: worlds that agree with the announced high cards, searched on
    the last turns of a round only, with rollouts to the round's end on the compact
    simulator (:func:`play_round`, the exact endgame at its end) scored as a win chance.
    With ``infer`` (the Hard level), the worlds are drawn from the belief that also
    reads the opponent's last play (:func:`last_play_likelihood`), by rejection: a
    world is kept with its likelihood's chance, else another is drawn (up to
    ``tries``; the last one keeps its weight)."""

    # issue 17 (Hard beats Normal): the old rule (margin 0.15 of win chance, z 2.5) was about
    # 11 round points at 0-0 and never switched; the rollouts were biased too (no exact
    # endgame, which Normal plays).  Now: rollouts end in the solved endgame (``solve``), the
    # worlds read the opponent's last play (``infer``), the search runs on the last turns of a
    # round (``search_pile``: the pile holds at most 14 cards; earlier the rollouts are long and
    # noisy), and it switches on a paired difference above 2 standard errors (margin 0).
    # A solved endgame counts as ``solve_steps`` simulated plays in the budget.
    tuning = dict(budget_steps=6000, min_worlds=4, max_worlds=40, margin=0.0, z=2.0, min_switch_worlds=4,
                  infer=True)

    tries = 8

    def __init__(self, rules: Any, *, infer: bool = False, solve: bool = True, solve_steps: int = 100,
                 search_pile: int | None = 14, rollout_knobs: H.Knobs = H.Knobs(solve=False), **generic: Any):
        super().__init__(rules, **generic)
        #: read the opponent's last play (:func:`last_play_likelihood`)
        self.infer = infer
        #: rollouts end in the solved endgame (:func:`solve_points`), counted ``solve_steps`` plays
        self.solve = solve
        self.solve_steps = solve_steps
        #: search only while the pile holds at most this many cards (None: from the deal)
        self.search_pile = search_pile
        knobs = rollout_knobs
        self._view_policy = lambda v: H.choose(v, knobs)

    def shortcut(self, obs: Any, legal: Any, rng: Rng, base: Any) -> Any:
        if obs.pile_size <= 1 or (self.search_pile is not None and obs.pile_size > self.search_pile):
            # every card is known from pile <= 1 on: the heuristic solves the round exactly;
            # before the last turns (search_pile) the heuristic's card stands
            return base.act(obs, legal, rng.spawn())
        return None

    def determinize(self, obs: Any, rng: Rng) -> Any:
        return refined_world(self.rules, obs, rng)

    def weigh(self, obs: Any, world: Any) -> float:
        return last_play_likelihood(obs, world) if self.infer else 1.0

    def belief(self, obs: Any, rng: Rng) -> tuple[Any, float]:
        world = self.determinize(obs, rng)
        if not self.infer:
            return world, 1.0
        for _ in range(self.tries - 1):
            w = self.weigh(obs, world)
            if w >= 1.0 or rng.random() < w:
                return world, 1.0
            world = self.determinize(obs, rng)
        return world, self.weigh(obs, world)

    def rollout(self, search: Any, world: Any, action: Any, seed: int, me: int, players: int) -> tuple[float, int]:
        """The rest of the round on the compact simulator (:func:`play_round`; its solved
        endgames shared within the decision, ``search.memo``), scored by :func:`win_chance`."""
        state, _ = self.rules.apply(world, action)
        if state.over or state.round != world.round:
            out = self.rules.outcome(state)
            if out is not None:
                return (1.0 if me in out.winners else 0.0), 1
            return win_chance(state.totals, me, state.target), 1
        policy = self._view_policy
        (p0, p1), steps = play_round(state, (policy, policy), search.max_rollout, self.solve, search.memo)
        if self.solve:
            steps += self.solve_steps
        totals = (state.totals[0] + p0, state.totals[1] + p1)
        return win_chance(totals, me, state.target), steps + 1


# -- the exact endgame, fast ------------------------------------------------------------
#: each card's representative: the lowest card id of the same suit and kind (a coin 7 is
#: any coin 7); two cards with one representative play and score the same
_REP: tuple[int, ...] = tuple(min(x for x in range(len(H.SUIT_OF))
                                  if H.SUIT_OF[x] == H.SUIT_OF[c] and H.KIND_OF[x] == H.KIND_OF[c])
                              for c in range(len(H.SUIT_OF)))


def solve_points(hands: Any, court: Any, tallies: Any, last: int | None, seat: int,
                 memo: dict | None = None) -> tuple[int, int]:
    """The round's points of seat 0 and 1 when both play the rest of the round perfectly
    (each maximizing its own points minus the other's, as :func:`game.ai.court.solve_endgame`
    does) with every card known: ``hands`` are the cards each seat will still play (a card
    left in the pile counts in the hand of the seat that draws it), ``seat`` moves first,
    ``court`` the stacks, ``tallies`` the captures so far, ``last`` the last capturer.
    Alpha-beta on the difference, with a table of exact values over cards of the same
    kind; the points of a line that reaches the minimax difference."""
    if memo is None:
        memo = {}                   # exact values only: a table may serve many solves
    suit_of = H.SUIT_OF
    add = H.add
    FIRE = H.FIRE
    round_points = H.round_points

    def rec(h_me: tuple, h_op: tuple, court: tuple, t_me: tuple, t_op: tuple, lc: int,
            alpha: int, beta: int) -> tuple[int, int]:
        # lc: 1 the player to move captured last, -1 the other, 0 nobody yet
        if not h_me:
            if h_op:                        # (cannot happen: plays alternate)
                q, p = rec(h_op, h_me, court, t_op, t_me, -lc, -beta, -alpha)
                return p, q
            if court and lc:
                left = tuple(x for st in court for x in st)
                if lc > 0:
                    t_me = add(t_me, left)
                else:
                    t_op = add(t_op, left)
            return round_points(t_me, t_op)
        key = (h_me, h_op, court, t_me, t_op, lc)
        got = memo.get(key)
        if got is not None:
            return got
        a0 = alpha
        best = None
        bd = -10 ** 9
        caps = []
        lays = []
        prev = -1
        for i, c in enumerate(h_me):
            if c == prev:
                continue
            prev = c
            s = suit_of[c]
            if s == FIRE:
                caps.append((c, i, -1))
            else:
                j = next((k for k, st in enumerate(court) if suit_of[st[0]] == s), -1)
                if j >= 0:
                    caps.append((c, i, j))
                else:
                    lays.append((c, i, j))
        for c, i, j in caps + lays:
            rest = h_me[:i] + h_me[i + 1:]
            if suit_of[c] == FIRE:
                if court:
                    nt = add(t_me, tuple(x for st in court for x in st) + (c,))
                    nlc = 1
                else:
                    nt = t_me
                    nlc = lc
                ncourt: tuple = ()
            elif j < 0:
                nt = t_me
                nlc = lc
                ncourt = tuple(sorted(court + ((c,),)))
            else:
                nt = add(t_me, court[j] + (c,))
                nlc = 1
                ncourt = court[:j] + court[j + 1:]
            q, p = rec(h_op, rest, ncourt, t_op, nt, -nlc, -beta, -alpha)
            d = p - q
            if d > bd:
                bd = d
                best = (p, q)
                if d > alpha:
                    alpha = d
                    if alpha >= beta:
                        break
        if a0 < bd < beta:
            memo[key] = best               # exact (neither bound was hit)
        return best

    rep = _REP
    h_me = tuple(sorted(rep[c] for c in hands[seat]))
    h_op = tuple(sorted(rep[c] for c in hands[1 - seat]))
    rc = tuple(sorted(tuple(sorted(rep[c] for c in st)) for st in court))
    lc = 0 if last is None else (1 if last == seat else -1)
    p, q = rec(h_me, h_op, rc, tuple(tallies[seat]), tuple(tallies[1 - seat]), lc, -10 ** 6, 10 ** 6)
    return (p, q) if seat == 0 else (q, p)
