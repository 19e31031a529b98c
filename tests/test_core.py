"""Core pieces: RNG, response windows, action JSON."""
import pytest
from hypothesis import given, strategies as st

from game.core import rng as R
from game.core.actions import Action, MalformedAction
from game.core.rules import Window


def test_rng_is_deterministic_and_shuffle_is_a_permutation():
    a, sa = R.shuffle(range(48), R.seed_state(5))
    b, sb = R.shuffle(range(48), R.seed_state(5))
    c, _ = R.shuffle(range(48), R.seed_state(6))
    assert a == b and sa == sb and a != c
    assert sorted(a) == list(range(48))


def test_randbelow_is_in_range_and_covers_it():
    s = R.seed_state(1)
    seen = set()
    for _ in range(500):
        v, s = R.below(s, 7)
        seen.add(v)
    assert seen == set(range(7))


@given(st.permutations([0, 1, 2, 3]), st.lists(st.booleans(), min_size=4, max_size=4))
def test_first_mode_window_resolves_to_the_first_caller_in_order_whatever_the_answer_order(arrival, calls):
    order = (3, 0, 1, 2)
    w = Window(order)
    closed_at = None
    for k, seat in enumerate(arrival):
        if w.result()[0]:
            break
        w = w.answer(seat, calls[seat])
        if w.result()[0] and closed_at is None:
            closed_at = k
    closed, callers = w.result()
    assert closed
    expected = next((s for s in order if calls[s]), None)
    assert callers == (() if expected is None else (expected,))


def test_all_mode_window_waits_for_everyone_and_keeps_every_yes():
    w = Window((1, 2, 3), mode="all").answer(3, True).answer(1, False)
    assert w.result() == (False, ())
    assert w.pending() == (2,)
    w = w.answer(2, True)
    assert w.result() == (True, (2, 3))


def test_action_json_rejects_malformed_data():
    with pytest.raises(MalformedAction):
        Action.from_json({"kind": "pass"})
    with pytest.raises(MalformedAction):
        Action.from_json({"seat": "0", "kind": "pass"})
    with pytest.raises(MalformedAction):
        Action.from_json({"seat": 0, "kind": "x", "bad": {"nested": 1}})
    a = Action.from_json({"seat": 1, "kind": "discard", "counts": [1, 0, 0, 0, 0, 0], "family": "elf", "token": False})
    assert a["counts"] == (1, 0, 0, 0, 0, 0) and a.to_json()["counts"] == [1, 0, 0, 0, 0, 0]


# --- seat and deck helpers (game/core/seats.py) -------------------------------
from game.core import seats as S
from game.core.actions import BadConfig


def test_ring_neighbours_and_directions():
    assert S.left_of(3, 4) == 0 and S.right_of(0, 4) == 3
    assert S.neighbour(1, 5, S.CLOCKWISE) == 2 and S.neighbour(1, 5, S.COUNTER_CLOCKWISE) == 0
    assert S.ring_from(2, 4) == (2, 3, 0, 1)
    assert S.ring_from(2, 4, S.COUNTER_CLOCKWISE) == (2, 1, 0, 3)
    assert S.ring_from(2, 4, include_self=False) == (3, 0, 1)


def test_next_active_and_answer_order_skip_seats_that_are_out():
    assert S.next_active(1, 4, out={2}) == 3
    assert S.next_active(3, 4, out={0, 1}) == 2
    assert S.next_active(1, 4, out={0, 2, 3}) == 1, "alone: the seat itself"
    assert S.next_active(1, 4, out={0}, direction=S.COUNTER_CLOCKWISE) == 3
    assert S.seats_after(1, 4, out={3}) == (2, 0)
    assert S.seats_after(1, 4, direction=S.COUNTER_CLOCKWISE) == (0, 3, 2)
    assert S.active_seats(5, out=(1, 4)) == (0, 2, 3)


