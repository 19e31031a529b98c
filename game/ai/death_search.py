"""Death over the Kingdom's plug-in for the determinized search (``game/ai/search.py``).

* :func:`refined_world`: ``rules.determinize`` refined with what the public log
  says: the unseen cards are dealt again so that a seat that stood more likely
  holds a card it wanted to keep, and a seat that was handed a card by an
  exchange more likely holds one its neighbour did not want (the heuristic's
  :func:`~game.ai.death.statuses` and its ``SHED`` odds as weights).  A hidden
  hand never gets a King; ``observe(world, seat) == obs`` holds;
* :class:`DeathSearch`: the plug-in (worlds as above, the heuristic as rollout
  agent, candidate proposals for big tables);
* :class:`DeathSearchAgent`: the shared :class:`~game.ai.search.SearchAgent`
  with a **round horizon**.  A seat's card is final once it has played, and a
  round is at most one action per seat, so a rollout plays the rest of the
  current round only (the heuristic in every seat, each on its own
  observation), then scores the new token counts as a chance to win the game
  (:func:`win_chance`: decided games count 1 or 0).  Candidates, worlds, common
  random numbers and the paired switching rule are the shared search's own.
"""
from __future__ import annotations

from dataclasses import replace
from math import erf, sqrt
from typing import Any

from game.core.rng import Rng
from game.rules import death as D
from . import death as H
from .search import SearchAgent, SearchPlugin


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


def refined_world(rules: Any, obs: Any, rng: Rng, knobs: H.Knobs = H.DEFAULT) -> Any:
    """A world (full state) with ``observe(world, obs.seat) == obs``: the unseen cards
    dealt again, each hidden hand drawn with the weights its public history gives."""
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
        ws = [_weight(st.get(s, "raw"), c, knobs) for c in pool]
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


class DeathSearch(SearchPlugin):
    """Worlds weighted by the public log; the heuristic in rollouts; on a big table the
    candidates are every untargeted action and the Thief/Bard on a few seats."""

    proposes = True
    # the weights of the worlds: a seat that stood is taken at its word (``kept`` 1: the card
    # it kept is weighted by 1 - SHED); measured better than 0.8 against the heuristic
    knobs: H.Knobs = H.Knobs(kept=1.0)

    def determinize(self, obs: Any, rng: Rng) -> Any:
        return refined_world(self.rules, obs, rng, self.knobs)

    def rollout_agent(self) -> Any:
        return H.HeuristicAgent()

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


# -- scoring a round's end -------------------------------------------------------------
def _phi(z: float) -> float:
    return 0.5 * (1.0 + erf(z / sqrt(2.0)))


def win_chance(state: Any, me: int, rules: Any) -> float:
    """P(seat ``me`` wins) from the tokens after a round: the outcome when the game is over,
    else a normal approximation of each opponent's token gap over the rounds left (base,
    "Death over all players"), or my share of the tokens still in play ("There can be only
    one")."""
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


class DeathSearchAgent(SearchAgent):
    """The shared PIMC search, with rollouts to the end of the round (see the module)."""

    # the scores are win chances (a token early in a long game moves them a little), so
    # the bar is mostly statistical: 1.5 standard errors of the paired difference
    TUNING = dict(budget_steps=500, min_worlds=4, max_worlds=24, max_candidates=8, margin=0.005, z=1.5,
                  min_switch_worlds=4)

    def __init__(self, game_id: str = "death", base_level: str = "heuristic", **kw: Any):
        self.score_by = kw.pop("score_by", "win")
        world_knobs = kw.pop("world_knobs", None)
        super().__init__(game_id, base_level, **{**self.TUNING, **kw})
        if world_knobs is not None and isinstance(self.plugin, DeathSearch):
            self.plugin.knobs = world_knobs
        self._agent = H.HeuristicAgent()

    def rollout(self, world: Any, action: Any, seed: int, me: int, players: int) -> tuple[float, int]:
        rules = self.rules
        state, _ = rules.apply(world, action)
        steps = 1
        rng = Rng(seed)
        agent = self._agent                 # stateless: one instance serves every seat
        while not state.over and state.round == world.round and steps < self.max_rollout:
            seat = rules.to_act(state)[0]
            a = agent.act(rules.observe(state, seat), rules.legal_actions(state, seat), rng)
            state, _ = rules.apply(state, a)
            steps += 1
        if self.score_by == "round":
            return round_score(state, me, world.round), steps
        return win_chance(state, me, rules), steps


__all__ = ["DeathSearch", "DeathSearchAgent", "refined_world", "win_chance"]
