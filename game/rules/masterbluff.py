"""MasterBluff (seed 004, RULINGS.md section 5).

Cards within a family are identical, so hands and the pile are count vectors
over the six families.  A discard action is compact: the count of each family
put down, the declared family and whether the exchange token is spent.

Where each rule is (RULINGS section 5; seed 004, the English part):

* Deal: "Deal all cards equally.  The remainder goes face down to the discard
  pile ... The player left of the dealer starts"; one exchange token each:
  ``MasterBluff.new_game`` (``dealt_per_seat``).
* Turn: "Discard 1 or more cards face down (at most 8, at most your hand) and
  declare 'N x family'": the step ``MasterBluff._declare``; how many cards:
  ``_counts_ok``.
* "The family must be the one in force.  Exceptions: it is the first discard
  of a sequence, or the player spends their exchange token to name another
  family": ``_declarations`` (what ``legal_actions`` offers) and the same rule
  with the player's reasons in ``MasterBluff._checked``.
* Bluff!: "each opponent in turn order from the declarer's left may call
  Bluff!": the window ``_opened``; "The first caller is resolved":
  ``MasterBluff._answer`` (``Window.result``, mode "first"), then
  ``MasterBluff._close``, which runs, on one working copy of the state:
  - no call, the declaration stands and its family is in force:
    ``_declaration_stands``;
  - a call: the cards are shown, the caller takes the pile if all are the
    declared family, else the declarer; the next sequence is free:
    ``_loser_takes_the_pile``;
  - End: "A player whose hand is empty after their discard stands (not called,
    or called and true) wins" (option: play on for places): ``_goes_out``;
  - who plays next: "after any call, the next player is the declarer's left
    neighbour ... Without a call, the next player continues the family in
    force": ``_next_player``.
* Result: ``MasterBluff.outcome``.

How a step is written (issue 26: each move once).  ``apply`` skips the checks
only for an action ``legal_actions`` has just given for this very state (the
rules object's ``LegalMemo``); any other action goes through the one refusal
function ``MasterBluff._checked``.  Then the one step runs: ``_declare`` for a
discard, ``_answer`` for a call or a pass.  The module keeps no mutable state.
Below the rules: the values the steps share (events and records made once),
and the action spaces (counting and uniform sampling of discards), which are
not rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import repeat as _repeat
from operator import add as _add, le, sub as _sub
from typing import Any, Iterator, Mapping, Sequence

from game.core import rng as rngmod
from game.core.actions import Action, BadConfig, Event, IllegalAction, event, plain
from game.core.memo import LegalMemo
from game.core.quote import cut, quoted
from game.core.i18n import _, ngettext
from game.core.rng import GAMMA, MASK64, Rng, below
from game.core.rules import (GameConfig, Outcome, Window, check_players, checked_seat, is_int,
                             refuse_extra_params, refuse_if_over, require_turn)
from game.core.seats import (active_seats, count_cards, deal_round_robin, named_decks, next_active, parse_deck,
                             seats_after)
from game.core.spaces import ListSpace
from game.core.state import build, evolve, fork

_new = object.__new__            # a value made without its __init__ (the hot path)
_setattr = object.__setattr__

# -- data -------------------------------------------------------------------
FAMILIES: tuple[str, ...] = ("wizard", "witch", "elf", "ogre", "fairy", "jester")
PER_FAMILY = 8          # (data) eight cards of each family
MAX_DISCARD = 8         # at most 8 cards in one discard
NF = len(FAMILIES)            # 6: the hot paths write count-vector sums out for six families
DECK_SIZE = NF * PER_FAMILY
FAMILY_INDEX = {f: i for i, f in enumerate(FAMILIES)}
ZERO = (0,) * NF
_STEPS = tuple((k * GAMMA) & MASK64 for k in range(NF + 1))   # k draws below 1: k steps
_NOUGHTS = tuple((0,) * k for k in range(NF + 1))

Counts = tuple[int, ...]


def dealt_per_seat(players: int) -> int:
    """Cards each seat is dealt: full rounds only; the rest starts the pile."""
    return DECK_SIZE // players


def add(a: Counts, b: Counts) -> Counts:
    return tuple(map(_add, a, b))


def sub(a: Counts, b: Counts) -> Counts:
    return tuple(map(_sub, a, b))


assert NF == 6


def family_text(family: int | str) -> str:
    """A family's name as people say it (translated): "Elf"."""
    name = FAMILIES[family] if isinstance(family, int) else family
    return {"wizard": _("Wizard"), "witch": _("Witch"), "elf": _("Elf"), "ogre": _("Ogre"),
            "fairy": _("Fairy"), "jester": _("Jester")}[name]


def family_count(family: int | str, n: int) -> str:
    """``n`` cards of a family as people say it (translated, plural by ``n``): "7 Elves"."""
    name = FAMILIES[family] if isinstance(family, int) else family
    if name == "wizard":
        text = ngettext("{n} Wizard", "{n} Wizards", n)
    elif name == "witch":
        text = ngettext("{n} Witch", "{n} Witches", n)
    elif name == "elf":
        text = ngettext("{n} Elf", "{n} Elves", n)
    elif name == "ogre":
        text = ngettext("{n} Ogre", "{n} Ogres", n)
    elif name == "fairy":
        text = ngettext("{n} Fairy", "{n} Fairies", n)
    else:
        text = ngettext("{n} Jester", "{n} Jesters", n)
    return text.format(n=n)

