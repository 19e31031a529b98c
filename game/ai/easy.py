"""The Easy level: each game's heuristic (Normal) with human-sized mistakes.

Easy plays the same way as Normal (the same heuristic, the same reasons) but like a
casual player: it remembers less of what was seen, reads the other players less, and
now and then plays the obvious-looking move or the second-best one.  Its mistakes are
never uniform-random moves.  Like every agent it sees ``(obs, legal, rng)`` only and
keeps no memory between calls; every slip is drawn from the given ``rng``, so a
decision is a pure function of ``(obs, rng state)``.

Each game's Easy is one :class:`Easy` (how it plays, and its knobs: the heuristic's own
``Knobs`` set to a casual player's values, and its slip rate), named by the game's entry
in ``game.ai.GAMES``; ``make_agent(game, "easy")`` builds :class:`EasyAgent`.

* **MasterBluff**: no card counting (it forgets which cards went into whose hand
  when a pile was taken, and who was caught lying or calls often); it still sees the
  current pile's claims and its own hand, so it catches a claim its own hand makes
  impossible.  It misjudges a doubtful claim now and then (calls when it should
  pass, or the reverse), and leads a smaller family more often.
* **Fireball Court**: does not weigh the opponent's reply or its own next capture
  as carefully, does not work out the last round exactly, and now and then just
  takes the biggest stack on offer (or lays its cheapest card): the obvious card.
* **Death over the Kingdom**: does not read the others' stands and exchanges
  (every hidden card is just "some unseen card"), and now and then takes the
  second-best option.
* **King Thief Minister**: trusts every claim alike (does not learn who lies or
  who challenges), now and then takes the second-best turn, and misjudges a
  challenge now and then.
* **Boss Quest**: does not think of denying a spell to the others or of the
  mystery spell's best use, and now and then takes the second-best option.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from game.core.actions import Action
from game.core.rng import Rng
from game.core.spaces import ListSpace

from . import bossquest as BQ
from . import court as CT
from . import death as DT
from . import ktm as KT
from . import masterbluff as MB


@dataclass(frozen=True)
class EasyKnobs:
    """One game's Easy: the heuristic's knobs and the mistake rates."""

    knobs: Any                  # the game heuristic's Knobs
    slip: float                 # chance of the obvious / second-best move at a choice
    misjudge: float = 0.0       # chance of a wrong answer to a doubtful yes/no (call, challenge)
    extra: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Easy:
    """One game's Easy: its way of playing, ``act(knobs, obs, legal, rng)``, and its knobs."""

    act: Callable[[EasyKnobs, Any, Any, Rng], Action]
    knobs: EasyKnobs


def _without(legal: Any, action: Action) -> ListSpace:
    """The legal actions but ``action``."""
    return ListSpace([a for a in legal if a != action])


# -- MasterBluff ------------------------------------------------------------------------
def mb_forgetful_track(obs: Any, knobs: MB.Knobs) -> MB.Tracker:
    """The tracker of a player who does not count cards: it keeps the current pile's
    claims and its own cards in the pile, but forgets what went into whose hand and each
    player's record (calls, lies): the priors stand for everyone."""
    t = MB.track(obs, knobs)
    n = obs.players
    for s in range(n):
        if s != obs.seat:
            t.lb[s] = [0] * MB.NF
            t.est[s] = [0.0] * MB.NF
    t.truthful, t.lies, t.calls, t.wrong, t.passes = [0] * n, [0] * n, [0] * n, [0] * n, [0] * n
    return t


def _mb_act(ek: EasyKnobs, obs: Any, legal: Any, rng: Rng) -> Action:
    t = mb_forgetful_track(obs, ek.knobs)
    me = obs.seat
    if obs.phase == "respond":
        certain = MB.p_lie(obs, t, ek.knobs) >= 1.0
        yes = MB.decide_call(obs, t, rng, ek.knobs)
        if not certain and rng.random() < ek.misjudge:
            yes = not yes
        action = MB.call(me) if yes else MB.pass_(me)
    else:
        action = MB.choose_discard(obs, t, rng, getattr(legal, "declarations", ()), ek.knobs)
    return action if action in legal else legal.sample(rng)


