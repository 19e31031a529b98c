"""The phone server: a WebSocket and its page, in a thread with its own asyncio loop.

The app owns one :class:`PhoneServer` while a table with phone seats is open
(``start``/``stop``).  Everything a phone sends that could change the game goes into
``inbox`` (a thread-safe queue) which the app's thread drains; what a seat is shown is handed
over by the app's thread with :meth:`PhoneServer.push`, which delivers it only to the
connection that holds that seat's secret.  The server never touches a match.

Security (docs/PHONES.md): loopback or a private LAN address only; a 4-letter room code to
join; one random secret (128 bits and more) per seat, compared in constant time; a held seat is
taken only after the host frees it; the page's own origin and host only; join attempts
rate-limited per address; a malformed or oversized message closes its connection and changes
nothing; no file outside the page's folder (and the card art's) is served."""
from __future__ import annotations

import asyncio
import collections
import contextlib
import dataclasses
import hmac
import json
import queue
import secrets
import threading
import time
import logging
import urllib.parse
from pathlib import Path
from typing import Any, Callable

from websockets.asyncio.server import ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from . import net
from .words import accept_from_list, page_words, pick_language

log = logging.getLogger(__name__)

PAGE_DIR = Path(__file__).resolve().parent / "page"
#: letters that cannot be mistaken for another letter or a digit (no B 8, G 6, I 1, O 0, S 5, Z 2)
ROOM_LETTERS = "ACDEFHJKLMNPQRTUVWXY"
MAX_MESSAGE = 64 * 1024
#: join attempts (hello, join, rejoin) per client address within ``RATE_WINDOW`` seconds
RATE_LIMIT = 20
RATE_WINDOW = 60.0
KINDS = ("hello", "join", "rejoin", "act", "options", "undo")
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".json": "application/json"}
#: close codes: 1007 not JSON text, 1008 a message against the protocol (one sentence each)
BAD_DATA, POLICY = 1007, 1008
DEFAULT_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999")


class BadMessage(Exception):
    """A message against the protocol: its connection is closed with this reason."""

    def __init__(self, reason: str, code: int = POLICY):
        super().__init__(reason)
        self.code = code


def new_room_code() -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(4))


def new_secret() -> str:
    return secrets.token_urlsafe(24)          # 192 bits


def safe_file(root: Path, rel: str) -> Path | None:
    """The regular file ``rel`` under ``root`` (a URL path, percent-decoded once), or None when
    it is not there or not inside ``root``: ``..``, absolute paths, backslashes, NUL, a
    second encoding (``%252e``) and links that lead out are all refused."""
    if not rel or len(rel) > 200:
        return None
    text = urllib.parse.unquote(rel, errors="strict") if "%" in rel else rel
    if "%" in text or "\\" in text or "\x00" in text or ":" in text or text.startswith("/"):
        return None
    parts = text.split("/")
    if any(p in ("", ".", "..") or p.startswith(".") for p in parts):
        return None
    try:
        base = root.resolve(strict=True)
        path = base.joinpath(*parts)
        if any(base.joinpath(*parts[:i + 1]).is_symlink() for i in range(len(parts))):
            return None
        real = path.resolve(strict=True)
    except (OSError, RuntimeError, ValueError):
        return None
    if not real.is_relative_to(base) or not real.is_file():
        return None
    return real


@dataclasses.dataclass
class SeatSlot:
    name: str
    colour: str
    secret: str | None = None
    conn: ServerConnection | None = None
    last_seq: int = 0
    acks: dict = dataclasses.field(default_factory=dict)        # seq -> the ack sent for it
    view: dict | None = None                                     # the last view pushed