# -- state ------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """A discard lying on top of the pile.  ``counts`` is hidden information."""

    seat: int
    counts: Counts
    family: int
    token: bool

    @property
    def n(self) -> int:
        return sum(self.counts)

    @property
    def truthful(self) -> bool:
        """Whether "all are the declared family" (RULINGS section 5, Bluff!)."""
        counts = self.counts
        return counts[self.family] == sum(counts)


@dataclass(frozen=True)
class Record:
    """One line of the public table history.

    kind "discard": seat, n, family, token (counts: the true cards, private to seat)
    kind "call":    seat = caller, target = declarer, truthful, revealed, taker, n = cards taken
    kind "nocall":  seat = declarer (nobody called)
    kind "out":     seat finished, n = place
    """

    kind: str
    seat: int
    n: int = 0
    family: int = -1
    token: bool = False
    counts: Counts | None = None
    target: int = -1
    truthful: bool = False
    revealed: Counts | None = None
    taker: int = -1

    def public(self, viewer: int | None) -> "Record":
        if self.kind == "discard" and self.seat != viewer and self.counts is not None:
            return evolve(self, counts=None)
        return self


@dataclass(frozen=True)
class MBState:
    players: int
    play_on: bool
    dealer: int
    deck: tuple[int, ...]           # the deal order, for records
    hands: tuple[Counts, ...]
    pile: Counts                    # every card in the pile (face down)
    last: Play | None               # the discard on top, until a call or the next discard
    in_force: int | None            # family in force; None = free (start of a sequence)
    tokens: tuple[bool, ...]        # exchange token still held
    turn: int                       # seat to discard, or the declarer while a window is open
    window: Window | None
    places: tuple[int, ...]         # seats that have gone out, in order
    views: tuple[tuple[Record, ...], ...]   # each seat's view of the history
    rng: int
    over: bool = False
    # worked out with the step that made them, for ``observe`` (not game state: left out of
    # equality; each is kept with the very value it is for, and worked out again if that is
    # not this state's): (hands, each hand's size) and (last, its public side, a LastPlay)
    sizes: tuple[Any, tuple[int, ...]] | None = field(default=None, compare=False, repr=False)
    shown: tuple[Any, "LastPlay"] | None = field(default=None, compare=False, repr=False)

    def logged(self, rec: Record) -> tuple[tuple[Record, ...], ...]:
        """The per-seat histories with ``rec`` appended as each seat may see it."""
        if rec.kind == "discard" and rec.counts is not None:
            hidden = evolve(rec, counts=None)      # one public copy shared by every other seat
            me = rec.seat
            mine, theirs = (rec,), (hidden,)
            return tuple([v + (mine if s == me else theirs) for s, v in enumerate(self.views)])
        one = (rec,)
        return tuple([v + one for v in self.views])

    @property
    def pile_size(self) -> int:
        return sum(self.pile)

    def active(self) -> tuple[int, ...]:
        return active_seats(self.players, self.places)

    def left_of(self, seat: int) -> int:
        """Next seat clockwise that is still playing."""
        return _next_active(seat, self.players, self.places)


@dataclass(frozen=True)
class LastPlay:
    seat: int
    n: int
    family: int
    token: bool


@dataclass(frozen=True)
class MBObservation:
    seat: int | None                # None: the spectator view
    players: int
    play_on: bool
    dealer: int
    hand: Counts | None             # None in the spectator view
    hand_sizes: tuple[int, ...]
    pile_size: int
    last: LastPlay | None
    in_force: int | None
    tokens: tuple[bool, ...]
    turn: int
    phase: str                      # "discard", "respond" or "over"
    responders: tuple[int, ...]     # window order, empty when no window
    my_answer: bool | None          # this seat's own answer in the open window
    places: tuple[int, ...]
    history: tuple[Record, ...]

    def to_json(self) -> dict:
        return plain(self)


# -- actions ---------------------------------------------------------------------------------------
def discard(seat: int, counts: Sequence[int], family: int | str, token: bool = False) -> Action:
    fam = FAMILIES[family] if isinstance(family, int) else family
    return Action.make(seat, "discard", counts=tuple(counts), family=fam, token=bool(token))


def _discard(seat: int, counts: Counts, family: int, token: bool) -> Action:
    """``discard`` for the hot path: ``counts`` a tuple of ints, ``family`` an index, ``token``
    a bool; the same Action as ``discard`` builds (params in name order), without the checks."""
    return build(Action, seat=seat, kind="discard",
                 params=(("counts", counts), ("family", FAMILIES[family]), ("token", token)))


@lru_cache(maxsize=None)
def call(seat: int) -> Action:
    return Action.make(seat, "call")


@lru_cache(maxsize=None)
def pass_(seat: int) -> Action:
    return Action.make(seat, "pass")


