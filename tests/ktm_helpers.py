"""Helpers to build King Thief Minister scenarios from explicit decks, and the hidden-card
variant builder of the no-peeking contract test (tests/contract_variants.py)."""
from __future__ import annotations

from dataclasses import replace

from game.core.actions import Action
from game.core.rules import GameConfig
from game.rules import ktm as K
from game.rules.ktm import CARD_INDEX, NAMES, RULES
from event_helpers import apply_all

SPOTS6 = ["king", "thief", "minister", "executioner", "sheriff", "peasant"]


def king_deal(players: int, king: int) -> list[str]:
    """A King deal giving the King to seat ``king`` and other cards to the rest."""
    rest = [c for c in NAMES if c != "king"]
    return [("king" if s == king else rest.pop(0)) for s in range(players)]


def new(players=6, spots=SPOTS6, king=0, deals=None, seed=None, **options):
    """A game with ``spots`` (card names, spot 0 first) and the start player ``king``
    (or the explicit King ``deals``)."""
    deck = {"spots": list(spots), "king_deal": deals if deals is not None else king_deal(players, king)}
    return RULES.new_game(GameConfig(players, options), seed=seed, deck=deck)


def spot(state, seat):
    return state.spot_of(seat)


def act(state, seat, kind, **params):
    return RULES.apply(state, Action.make(seat, kind, **params))


def run(state, *actions):
    """Apply actions in turn (Actions).  Returns state, events."""
    return apply_all(RULES, state, actions)


def peek_all(state, choices=None):
    """Every seat peeks (``choices``: seat -> spot; default the spot on its left)."""
    choices = dict(choices or {})
    events = []
    for s in range(state.players):
        sp = choices.get(s, (state.spot_of(s) + 1) % K.SPOTS)
        state, ev = RULES.apply(state, K.peek(s, sp))
        events.extend(ev)
    return state, events


def start(players=6, spots=SPOTS6, king=0, **kw):
    """A game past the opening peek: seat ``king`` to play."""
    state = new(players, spots, king, **kw)
    state, _ev = peek_all(state)
    return state


def answer(state, callers=()):
    """Every seat still to answer the open window answers: a call for ``callers``, else pass."""
    events = []
    phase = state.phase
    assert phase in (K.CHALLENGE, K.MINISTERS)
    kind = "challenge" if phase == K.CHALLENGE else "claim_minister"
    while state.window is not None and state.phase == phase:
        s = RULES.to_act(state)[0]
        state, ev = act(state, s, kind if s in callers else "pass")
        events.extend(ev)
    return state, events


def all_of(events, kind):
    return [e for e in events if e.kind == kind]


def coin_moves(events):
    return [(e.data["from"], e.data["to"]) for e in events if e.kind == "coin"]


def ids(*names):
    return tuple(CARD_INDEX[n] for n in names)


# -- the no-peeking variants ------------------------------------------------------------------
def _shift(arr, shift):
    return tuple(arr[(j - shift) % 6] for j in range(6))


def _swap(arr, a, b):
    out = list(arr)
    out[a], out[b] = out[b], out[a]
    return tuple(out)


def _history(state):
    """The arrangement just after each record of the log and the one before the first, walking
    back from the cards in the spots now (the log holds every move and every true swap)."""
    arr = state.spots
    after = [None] * len(state.log)
    for i in range(len(state.log) - 1, -1, -1):
        after[i] = arr
        rec = state.log[i]
        if rec.kind == "move":
            arr = _shift(arr, -rec.shift)
        elif rec.kind == "minister" and rec.swapped:
            arr = _swap(arr, rec.spot, rec.other)
    return arr, after


def _replay(state, seat, start_arr, flips, relabel):
    """The log replayed from the arrangement ``start_arr`` with the Minister swaps at indices
    ``flips`` reversed and the cards renamed by ``relabel``.  Returns (spots, log), or None
    when the new history would show ``seat`` (or everyone) something different."""
    arr = tuple(relabel[c] for c in start_arr)
    log = []
    for i, rec in enumerate(state.log):
        k = rec.kind
        if k == "move":
            arr = _shift(arr, rec.shift)
        elif k == "minister":
            sw = rec.swapped != (i in flips)
            if i in flips and rec.seat == seat:
                return None                     # the Minister knows its own choice
            if sw:
                arr = _swap(arr, rec.spot, rec.other)
            rec = replace(rec, swapped=sw)
        elif k in ("peek", "look", "challenge", "execute", "minister_check"):
            card = arr[rec.spot]
            if seat is not None and seat in rec.to and card != rec.card:
                return None                     # the seat saw that card
            if rec.truth is not None and (card == rec.character) != rec.truth:
                return None                     # a public result would change
            rec = replace(rec, card=card)
        elif k == "peasant":
            if arr[rec.spot] != rec.card:
                return None                     # shown to all
        elif k == "names":
            if arr != rec.cards:
                return None
        log.append(rec)
    return arr, tuple(log)


def _answer_variants(state, seat, rng):
    """The open window (peek, challenge, Minister question) with another seat's secret answer
    changed (not ``seat``'s own), kept while the window stays open."""
    w = state.window
    if w is None:
        return []
    out = []
    for k, (s, v) in enumerate(w.answers):
        if s == seat:
            continue
        if state.phase == K.PEEK:
            vals = [x for x in range(K.SPOTS) if x != v and x != state.spot_of(s)]
            if not vals:
                continue
            new = rng.choice(vals)
        else:
            new = not v
        answers = w.answers[:k] + ((s, new),) + w.answers[k + 1:]
        nw = replace(w, answers=answers)
        if not nw.result().closed:
            out.append(replace(state, window=nw))
    return rng.shuffle(out)[:2]


def ktm_secret_twins(state, action):
    """The same move with another secret choice (tests/contract_variants.py SECRET_TWINS): a
    pass for a call and back, another peek, the Minister's swap for no swap."""
    s, k = action.seat, action.kind
    if k == "minister":
        return [Action.make(s, k, spots=action["spots"], swap=not action["swap"])]
    if k in ("challenge", "claim_minister"):
        return [Action.make(s, "pass")]
    if k == "pass":
        return [Action.make(s, "challenge" if state.phase == K.CHALLENGE else "claim_minister")]
    if k == "peek":
        return [K.peek(s, x) for x in range(K.SPOTS) if x != action["spot"] and x != state.spot_of(s)][:2]
    return []


def ktm_variants(state, seat, rng):
    """States that differ from ``state`` only in what is hidden from ``seat`` (None: the
    spectator): the six cards' history with two cards renamed from the start, or with a
    Minister's secret swap-or-not reversed (not the seat's own), replayed through the log
    with every other seat's private looks rewritten; kept only when every card the seat saw
    and every public result stays the same.  Built from the state itself, never through
    ``determinize``."""
    start_arr, _after = _history(state)
    unknown = [i for i, r in enumerate(state.log) if r.kind == "minister" and r.seat != seat]
    cands = [("relabel", a, b) for a in range(6) for b in range(a + 1, 6)] + [("flip", i) for i in unknown]
    out = []
    for cand in rng.shuffle(cands)[:6]:
        relabel = list(range(6))
        flips = frozenset()
        if cand[0] == "relabel":
            relabel[cand[1]], relabel[cand[2]] = cand[2], cand[1]
        else:
            flips = frozenset((cand[1],))
        got = _replay(state, seat, start_arr, flips, relabel)
        if got is None:
            continue
        v = replace(state, spots=got[0], log=got[1])
        if v != state:
            out.append(v)
        if len(out) >= 2:
            break
    return out + _answer_variants(state, seat, rng)
