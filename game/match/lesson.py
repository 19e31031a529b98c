"""Guided lessons: a scripted first game of each game, as data.

A lesson is one TOML file per game (``assets/lessons/<game>.toml``): the seats (seat 0 is the
learner, the others AIs), the options, an explicit deck, an optional ``prelude`` of moves
played before the lesson starts (to begin late in a round), the ``steps`` and a ``recap``.
Every text is an English msgid: the app translates it with gettext (``scripts/i18n.sh``
extracts them with :func:`babel_extract`) and formats it with the seats' names (``{p1}``,
``{p2}``...; ``{you}`` is seat 0).

Steps, in order:

* ``tell``: a text (and optional ``targets`` to light up); the learner presses Next.
* ``you``: the learner must play ``expect`` (one action, as JSON). ``targets`` say what to
  touch: ``gesture = "drag"`` (the default when there are two or more targets: the cards
  before the last two are clicked to select them, then the one before the last is dragged
  onto the last) or ``"click"`` (the cards among them, to select them, then the last target).  Any other move is explained, never
  refused in silence: ``wrong`` lists ``{match = {...}, say = "...", targets = [...]}`` entries;
  a move is told the words of the first entry whose ``match`` it fits (:func:`fits`: part of
  the action's JSON, with tests ``min``/``max``/``not``/``in`` and a list's places named by
  the lesson's top-level ``positions``), else ``otherwise``, the text for any other move; the
  move is taken back and the learner tries again.  The words are chosen by the move, so an
  entry's must be true of every move that fits it, and ``otherwise`` of any move.  ``targets``
  make that move on the table (as a step's), so a test makes every entry.
* ``they``: the AI seats play ``actions`` in order (scripted moves).  With a ``text`` (what to
  watch), the learner reads it and presses Next first; without one they play at once.

After the last step the lesson shows the recap ("You now know ...").  The AI seats then play
at their level if the learner plays on.

Targets are names the table resolves on the screen: ``card:<face>`` (a card of the learner's
hand with that face), ``zone:<name>`` (a drop zone), ``seat:<n>`` (a seat's plate),
``area:<name>`` (a zone of the layout's ``shared`` or ``overlays`` layer), ``piece:<kind>``
(a draggable piece), ``button:<kind>`` (the answer button of a move of that kind, e.g.
``button:stand``: a wrong move's target), or a name the game's table knows
(``lesson_target``).  Answer buttons and choice tiles that play the expected move are found
by the table itself.

No pygame here: the lesson is checked, played and tested headless (:func:`verify`).
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

from game.core.actions import Action, GameError, MalformedAction
from game.core.i18n import N_, _
from .match import Match
from .record import SeatSpec

KINDS = ("tell", "you", "they")
GESTURES = ("drag", "click", "none")
LEARNER = 0
#: what a move made out of turn in a lesson is told: while a text waits for Next, while AIs play
WAIT_TEXT = {"tell": N_("Read this first, then press Next."),
             "they": N_("Wait a moment: watch the others play first.")}


class LessonError(Exception):
    """A lesson file that cannot be used (a developer's error: the message names the step)."""


TESTS = ("min", "max", "not", "in")


def fits(value: Any, pattern: Any, positions: dict | None = None, key: str = "") -> bool:
    """Whether a value of a move's JSON fits a ``match`` pattern: a plain value is equal; a table
    of tests (``min``, ``max``, ``not``, ``in``) holds every test; another table names the
    positions of a list (the lesson's ``positions``: ``counts = {ogre = {min = 1}}`` is "at
    least one Ogre") or the keys of a table, each fitting its own pattern."""
    if isinstance(pattern, dict) and pattern and set(pattern) <= set(TESTS):
        if "not" in pattern and fits(value, pattern["not"], positions, key):
            return False
        if "in" in pattern and not any(fits(value, p, positions, key) for p in pattern["in"]):
            return False
        if "min" in pattern and not (_number(value) and value >= pattern["min"]):
            return False
        if "max" in pattern and not (_number(value) and value <= pattern["max"]):
            return False
        return True
    if isinstance(pattern, dict):
        names = (positions or {}).get(key)
        if isinstance(value, (list, tuple)) and names is not None:
            value = dict(zip(names, value))
        if not isinstance(value, dict):
            return False
        return all(k in value and fits(value[k], p, positions, k) for k, p in pattern.items())
    if isinstance(value, tuple):
        value = list(value)
    return value == pattern


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


@dataclass(frozen=True)
class Wrong:
    """A wrong move the lesson explains: the action's JSON fits ``match`` (see :func:`fits`);
    the entry is chosen by it, so its words must be true of every move that fits it."""
    match: tuple[tuple[str, Any], ...]
    say: str
    targets: tuple[str, ...] = ()       # how to make this wrong move on the table (for the tests)
    positions: dict = field(default_factory=dict, compare=False, hash=False)   # the lesson's ``positions``

    def fits(self, action: Action) -> bool:
        j = action.to_json()
        return all(k in j and fits(j[k], v, self.positions, k) for k, v in self.match)


@dataclass(frozen=True)
class Step:
    kind: str
    text: str = ""
    targets: tuple[str, ...] = ()
    gesture: str = "none"
    expect: Action | None = None
    actions: tuple[Action, ...] = ()
    wrong: tuple[Wrong, ...] = ()
    otherwise: str = ""

    def entry(self, action: Action) -> Wrong | None:
        """The first ``wrong`` entry the move fits (None: the ``otherwise`` words)."""
        return next((w for w in self.wrong if w.fits(action)), None)

    def explain(self, action: Action) -> str:
        """The lesson's words for a move that is not the one this step asks for."""
        w = self.entry(action)
        return w.say if w is not None else self.otherwise

    def explain_all(self, actions) -> str | None:
        """The words for a move not yet complete, made of whichever of ``actions`` is chosen
        next (cards dropped, a family still to name): None when one of them is this step's
        move; else the words of the entry every one of them fits, else ``otherwise`` (true of
        each, whatever is chosen)."""
        actions = list(actions)
        if self.kind != "you" or not actions or self.expect in actions:
            return None
        entries = [self.entry(a) for a in actions]
        w = entries[0] if all(e is entries[0] for e in entries) else None
        return w.say if w is not None else self.otherwise


@dataclass(frozen=True)
class Lesson:
    game: str
    title: str
    seats: tuple[SeatSpec, ...]
    options: dict
    seed: int
    deck: Any
    prelude: tuple[Action, ...]
    steps: tuple[Step, ...]
    recap: tuple[str, ...]
    minutes: int = 5
    source: str = field(default="", compare=False)

    def names(self) -> dict[str, str]:
        """The fields a text may use: ``{you}`` and ``{p0}``, ``{p1}``... (seat names)."""
        out = {f"p{i}": s.name for i, s in enumerate(self.seats)}
        out["you"] = self.seats[LEARNER].name
        return out

    def new_match(self) -> Match:
        """A fresh match of the lesson, its prelude played."""
        m = Match(self.game, list(self.seats), dict(self.options), seed=self.seed, deck=self.deck)
        for a in self.prelude:
            m.submit(a)
        return m

    def script(self) -> Iterator[tuple[int, Action]]:
        """Every scripted move in order, with the index of its step."""
        for i, s in enumerate(self.steps):
            if s.kind == "you":
                yield i, s.expect
            for a in s.actions:
                yield i, a

    def texts(self) -> list[str]:
        """Every msgid of the lesson (for checks and catalogues)."""
        out = [self.title, *self.recap]
        for s in self.steps:
            out += [t for t in (s.text, s.otherwise) if t] + [w.say for w in s.wrong]
        return out


# ---------------------------------------------------------------------------------------- loading
def _action(data: Any, where: str) -> Action:
    try:
        return Action.from_json(data)
    except MalformedAction as exc:
        raise LessonError(f"{where}: {exc}") from None


def _wrong(w: Any, where: str, positions: dict) -> Wrong:
    if not isinstance(w, dict) or not isinstance(w.get("match"), dict) or not w["match"] or not w.get("say"):
        raise LessonError(f"{where}: needs match = {{...}} and say = \"...\"")
    unknown = set(w) - {"match", "say", "targets"}
    if unknown:
        raise LessonError(f"{where}: unknown keys {sorted(unknown)}")
    for k, p in w["match"].items():
        _check_pattern(p, f"{where}: match.{k}", positions.get(k))
    return Wrong(tuple(sorted(w["match"].items())), str(w["say"]), tuple(str(t) for t in w.get("targets", ())),
                 positions)


def _check_pattern(p: Any, where: str, names=None) -> None:
    """A pattern's tests are known and its position names are the lesson's (a typo would
    never fit, and the words would silently never show)."""
    if not isinstance(p, dict):
        return
    ops = set(p) & set(TESTS)
    if ops and ops != set(p):
        raise LessonError(f"{where}: mixes tests ({', '.join(TESTS)}) with names")
    if ops:
        for k in ("min", "max"):
            if k in p and not _number(p[k]):
                raise LessonError(f"{where}: {k} must be a number")
        if "in" in p and not isinstance(p["in"], list):
            raise LessonError(f"{where}: in must be a list")
        return
    for k, sub in p.items():
        if names is not None and k not in names:
            raise LessonError(f"{where}: {k!r} is not one of the positions {list(names)}")
        _check_pattern(sub, f"{where}.{k}")


def _step(i: int, d: Any, src: str, positions: dict | None = None) -> Step:
    where = f"{src}: step {i + 1}"
    if not isinstance(d, dict) or d.get("kind") not in KINDS:
        raise LessonError(f"{where}: needs kind = one of {', '.join(KINDS)}")
    unknown = set(d) - {"kind", "text", "targets", "gesture", "expect", "actions", "wrong", "otherwise"}
    if unknown:
        raise LessonError(f"{where}: unknown keys {sorted(unknown)}")
    kind = d["kind"]
    targets = tuple(str(t) for t in d.get("targets", ()))
    gesture = d.get("gesture", "drag" if kind == "you" and len(targets) >= 2 else
                    "click" if kind == "you" and targets else "none")
    if gesture not in GESTURES:
        raise LessonError(f"{where}: gesture must be one of {', '.join(GESTURES)}")
    expect = _action(d["expect"], where) if "expect" in d else None
    actions = tuple(_action(a, where) for a in d.get("actions", ()))
    wrong = tuple(_wrong(w, f"{where}: wrong entry {n + 1}", positions or {}) for n, w in enumerate(d.get("wrong", ())))
    if kind == "you" and (expect is None or expect.seat != LEARNER):
        raise LessonError(f"{where}: a 'you' step needs expect = the learner's (seat 0) move")
    if kind == "they" and (not actions or any(a.seat == LEARNER for a in actions)):
        raise LessonError(f"{where}: a 'they' step needs actions of the AI seats")
    if kind == "tell" and not d.get("text"):
        raise LessonError(f"{where}: a 'tell' step needs a text")
    if kind != "you" and (expect is not None or wrong or d.get("otherwise")):
        raise LessonError(f"{where}: only a 'you' step has expect, wrong or otherwise")
    if kind == "you" and not d.get("otherwise"):
        raise LessonError(f"{where}: a 'you' step needs 'otherwise' (what a wrong move is told)")
    return Step(kind, str(d.get("text", "")), targets, gesture, expect, actions, wrong, str(d.get("otherwise", "")))


def parse(data: dict, source: str = "") -> Lesson:
    src = source or "lesson"
    try:
        # the learner's name ("You") in the language in force when the lesson opens (the other
        # seats' names are names)
        seats = tuple(SeatSpec(_(str(s["name"])) if i == LEARNER else str(s["name"]),
                               "human" if i == LEARNER else "ai", str(s.get("level", "normal")))
                      for i, s in enumerate(data["seats"]))
        positions = {str(k): tuple(str(n) for n in v) for k, v in data.get("positions", {}).items()}
        steps = tuple(_step(i, s, src, positions) for i, s in enumerate(data["step"]))
        lesson = Lesson(game=str(data["game"]), title=str(data["title"]), seats=seats,
                        options=dict(data.get("options", {})), seed=int(data.get("seed", 1)),
                        deck=data.get("deck"), prelude=tuple(_action(a, f"{src}: prelude")
                                                             for a in data.get("prelude", ())),
                        steps=steps, recap=tuple(str(r) for r in data["recap"]),
                        minutes=int(data.get("minutes", 5)), source=src)
    except (KeyError, TypeError, ValueError) as exc:
        raise LessonError(f"{src}: {type(exc).__name__}: {exc}") from None
    if len(lesson.seats) < 2:
        raise LessonError(f"{src}: a lesson needs the learner and at least one AI seat")
    return lesson


def load(path: str | Path) -> Lesson:
    """Read and check a lesson file (:class:`LessonError` when it is not usable)."""
    p = Path(path)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise LessonError(f"{p.name}: {exc}") from None
    return parse(data, p.name)


# ---------------------------------------------------------------------------------------- running
class LessonRun:
    """Where a learner is in a lesson: the step, and what a move means for it.  The table asks
    it before a move is played (:meth:`check`), tells it each move played (:meth:`played`), and
    the AI pacer asks it which scripted move an AI seat plays now (:meth:`ai_move`)."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.done_in_step = 0           # moves of a 'they' step already played
        self.go = False                 # Next was pressed on this 'they' step's words
        self.wrong_text = ""            # the explanation of the learner's last wrong move

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def check(self, action: Action) -> str | None:
        """None when ``action`` is the move the lesson wants now (or the lesson is over or the
        move is an AI's), else the words that explain why not."""
        s = self.step
        if s is None or action.seat != LEARNER:
            return None
        if s.kind == "you" and action == s.expect:
            return None
        if s.kind == "you":
            self.wrong_text = _(s.explain(action)).format(**self.lesson.names())
        else:
            self.wrong_text = _(WAIT_TEXT["tell" if self.waits_for_next() else s.kind])
        return self.wrong_text

    def check_all(self, actions) -> str | None:
        """Like :meth:`check`, for a move not yet complete: ``actions`` are every move it can
        still become (the learner's cards are dropped, a family is still to be named).  None
        when one of them is the lesson's move (or it is not a 'you' step: :meth:`check` then
        says why when the move is made); else the words, true of each of them."""
        s = self.step
        actions = [a for a in actions if a.seat == LEARNER]
        if s is None or s.kind != "you" or not actions:
            return None
        why = s.explain_all(actions)
        if why is not None:
            self.wrong_text = _(why).format(**self.lesson.names())
            return self.wrong_text
        return None

    def waits_for_next(self) -> bool:
        """The learner's Next is awaited: a 'tell' step, or a 'they' step with words (read them,
        then Next lets the AIs play: nothing moves before the learner has read what to watch)."""
        s = self.step
        return s is not None and (s.kind == "tell" or (s.kind == "they" and bool(s.text) and not self.go))

    def next(self) -> None:
        """Next pressed: past a 'tell' step; a 'they' step's AIs may play."""
        if not self.waits_for_next():
            return
        self.wrong_text = ""            # its mistake line answered the step's words: they are read
        if self.step.kind == "tell":
            self._advance()
        else:
            self.go = True

    def ai_move(self, seat: int) -> Action | None | bool:
        """For the AI pacer: the scripted move ``seat`` plays now, False when it must wait
        (the lesson is not at its move), None when the script is over (play its level)."""
        s = self.step
        if s is None:
            return None
        if s.kind == "they" and not self.waits_for_next() and self.done_in_step < len(s.actions) \
                and s.actions[self.done_in_step].seat == seat:
            return s.actions[self.done_in_step]
        return False

    def played(self, action: Action) -> None:
        """A move was played (the learner's or an AI's)."""
        s = self.step
        if s is None:
            return
        if s.kind == "you" and action == s.expect:
            self.wrong_text = ""
            self._advance()
        elif s.kind == "they" and self.done_in_step < len(s.actions) and action == s.actions[self.done_in_step]:
            self.done_in_step += 1
            if self.done_in_step == len(s.actions):
                self._advance()

    def _advance(self) -> None:
        self.index += 1
        self.wrong_text = ""            # a mistake line belongs to its step: never carried to the next
        self.done_in_step = 0
        self.go = False


# ---------------------------------------------------------------------------------------- checks
def verify(lesson: Lesson) -> list[str]:
    """Every problem of a lesson's script: a scripted move that is not legal where it is
    played, a 'you' step when the learner may not act, a 'tell' step while a move is awaited
    from nobody...  An empty list: the lesson can be played to its end."""
    problems: list[str] = []
    try:
        m = lesson.new_match()
    except GameError as exc:
        return [f"{lesson.source}: the deal or prelude: {exc}"]
    for i, s in enumerate(lesson.steps):
        where = f"{lesson.source}: step {i + 1} ({s.kind})"
        moves = [s.expect] if s.kind == "you" else list(s.actions)
        for a in moves:
            if m.outcome() is not None:
                problems.append(f"{where}: the game is over before {a.to_json()}")
                return problems
            reason = m.check(a)
            if reason is not None:
                problems.append(f"{where}: {a.to_json()} is not legal: {reason}")
                return problems
            m.submit(a)
        for w in s.wrong:
            if not w.say:
                problems.append(f"{where}: a wrong move without words")
    return problems


def babel_extract(fileobj, keywords, comment_tags, options):
    """Babel extractor (``babel.cfg``): every text of a lesson file, with its line."""
    raw = fileobj.read().decode("utf-8")
    lesson = parse(tomllib.loads(raw), getattr(fileobj, "name", "lesson"))
    lines = raw.splitlines()
    for msg in dict.fromkeys(lesson.texts()):
        first = msg.splitlines()[0][:40] if msg else ""
        lineno = next((n + 1 for n, line in enumerate(lines) if first and first in line), 0)
        yield lineno, "_", msg, ["TRANSLATORS: a lesson's text; {p1}, {p2}... are seat names"]