# -- the rules ----------------------------------------------------------------
class MasterBluff:
    id = "masterbluff"
    title = "MasterBluff"
    min_players = 3
    max_players = 5
    default_options: Mapping[str, Any] = {"play_on": False, "dealer": None}
    deck_names: tuple[str, ...] = ("deck",)     # one deck: ``deck=[...]`` or ``deck={"deck": [...]}``

    def __init__(self) -> None:
        self._memo = LegalMemo()        # legal_actions' last answer: apply trusts its own actions

    # set-up
    def new_game(self, config: GameConfig, seed: int | None = None,
                 deck: Sequence[Any] | Mapping[str, Sequence[Any]] | None = None) -> MBState:
        """The deal: "Deal all cards equally.  The remainder goes face down to the discard pile:
        3 cards with 5 players.  The player left of the dealer starts" (RULINGS section 5); "An
        exchange token is distributed to each player" (seed 004)."""
        check_players(self, config)
        decks = named_decks(deck, self.deck_names)
        n = config.players
        play_on = config.option("play_on", False)
        if not isinstance(play_on, bool):       # "false", "no", 1 or null are not a choice: say so
            raise BadConfig(_("play_on must be true or false, not {value}").format(value=quoted(play_on)))
        dealer = config.option("dealer")
        rng = rngmod.seed_state(seed if seed is not None else 0)
        if decks is None:
            if seed is None:
                raise BadConfig(_("new_game needs a seed or an explicit deck order"))
            order, rng = rngmod.lane_shuffle([i for i in range(NF) for _ in range(PER_FAMILY)], rng)
            if dealer is None:
                dealer, rng = rngmod.below(rng, n)
        else:
            if "deck" not in decks:
                raise BadConfig(_("an explicit MasterBluff deal needs the deck named 'deck'"))
            order = parse_deck(decks["deck"], FAMILIES, (PER_FAMILY,) * NF, _("a MasterBluff deck"))
            if dealer is None:
                dealer = n - 1
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < n:
            raise BadConfig(_("dealer must be a seat from 0 to {last}").format(last=n - 1))
        dealt, rest = deal_round_robin(order, n, (dealer + 1) % n, dealt_per_seat(n))
        hands = tuple(count_cards(h, NF) for h in dealt)
        return MBState(
            players=n, play_on=play_on, dealer=dealer, deck=tuple(order),
            hands=hands, pile=count_cards(rest, NF), last=None, in_force=None,
            tokens=(True,) * n, turn=(dealer + 1) % n, window=None, places=(), views=((),) * n, rng=rng,
            sizes=(hands, tuple(map(sum, hands))))

    # queries
    def to_act(self, state: MBState) -> tuple[int, ...]:
        if state.over:
            return ()
        w = state.window
        if w is None:
            return (state.turn,)
        answers = w.answers
        order = w.order
        if not answers:
            return order
        # Window.pending; at once when the answers came in the window's order (the usual case)
        k = len(answers)
        if k < len(order):
            for i in range(k):
                if answers[i][0] != order[i]:
                    break
            else:
                return order[k:]
        done = [s for s, _v in answers]
        return tuple(s for s in order if s not in done)

    def declarations(self, state: MBState, seat: int) -> tuple[tuple[int, bool], ...]:
        return _declarations(state.in_force, state.tokens[seat])

    def legal_actions(self, state: MBState, seat: int):
        w = state.window
        if w is not None:
            if state.over or seat not in w.order:
                return _NO_ACTIONS
            for s, _v in w.answers:
                if s == seat:
                    return _NO_ACTIONS
            return self._memo.remember(state, _respond_space(seat))
        if state.over or seat != state.turn:
            return _NO_ACTIONS
        hand = state.hands[seat]
        space = _new(DiscardSpace)              # DiscardSpace(seat, hand, declarations), its parts kept
        cap, ways, n = _hand_parts(hand)
        space.__dict__ = {"seat": seat, "hand": hand, "declarations": _declarations(state.in_force, state.tokens[seat]),
                          "cap": cap, "_ways": ways, "n_vectors": n, "drawn": None}
        return self._memo.remember(state, space)

    # transitions
    def apply(self, state: MBState, action: Action) -> tuple[MBState, tuple[Event, ...]]:
        space = self._memo.owner(state, action)
        if space is None:
            move = self._checked(state, action)
        elif state.window is None:
            move = space.drawn[1:]              # the discard the space drew: (counts, family, token)
        else:
            move = action.kind == "call"
        if state.window is None:
            return self._declare(state, action.seat, *move)
        return self._answer(state, action.seat, move)

    def _checked(self, state: MBState, action: Action) -> Any:
        """Refuse ``action`` unless it is legal now (with the player's reason); else what it
        does: a discard's (counts, family index, token), or an answer's "is it a call".

        A discard: "at most 8, at most your hand" (``_counts_ok``); "The family must be the one
        in force.  Exceptions: it is the first discard of a sequence, or the player spends their
        exchange token to name another family" (RULINGS section 5; the list of what may be
        declared, for ``legal_actions``, is ``_declarations``).  An answer: "each opponent ...
        may call Bluff!", once, and never the declarer."""
        refuse_if_over(state.over, action)
        seat = checked_seat(action, state.players)
        window = state.window
        if window is not None:
            kind = action.kind
            if kind != "call" and kind != "pass":
                raise IllegalAction(_("a Bluff! window is open: call Bluff! or let it pass"), action)
            if action.params:
                refuse_extra_params(action, ())
            if seat == state.last.seat:
                if kind == "pass":
                    raise IllegalAction(_("you made this declaration: only the other players answer it, "
                                          "so there is nothing for you to pass"), action)
                raise IllegalAction(_("you cannot call Bluff! on your own declaration"), action)
            if seat not in window.order:
                raise IllegalAction(_("seat {seat} is out of the game").format(seat=seat), action)
            if window.answered(seat):
                raise IllegalAction(_("you have already answered this declaration"), action)
            return kind == "call"
        if action.kind != "discard":
            raise IllegalAction(_("'{kind}' is not possible now: it is seat {turn}'s turn to discard").format(
                kind=cut(action.kind), turn=state.turn), action)
        require_turn(seat, state.turn, action)
        counts, fam, token = _parse_discard(action)
        problem = _counts_ok(counts, state.hands[seat])
        if problem:
            raise IllegalAction(problem, action)
        if (fam, token) not in _declarations(state.in_force, state.tokens[seat]):
            raise IllegalAction(_why_not_declared(state.in_force, state.tokens[seat], fam, token), action)
        return counts, fam, token

    def _declare(self, state: MBState, seat: int, counts: Counts, fam: int,
                 token: bool) -> tuple[MBState, tuple[Event, ...]]:
        """A turn: "Discard 1 or more cards face down (at most 8, at most your hand) and declare
        'N x family'" (RULINGS section 5); "The exchange token, once played, must be set aside"
        (seed 004).  ``seat`` puts ``counts`` down declaring ``fam`` (a legal discard; spending
        its token when ``token``): the pile grows and the Bluff! window opens (``_opened``)."""
        d = state.__dict__
        n = sum(counts)
        hands = list(d["hands"])
        h, c = hands[seat], counts                        # sub(hand, counts) written out (NF == 6)
        hands[seat] = (h[0] - c[0], h[1] - c[1], h[2] - c[2], h[3] - c[3], h[4] - c[4], h[5] - c[5])
        tokens = d["tokens"]
        if token:
            tokens = list(tokens)
            tokens[seat] = False
            tokens = tuple(tokens)
        window = _opened(seat, d["players"], d["places"])
        order = window.order
        play = _new(Play)
        _setattr(play, "__dict__", {"seat": seat, "counts": counts, "family": fam, "token": token})
        rec = _new(Record)
        _setattr(rec, "__dict__", {"kind": "discard", "seat": seat, "n": n, "family": fam, "token": token,
                                   "counts": counts, "target": -1, "truthful": False, "revealed": None,
                                   "taker": -1})
        theirs, lp = _public_side(seat, n, fam, token)
        mine = (rec,)
        views = d["views"]
        add_to = [theirs] * len(views)
        add_to[seat] = mine
        views = tuple(map(_add, views, add_to))
        hands = tuple(hands)
        p = d["pile"]
        new, nd = fork(state)                       # evolve: the fields copied, six changed
        nd["hands"] = hands
        nd["pile"] = (p[0] + c[0], p[1] + c[1], p[2] + c[2], p[3] + c[3], p[4] + c[4], p[5] + c[5])
        nd["last"] = play
        nd["tokens"] = tokens
        nd["window"] = window
        nd["views"] = views
        nd["sizes"] = _sizes_after(d, hands, seat, -n)
        nd["shown"] = (play, lp)
        name = FAMILIES[fam]
        e1 = event("discard", {"seat": seat, "n": n, "family": name, "token": token})
        e3 = event("window", {"declarer": seat, "order": list(order)})
        if token:
            return new, (e1, event("token", {"seat": seat, "family": name}), e3)
        return new, (e1, e3)

    def _answer(self, state: MBState, seat: int, call: bool) -> tuple[MBState, tuple[Event, ...]]:
        """Bluff!: "each opponent in turn order from the declarer's left may call Bluff!. The
        first caller is resolved" (RULINGS section 5).  ``seat`` calls (``call``) or lets the
        declaration pass; the window is decided by ``Window.result`` (mode "first": closed at
        the first caller in the window's order once every seat before it has passed, or when
        every seat has passed).  Until then it stays open, the answer secret."""
        window = state.window
        order, answers = window.order, window.answers
        k = len(answers)
        w = _new(Window)                            # Window(order, answers + this one, "first")
        _setattr(w, "__dict__", {"order": order, "answers": answers + ((seat, call),), "mode": "first"})
        if order[k] == seat and (not k or order[:k] == tuple([s for s, _v in answers])):
            # the usual case, every answer in the window's order: those before are passes (the
            # window is open), so this one decides, as ``w.result()`` would, without its work
            # (a shortcut kept for speed: ``Window.result`` costs about 8% of a random game)
            closed, caller = call or k + 1 == len(order), seat if call else None
        else:
            closed, callers = w.result()
            caller = callers[0] if callers else None
        if not closed:
            new, nd = fork(state)
            nd["window"] = w
            return new, (_ANSWERED_EV[seat],)
        return self._close(state, caller)

    def _close(self, state: MBState, caller: int | None) -> tuple[MBState, tuple[Event, ...]]:
        """The Bluff! window closes, ``caller`` the first caller (None: nobody called): one
        working copy of the state, changed by the rule functions in the rulebook's order."""
        new, nd = fork(state)                   # this step's copy, handed out only when done
        nd["window"] = None
        declarer = state.last.seat
        if caller is None:
            events = _declaration_stands(nd, declarer)
        else:
            events = _loser_takes_the_pile(nd, caller, declarer)
        if nd["hands"][declarer] == ZERO:
            events += _goes_out(nd, declarer)
            if nd["over"]:
                return new, events
        return new, events + (_next_player(nd, declarer),)

    # views
    def observe(self, state: MBState, seat: int | None) -> MBObservation:
        """What ``seat`` may know; ``seat=None`` is the spectator view (replays, the
        results screen): every public fact, no hand, no true cards of any discard."""
        d = state.__dict__
        last = d["last"]
        w = d["window"]
        if seat is None:
            hand, history = None, tuple(r.public(None) for r in d["views"][0])
        else:
            hand, history = d["hands"][seat], d["views"][seat]
        if w is None:
            my_answer = None
            responders = ()
            phase = "over" if d["over"] else "discard"
        else:
            my_answer = None
            if seat is not None:
                for s, v in w.answers:              # Window.answer_of
                    if s == seat:
                        my_answer = v
                        break
            responders = w.order
            phase = "over" if d["over"] else "respond"
        if last is not None:
            shown = d["shown"]                      # the public side, worked out with the discard
            last = shown[1] if shown is not None and shown[0] is last else _last_play(last)
        hands = d["hands"]
        was = d["sizes"]                            # each hand's size, worked out with the step
        obs = _new(MBObservation)
        _setattr(obs, "__dict__", {
            "seat": seat, "players": d["players"], "play_on": d["play_on"], "dealer": d["dealer"],
            "hand": hand, "hand_sizes": was[1] if was is not None and was[0] is hands else tuple(map(sum, hands)),
            "pile_size": sum(d["pile"]), "last": last,
            "in_force": d["in_force"], "tokens": d["tokens"], "turn": d["turn"], "phase": phase,
            "responders": responders, "my_answer": my_answer, "places": d["places"],
            "history": history})
        return obs

    def outcome(self, state: MBState) -> Outcome | None:
        if not state.over:
            return None
        if state.play_on:
            ranks = [0] * state.players
            for place, s in enumerate(state.places, 1):
                ranks[s] = place
            return Outcome(winners=(state.places[0],), ranks=tuple(ranks))
        winner = state.places[0]
        return Outcome(winners=(winner,), ranks=tuple(1 if s == winner else 2 for s in range(state.players)))

    def card_census(self, state: MBState) -> dict[str, int]:
        total = state.pile
        for h in state.hands:
            total = add(total, h)
        return {FAMILIES[i]: total[i] for i in range(NF)}

    def determinize(self, obs: MBObservation, rng: Rng) -> MBState:
        """A full state consistent with ``obs``: the cards this seat cannot see
        are dealt at random (respecting hand sizes, the pile size and this seat's
        own discards still in the pile).  ``observe(result, obs.seat) == obs``."""
        me = obs.seat
        in_pile_known = ZERO
        for rec in obs.history:
            if rec.kind == "call":
                in_pile_known = ZERO
            elif rec.kind == "discard" and rec.seat == me and rec.counts is not None:
                in_pile_known = add(in_pile_known, rec.counts)
        unseen = sub(sub((PER_FAMILY,) * NF, obs.hand), in_pile_known)
        pool = rng.shuffle([f for f in range(NF) for _ in range(unseen[f])])
        hands: list[Counts] = []
        k = 0
        for s in range(obs.players):
            if s == me:
                hands.append(obs.hand)
                continue
            h = [0] * NF
            for f in pool[k:k + obs.hand_sizes[s]]:
                h[f] += 1
            k += obs.hand_sizes[s]
            hands.append(tuple(h))
        rest = [0] * NF
        for f in pool[k:]:
            rest[f] += 1
        pile = add(in_pile_known, tuple(rest))
        last = None
        if obs.last is not None:
            lp = obs.last
            if lp.seat == me:
                counts = next(r.counts for r in reversed(obs.history) if r.kind == "discard" and r.seat == me)
            else:  # the top discard: a random part of the unknown pile cards
                tail = rng.shuffle([f for f in range(NF) for _ in range(rest[f])])[:lp.n]
                counts = tuple(tail.count(f) for f in range(NF))
            last = Play(lp.seat, counts, lp.family, lp.token)
        window = None
        if obs.phase == "respond":
            answers = () if obs.my_answer is None else ((me, obs.my_answer),)
            window = Window(obs.responders, answers)
        views = tuple(obs.history if s == me else
                      tuple(replace(r, counts=_guess(r.n)) if r.kind == "discard" and r.seat == s
                            else r.public(s) for r in obs.history)
                      for s in range(obs.players))
        return MBState(players=obs.players, play_on=obs.play_on, dealer=obs.dealer, deck=(),
                       hands=tuple(hands), pile=pile, last=last, in_force=obs.in_force,
                       tokens=obs.tokens, turn=obs.turn, window=window, places=obs.places,
                       views=views, rng=rngmod.seed_state(rng.randbelow(1 << 30)),
                       over=obs.phase == "over")


