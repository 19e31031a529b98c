"""Each move written once (issue 26), for Death over the Kingdom, MasterBluff and Fireball Court.

* No rules module keeps module-level mutable state: every module-level list, dict, set or
  other container is the same, holding the same objects, after seeded games are played,
  observed and checked (a pure function's ``functools`` cache is not state: no answer
  depends on it).
* ``apply`` trusts only the very action objects ``legal_actions`` has just given for that
  very state (the rules object's ``LegalMemo``): then it skips the checks and runs the one
  step; an equal action made elsewhere, or a bool where a seat number was meant, is checked.
* The trusted path and the checked path give the same state, the same events and the same
  observations (they run one step; only the checks are skipped).

(King Thief Minister and Boss Quest join the lists below when their rules are changed.)
"""
from __future__ import annotations

import importlib

import pytest

import game.rules  # noqa: F401  (registers every game)
from game.core import registry
from game.core.actions import Action, IllegalAction
from game.core.rng import Rng
from game.core.rules import GameConfig

GAMES = {"death": (6, 20), "masterbluff": (4, 5), "court": (2,), "ktm": (6,), "bossquest": (5,)}
MODULES = {gid: f"game.rules.{gid}" for gid in GAMES}


def _rules(gid):
    return registry.get(gid)


def _config(rules, players):
    return GameConfig(players, dict(rules.default_options))


def _walk(gid, players, seed, rng, limit=None):
    """(state, seat, space, the sampled action) along one seeded random game."""
    rules = _rules(gid)
    s = rules.new_game(_config(rules, players), seed=seed)
    k = 0
    while rules.outcome(s) is None and (limit is None or k < limit):
        seat = rules.to_act(s)[0]
        space = rules.legal_actions(s, seat)
        a = space.sample(rng)
        yield s, seat, space, a
        s, _e = rules.apply(s, a)
        k += 1


# -- no module-level mutable state ---------------------------------------------------------------
_CONTAINERS = (list, dict, set, bytearray)


def _fingerprint(module, alive: list):
    """Every module-level container of ``module`` with what it holds (by identity), and the
    names the module has.  The containers and what they hold are appended to ``alive``: kept
    alive by the caller until it has compared, an identity cannot be reused by a new object
    put in an old one's place (a scan that missed a changed cache by an address reused)."""
    out = {}
    for name, value in vars(module).items():
        if isinstance(value, _CONTAINERS):
            alive.append(value)
            if isinstance(value, dict):
                alive.extend(value.values())
                held = tuple((k, id(v)) for k, v in value.items())
            elif isinstance(value, (set, bytearray)):
                held = tuple(sorted(map(id, value)) if isinstance(value, set) else bytes(value))
                if isinstance(value, set):
                    alive.extend(value)
            else:
                alive.extend(value)
                held = tuple(map(id, value))
            out[name] = (id(value), held)
    return set(vars(module)), out


def _exercise(gid):
    rules = _rules(gid)
    rng = Rng(5)
    for players in GAMES[gid]:
        for seed in range(2):
            for s, seat, space, a in _walk(gid, players, seed, rng, limit=400):
                for v in (None,) + tuple(range(players)):
                    rules.observe(s, v)
                a in space                                          # noqa: B015 (membership)
                try:
                    rules.apply(s, Action(seat, "no_such_move"))
                except IllegalAction:
                    pass


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_no_rules_module_keeps_state_written_at_run_time(gid):
    module = importlib.import_module(MODULES[gid])
    _exercise(gid)                          # the first games fill anything made on first use
    alive: list = []
    names, before = _fingerprint(module, alive)
    _exercise(gid)
    after_names, after = _fingerprint(module, alive)
    assert after_names == names
    changed = sorted(k for k in before if before[k] != after[k])
    assert changed == [], f"{MODULES[gid]} changes its module-level {changed} while games are played"


def test_the_state_scan_sees_a_planted_cache(monkeypatch):
    """The scan above is not empty: a module-level list written by ``apply`` is found."""
    module = importlib.import_module(MODULES["court"])
    rules = _rules("court")
    planted: list = [None]
    monkeypatch.setattr(module, "_PLANTED", planted, raising=False)
    apply = type(rules).apply

    def spying(self, state, action):
        planted[0] = (state, action)
        return apply(self, state, action)

    monkeypatch.setattr(type(rules), "apply", spying)
    _exercise("court")
    alive: list = []
    names, before = _fingerprint(module, alive)
    _exercise("court")
    assert _fingerprint(module, alive)[1]["_PLANTED"] != before["_PLANTED"]


