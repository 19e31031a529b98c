"""Deals that one seat cannot tell apart: the privacy proofs' starting points (the screen
transcript's and the phones' over the wire).  No pygame."""
from __future__ import annotations

from game.core import events_for, registry
from game.core.rng import Rng
from game.core.rules import GameConfig
from game.rules import bossquest as BQ
from game.rules import ktm as KTM


def main_deck(game: str, rules, config) -> list[str]:
    """The cards of the game's main deck (``deck_names[0]``), sorted."""
    census = rules.card_census(rules.new_game(config, seed=0))
    if game == "ktm":
        census = {nm: 1 for nm in KTM.NAMES}
    elif game == "bossquest":
        census = {nm: census[nm] for nm in BQ.WEAPON_NAMES}
    return [nm for nm, k in sorted(census.items()) for _ in range(k)]


def deals(game: str, players: int, seed: int, seat: int, want: int = 4, tries: int = 300) -> tuple[list, list[list]]:
    """Explicit orders of the main deck (the rest dealt from ``seed``): the seed's shuffle,
    and up to ``want`` orders with two of its cards swapped that ``seat`` cannot tell apart
    from it (its observation and its part of the opening deal are the same), out of ``tries``
    swaps.  Swaps that change what another seat sees (its hand, its hidden weapon) come first."""
    rules = registry.get(game)
    config = GameConfig(players, {})
    name = rules.deck_names[0]
    order = Rng(seed).shuffle(main_deck(game, rules, config))
    opening = getattr(rules, "opening_events", lambda st: ())

    def game_of(o):
        return rules.new_game(config, seed=seed, deck={name: o})

    a = game_of(order)
    pairs = [(i, j) for i in range(len(order)) for j in range(i + 1, len(order)) if order[i] != order[j]]
    seen, deep = [], []
    for i, j in Rng(seed * 31 + seat).shuffle(pairs)[:tries]:
        other = list(order)
        other[i], other[j] = other[j], other[i]
        b = game_of(other)
        if rules.observe(a, seat) != rules.observe(b, seat) \
                or events_for(opening(a), seat) != events_for(opening(b), seat):
            continue
        if any(rules.observe(a, u) != rules.observe(b, u) for u in range(players) if u != seat):
            seen.append(other)
            if len(seen) >= want:
                break
        else:
            deep.append(other)
    out = (seen + deep)[:want]
    assert out, f"{game}: no two deals that seat {seat} cannot tell apart"
    return order, out
