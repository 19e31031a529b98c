"""game.core.rng: each draw written once (issue 26): ``below``, the reference ``shuffle`` and
the one lane shuffle, which draws what the reference draws for every deck size."""
from __future__ import annotations

import ast
import pathlib

import pytest

from game.core import rng as R

ROOT = pathlib.Path(__file__).resolve().parents[1]
EDGES = (0, 1, R.MASK64, R.MASK64 - R.GAMMA + 1)


def _plain_below(state, n):
    """The rejection draw from its definition, word by word with next_u64."""
    while True:
        v, state = R.next_u64(state)
        if v < R.TWO64 - R.TWO64 % n:
            return v % n, state


@pytest.mark.parametrize("n", [1, 2, 3, 7, 48, 3003, 5000, (1 << 63) + 5])
def test_below_is_the_rejection_draw_of_next_u64(n):
    for seed in range(200):
        state = R.seed_state(seed)
        assert R.below(state, n) == _plain_below(state, n)
    for state in EDGES:
        assert R.below(state, n) == _plain_below(state, n)


def test_below_refuses_an_empty_range_and_rng_uses_it():
    with pytest.raises(ValueError):
        R.below(5, 0)
    assert not hasattr(R, "randbelow")            # one name for the one draw (Rng.randbelow is the method)
    rng = R.Rng(4)
    state = rng.state
    v = rng.randbelow(11)
    assert (v, rng.state) == R.below(state, 11)
    state = rng.state
    seq = "abcdefg"
    c = rng.choice(seq)
    assert (seq.index(c), rng.state) == R.below(state, 7)


@pytest.mark.parametrize("size", [0, 1, 2, 3, 10, 24, 26, 29, 35, 48, 63, 64, 65, 80])
def test_the_lane_shuffle_draws_what_shuffle_draws(size):
    items = tuple(range(size))
    for seed in range(150):
        state = R.seed_state(seed)
        order, after = R.lane_shuffle(items, state)
        assert isinstance(order, list)
        assert (tuple(order), after) == R.shuffle(items, state)
    for state in EDGES:
        order, after = R.lane_shuffle(items, state)
        assert (tuple(order), after) == R.shuffle(items, state)


def test_rng_shuffle_is_the_same_draws():
    a, b = R.Rng(9), R.Rng(9)
    assert a.shuffle(range(30)) == list(R.shuffle(range(30), b.state)[0])


def test_a_word_a_step_might_reject_is_drawn_as_shuffle_draws(monkeypatch):
    """A word at or above a step's limit is rejected by ``below`` (about 1 in 10**17): the
    lane shuffle then goes step by step.  Lower every limit to 2**63 in both, so that about
    half the words are rejected, and compare."""
    low = 1 << 63
    items = tuple(range(35))
    plain = [R.shuffle(items, R.seed_state(seed)) for seed in range(40)]
    monkeypatch.setattr(R, "_TWO64", low)
    monkeypatch.setattr(R, "SAFE", low - 64)
    for seed in range(40):
        state = R.seed_state(seed)
        order, after = R.lane_shuffle(items, state)
        assert (tuple(order), after) == R.shuffle(items, state)
    # not empty: the lowered limits do change the plain shuffle
    assert [R.shuffle(items, R.seed_state(seed)) for seed in range(40)] != plain


def _names(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.core"):
            for a in node.names:
                yield node.module, a.name
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and \
                node.value.id in ("rngmod", "R", "core") and node.attr.startswith("_"):
            yield node.value.id, node.attr


def test_no_rules_module_uses_a_private_name_of_core():
    bad = [(p.name, m, n) for p in sorted((ROOT / "game" / "rules").glob("*.py"))
           for m, n in _names(p) if n.startswith("_") and n != "_"]     # ``_`` is gettext
    assert bad == []


SPLITMIX_MULTIPLIER = "0xBF58476D1CE4E5B9"


def test_the_splitmix_mix_is_written_out_only_in_core_rng():
    """The mix's first multiplier appears in game/core/rng.py alone (and there only as the
    named constant); every other module draws through ``below``, ``next_u64`` or a shuffle."""
    hits = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
            if SPLITMIX_MULTIPLIER.lower() in p.read_text().lower()]
    assert hits == ["game/core/rng.py"]
    text = (ROOT / "game" / "core" / "rng.py").read_text()
    assert text.lower().count(SPLITMIX_MULTIPLIER.lower()) == 1


def test_below_looks_up_the_rejection_limits_it_would_work_out():
    assert R._LIMITS[0] == 0
    assert all(R._LIMITS[n] == R.TWO64 - R.TWO64 % n for n in range(1, len(R._LIMITS)))
