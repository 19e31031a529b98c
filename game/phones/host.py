"""The app's side of the phones: a match and its :class:`PhoneServer`, run on the app's thread.

``PhoneHost.pump()`` (each frame, on the thread that owns the match) drains the server's
inbox: a phone's action goes through ``Match.submit`` as a click does, and is acknowledged
with the engine's reason when refused; then every phone seat whose view changed is sent its
seat view with the events it may see since its last message (``seat_view``).

Each phone hears its own language: the one its browser asks for (the WebSocket handshake's
``Accept-Language``, picked by ``words.pick_language`` among the shipped catalogues), else the
table's.  A seat's view, its ``options`` answers and its refusal reasons are made inside
``i18n.speaking(that language)``, here on the app's thread between two frames; the match is
never changed inside it (an action is submitted in the table's language, and a refused one's
reason is asked again in the phone's, ``Match.check``)."""
from __future__ import annotations

import collections
import contextlib
import queue
import time
from typing import Any, Callable

from game.core import i18n
from game.core.actions import Action, Event, GameError, MalformedAction
from game.core.i18n import _, ngettext, speaking

from .view import legal_json, seat_view, seat_words
from .words import pick_language

_NONE = object()                 # (a key the last observation did not have)
#: inbox items handled per pump at most (a phone cannot starve the app's frame)
PUMP_MAX = 64
#: the app thread's time per pump for building views (s): the rest wait for the next frame (the
#: phone that acted and those that must act come first).  0.25 ms, about one view: with a move on
#: every frame (phones answering at once) 1 ms and 0.5 ms kept the host behind, spending all of it
#: every frame (docs/PERFORMANCE.md)
VIEW_BUDGET = 0.00025