class PhoneServer:
    """The server for one table.  ``seats``: (name, colour) per seat; ``phone_seats``: the seats
    a phone may join (the others are AI or hot-seat).  ``host`` is loopback for tests, else this
    machine's private LAN address (:func:`net.lan_address`); ``port`` 0 picks a free one, a
    number is tried first and a free one taken when it is busy."""

    def __init__(self, game: str, seats: list[tuple[str, str | None]], phone_seats=None, *,
                 host: str = "127.0.0.1", port: int = 0, room: str | None = None,
                 language: str = "en", cards_dir: Path | None = None, page_dir: Path = PAGE_DIR,
                 rate_limit: int = RATE_LIMIT, rate_window: float = RATE_WINDOW,
                 max_size: int = MAX_MESSAGE, clock: Callable[[], float] = time.monotonic):
        self.game = game
        self.host = net.check_bind_address(host)
        self.wanted_port = port
        self.port: int | None = None
        self.room = room or new_room_code()
        self.language = language
        self.cards_dir = cards_dir
        self.page_dir = page_dir
        self.rate_limit, self.rate_window, self.max_size, self.clock = rate_limit, rate_window, max_size, clock
        self.slots = [SeatSlot(name, colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)])
                      for i, (name, colour) in enumerate(seats)]
        self.phone_seats = frozenset(range(len(seats)) if phone_seats is None else phone_seats)
        self.inbox: queue.Queue = queue.Queue()
        #: called (on the server's thread) after each item put in ``inbox``: the App posts a
        #: pygame user event, so its idle loop wakes at once (``pygame.event.post`` is
        #: thread-safe in SDL2); None: nobody to wake
        self.wake: Callable[[], Any] | None = None
        self._lock = threading.Lock()
        self._attempts: dict[str, collections.deque] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._stop: asyncio.Event | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.closed_reasons: collections.deque = collections.deque(maxlen=100)   # why connections were closed
        #: what ``push`` hands the loop, in order: (connection, message); the loop takes all of it
        #: at each wake-up and encodes it there (``_drain``)
        self._outbox: collections.deque = collections.deque()
        self._held = 0                     # ``batch`` blocks open: their pushes wake the loop at the end
        self._woken = False                # a drain is asked of the loop and has not run yet

    def _put(self, item: tuple) -> None:
        """An item for the app's thread, and a wake-up call for its loop."""
        self.inbox.put(item)
        self._wake()

    def _wake(self) -> None:
        wake = self.wake
        if wake is not None:
            try:
                wake()
            except Exception:             # a wake-up that fails never breaks the server
                log.debug("the phone server's wake call failed", exc_info=True)

    # ----------------------------------------------------------------- life cycle (app thread)
    @property
    def origin(self) -> str:
        return f"http://{self.host}:{self.port}"

    def join_url(self) -> str:
        return f"{self.origin}/?room={self.room}"

    def start(self, timeout: float = 5.0) -> "PhoneServer":
        self._thread = threading.Thread(target=self._run, name="phone-server", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phone server did not start in time")
        if self._error is not None:
            raise self._error
        return self

    def stop(self, timeout: float = 5.0, again: bool = False) -> None:
        """Stop serving; the open pages are told first (``again``: the next table takes them
        back at once on the same address, a Rematch)."""
        self.tell_closing(again=again)
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(stop.set)
            except RuntimeError:
                pass
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def tell_closing(self, timeout: float = 1.0, again: bool = False) -> None:
        """Before the server stops (the table is left, the app quits): every open page is told
        ``{"t": "closing", "again": false}``, so it says at once that the table was closed and
        stops trying to reconnect (issue 28), instead of waiting for a table that is gone; with
        ``again`` (a Rematch: the next table serves the same address and secrets at once) the
        page waits a moment for it without a word.  Bounded by ``timeout``."""
        loop, server = self._loop, getattr(self, "_ws_server", None)
        if loop is None or server is None or loop.is_closed():
            return
        text = json.dumps({"t": "closing", "again": bool(again)})

        async def tell() -> None:
            conns = list(server.connections)
            if conns:
                await asyncio.wait([asyncio.ensure_future(self._send(c, text)) for c in conns], timeout=timeout / 2)
        try:
            asyncio.run_coroutine_threadsafe(tell(), loop).result(timeout)
        except Exception:                 # a page that cannot be told still loses its connection
            log.debug("the phones were not all told that the table closes", exc_info=True)

    def __enter__(self) -> "PhoneServer":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as exc:          # a bind error: start() raises it on the app's thread
            self._error = exc
        finally:
            self._ready.set()
            loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        ports = [self.wanted_port] if self.wanted_port == 0 else [self.wanted_port, 0]
        server = None
        for i, port in enumerate(ports):
            try:
                server = await serve(self._handler, self.host, port, process_request=self._http,
                                     max_size=self.max_size, max_queue=4, compression=None,
                                     ping_interval=20, ping_timeout=20, server_header=None)
                break
            except OSError:
                if i == len(ports) - 1:
                    raise
        assert server is not None
        self.port = server.sockets[0].getsockname()[1]
        self._ws_server = server          # tell_closing reaches every open page through it
        self._ready.set()
        async with server:
            await self._stop.wait()
            server.close(close_connections=True)

    # ----------------------------------------------------------------- app thread → phones
    def push(self, seat: int, message: dict) -> None:
        """Send ``message`` to the phone holding ``seat`` (thread-safe; nobody else gets it).
        A ``view`` is also kept, so a phone that rejoins gets it again at once.  The message is
        encoded on the loop's thread (``_drain``), which the App wakes at the end of its frame:
        the caller must not change it afterwards (the host's views are new each time)."""
        sent = message
        with self._lock:
            slot = self.slots[seat]
            if message.get("t") == "view":
                if message.get("observation_partial") and slot.view is not None:
                    # kept whole: a phone that rejoins is sent this view first
                    kept = slot.view["observation"]
                    whole = {**kept, **message["observation"]}
                    for k, more in message.get("observation_appended", {}).items():
                        whole[k] = kept.get(k, []) + more
                    message = {**message, "observation": whole}
                    message.pop("observation_partial")
                    message.pop("observation_appended", None)
                slot.view = message
            if message.get("t") == "ack":
                slot.acks[message["seq"]] = message
                for old in sorted(slot.acks)[:-32]:
                    del slot.acks[old]
            conn, wake = slot.conn, False
            if conn is not None:              # to the loop: at once, or at the end of the ``batch``
                self._outbox.append((conn, sent))
                wake = not self._held and not self._woken
                self._woken = self._woken or wake
        if wake:
            self._schedule()

    @contextlib.contextmanager
    def batch(self):
        """The pushes made inside go to the loop together, with one wake-up at the end (the host
        wraps a pump in it).  Each wake-up of the loop's thread hands it the interpreter: one a
        message (an ack and 20 views a move) cost the app's thread about 2 ms each under load
        (docs/PERFORMANCE.md)."""
        with self._lock:
            self._held += 1
        try:
            yield self
        finally:
            with self._lock:
                self._held -= 1
                wake = not self._held and bool(self._outbox) and not self._woken
                self._woken = self._woken or wake
            if wake:
                self._schedule()

    def _schedule(self) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._drain)
        except RuntimeError:                  # the loop closed meanwhile: nobody to send to
            pass

    def free_seat(self, seat: int) -> None:
        """The host frees ``seat`` (thread-safe): its secret is forgotten, its phone is let go
        and another phone may join it."""
        with self._lock:
            slot = self.slots[seat]
            conn, slot.conn, slot.secret, slot.last_seq, slot.acks = slot.conn, None, None, 0, {}
        if conn is not None and self._loop is not None and not self._loop.is_closed():
            asyncio.run_coroutine_threadsafe(conn.close(POLICY, "the host freed this seat"), self._loop)

    def held(self) -> set[int]:
        with self._lock:
            return {i for i, s in enumerate(self.slots) if s.secret is not None}

    def connected(self) -> set[int]:
        with self._lock:
            return {i for i, s in enumerate(self.slots) if s.conn is not None}

    # ----------------------------------------------------------------- the loop's thread
    def _drain(self) -> None:
        """What ``push`` handed over, encoded and sent in the order it came."""
        with self._lock:
            items = list(self._outbox)
            self._outbox.clear()
            self._woken = False
        loop = asyncio.get_running_loop()
        for conn, message in items:
            loop.create_task(self._send(conn, json.dumps(message, separators=(",", ":"), ensure_ascii=False)))

    @staticmethod
    async def _send(conn: ServerConnection, text: str) -> None:
        try:
            await conn.send(text)
        except ConnectionClosed:
            pass

    def _http(self, conn: ServerConnection, request: Request) -> Response | None:
        """Every HTTP request: the WebSocket's handshake (its Origin checked) or a file."""
        if request.headers.get("Host") != f"{self.host}:{self.port}":
            return conn.respond(421, "This server answers only to its own address.\n")
        path, _sep, query = request.path.partition("?")
        if path == "/ws":
            if request.headers.get("Origin") != self.origin:
                return conn.respond(403, "Only the table's own page may connect.\n")
            return None
        if path == "/words.json":
            asked = urllib.parse.parse_qs(query).get("lang", [None])[0]
            lang = pick_language(asked or request.headers.get("Accept-Language"), self.language)
            return self._file_response(conn, json.dumps(page_words(lang), ensure_ascii=False).encode(), ".json")
        if path == "/":
            path = "/index.html"
        root, rel = self.page_dir, path[1:]
        if path.startswith("/cards/"):
            root, rel = self.cards_dir, path[len("/cards/"):]
        found = safe_file(root, rel) if root is not None else None
        if found is None or found.suffix not in TYPES:
            return conn.respond(404, "Not found.\n")
        return self._file_response(conn, found.read_bytes(), found.suffix)

    def _file_response(self, conn: ServerConnection, body: bytes, suffix: str) -> Response:
        resp = conn.respond(200, "")
        headers = Headers(resp.headers)
        for k in ("Content-Type", "Content-Length"):
            del headers[k]
        headers["Content-Type"] = TYPES[suffix]
        headers["Content-Length"] = str(len(body))
        headers["Cache-Control"] = "no-store"
        headers["X-Content-Type-Options"] = "nosniff"
        headers["Referrer-Policy"] = "no-referrer"
        headers["Content-Security-Policy"] = (
            f"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src 'self' ws://{self.host}:{self.port}; base-uri 'none'; form-action 'none'")
        return dataclasses.replace(resp, headers=headers, body=body)

    def _rate_ok(self, address: str) -> bool:
        now = self.clock()
        q = self._attempts.setdefault(address, collections.deque())
        while q and now - q[0] > self.rate_window:
            q.popleft()
        if len(q) >= self.rate_limit:
            return False
        q.append(now)
        return True

    async def _handler(self, conn: ServerConnection) -> None:
        address = str(conn.remote_address[0]) if conn.remote_address else "?"
        seat: int | None = None
        try:
            async for raw in conn:
                try:
                    msg = parse(raw)
                    seat = await self._dispatch(conn, address, seat, msg)
                except BadMessage as exc:
                    self.closed_reasons.append(str(exc))
                    await conn.close(exc.code, str(exc))
                    return
        except ConnectionClosed as exc:
            if exc.rcvd is None and exc.sent is not None and exc.sent.code == 1009:
                self.closed_reasons.append("message too big")
        finally:
            if seat is not None:
                with self._lock:
                    gone = self.slots[seat].conn is conn
                    if gone:
                        self.slots[seat].conn = None
                if gone:
                    self._wake()              # a phone dropped: the big screen says who is missing

    async def _reply(self, conn: ServerConnection, message: dict) -> None:
        await self._send(conn, json.dumps(message, separators=(",", ":"), ensure_ascii=False))

    async def _dispatch(self, conn: ServerConnection, address: str, seat: int | None, msg: dict) -> int | None:
        t = msg["t"]
        if t in ("hello", "join", "rejoin"):
            if not self._rate_ok(address):
                raise BadMessage("too many join attempts: wait a minute")
        if t == "hello":
            if not self._room_ok(msg["room"]):
                await self._reply(conn, {"t": "error", "error": "room"})
                return seat
            await self._reply(conn, {"t": "room", "game": self.game, "seats": self._seat_list()})
            return seat
        if t == "join":
            want = msg["seat"]
            if not self._room_ok(msg["room"]):
                await self._reply(conn, {"t": "error", "error": "room"})
                return seat
            if not (0 <= want < len(self.slots)) or want not in self.phone_seats:
                await self._reply(conn, {"t": "error", "error": "seat"})
                return seat
            with self._lock:
                slot = self.slots[want]
                if slot.secret is not None:
                    taken = True
                else:
                    taken = False
                    if seat is not None and seat != want:
                        self._let_go(seat, conn)
                    slot.secret, slot.conn, slot.last_seq, slot.acks = new_secret(), conn, 0, {}
                    secret, view = slot.secret, slot.view
            if taken:
                await self._reply(conn, {"t": "error", "error": "taken"})
                return seat
            self._put(("joined", want, {"accept": self._accept(conn, msg)}))
            await self._reply(conn, {"t": "joined", "seat": want, "secret": secret, "last_seq": 0,
                                     "name": slot.name, "colour": slot.colour, "colours": self._colours()})
            if view is not None:
                await self._reply(conn, view)
            return want
        if t == "rejoin":
            want, given = msg["seat"], msg["secret"]
            with self._lock:
                slot = self.slots[want] if 0 <= want < len(self.slots) else None
                ok = slot is not None and slot.secret is not None and \
                    hmac.compare_digest(slot.secret.encode(), given.encode("utf-8", "replace"))
                old = None
                if ok:
                    if seat is not None and seat != want:
                        self._let_go(seat, conn)
                    old, slot.conn = slot.conn, conn
                    view, last_seq = slot.view, slot.last_seq
            if not ok:
                await self._reply(conn, {"t": "error", "error": "secret"})
                return seat
            if old is not None and old is not conn:
                await old.close(POLICY, "this seat was opened on another page")
            self._put(("joined", want, {"accept": self._accept(conn, msg)}))
            await self._reply(conn, {"t": "joined", "seat": want, "last_seq": last_seq,
                                     "name": slot.name, "colour": slot.colour, "colours": self._colours()})
            if view is not None:
                await self._reply(conn, view)
            return want
        # act, options, undo: only on a connection that holds a seat
        if seat is None or self.slots[seat].conn is not conn:
            raise BadMessage("join a seat first")
        if t == "options":
            self._put(("options", seat, msg["where"]))
            return seat
        seq = msg["seq"]               # an action or an undo: numbered alike, never applied twice
        with self._lock:
            slot = self.slots[seat]
            dup = seq <= slot.last_seq
            ack = slot.acks.get(seq)
            if not dup:
                slot.last_seq = seq
        if dup:                    # sent again after a reconnect: never applied twice
            await self._reply(conn, ack or {"t": "ack", "seq": seq, "ok": None, "pending": True})
            return seat
        if t == "undo":
            self._put(("undo", seat, {"seq": seq}))
        else:
            self._put(("act", seat, {"seq": seq, "action": msg["action"]}))
        return seat

    @staticmethod
    def _accept(conn: ServerConnection, msg: dict) -> str | None:
        """The languages this phone asks for, as an ``Accept-Language`` value: its WebSocket
        handshake's header (what ``/words.json`` reads too, so the page's words and the game's
        agree), else the page's ``navigator.languages`` sent in the message (``langs``)."""
        request = getattr(conn, "request", None)
        header = request.headers.get("Accept-Language") if request is not None else None
        if header and header.strip():
            return header[:500]
        return accept_from_list(msg.get("langs"))

    def _let_go(self, seat: int, conn: ServerConnection) -> None:
        if self.slots[seat].conn is conn:
            self.slots[seat].conn = None

    def _room_ok(self, room: str) -> bool:
        return hmac.compare_digest(room.strip().upper().encode("utf-8", "replace"), self.room.encode())

    def _colours(self) -> list[str]:
        """Every seat's colour (public: the big screen shows them), for the page's seat rows."""
        return [s.colour for s in self.slots]

    def _seat_list(self) -> list[dict]:
        with self._lock:
            return [{"seat": i, "name": s.name, "colour": s.colour, "held": s.secret is not None,
                     "phone": i in self.phone_seats} for i, s in enumerate(self.slots)]