# -- the rules of a closed Bluff! window (each changes the step's working copy ``nd``) -------
def _declaration_stands(nd: dict[str, Any], declarer: int) -> tuple[Event, ...]:
    """No call: the declaration stands.  "If no one challenges the truth of the declaration,
    the cards are put in the discard pile and the game passes to the next player who continues
    to discard cards of the same family as those declared by the previous player" (seed 004);
    "Without a call, the next player continues the family in force" (RULINGS section 5).  The
    cards are in the pile already; the declared family is now in force."""
    nd["in_force"] = nd["last"].family
    nd["views"] = tuple(map(_add, nd["views"], _repeat((_NOCALL[declarer],))))
    return _NO_CALL_EV[declarer]


def _loser_takes_the_pile(nd: dict[str, Any], caller: int, declarer: int) -> tuple[Event, ...]:
    """A call: "the discarded cards are shown.  If all are the declared family, the caller
    takes the whole discard pile into hand.  Otherwise, the declarer does" (RULINGS section 5);
    "after any call, the next player is the declarer's left neighbour, and they start a new
    sequence with a free family": the pile is empty and no family is in force."""
    last = nd["last"]
    counts, fam = last.counts, last.family
    truthful = last.truthful
    taker = caller if truthful else declarer
    pile = nd["pile"]
    taken = sum(pile)
    hands = list(nd["hands"])
    h, p = hands[taker], pile                   # add(hand, pile) written out (NF == 6)
    hands[taker] = (h[0] + p[0], h[1] + p[1], h[2] + p[2], h[3] + p[3], h[4] + p[4], h[5] + p[5])
    hands = tuple(hands)
    rec = _new(Record)
    _setattr(rec, "__dict__", {"kind": "call", "seat": caller, "n": taken, "family": fam, "token": False,
                               "counts": None, "target": declarer, "truthful": truthful,
                               "revealed": counts, "taker": taker})
    nd["sizes"] = _sizes_after(nd, hands, taker, taken)
    nd["hands"] = hands
    nd["pile"] = ZERO
    nd["last"] = None
    nd["in_force"] = None
    nd["views"] = tuple(map(_add, nd["views"], _repeat((rec,))))
    return (event("call", {"caller": caller, "declarer": declarer}, None, True),
            event("reveal", {"declarer": declarer, "cards": _names(counts), "family": FAMILIES[fam],
                             "truthful": truthful}, None, True),
            # the taker now knows every card of the pile: a reveal to the taker
            event("pickup", {"seat": taker, "n": taken}, None, (taker,)))


