"""Issue 25: "a refusal without its full stop".  Every reason an engine (or the match) gives
for refusing a move is a sentence that ends with its punctuation.  The moves tried: in
seeded games of every game, at many states, for every seat, every kind of move seen in the
game with the parameters it had somewhere else, with each parameter spoilt (out of range, of
the wrong type, missing), with an unknown extra parameter, and a kind no game has."""
from __future__ import annotations

import pytest

from game.ai import make_agent
from game.core import registry
from game.core.actions import Action, GameError, IllegalAction, sentence_end
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.match import Match, SeatSpec

#: every registered game, at the player count PLAYERS gives it (a game missing there fails)
PLAYERS = {"court": 2, "death": 4, "ktm": 4, "bossquest": 3, "masterbluff": 3}
GAMES = tuple((game, PLAYERS[game]) for game in registry.ids())
SPOILT = (-1, 99, "x", None, True, [1])


def _ends(reason: str) -> bool:
    core = reason.rstrip().rstrip("'\"\u201d\u2019)]")
    return bool(core) and core[-1] in ".!?\u2026"


def _tries(seen: dict, players: int):
    """The moves to try: per kind, the parameters seen with it, spoilt ones, extras, none."""
    for kind, shapes in list(seen.items()) + [("no_such_move", [()])]:
        for params in shapes[:4]:
            for seat in range(players):
                yield Action(seat, kind, params)
                yield Action(seat, kind, tuple(sorted(params + (("bogus", 1),))))
                for i, (k, _v) in enumerate(params):
                    yield Action(seat, kind, params[:i] + params[i + 1:])
                    for bad in SPOILT:
                        yield Action.make(seat, kind, **{**dict(params), k: bad})
        yield Action(players + 3, kind, ())


@pytest.mark.parametrize("game,players", GAMES)
def test_every_refusal_reason_ends_as_a_sentence(game, players):
    rules = registry.get(game)
    seen: dict[str, list] = {}
    reasons: dict[str, Action] = {}
    crashes = 0
    for seed in (1, 2):
        st = rules.new_game(GameConfig(players, {}), seed=seed)
        agents = [make_agent(game, "easy") for _s in range(players)]
        rng = Rng(seed)
        k = 0
        while rules.outcome(st) is None and k < 120:
            for s in range(players):
                for a in list(rules.legal_actions(st, s))[:12]:
                    shapes = seen.setdefault(a.kind, [])
                    if a.params not in shapes:
                        shapes.append(a.params)
            if k % 6 == 0:
                for a in _tries(seen, players):
                    try:
                        rules.apply(st, a)
                    except GameError as exc:
                        reasons.setdefault(exc.reason, a)
                    except Exception:            # another kind of failure is not this test's matter
                        crashes += 1
            seat = rules.to_act(st)[0]
            st, _events = rules.apply(st, agents[seat].act(rules.observe(st, seat), rules.legal_actions(st, seat),
                                                           rng))
            k += 1
        if rules.outcome(st) is not None:               # moves after the end
            for a in _tries(seen, players):
                try:
                    rules.apply(st, a)
                except GameError as exc:
                    reasons.setdefault(exc.reason, a)
                except Exception:
                    crashes += 1
    # the match's own refusals (not your turn, the game is over)
    m = Match(game, [SeatSpec(f"P{i}", "ai", "easy") for i in range(players)], seed=3)
    other = next((s for s in range(players) if s not in m.to_act()), None)
    for a in list(m.legal(m.to_act()[0]))[:3] if other is not None else []:
        r = m.check(Action(other, a.kind, a.params))
        if r is not None:
            reasons.setdefault(r, a)
    print(game, len(reasons), "reasons", crashes, "other failures")
    assert len(reasons) >= 8, sorted(reasons)          # the fuzz reached many different refusals
    bad = sorted((r, a.to_json()) for r, a in reasons.items() if not _ends(r))
    assert not bad, bad[:10]


def test_a_reason_is_made_a_sentence_once_and_only_once():
    assert IllegalAction("it is not your turn").reason == "it is not your turn."
    assert IllegalAction("the game is over.").reason == "the game is over."
    assert IllegalAction("the King asks \u201cWho is the Minister?\u201d").reason.endswith("?\u201d")
    assert IllegalAction("answer 'claim_minister' or 'pass'").reason.endswith("'pass'.")
    assert sentence_end("Bust!") == "Bust!" and sentence_end("") == ""