# --------------------------------------------------------------------- the protocol's checks
def _need(msg: dict, key: str, kind: type | tuple, what: str) -> Any:
    v = msg.get(key)
    if not isinstance(v, kind) or (isinstance(v, bool) and kind is int):
        raise BadMessage(f"'{key}' must be {what}")
    return v


def _json_value_ok(v: Any, depth: int = 0) -> bool:
    if depth > 4:
        return False
    if v is None or isinstance(v, (bool, int, str)):
        return not isinstance(v, str) or len(v) <= 64
    if isinstance(v, list):
        return len(v) <= 64 and all(_json_value_ok(x, depth + 1) for x in v)
    return False


def parse(raw: Any) -> dict:
    """One message from a phone, checked: a JSON object with a known ``t`` and the right types
    (``BadMessage`` with one sentence otherwise)."""
    if not isinstance(raw, str):
        raise BadMessage("messages must be JSON text", BAD_DATA)
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        raise BadMessage("a message was not JSON", BAD_DATA) from None
    if not isinstance(msg, dict):
        raise BadMessage("a message must be a JSON object")
    t = msg.get("t")
    if t not in KINDS:
        raise BadMessage("unknown message kind")
    allowed = {"hello": {"t", "room", "langs"}, "join": {"t", "room", "seat", "langs"},
               "rejoin": {"t", "seat", "secret", "langs"}, "act": {"t", "seq", "action"}, "options": {"t", "where"},
               "undo": {"t", "seq"}}[t]
    if set(msg) - allowed:
        raise BadMessage("a message has a field it should not have")
    if "langs" in msg:
        langs = msg["langs"]
        if not isinstance(langs, list) or len(langs) > 20 or \
                not all(isinstance(x, str) and 0 < len(x) <= 35 for x in langs):
            raise BadMessage("'langs' must be a short list of language tags")
    if t in ("hello", "join"):
        room = _need(msg, "room", str, "the room code")
        if len(room) > 16:
            raise BadMessage("'room' is too long")
    if t in ("join", "rejoin"):
        _need(msg, "seat", int, "a seat number")
    if t == "rejoin":
        if len(_need(msg, "secret", str, "the seat's secret")) > 100:
            raise BadMessage("'secret' is too long")
    if t in ("act", "undo"):
        seq = _need(msg, "seq", int, "a whole number")
        if not 1 <= seq < 2 ** 53:
            raise BadMessage("'seq' is out of range")
    if t == "act":
        action = _need(msg, "action", dict, "an action object")
        kind = action.get("kind")
        if not isinstance(kind, str) or not kind or len(kind) > 32 or len(action) > 16 \
                or not all(isinstance(k, str) and len(k) <= 32 for k in action) \
                or not all(_json_value_ok(v) for v in action.values()):
            raise BadMessage("'action' is not an action")
    if t == "options":
        where = _need(msg, "where", dict, "an object")
        if len(where) > 8 or not all(isinstance(k, str) and len(k) <= 32 and _json_value_ok(v)
                                     for k, v in where.items()):
            raise BadMessage("'where' is not a choice")
    return msg