# -- Fireball Court -----------------------------------------------------------------------
def _court_act(ek: EasyKnobs, obs: Any, legal: Any, rng: Rng) -> Action:
    if rng.random() < ek.slip:
        card = CT.greedy_card(obs.hand, obs.court)          # the obvious card
    else:
        card = CT.choose(CT.view_of(obs), ek.knobs)
    a = CT.play(obs.seat, card)
    return a if a in legal else legal.sample(rng)


# -- Death over the Kingdom ---------------------------------------------------------------
def _death_act(ek: EasyKnobs, obs: Any, legal: Any, rng: Rng) -> Action:
    best = DT.choose(obs, legal, ek.knobs)
    if rng.random() < ek.slip:
        if obs.phase == "thief":
            others = [a for a in legal if a != best]
            if others:
                best = others[0]
        else:
            rest = _without(legal, best)
            if len(rest):
                best = DT.choose(obs, rest, ek.knobs)       # the second-best option
    return best if best in legal else legal.sample(rng)


# -- King Thief Minister -------------------------------------------------------------------
def _ktm_act(ek: EasyKnobs, obs: Any, legal: Any, rng: Rng) -> Action:
    K = KT.K
    knobs = ek.knobs
    ph = obs.phase
    if ph == K.TURN:
        t = KT.Table(obs, knobs)
        opts = KT.turn_options(t)
        noise = knobs.long_noise if obs.turns > knobs.long_game else knobs.noise
        ranked = sorted(((v + noise * rng.random(), i) for i, (v, _a) in enumerate(opts)), reverse=True)
        pick = ranked[1] if len(ranked) > 1 and rng.random() < ek.slip else ranked[0]
        a = opts[pick[1]][1]
    elif ph in (K.CHALLENGE, K.MINISTERS):
        a = KT.choose(obs, legal, rng, knobs)
        if rng.random() < ek.misjudge:
            others = [b for b in legal if b != a]
            if others:
                a = others[0]
    else:
        a = KT.choose(obs, legal, rng, knobs)
    return a if a in legal else legal.sample(rng)


# -- Boss Quest ----------------------------------------------------------------------------
def _bq_act(ek: EasyKnobs, obs: Any, legal: Any, rng: Rng) -> Action:
    scored = BQ.score_actions(obs, legal, ek.knobs)
    best = BQ.best_of(scored)
    if len(scored) > 1 and rng.random() < ek.slip:
        rest = [(v, a) for v, a in scored if a != best]
        best = BQ.best_of(rest)                            # the second-best option
    return best if best in legal else legal.sample(rng)


# -- each game's Easy (named by its entry in game.ai.GAMES) --------------------------------
MASTERBLUFF = Easy(_mb_act, EasyKnobs(MB.Knobs(lead_noise=3.0, kill_bonus=0.0), slip=0.0, misjudge=0.25))
COURT = Easy(_court_act, EasyKnobs(CT.Knobs(reply=0.25, lam=0.5, solve=False), slip=0.3))
DEATH = Easy(_death_act, EasyKnobs(DT.Knobs(kept=0.0), slip=0.25))
KTM = Easy(_ktm_act, EasyKnobs(KT.Knobs(honesty_prior=(30.0, 20.0), chal_prior=(10.0, 40.0)), slip=0.5,
                               misjudge=0.3))
BOSSQUEST = Easy(_bq_act, EasyKnobs(BQ.Knobs(deny=0.0, fast=True), slip=0.25))


class EasyAgent:
    """Normal's heuristic with human-sized mistakes (see the module docstring)."""

    name = "easy"

    def __init__(self, game: str, easy: Easy, knobs: EasyKnobs | None = None):
        self.game = game
        self.knobs = knobs if knobs is not None else easy.knobs
        self._act = easy.act

    def act(self, obs: Any, legal: Any, rng: Rng) -> Action:
        return self._act(self.knobs, obs, legal, rng)


__all__ = ["BOSSQUEST", "COURT", "DEATH", "Easy", "EasyAgent", "EasyKnobs", "KTM", "MASTERBLUFF",
           "mb_forgetful_track"]