def test_round_robin_deal():
    assert S.deal_targets(7, 3, 1) == (1, 2, 0, 1, 2, 0, 1)
    assert S.deal_targets(4, 3, 1, S.COUNTER_CLOCKWISE) == (1, 0, 2, 1)
    hands, rest = S.deal_round_robin(list(range(11)), 3, 2)
    assert hands == ((1, 4, 7), (2, 5, 8), (0, 3, 6)) and rest == (9, 10)
    hands, rest = S.deal_round_robin(list(range(11)), 3, 0, per_seat=1)
    assert hands == ((0,), (1,), (2,)) and rest == tuple(range(3, 11))
    assert S.count_cards([0, 2, 2], 4) == (1, 0, 2, 0)


def test_parse_deck_maps_names_and_ids_and_checks_the_composition():
    names = ("a", "b", "c")
    assert S.parse_deck(["a", 1, "c", "c"], names, (1, 1, 2)) == (0, 1, 2, 2)
    assert S.parse_deck(["c", "a"], names) == (2, 0), "no composition: any cards"
    with pytest.raises(BadConfig, match="not a card of this game"):
        S.parse_deck(["a", "zebra"], names)
    with pytest.raises(BadConfig, match="must hold 4 cards"):
        S.parse_deck(["a", "b", "c"], names, (1, 1, 2))
    with pytest.raises(BadConfig, match="count of b, c is off"):
        S.parse_deck(["a", "b", "b", "a"], names, {0: 2, 2: 2}, what="the spell deck")
    with pytest.raises(BadConfig, match="list of card names"):
        S.parse_deck("abc", names)


# --- the registry: game.core never imports game.rules -------------------------
import ast
import subprocess
import sys
from pathlib import Path

CORE = Path(__file__).resolve().parents[1] / "game" / "core"