def _goes_out(nd: dict[str, Any], seat: int) -> tuple[Event, ...]:
    """"The player who discards all their cards first wins" (seed 004): "A player whose hand is
    empty after their discard stands (not called, or called and true) wins.  Option: play on
    for places until one player is left" (RULINGS section 5).  Called when the declarer's hand
    is empty once the window is closed (a false discard that was called has just given the
    declarer the pile, so "empty" is the whole test)."""
    places = nd["places"] + (seat,)
    rec = Record("out", seat, n=len(places))
    nd["views"] = tuple([v + (rec,) for v in nd["views"]])
    events = [event("out", {"seat": seat, "place": len(places)})]
    remaining = active_seats(nd["players"], places)
    if not nd["play_on"] or len(remaining) <= 1:
        if nd["play_on"] and remaining:
            places += remaining
            events.append(event("out", {"seat": remaining[0], "place": len(places)}))
        nd["over"] = True
        events.append(event("game_over", {"winners": [places[0]]}))
    nd["places"] = places
    return tuple(events)


def _next_player(nd: dict[str, Any], declarer: int) -> Event:
    """Who plays next: "Turns pass clockwise (left)"; after a call "the next player is the
    declarer's left neighbour" (RULINGS section 5): the first seat still playing to the
    declarer's left, with the family in force (or none) the window's rule left."""
    turn = nd["turn"] = _next_active(declarer, nd["players"], nd["places"])
    in_force = nd["in_force"]
    return _TURN_EV[turn][NF if in_force is None else in_force]