class PhoneHost:
    """``match``: the table's match (owned by the app's thread); ``server``: a started
    :class:`~game.phones.server.PhoneServer` whose phone seats this host serves.
    ``on_submit(events)`` is told of every action a phone got applied (the table animates it).
    ``submit(action) -> events`` applies a phone's action (default ``match.submit``; the App
    gives the table's own, which animates it); it raises ``GameError`` when it is refused.
    ``undo(seat) -> int`` takes back the seat's last move and those after it (default
    ``match.undo``; the App gives the table's), raising ``GameError`` with the reason."""

    def __init__(self, match, server, on_submit: Callable[[tuple[Event, ...]], Any] | None = None,
                 submit: Callable[[Action], tuple[Event, ...]] | None = None,
                 undo: Callable[[int], int] | None = None):
        self.match = match
        self.server = server
        self.on_submit = on_submit
        self.submit = submit or match.submit
        self.undo = undo or match.undo
        #: phones' actions that came while the table was not ready (``pump(ready)``), in order
        self.later: collections.deque = collections.deque()
        self.seen = 0                                # match.action_events folded into the logs
        self.logs: dict[int, list[Event]] = {s: [] for s in server.phone_seats}
        self.pending: dict[int, list[Event]] = {s: [] for s in server.phone_seats}
        self.sent_key: dict[int, Any] = {}
        self.fresh: set[int] = set(server.phone_seats)    # seats whose next view carries the log
        self.cache: dict = {}                              # observations' shared records as JSON
        self.acted: set[int] = set()                       # seats whose phone acted since the last views
        #: seats whose last view asked them to act: told at once ("unasked") when they no longer
        #: are, without waiting for the big screen (another phone's Bluff! closed the question)
        self.asked: dict[int, Any] = {}                   # seat -> the match's state it was asked in
        #: seats whose last view offered Undo: told at once ("undo_off") when a move since makes
        #: it refused (a Boss Quest fight showed cards), before the view that follows the big screen
        self.undo_offered: dict[int, Any] = {}
        self.behind = False                                # views still owed (past the budget)
        self.accept: dict[int, str | None] = {}           # seat -> what its phone's browser asks for
        self.sent_lang: dict[int, str] = {}               # seat -> the language of its last view
        self.sent_obs: dict[int, dict] = {}               # seat -> the observation its phone has
        #: seats whose phone's join this host has taken in (its language known), and those held
        #: when it starts: a seat the server holds already but whose "joined" still waits in the
        #: inbox gets no view (it would be in the table's language, not the phone's)
        self.joined: set[int] = set(server.held())
        self._picked: dict[tuple, str] = {}               # (asked, table's language) -> language
        self.actors: list[int | None] = []                 # the seat of each action folded in
        #: the big screen is paused (a menu over the table): the phones are told, and told again
        #: when it resumes; ``told_paused`` is what each joined phone was last told
        self.paused = False
        self.told_paused: dict[int, bool] = {}
        opening = tuple(match.opening_events())
        for s in server.phone_seats:
            self._add(s, opening)

    def _add(self, seat: int, events) -> None:
        mine = [e for e in events if e.visible_to(seat)]
        self.logs[seat].extend(mine)
        del self.logs[seat][:-200]
        self.pending[seat].extend(mine)
        del self.pending[seat][:-200]

    def _fold(self) -> None:
        """Take in the match's new actions (phones', clicks', AI's); after an undo, start the
        logs again from the shorter history."""
        events = self.match.action_events
        if len(events) < self.seen:
            opening = tuple(self.match.opening_events())
            for s in self.logs:
                self.logs[s], self.pending[s] = [], []
                self._add(s, opening)
                for evs in events:
                    self._add(s, evs)
                # the whole log goes with the next view: the events taken back are not sent
                # again as new (a KTM look put away came back, a withdrawn line said an old one)
                self.pending[s] = []
            self.sent_key.clear()
            self.fresh = set(self.logs)
            # an undo (a phone's or the desk's): every joined phone is told who took back how
            # many moves, before its next view, so the page says so (not "the question is closed")
            by = self.actors[len(events)] if len(events) < len(self.actors) else None
            removed = self.seen - len(events)
            del self.actors[len(events):]
            held = self.server.held()
            for s in self.logs:
                if s in held and s in self.joined and by is not None:
                    # the table log's own line (who, how many moves), in this phone's language
                    with speaking(self.language(s)):
                        line = self.undo_line(by, removed)
                    self.server.push(s, {"t": "undone", "seat": by, "n": removed, "line": line})
        else:
            log = getattr(self.match, "log", ())
            for i in range(self.seen, len(events)):
                for s in self.logs:
                    self._add(s, events[i])
                self.actors.append(getattr(log[i], "seat", None) if i < len(log) else None)
        self.seen = len(events)

    def language(self, seat: int) -> str:
        """The language ``seat``'s phone hears: its browser's when a shipped catalogue has
        it, else the table's (the language in force now)."""
        key = (self.accept.get(seat), i18n.current_language())
        lang = self._picked.get(key)
        if lang is None:
            if len(self._picked) > 64:
                self._picked.clear()
            lang = self._picked[key] = pick_language(*key)
        return lang

    def pump(self, ready: Callable[[], bool] | None = None, shown: Callable[[], bool] | None = None) -> int:
        """Handle what the phones sent, then send the views that changed.  Returns how many
        actions were applied.  ``ready()``: whether an action may be applied now (the table is
        not paused); one that comes when it is not waits in ``later`` and goes first next time.
        What the pump sends goes to the server's loop together, at its end (``batch``).
        ``shown()``: whether the big screen shows the game as it is (no move's steps still
        playing): the views wait for it, so a phone never shows a round the big screen has not
        finished showing (its acknowledgements never wait)."""
        batch = getattr(self.server, "batch", None)
        with batch() if batch is not None else contextlib.nullcontext():
            return self._pump(ready, shown)

    def _pump(self, ready: Callable[[], bool] | None, shown: Callable[[], bool] | None = None) -> int:
        applied = 0
        table = i18n.current_language()
        if getattr(self.server, "language", table) != table:
            self.server.language = table           # /words.json's fallback follows the table
        while self.later and (ready is None or ready()):
            seat, payload = self.later.popleft()
            applied += self._move(seat, payload)
        for _n in range(PUMP_MAX):
            try:
                kind, seat, payload = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            if kind in ("act", "undo"):
                if self.later or (ready is not None and not ready()):
                    self.later.append((seat, {**payload, "kind": kind}))   # its turn: when the table is still
                    continue
                applied += self._move(seat, {**payload, "kind": kind})
            elif kind == "options":
                with speaking(self.language(seat)):
                    legal, total = legal_json(self.match.legal(seat), seat, payload, game=self.match.game,
                                              w=seat_words(self.match, seat))
                self.server.push(seat, {"t": "options", "where": payload, "legal": legal, "legal_total": total})
            elif kind == "joined":                     # a (re)joined page: a whole view, with its log
                self.joined.add(seat)
                self.told_paused.pop(seat, None)      # a new page knows nothing: told if paused
                self.accept[seat] = (payload or {}).get("accept")     # a rejoin may ask for another
                self.sent_key.pop(seat, None)
                self.fresh.add(seat)
        self.set_paused(self.paused)
        self._tell_undo_off()
        self._tell_unasked()
        if shown is None or shown():
            self.send_views()        # the phones follow the big screen: a view once it shows the moves
        return applied

    def _tell_undo_off(self) -> None:
        """A seat whose last view offered Undo that a move since made refused (cards were shown
        to it): its phone is told at once, before the view that follows the big screen, so the
        button goes instead of being tapped and refused (a trial, in a Boss Quest fight)."""
        state = self.match.state
        for s in sorted(self.undo_offered):
            if self.undo_offered[s] is state:
                continue
            if self.match.undo_refusal(s) is None:
                self.undo_offered[s] = state
            else:
                del self.undo_offered[s]
                self.server.push(s, {"t": "undo_off"})

    def _tell_unasked(self) -> None:
        """A seat asked to act by its last view that no longer may (another phone answered the
        question first, or its own move was taken): its phone is told at once, before the view
        that follows the big screen, so its choices are not left lit to be tapped and refused
        (a trial: "Refused: it is not Ben's turn." after Ana's Bluff!).  That the question is
        over is public: the big screen shows the move that closed it at once."""
        if not self.asked:
            return
        state = self.match.state
        now = set(self.match.to_act()) if self.match.outcome() is None else set()
        log = self.match.log
        for s in sorted(self.asked):
            then = self.asked[s]
            if then is state:
                continue
            if s in now:
                # still to act: asked something else when the moves since were another seat's
                # and its choices differ (a KTM challenge answered first, then this seat's turn);
                # the same question (another seat's pass in a Bluff! window) stays lit
                by = getattr(log[-1], "seat", s) if log else s
                rules = self.match.rules
                if by == s or list(rules.legal_actions(then, s)) == list(rules.legal_actions(state, s)):
                    self.asked[s] = state
                    continue
            del self.asked[s]
            self.server.push(s, {"t": "unasked"})

    def set_paused(self, on: bool | str) -> None:
        """The big screen is paused (``on``: a menu or another screen over the table; ``"join"``:
        the join card is over it) or resumed: each joined phone is told when that changes (and a
        phone that joins, at once), so its page dims the choices and says why its taps wait."""
        self.paused = on if isinstance(on, str) else bool(on)
        held = self.server.held()
        for s in self.logs:
            if s in held and s in self.joined and self.told_paused.get(s, False) != self.paused:
                self.told_paused[s] = self.paused
                msg = {"t": "paused", "on": bool(self.paused)}
                if self.paused:
                    msg["why"] = self.paused if isinstance(self.paused, str) else "screen"
                self.server.push(s, msg)

    def undo_line(self, seat: int, removed: int) -> str:
        """The table log's line for ``seat``'s undo of ``removed`` moves (in the language in
        force)."""
        return ngettext("Undo: {name} took back {n} move", "Undo: {name} took back {n} moves",
                        removed).format(name=self.match.seats[seat].name, n=removed)

    def _move(self, seat: int, payload: dict) -> int:
        if payload["kind"] == "undo":
            return self._undo(seat, payload["seq"])
        return self._act(seat, payload["seq"], payload["action"])

    def _undo(self, seat: int, seq: int) -> int:
        """A phone's undo: the same rule as the table's U (``Match.undo_refusal``)."""
        try:
            removed = self.undo(seat)
        except GameError as exc:
            self.server.push(seat, {"t": "ack", "seq": seq, "ok": False,
                                    "reason": self._refusal(seat, exc, lambda: self.match.undo_refusal(seat))})
            return 0
        ack = {"t": "ack", "seq": seq, "ok": True, "undone": removed}
        if removed > 1:             # more than its own move went: said as the table's log says it
            with speaking(self.language(seat)):
                ack["line"] = self.undo_line(seat, removed)
        self.server.push(seat, ack)
        return 1

    def _act(self, seat: int, seq: int, data: dict) -> int:
        try:
            action = Action.from_json({**data, "seat": seat})
        except MalformedAction:
            with speaking(self.language(seat)):
                reason = _("That is not a move of this game.")
            self.server.push(seat, {"t": "ack", "seq": seq, "ok": False, "reason": reason})
            return 0
        try:
            events = self.submit(action)           # in the table's language: nothing changes words
        except GameError as exc:
            self.server.push(seat, {"t": "ack", "seq": seq, "ok": False,
                                    "reason": self._refusal(seat, exc, lambda: self.match.check(action))})
            return 0
        self.server.push(seat, {"t": "ack", "seq": seq, "ok": True})
        self.acted.add(seat)
        if self.on_submit is not None:
            self.on_submit(events)
        return 1

    def _refusal(self, seat: int, exc: GameError, ask: Callable[[], str | None]) -> str:
        """Why a move or an undo was refused, in ``seat``'s phone's language: the reason is made
        when the rule refuses (in the language then in force), so a phone in another language
        has it made again by the same rule, ``ask()`` (``Match.check`` for a move,
        ``Match.undo_refusal`` for an undo: neither changes anything)."""
        reason = getattr(exc, "reason", None) or str(exc)
        lang = self.language(seat)
        if lang == i18n.current_language():
            return reason
        with speaking(lang):
            try:
                again = ask()
            except GameError as exc2:              # refused otherwise than "illegal": malformed data
                again = getattr(exc2, "reason", None) or str(exc2)
        return again or reason

    def _partial(self, seat: int, view: dict, whole: bool) -> dict:
        """``view`` with only the parts of its observation that changed since the seat's last
        view (``observation_partial``; the page and the server's kept view add them to the last
        one), a list that grew at its end as its new items alone (``observation_appended``: a
        Death round's result, a log line), unless ``whole`` (a page that (re)joined, or another
        language).  A Death seat's
        round history grows with the game: sent whole with every move it cost 20 phones tens of
        milliseconds of the app's thread late in a 20-seat game (docs/PERFORMANCE.md)."""
        obs = view["observation"]
        last = self.sent_obs.get(seat)
        self.sent_obs[seat] = obs
        if whole or last is None or not isinstance(obs, dict) or any(k not in obs for k in last):
            return view
        changed, appended = {}, {}
        for k, v in obs.items():
            was = last.get(k, _NONE)
            if was is v or was == v:
                continue
            if type(v) is list and type(was) is list and len(v) > len(was) and v[:len(was)] == was:
                appended[k] = v[len(was):]          # a list that grew at its end: only the new items
            else:
                changed[k] = v
        out = {**view, "observation": changed, "observation_partial": True}
        if appended:
            out["observation_appended"] = appended
        return out

    def send_views(self, budget: float | None = None) -> None:
        """Send each phone seat its view if anything changed for it since the last one: first
        the seats whose phone just acted (their answer is awaited), then those that must act,
        then the others.  Past ``budget`` seconds of this thread's time (default
        ``VIEW_BUDGET``; at least one view is always sent) the rest wait for the next pump and
        ``behind`` says so: a 20-phone table spreads its views over a few frames instead of
        stalling one (the App keeps its frames coming while ``behind``)."""
        self._fold()
        budget = VIEW_BUDGET if budget is None else budget
        held = self.server.held()
        acting = set(self.match.to_act())
        order = sorted(self.logs, key=lambda s: (s not in self.acted, s not in acting, s))
        start, sent = time.perf_counter(), 0
        self.behind = False
        for s in order:
            if s not in held or s not in self.joined:
                continue
            lang = self.language(s)
            key = (self.seen, s in acting, lang)
            if self.sent_key.get(s) == key:
                continue
            if sent and time.perf_counter() - start > budget:
                self.behind = True
                break
            if self.sent_lang.get(s, lang) != lang:
                self.fresh.add(s)                  # another language: the whole log again, in it
            whole = s in self.fresh
            with speaking(lang):
                view = seat_view(self.match, s, self.pending[s], self.logs[s] if whole else (), self.cache)
            view = self._partial(s, view, whole)
            self.fresh.discard(s)
            self.pending[s] = []
            self.sent_key[s] = key
            self.sent_lang[s] = lang
            self.server.push(s, {"t": "view", **view})
            if s in acting and view.get("legal"):
                self.asked[s] = self.match.state
            else:
                self.asked.pop(s, None)
            if view.get("can_undo"):
                self.undo_offered[s] = self.match.state
            else:
                self.undo_offered.pop(s, None)
            sent += 1
        self.acted.clear()
