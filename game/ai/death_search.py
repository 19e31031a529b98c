"""Death over the Kingdom's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: ``rules.determinize`` refined with what the public log
  says: the unseen cards are dealt again so that a seat that stood more likely
  holds a card it wanted to keep, and a seat that was handed a card by an
  exchange more likely holds one its neighbour did not want (the heuristic's
  :func:`~game.ai.death.statuses` and its ``SHED`` odds as weights).  A hidden
  hand never gets a King; ``observe(world, seat) == obs`` holds;
* :class:`DeathSearch`: the plug-in of the shared :class:`~game.ai.search.SearchAgent`
  (worlds as above, the heuristic as rollout policy, candidate proposals for big tables)
  with a **round horizon**.  A seat's card is final once it has played, and a
  round is at most one action per seat, so a rollout plays the rest of the
  current round only (the heuristic in every seat, each on its own
  observation), then scores the new token counts as a chance to win the game
  (:func:`win_chance`: decided games count 1 or 0; in the base mode the exact expected
  share of the win, :func:`_share`).  Candidates, worlds, common random numbers and the
  paired switching rule are the shared search's own; a big table gets a smaller budget
  (:meth:`DeathSearch.scale`) to keep the think time under a second.  The search runs
  only on the decisions where it was measured to gain (:meth:`DeathSearch.searches`:
  at 4 players and more, holding a Thief, or a Clown as the first player; every decision
  at 2 and 3); on every other card Hard plays the heuristic's own choice.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from math import comb, erf, sqrt
from typing import Any

from game.core.rng import Rng
from game.rules import death as D
from . import death as H
from .search import Budget, SearchPlugin


# -- worlds ---------------------------------------------------------------------------
def _weight(status: str, card: int, knobs: H.Knobs) -> float:
    if card == D.KING:
        return 0.0                      # a held King is face up: never in a hidden hand
    r = knobs.shed[card]
    if status == "kept":
        return 1.0 - knobs.kept * r + 1e-3
    if status == "bad":
        return 0.1 + r
    return 1.0


# -- what the seats that have played must hold (the opponent model) -----------------------
def constraints(obs: Any) -> dict[int, list[int]]:
    """For each seat, the log entries (indices) whose decision was taken holding the card
    that seat holds now: a ``stand`` on it, or the ``exchange`` that passed it on.  The
    cards follow the log (exchanges, the Thief's swap and the Bard move them; a cut, the
    Trader and the Dragon replace them with a deck card)."""
    cons: dict[int, list[int]] = {s: [] for s in range(obs.players)}
    for k, rec in enumerate(obs.log):
        s, t = rec.seat, rec.target
        if rec.kind == "stand":
            cons[s] = cons[s] + [k]
        elif rec.kind == "exchange":
            cons[s] = cons[s] + [k]
            cons[s], cons[t] = cons[t], cons[s]
        elif rec.kind in ("thief_swap", "bard"):
            cons[s], cons[t] = cons[t], cons[s]
        elif rec.kind in ("cut", "trader"):
            cons[s] = []
        elif rec.kind == "dragon":
            cons[t] = []
    return cons


_DECK_DRAWS = ("cut", "trader", "dragon")   # each moves one card to the discard and draws one


def past_choice(rules: Any, base: Any, obs: Any, k: int, card: int) -> str:
    """The kind of action the heuristic takes at log entry ``k``'s decision (seat
    ``obs.log[k].seat`` to play) holding ``card``: the table as it was then, rebuilt from
    the public log (``base``: any world of ``obs``; only public facts and ``card`` reach
    the seat's observation)."""
    rec = obs.log[k]
    seat = rec.seat
    later = obs.log[k:]
    m = sum(1 for r in later if r.kind in _DECK_DRAWS)
    cut_at = len(obs.discard) - m
    discard, back = obs.discard[:cut_at], obs.discard[cut_at:]
    i = obs.order.index(seat)
    kings_later = {r.seat for r in later if r.kind == "king"}
    hands = list(base.hands)
    hands[seat] = card
    up = []
    for x in range(obs.players):
        if x == seat:
            up.append(card == D.KING)
        elif x in obs.order and obs.order.index(x) > i:   # not played yet: only a dealt King shows
            up.append(bool(obs.face_up[x]) and hands[x] == D.KING and x not in kings_later)
        else:
            up.append(bool(obs.face_up[x]))
    seen = list(base.seen)
    seen[seat] = tuple(card if x == seat else None for x in range(obs.players))
    then = replace(base, pos=i, hands=tuple(hands), face_up=tuple(up), seen=tuple(seen),
                   deck=tuple(base.deck) + tuple(back), discard=discard, log=obs.log[:k], thief=None,
                   over=False)
    legal = rules.legal_actions(then, seat)
    return H.choose(rules.observe(then, seat), legal).kind


def likelihoods(rules: Any, obs: Any, eps: float) -> dict[int, list[float]]:
    """For each seat whose card I cannot see and whose card decided a logged move: the
    chance, per character, that a heuristic player holding it made those moves (1 if the
    heuristic makes them, else ``eps``)."""
    cons = constraints(obs)
    base = rules.determinize(obs, Rng(0))
    out: dict[int, list[float]] = {}
    memo: dict[tuple[int, int], str] = {}
    for s in obs.order:
        if obs.cards[s] is not None or not cons[s]:
            continue
        w = [0.0] * D.KINDS
        for c in range(D.KINDS):
            if c == D.KING:
                continue
            v = 1.0
            for k in cons[s]:
                if (k, c) not in memo:
                    memo[(k, c)] = past_choice(rules, base, obs, k, c)
                if memo[(k, c)] != obs.log[k].kind:
                    v *= eps
            w[c] = v
        out[s] = w
    return out


def refined_world(rules: Any, obs: Any, rng: Rng, knobs: H.Knobs = H.DEFAULT,
                  likes: dict[int, list[float]] | None = None) -> Any:
    """A world (full state) with ``observe(world, obs.seat) == obs``: the unseen cards
    dealt again, each hidden hand drawn with the weights its public history gives
    (``likes``: the opponent model's, see :func:`likelihoods`; else the heuristic's
    ``SHED`` odds)."""
    world = rules.determinize(obs, rng)
    if obs.phase == "over" or obs.seat is None:
        return world
    me = obs.seat
    hidden = [s for s in obs.order if obs.cards[s] is None]
    if not hidden:
        return world
    st = H.statuses(obs)
    pool = [world.hands[s] for s in hidden] + list(world.deck)
    hands = list(world.hands)
    for s in rng.shuffle(hidden):
        if likes is not None:
            row = likes.get(s)
            ws = [(0.0 if c == D.KING else 1.0) if row is None else row[c] for c in pool]
        else:
            ws = [_weight(st.get(s, "raw"), c, knobs) for c in pool]
        total = sum(ws)
        if total <= 0:                  # nothing fits: any card but a King
            ws = [0.0 if c == D.KING else 1.0 for c in pool]
            total = sum(ws)
        x = rng.random() * total
        k = 0
        while k < len(pool) - 1 and (x >= ws[k] or ws[k] <= 0):
            x -= ws[k]
            k += 1
        if ws[k] <= 0:                  # rounding at the end: the last card with weight
            k = max(j for j, w in enumerate(ws) if w > 0)
        hands[s] = pool.pop(k)
    deck = tuple(rng.shuffle(pool))
    n = obs.players
    seen = []
    for v in range(n):
        if v == me:
            seen.append(world.seen[v])
            continue
        row = [hands[s] if s == v else None for s in range(n)]
        if obs.thief is not None and obs.thief[0] == v:
            row[obs.thief[1]] = hands[obs.thief[1]]
        seen.append(tuple(row))
    return replace(world, hands=tuple(hands), deck=deck, seen=tuple(seen))


# -- scoring a round's end -------------------------------------------------------------
def _phi(z: float) -> float:
    return 0.5 * (1.0 + erf(z / sqrt(2.0)))


#: the exact win share (:func:`_share`) is used up to this many players x rounds left
EXACT_LIMIT = 300
_FACT = [1.0]
for _i in range(1, 400):
    _FACT.append(_FACT[-1] * _i)


@lru_cache(maxsize=50_000)
def _share(mine: int, others: tuple[int, ...], left: int, n: int) -> float:
    """My expected share of the win (base mode) with ``mine`` tokens against ``others`` when
    each of the ``left`` rounds still to play gives one token to a seat drawn uniformly: the
    multinomial sum, exactly (ties share the win).  A pure function of public numbers."""
    total = 0.0
    q = 1.0 / (n - 1)
    for k in range(left + 1):                       # the tokens I take
        pk = comb(left, k) * (1.0 / n) ** k * (1.0 - 1.0 / n) ** (left - k)
        m = mine + k
        rest = left - k                             # the others' tokens, multinomial
        poly: dict[tuple[int, int], float] = {(0, 0): 1.0}   # (tokens used, seats tied) -> sum of prod 1/x!
        for t in others:
            need = m - t                            # a seat must end with at least my count
            new: dict[tuple[int, int], float] = {}
            for (u, j), v in poly.items():
                for x in range(max(0, need), rest - u + 1):
                    key = (u + x, j + (x == need))
                    new[key] = new.get(key, 0.0) + v / _FACT[x]
            poly = new
        s = sum(v / (1 + j) for (u, j), v in poly.items() if u == rest)
        total += pk * s * _FACT[rest] * q ** rest
    return total


def win_chance(state: Any, me: int, rules: Any, exact_limit: int | None = None) -> float:
    """P(seat ``me`` wins) from the tokens after a round: the outcome when the game is over;
    else in the base mode my exact expected share of the win if each round left gives one token
    to a random seat (:func:`_share`; on a big table early in the game, a normal approximation
    of each opponent's token gap over the rounds left, as in "Death over all players"), or my
    share of the tokens still in play ("There can be only one")."""
    out = rules.outcome(state)
    if out is not None:
        return 1.0 / len(out.winners) if me in out.winners else 0.0
    t = state.tokens
    if state.mode == "only_one":
        if state.out_round[me] is not None:
            return 0.0
        alive = [s for s in range(state.players) if state.out_round[s] is None]
        return t[me] / max(1, sum(t[s] for s in alive))
    n = state.players
    left = state.rounds - len(state.results)
    if state.mode == "base" and n * left <= (EXACT_LIMIT if exact_limit is None else exact_limit):
        lo = min(t)
        return _share(t[me] - lo, tuple(sorted(t[s] - lo for s in range(n) if s != me)), left, n)
    if state.mode == "death_over_all":
        mean = 6.0 / n
        var = max(0.05, 14.0 / n - mean * mean)
    else:
        p = 1.0 / n
        var = p * (1 - p)
    sd = sqrt(2.0 * max(1, left) * var)
    v = 1.0
    for s in range(n):
        if s != me:
            v *= _phi((t[s] - t[me] + 0.5) / sd)
    return v


def round_score(state: Any, me: int, rnd: int) -> float:
    """1 minus the tokens I took in round ``rnd`` (over 3 in "Death over all players")."""
    res = next((r for r in state.results if r.round == rnd), None)
    if res is None:
        return 0.5
    d = res.deltas[me]
    if state.mode == "death_over_all":
        return 1.0 - max(0, d) / 3.0
    if state.mode == "only_one":
        return 1.0 + min(0, d)
    return 1.0 - d


class DeathSearch(SearchPlugin):
    """Death over the Kingdom's Hard: worlds weighted by the public log; on a big table the
    candidates are every untargeted action and the Thief/Bard on a few seats; rollouts to
    the end of the round with the heuristic, scored as a chance to win the game; searched
    only where the search was measured to gain, with a budget that shrinks on big tables."""

    # the scores are win chances (a token early in a long game moves them a little), so the
    # bar is statistical: 1 paired standard error; 12-32 worlds (measured with duplicate
    # games against the heuristic, docs/AI.md: the tighter bar of 1.5 s.e. and 4-24 worlds
    # left the heuristic's choice too rarely to gain).  Issue 16 made a rollout about 2.45 times
    # cheaper; the budget and the world cap grew by as much (1200 and 32 before), so a
    # decision costs the think time it cost before and plays 2.45 times the futures
    tuning = dict(budget_steps=2940, min_worlds=12, max_worlds=78, max_candidates=8, margin=0.0, z=1.0,
                  min_switch_worlds=4, random_candidates=0)

    # the weights of the worlds: a seat that stood is taken at its word (``kept`` 1: the card
    # it kept is weighted by 1 - SHED); measured better than 0.8 against the heuristic
    knobs: H.Knobs = H.Knobs(kept=1.0)

    #: the opponent model: a seat that has played holds a card on which the heuristic makes
    #: its logged moves, else (weight ``eps``) any card; None: the ``SHED`` odds instead
    eps: float | None = 0.15

    #: the cards in my hand on which the search runs (None: every decision); on any other card
    #: Hard plays the heuristic's own choice (:meth:`searches`).  Measured in duplicate games
    #: against the heuristic, searching one kind of card at a time (4 players, 600 games): the
    #: search gained holding a Thief (it looks where the heuristic exchanges; +0.011 +- 0.004 a
    #: game there, but level on fresh games: -0.002 +- 0.002 in 2000) and nothing measurable
    #: elsewhere (Bard, Dragon, Trader: +0.004 +- 0.008, with 47 games changed against 15:
    #: switches on noise, which cost at 6 players: on the same 200 games the full search was
    #: 0.030 +- 0.016 a game behind the heuristic, this gate +0.001 +- 0.007)
    SEARCH_HANDS: frozenset[int] | None = frozenset({D.THIEF})
    #: the cards searched only when I play first (the Clown: exchange rather than stand)
    SEARCH_FIRST: frozenset[int] = frozenset({D.CLOWN})
    #: up to this many players every decision is searched (at 3 players the other switches
    #: still gain a little: the full search +0.017 +- 0.006 a game against the heuristic, the
    #: Thief and Clown alone +0.009 +- 0.005, on the same 2000 duplicate games)
    SEARCH_ALL_UP_TO: int = 3

    def __init__(self, rules: Any, *, score_by: str = "win", scale: dict | None = None,
                 exact_limit: int = EXACT_LIMIT, search_hands: Any = "default", search_all_up_to: int | None = None,
                 search_first: Any = None, world_knobs: H.Knobs | None = None, world_eps: Any = "default",
                 **generic: Any):
        super().__init__(rules, **generic)
        self._memo: tuple[Any, Any] = (None, None)
        #: how a rollout's end is scored: "win" (:func:`win_chance`) or "round" (:func:`round_score`)
        self.score_by = score_by
        #: the budget's multiplier by table size, before the rule of :meth:`scale`
        self.scales = {int(k): float(v) for k, v in (scale or {}).items()}
        self.exact_limit = exact_limit
        if search_hands != "default":
            self.SEARCH_HANDS = None if search_hands is None else frozenset(search_hands)
        if search_all_up_to is not None:
            self.SEARCH_ALL_UP_TO = int(search_all_up_to)
        if search_first is not None:
            self.SEARCH_FIRST = frozenset(search_first)
        if world_knobs is not None:
            self.knobs = world_knobs
        if world_eps != "default":
            self.eps = world_eps

    # -- which decisions, and how much thought
    def searches(self, obs: Any) -> bool:
        """Whether this decision is searched (else the heuristic's choice is played): every
        decision at a table of up to ``SEARCH_ALL_UP_TO`` players or when ``SEARCH_HANDS`` is
        None, else the cards it names, and ``SEARCH_FIRST`` when I play first.  Public facts
        only: the table size, my own card and my place in the turn order."""
        if self.SEARCH_HANDS is None or obs.players <= self.SEARCH_ALL_UP_TO or obs.hand in self.SEARCH_HANDS:
            return True
        return obs.hand in self.SEARCH_FIRST and obs.order.index(obs.seat) == 0

    def shortcut(self, obs: Any, legal: Any, rng: Rng, base: Any) -> Any:
        if obs.seat is not None and obs.hand is not None and not self.searches(obs):
            return base.act(obs, legal, rng)
        return None

    def scale(self, players: int) -> float:
        """How many times the base budget (simulated actions and worlds) a decision gets at a
        table of ``players`` (``scale`` knob first): the whole budget up to 10 players, less on
        a big table, where a rollout is long and the heuristic slower (20 players: half, so
        the p95 think time stays near 0.5 s of CPU instead of 1 s)."""
        if players in self.scales:
            return self.scales[players]
        return 1.0 if players <= 10 else max(0.5, 10.0 / players)

    def budget(self, obs: Any, budget: Budget) -> Budget:
        return budget.scaled(self.scale(obs.players))

    # -- candidates and worlds
    def propose(self, obs: Any, legal: Any) -> list[Any]:
        out = [a for a in legal if a.kind not in D.TARGETED]
        targeted = [a for a in legal if a.kind in D.TARGETED]
        me = obs.seat
        i = obs.order.index(me)
        later = obs.order[i + 1:]
        picks = [t for t in later if obs.cards[t] is not None][:2]
        picks += [t for t in (later[-1:] + later[:1]) if t not in picks]
        for t in picks:
            out += [a for a in targeted if a.get("target") == t]
        return out

    def determinize(self, obs: Any, rng: Rng) -> Any:
        likes = None
        if self.eps is not None and obs.seat is not None and obs.phase != "over":
            if self._memo[0] is not obs and self._memo[0] != obs:    # one decision's worlds share it
                self._memo = (obs, likelihoods(self.rules, obs, self.eps))
            likes = self._memo[1]
        return refined_world(self.rules, obs, rng, self.knobs, likes)

    # -- rollouts: the rest of the round
    def horizon(self, world: Any) -> Any:
        return lambda s: not s.over and s.round == world.round

    def rollout_policy(self) -> Any:
        return H.HeuristicAgent()

    def evaluate(self, state: Any, me: int, players: int) -> float:
        if self.score_by == "round":     # the round just played (a rollout stops at its end)
            return round_score(state, me, state.results[-1].round if state.results else state.round)
        return win_chance(state, me, self.rules, self.exact_limit)


__all__ = ["DeathSearch", "refined_world", "win_chance"]