# -- a discard: what may be declared, with how many cards (RULINGS section 5, "Turn") -------------
@lru_cache(maxsize=None)
def _declarations(in_force: int | None, token: bool) -> tuple[tuple[int, bool], ...]:
    """The (family, token) declarations open to a seat (``MasterBluff.declarations``): "The
    family must be the one in force.  Exceptions: it is the first discard of a sequence, or the
    player spends their exchange token to name another family" (RULINGS section 5)."""
    if in_force is None:
        return tuple((f, False) for f in range(NF))
    out = [(in_force, False)]
    if token:
        out += [(f, True) for f in range(NF) if f != in_force]
    return tuple(out)


def _why_not_declared(in_force: int | None, held: bool, fam: int, token: bool) -> str:
    """The player's reason why (``fam``, ``token``) is not among ``_declarations(in_force,
    held)`` (the rule is decided there; this only says which part of it is broken)."""
    if in_force is None:
        return _("no family is in force: name any family without the exchange token")
    if not token:
        return _("the family in force is {family}: declare it, or spend your exchange "
                 "token to change it").format(family=family_text(in_force))
    if not held:
        return _("you have already used your exchange token")
    return _("the exchange token must name a family other than {family}").format(family=family_text(fam))


@lru_cache(maxsize=4096)
def _opened(seat: int, players: int, places: tuple[int, ...]) -> Window:
    """The Bluff! window ``seat``'s discard opens, no answer yet (shared: a Window is frozen):
    "each opponent in turn order from the declarer's left may call Bluff!" (RULINGS section 5);
    mode "first": "The first caller is resolved"."""
    return Window(_seats_after(seat, players, places), (), "first")


#: the parameters a discard may name (``token`` may be left out), in the order Action keeps them
_DISCARD_KEYS = ("counts", "family", "token")


def _parse_discard(action: Action) -> tuple[Counts, int, bool]:
    params = action.params
    if len(params) != 3 or params[0][0] != "counts" or params[1][0] != "family" or params[2][0] != "token":
        refuse_extra_params(action, _DISCARD_KEYS)         # (the usual shape passes at once)
    counts = action.get("counts")
    fam = action.get("family")
    token = action.get("token", False)
    if (not isinstance(counts, tuple) or len(counts) != NF
            or not (set(map(type, counts)) <= _INT
                    or all(map(is_int, counts)))):
        raise IllegalAction(ngettext("'counts' must list {n} whole number, one per family",
                                     "'counts' must list {n} whole numbers, one per family", NF).format(n=NF), action)
    if fam not in FAMILY_INDEX:
        raise IllegalAction(_("unknown family {family}; families are {names}").format(
            family=quoted(fam), names=", ".join(FAMILIES)), action)
    if not isinstance(token, bool):
        raise IllegalAction(_("'token' must be true or false"), action)
    return counts, FAMILY_INDEX[fam], token