# -- trusted only by identity --------------------------------------------------------------------
#: each game's one refusal function: (a method of the rules class, or a function of the module)
REFUSAL = {"death": "_checked", "masterbluff": "_checked", "court": "_checked", "bossquest": "_check",
           "ktm": "module:_refusal"}


def _spy_checks(monkeypatch, gid):
    """Count the calls of the rules' refusal path (the game's one refusal function)."""
    rules = _rules(gid)
    calls = []
    name = REFUSAL[gid]
    if name.startswith("module:"):
        module, name = importlib.import_module(MODULES[gid]), name.split(":", 1)[1]
        checked = getattr(module, name)

        def spy(state, action):
            calls.append(action)
            return checked(state, action)

        monkeypatch.setattr(module, name, spy)
        return calls
    checked = getattr(type(rules), name)

    def spy(self, state, action):
        calls.append(action)
        return checked(self, state, action)

    monkeypatch.setattr(type(rules), name, spy)
    return calls


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_an_action_just_given_is_trusted_and_an_equal_one_made_elsewhere_is_checked(gid, monkeypatch):
    rules = _rules(gid)
    calls = _spy_checks(monkeypatch, gid)
    rng = Rng(8)
    n = 0
    for s, seat, space, a in _walk(gid, GAMES[gid][0], 3, rng, limit=150):
        before = len(calls)
        rules.apply(s, a)
        assert len(calls) == before, "an action the space has just given was checked"
        twin = Action(a.seat, a.kind, a.params)             # equal, not the same object
        assert twin == a and twin is not a
        rules.legal_actions(s, seat)                        # s's space is kept again
        rules.apply(s, twin)
        assert calls[-1] is twin, "an equal action made elsewhere was trusted"
        n += 1
    assert n > 20


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_a_bool_seat_is_checked_and_refused(gid, monkeypatch):
    """``True == 1``: an action of seat ``True`` equal to seat 1's legal action is not it."""
    rules = _rules(gid)
    calls = _spy_checks(monkeypatch, gid)
    rng = Rng(2)
    tried = 0
    for s, seat, space, a in _walk(gid, GAMES[gid][0], 1, rng, limit=300):
        if seat != 1:
            continue
        fake = Action(True, a.kind, a.params)
        assert fake == a
        with pytest.raises(IllegalAction, match="no seat True"):
            rules.apply(s, fake)
        assert calls[-1] is fake
        tried += 1
    assert tried > 3


@pytest.mark.parametrize("gid", sorted(GAMES))
def test_an_action_given_for_another_state_is_checked_there(gid, monkeypatch):
    """The memo keeps the last space for its very state: the same action object applied to
    the next state is checked (and refused when it is not legal there)."""
    rules = _rules(gid)
    calls = _spy_checks(monkeypatch, gid)
    rng = Rng(6)
    refused = 0
    for s, seat, space, a in _walk(gid, GAMES[gid][0], 4, rng, limit=150):
        nxt, _e = rules.apply(s, a)
        if rules.outcome(nxt) is not None:
            break
        rules.legal_actions(s, seat)                        # s's space is kept again
        try:
            rules.apply(nxt, a)
        except IllegalAction:
            refused += 1
        assert calls[-1] is a
    assert refused > 5


# -- the trusted path and the checked path are one step ----------------------------------------------
def _same(fast, slow, rules, players):
    assert fast[0] == slow[0]
    assert [(e.kind, e.data, e.to, e.reveals) for e in fast[1]] == \
        [(e.kind, e.data, e.to, e.reveals) for e in slow[1]]
    for v in (None,) + tuple(range(players)):
        assert rules.observe(fast[0], v) == rules.observe(slow[0], v)


@pytest.mark.parametrize("gid,players", [(g, p) for g in sorted(GAMES) for p in GAMES[g]])
def test_the_trusted_path_and_the_checked_path_give_the_same_result(gid, players, monkeypatch):
    rules = _rules(gid)
    calls = _spy_checks(monkeypatch, gid)
    rng = Rng(11)
    kinds = set()
    for seed in range(3):
        for s, seat, space, a in _walk(gid, players, seed, rng, limit=600):
            before = len(calls)
            fast = rules.apply(s, a)                        # trusted: its own action, just given
            assert len(calls) == before
            rules._memo.forget()
            slow = rules.apply(s, a)                        # forgotten: checked
            assert len(calls) == before + 1
            _same(fast, slow, rules, players)
            kinds.add(a.kind)
    assert len(kinds) >= {"death": 4, "masterbluff": 3, "court": 1, "ktm": 6, "bossquest": 4}[gid]
