"""Helpers to build Boss Quest scenarios from explicit decks, and the hidden-card variant
builder of the no-peeking contract test."""
from __future__ import annotations

from dataclasses import replace

from game.core.actions import Action
from game.core.rules import GameConfig
from game.core.seats import left_of, ring_from
from game.rules import bossquest as B
from game.rules.bossquest import BOSS_NAMES, RULES, SPELL_NAMES, WEAPON_INDEX, WEAPON_NAMES
from event_helpers import apply_all, first, kinds  # noqa: F401  (first, kinds: re-exported for the scenario tests)


def turn_order(players: int, armorer: int) -> tuple[int, ...]:
    return ring_from(left_of(armorer, players), players)


def weapons(hidden, face, deck=(), armorer=None) -> list[str]:
    """A full 35-weapon order dealing ``hidden[s]`` (hidden) and ``face[s]`` (face up) to each
    seat s, then ``deck`` top first; the weapons not named follow in ``WEAPON_NAMES`` order."""
    n = len(hidden)
    armorer = n - 1 if armorer is None else armorer
    order = turn_order(n, armorer)
    head = [hidden[s] for s in order] + [face[s] for s in order] + list(deck)
    assert len(set(head)) == len(head), "a weapon is named twice"
    return head + [w for w in WEAPON_NAMES if w not in head]


def spells(row, deck=()) -> list[str]:
    """A full spell order: ``row`` (the mystery first, then the face-up slots), ``deck`` top
    first, then every other spell in ``SPELL_NAMES`` order."""
    head = list(row) + list(deck)
    left = {nm: B.SPELLS[i].copies for i, nm in enumerate(SPELL_NAMES)}
    for c in head:
        left[c] -= 1
        assert left[c] >= 0, f"too many {c}"
    return head + [nm for nm in SPELL_NAMES for _k in range(left[nm])]


def bosses(head=()) -> list[str]:
    head = list(head)
    return head + [b for b in BOSS_NAMES if b not in head]


def new(hidden, face, deck=(), row=None, boss="boss20", spell_deck=(), more=(), boss_deck=(), seed=None,
        **options):
    """A game whose first round deals ``hidden``/``face`` (one weapon name per seat), fights
    ``boss`` and lays ``row`` (the mystery first); ``more``: weapon orders for later rounds."""
    n = len(hidden)
    if row is None:
        row = ["extra_key"] + ["boss_up1", "boss_down1", "need_red", "need_blue", "cancel"][:n]
    armorer = options.get("armorer")
    orders = [weapons(hidden, face, deck, armorer)] + [list(o) for o in more]
    decks = {"weapons": orders, "bosses": bosses([boss] + list(boss_deck)), "spells": spells(row, spell_deck)}
    return RULES.new_game(GameConfig(n, options), seed=seed, deck=decks)


def act(state, kind, **params):
    """The seat to act does ``kind``."""
    return Action.make(state.turn, kind, **params)


def run(state, *actions):
    """Apply actions in turn: an Action, or (kind, {params}) / kind for the seat to act.
    Returns state, events."""
    def to_action(state, a):
        if isinstance(a, str):
            return act(state, a)
        if isinstance(a, tuple):
            return act(state, a[0], **a[1])
        return a
    return apply_all(RULES, state, actions, to_action)


def w(*names):
    return tuple(WEAPON_INDEX[n] for n in names)


def all_of(events, kind):
    return [e for e in events if e.kind == kind]