def is_legal_discard(action: object, seat: int, hand: Counts,
                     declarations: Sequence[tuple[int, bool]]) -> bool:
    """Whether ``action`` is a discard ``seat`` may make from ``hand`` with one of
    ``declarations`` ((family, token) pairs): the membership test of every discard space."""
    if not isinstance(action, Action) or action.seat != seat or action.kind != "discard":
        return False
    try:
        counts, fam, token = _parse_discard(action)
    except IllegalAction:
        return False
    return (fam, token) in declarations and _counts_ok(counts, hand) is None


_INT = frozenset((int,))


def _counts_ok(counts: Counts, hand: Counts) -> str | None:
    """Why ``counts`` may not be discarded from ``hand`` (None: it may): "Discard 1 or more
    cards face down (at most 8, at most your hand)" (RULINGS section 5).  The first line
    passes the usual discard at once; the others find the player's reason."""
    n = sum(counts)
    if 1 <= n <= MAX_DISCARD and min(counts) >= 0 and all(map(le, counts, hand)):
        return None                                     # the usual case, at once
    if any(c < 0 for c in counts):
        return _("card counts cannot be negative")
    n = sum(counts)
    if n < 1:
        return _("discard at least one card")
    if n > MAX_DISCARD:
        return ngettext("at most {n} card may be discarded at once", "at most {n} cards may be discarded at once",
                        MAX_DISCARD).format(n=MAX_DISCARD)
    for i, (c, h) in enumerate(zip(counts, hand)):
        if c > h:
            return ngettext("you hold only {n} {family} card", "you hold only {n} {family} cards", h).format(
                n=h, family=family_text(i))
    return None


# -- values the steps share (each made once, never changed) ----------------------------------------
# the ring walks, by (seat, players, seats gone out): a handful of values in a game
_next_active = lru_cache(maxsize=4096)(next_active)
_seats_after = lru_cache(maxsize=4096)(seats_after)


_NOCALL: tuple[Record, ...] = tuple(Record("nocall", s) for s in range(8))   # shared (seats 0-4 play)

# events that are the same whenever their data is, made once and shared (an event's data is
# never changed once made), by seat: its answer is in (to it alone), nobody called its
# declaration (as a 1-tuple of events), its turn with the family in force (by index; NF: none,
# a free declaration)
_ANSWERED_EV: tuple[Event, ...] = tuple(event("answered", {"seat": s}, (s,)) for s in range(8))
_NO_CALL_EV: tuple[tuple[Event], ...] = tuple((event("no_call", {"declarer": s}),) for s in range(8))
_TURN_EV: tuple[tuple[Event, ...], ...] = tuple(
    tuple(event("turn", {"seat": s, "family": f}) for f in FAMILIES + (None,)) for s in range(8))


def _sizes_after(d: dict[str, Any], hands: tuple[Counts, ...], seat: int, change: int
                 ) -> tuple[tuple[Counts, ...], tuple[int, ...]]:
    """The ``sizes`` pair of a step from the state with fields ``d`` to ``hands``, which has
    ``change`` cards more in ``seat``'s hand."""
    was = d["sizes"]
    if was is not None and was[0] is d["hands"]:
        sizes = list(was[1])
        sizes[seat] += change
        return hands, tuple(sizes)
    return hands, tuple(map(sum, hands))


def _guess(n: int) -> Counts:
    """Placeholder true cards for another seat's old discard (never observed)."""
    return (n,) + (0,) * (NF - 1)


@lru_cache(maxsize=None)
def _public_side(seat: int, n: int, family: int, token: bool) -> tuple[tuple[Record], LastPlay]:
    """A discard's public record (as a 1-tuple, to append to the other seats' views) and its
    LastPlay: shared (both are frozen; a few hundred values in all)."""
    rec = Record("discard", seat, n=n, family=family, token=token)
    return (rec,), LastPlay(seat, n, family, token)


def _last_play(last: Play) -> LastPlay:
    """The public side of the top discard."""
    return _public_side(last.seat, sum(last.counts), last.family, last.token)[1]


def _names(counts: Counts) -> list[str]:
    """The family name of every card of ``counts`` (a new list each time: it goes into an event)."""
    return list(_names_of(counts))


@lru_cache(maxsize=1 << 12)
def _names_of(counts: Counts) -> tuple[str, ...]:
    return tuple([FAMILIES[i] for i in range(NF) for _ in range(counts[i])])


# -- the action spaces: counting and sampling discards (not rules) -------------------------------
@lru_cache(maxsize=1 << 17)
def _ways(hand: Counts, cap: int) -> tuple[tuple[int, ...], ...]:
    """ways[i][s]: number of count vectors for families i.. with sum exactly s
    (memoized: it depends only on the hand's small counts; the result is shared, read-only).
    ``_ways_table``'s rows, made one family at a time on the memoized rows of the hand's
    tail (``hand[1:]``), so a new hand mostly costs one row."""
    if not hand:
        return _LAST_ROW[cap]
    nxt = (rest := _ways(hand[1:], cap))[0]
    h = hand[0]
    row = []
    run = 0                                     # sum of nxt[s - h .. s], a sliding window
    for s in range(cap + 1):
        run += nxt[s]
        if s > h:
            run -= nxt[s - h - 1]
        row.append(run)
    return (tuple(row),) + rest


#: the row past the last family: one way (nothing) to make 0, by cap
_LAST_ROW = tuple(((1,) + (0,) * cap,) for cap in range(MAX_DISCARD + 1))


@lru_cache(maxsize=1 << 16)
def _n_vectors(hand: Counts, cap: int) -> int:
    return sum(_ways(hand, cap)[0][1:])