def _imports(path: Path) -> list[str]:
    """Every module a source file imports (absolute names; relative ones resolved in game.core)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                pkg = ["game", "core"][: max(0, 2 - (node.level - 1))]
                base = ".".join(pkg + ([base] if base else []))
            out.append(base)
            out += [f"{base}.{a.name}" for a in node.names]
    return out


def test_core_imports_nothing_from_rules_or_pygame():
    files = sorted(CORE.glob("*.py"))
    assert files
    for path in files:
        bad = [m for m in _imports(path)
               if m == "game.rules" or m.startswith("game.rules.") or m.split(".")[0] == "pygame"
               or m.startswith(("game.match", "game.ai", "game.app"))]
        assert not bad, f"{path.name} imports {bad}"
    # and at run time: importing all of game.core loads no game
    code = ("import sys, game.core, game.core.registry, game.core.seats, game.core.i18n;"
            "assert not [m for m in sys.modules if m.startswith(('game.rules', 'pygame'))], sys.modules.keys();"
            "import game.match; from game.core import registry; assert 'masterbluff' in registry.games()")
    r = subprocess.run([sys.executable, "-c", code], cwd=CORE.parents[1], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr


def test_registry_register_and_get():
    from game.core import registry
    import game.rules

    mb = registry.get("masterbluff")
    assert registry.register(mb) is mb and list(registry.games()) == [g.id for g in game.rules.GAMES]
    with pytest.raises(KeyError, match="unknown game"):
        registry.get("chess")


# --- windows with any JSON answer ------------------------------------------
from game.core.rules import FrozenMap, freeze_json, thaw_json


def test_first_mode_window_takes_any_json_answer_and_a_custom_call_test():
    w = Window((2, 0, 1))
    w = w.answer(1, {"target": 0, "card": "thief"}).answer(0, None)
    assert w.result() == (False, ())
    w = w.answer(2, False)
    res = w.result()
    assert res == (True, (1,)) and res.closed and res.callers == (1,)
    assert res.answers == ((2, False), (0, None), (1, FrozenMap({"target": 0, "card": "thief"})))
    assert w.answer_of(1)["target"] == 0 and hash(w)   # frozen and hashable
    # a game whose pass is the string "pass" gives its own test
    w = Window((0, 1)).answer(0, "pass").answer(1, "challenge")
    assert w.result(lambda v: v != "pass") == (True, (1,))
    assert w.result() == (True, (0,)), "by default any answer but False/None is a call"
    with pytest.raises(ValueError):
        w.answer(0, True)
    with pytest.raises(ValueError):
        Window((0, 1)).answer(5, True)


def test_all_mode_window_returns_every_answer_in_priority_order():
    w = Window((3, 1, 2), mode="all").answer(2, [1, 2]).answer(3, "minister")
    assert w.result() == (False, ()) and w.pending() == (1,)
    res = w.answer(1, False).result()
    assert res == (True, (3, 2))
    assert res.answers == ((3, "minister"), (1, False), (2, (1, 2)))
    assert thaw_json(freeze_json({"a": [1, {"b": None}]})) == {"a": [1, {"b": None}]}


def test_named_decks_normalises_the_deck_argument():
    assert S.named_decks(None, ("deck",)) is None
    assert S.named_decks(["a"], ("weapons", "bosses")) == {"weapons": ["a"]}
    assert S.named_decks({"bosses": [1]}, ("weapons", "bosses")) == {"bosses": [1]}
    with pytest.raises(BadConfig, match="unknown deck name"):
        S.named_decks({"spells": []}, ("weapons",))
    with pytest.raises(BadConfig, match="must be a list"):
        S.named_decks({"weapons": "abc"}, ("weapons",))


def test_evolve_is_replace_without_running_init_and_keeps_states_frozen():
    import dataclasses

    from game.core.state import evolve

    runs = []

    @dataclasses.dataclass(frozen=True)
    class S:
        a: int
        b: tuple
        c: int = 0

        def __post_init__(self):
            runs.append(self.a)

    s = S(1, (2, 3))
    t = evolve(s, a=5, c=7)
    assert runs == [1]                                       # no re-validation on the step
    assert t == S(5, (2, 3), 7) == dataclasses.replace(s, a=5, c=7) and hash(t) == hash(S(5, (2, 3), 7))
    assert s == S(1, (2, 3)) and t.b is s.b                  # the old state untouched, structure shared
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.a = 9
    with pytest.raises(TypeError, match="no field"):
        evolve(s, d=1)


def test_fork_is_a_private_copy_whose_dictionary_the_caller_fills():
    import dataclasses

    from game.core.state import fork

    runs = []

    @dataclasses.dataclass(frozen=True)
    class S:
        a: int
        b: tuple

        def __post_init__(self):
            runs.append(self.a)

    s = S(1, (2, 3))
    t, d = fork(s)
    d["a"] = 5                                               # set before the copy is handed on
    assert runs == [1] and type(t) is S
    assert t == S(5, (2, 3)) == dataclasses.replace(s, a=5) and hash(t) == hash(S(5, (2, 3)))
    assert s == S(1, (2, 3)) and t.b is s.b                  # the old state untouched, structure shared
    assert d is t.__dict__ and d is not s.__dict__
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.a = 9


def test_event_makes_the_value_the_dataclass_makes():
    """``event()`` fills a new object's own instance dictionary instead of running
    ``Event.__init__``: the same value (equal, the same fields in the same order, the
    data not copied), and it stays frozen."""
    import dataclasses

    from game.core.actions import Event, event

    data = {"seat": 1, "card": "red3"}
    for args in (("weapon", data), ("hidden", data, (1,), True), ("bust", data, None, (0, 2))):
        made, plain = event(*args), Event(*args)
        assert made == plain and repr(made) == repr(plain)
        assert list(vars(made)) == [f.name for f in dataclasses.fields(Event)] == list(vars(plain))
        assert made.data is data
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.kind = "other"