def bossquest_variants(state, seat, rng):
    """Hidden-card variants for the no-peeking contract test (tests/contract_variants.py):
    states that differ from ``state`` only in cards hidden from ``seat`` (None = the
    spectator), built by changing the state itself: a hidden weapon the seat does not know
    swapped with an unknown weapon of the deck, two such hidden weapons swapped, two unknown
    deck weapons swapped, the face-down mystery spell swapped with a spell of the deck, two
    spells of the deck swapped, two bosses of the deck swapped.  Every player's announced
    "over" stays as it is (it is public), and seats that knew a changed hidden weapon know
    the new one, so each variant is a state the game could reach."""
    out = []
    n = state.players
    v = n if seat is None else seat
    if state.phase == "over":
        return out
    unknown = [s for s in range(n) if s != seat and state.known[v][s] is None]
    free = list(range(len(state.top_known), len(state.deck)))   # deck places nobody knows
    overs = state.overs()

    def rewrite(hidden, deck):
        known = tuple(tuple(hidden[s] if (x is not None and hidden[s] != state.hidden[s]) else x
                            for s, x in enumerate(row)) for row in state.known)
        return replace(state, hidden=tuple(hidden), deck=tuple(deck), known=known)

    def keeps(st):
        return st.overs() == overs

    if unknown and free:
        a = rng.choice(unknown)
        cands = [j for j in free if state.deck[j] != state.hidden[a]]
        for j in rng.shuffle(cands)[:8]:
            hidden, deck = list(state.hidden), list(state.deck)
            hidden[a], deck[j] = deck[j], hidden[a]
            var = rewrite(hidden, deck)
            if keeps(var):
                out.append(var)
                break
    pairs = [(a, b) for a in unknown for b in unknown if a < b]
    if pairs:
        a, b = rng.choice(pairs)
        hidden = list(state.hidden)
        hidden[a], hidden[b] = hidden[b], hidden[a]
        var = rewrite(hidden, state.deck)
        if keeps(var):
            out.append(var)
    if len(free) >= 2:
        i, j = rng.shuffle(free)[:2]
        deck = list(state.deck)
        deck[i], deck[j] = deck[j], deck[i]
        out.append(replace(state, deck=tuple(deck)))
    if state.row and state.row[B.MYSTERY_SLOT] is not None:
        js = [j for j, c in enumerate(state.spell_deck) if c != state.row[B.MYSTERY_SLOT]]
        if js:
            j = rng.choice(js)
            row, sd = list(state.row), list(state.spell_deck)
            row[B.MYSTERY_SLOT], sd[j] = sd[j], row[B.MYSTERY_SLOT]
            out.append(replace(state, row=tuple(row), spell_deck=tuple(sd)))
    sp = [(i, j) for i in range(len(state.spell_deck)) for j in range(i + 1, len(state.spell_deck))
          if state.spell_deck[i] != state.spell_deck[j]]
    if sp:
        i, j = rng.choice(sp)
        sd = list(state.spell_deck)
        sd[i], sd[j] = sd[j], sd[i]
        out.append(replace(state, spell_deck=tuple(sd)))
    if len(state.boss_deck) >= 2:
        i, j = rng.shuffle(list(range(len(state.boss_deck))))[:2]
        bd = list(state.boss_deck)
        bd[i], bd[j] = bd[j], bd[i]
        out.append(replace(state, boss_deck=tuple(bd)))
    return out


def bossquest_echo_twin(state, variant, action):
    """The same move in ``variant`` when ``action`` names the actor's hidden weapon and the
    variant gave the actor another one (tests/contract_variants.py ECHO_TWINS): exchanging
    *your hidden weapon*, whichever it is.  None otherwise."""
    a, w = action.seat, action.get("weapon")
    if w is None or WEAPON_INDEX[w] != state.hidden[a] or variant.hidden[a] == state.hidden[a]:
        return None
    params = dict(action.params)
    params["weapon"] = WEAPON_NAMES[variant.hidden[a]]
    return Action.make(a, action.kind, **params)


__all__ = ["B", "RULES", "WEAPON_NAMES", "SPELL_NAMES", "BOSS_NAMES", "turn_order", "weapons", "spells",
           "bosses", "new", "act", "run", "w", "all_of", "kinds", "first", "bossquest_variants",
           "bossquest_echo_twin"]