@lru_cache(maxsize=1 << 16)
def _hand_parts(hand: Counts) -> tuple[int, tuple[tuple[int, ...], ...], int]:
    """(cap, ways, number of count vectors) of a DiscardSpace for ``hand`` (shared, read-only)."""
    cap = min(MAX_DISCARD, sum(hand))
    return cap, _ways(hand, cap), _n_vectors(hand, cap)


def _ways_table(hand: Counts, cap: int) -> list[list[int]]:
    """``_ways`` as one plain table, built bottom-up (not used by the rules: the oracle
    tests/test_engine_shortcuts.py checks ``_ways`` against)."""
    ways = [[0] * (cap + 1) for _ in range(NF + 1)]
    ways[NF][0] = 1
    for i in range(NF - 1, -1, -1):
        nxt, row, h = ways[i + 1], ways[i], hand[i]
        run = 0                                 # sum of nxt[s - h .. s], a sliding window
        for s in range(cap + 1):
            run += nxt[s]
            if s - h - 1 >= 0:
                run -= nxt[s - h - 1]
            row[s] = run
    return ways


class DiscardSpace:
    """Every legal discard, without enumerating subsets up front.

    Size = (count vectors c <= hand with 1 <= sum(c) <= 8) x (declarations).
    Sampling is uniform over the whole space.
    """

    def __init__(self, seat: int, hand: Counts, declarations: Sequence[tuple[int, bool]]):
        self.seat = seat
        self.hand = hand
        self.declarations = tuple(declarations)
        self.cap, self._ways, self.n_vectors = _hand_parts(hand)
        self.drawn: tuple[Action, Counts, int, bool] | None = None

    def owns(self, action: object) -> bool:
        """Whether ``action`` is the very discard this space last drew (``sample``), the one
        action it keeps (with its counts, family index and token in ``drawn``): what
        ``LegalMemo`` trusts.  A discard it gave by iteration is checked as any other."""
        drawn = self.drawn
        return drawn is not None and drawn[0] is action

    def __len__(self) -> int:
        return self.n_vectors * len(self.declarations)

    def __contains__(self, action: object) -> bool:
        return is_legal_discard(action, self.seat, self.hand, self.declarations)

    def vectors(self) -> Iterator[Counts]:
        def rec(i: int, left: int, acc: tuple[int, ...]) -> Iterator[Counts]:
            if i == NF:
                if sum(acc) > 0:
                    yield acc
                return
            for c in range(min(self.hand[i], left) + 1):
                yield from rec(i + 1, left - c, acc + (c,))
        return rec(0, self.cap, ())

    def __iter__(self) -> Iterator[Action]:
        for v in self.vectors():
            for fam, token in self.declarations:
                yield _discard(self.seat, v, fam, token)

    def sample_vector(self, rng: Rng, size: int | None = None) -> Counts:
        w = self._ways
        if size is None:
            k = rng.randbelow(self.n_vectors)
            size = 1
            while k >= w[0][size]:
                k -= w[0][size]
                size += 1
        out = []
        left = size
        for i in range(NF):
            k = rng.randbelow(w[i][left])
            c = 0
            while k >= w[i + 1][left - c]:
                k -= w[i + 1][left - c]
                c += 1
            out.append(c)
            left -= c
        return tuple(out)

    def sample(self, rng: Rng) -> Action:
        """A uniform discard: the declaration, then ``sample_vector``'s draws, each a ``below`` on
        the generator's state (the same draws in the same order, checked by a test beside the
        plain ``sample_vector``): a draw below 1 always takes one step and gives 0.  The space
        keeps the discard it drew, decoded (``drawn``): ``apply`` trusts that very action."""
        decl = self.declarations
        w = self._ways
        state = rng.state
        # the declaration
        k, state = below(state, len(decl))
        fam, token = decl[k]
        # the size: sample_vector's first draw (n_vectors >= 1)
        row = w[0]
        k, state = below(state, self.n_vectors)
        left = 1
        while k >= row[left]:
            k -= row[left]
            left += 1
        # one count per family; once nothing is left (or at the last family) each draw is below 1
        # (one way): it takes its step and the count is what is left
        out = []
        for i in range(NF - 1):
            if not left:
                state = (state + _STEPS[NF - i]) & MASK64
                out += _NOUGHTS[NF - 1 - i]
                break
            nxt = w[i + 1]
            k, state = below(state, row[left])
            c = 0
            while k >= nxt[left - c]:
                k -= nxt[left - c]
                c += 1
            out.append(c)
            left -= c
            row = nxt
        else:
            state = (state + GAMMA) & MASK64
        out.append(left)
        rng.state = state
        counts = tuple(out)
        a = _new(Action)
        _setattr(a, "__dict__", {"seat": self.seat, "kind": "discard",
                                 "params": (("counts", counts), ("family", FAMILIES[fam]), ("token", token))})
        self.drawn = (a, counts, fam, token)
        return a


class _RespondSpace(ListSpace):
    """A seat's two answers, (call, pass); ``sample`` is ``rng.choice`` without the call (the same draw)."""

    def sample(self, rng: Rng) -> Action:
        k, rng.state = below(rng.state, 2)
        return self.actions[k]


_NO_ACTIONS = ListSpace(())       # shared: a ListSpace is never changed


@lru_cache(maxsize=None)
def _respond_space(seat: int) -> ListSpace:
    """A seat's answers to an open window (shared: a ListSpace is never changed)."""
    return _RespondSpace((call(seat), pass_(seat)))


RULES = MasterBluff()
