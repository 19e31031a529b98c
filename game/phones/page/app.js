// Crown Table's phone page: join a seat with the room code, then show that seat's view (its
// cards, counts, log and choices) and send the choice tapped.  Plain JavaScript, no build step,
// nothing from the internet.  The seat's secret stays in this browser (localStorage, keyed by
// the table's address, with its room code) so a reload, a dropped Wi-Fi or a window closed and
// opened again on the plain address rejoins the same seat; every action carries a sequence
// number and is sent again until the table acknowledges it (the table applies it once).
"use strict";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let room = (params.get("room") || "").toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
let W = {};                 // the page's words in this phone's language (/words.json)
let ws = null;
let seats = [];             // from the "room" message: names and colours
let me = null;              // {seat, secret, seq, unacked} kept in localStorage
let retry = 500;
let freed = false;
let shown = null;           // the last view drawn
let asking = null;          // the language whose page words are being fetched
let online = false;         // a seat joined on an open connection: the choices may be tapped
let stopped = null;         // the words of why the page stopped reconnecting (the table closed or moved)
let typed = false;          // the room code was typed on this page and not yet joined with (else it came
                            // with the address, or was this table's)
let downSince = null;       // when the connection was lost (the page stops trying after a while)
let sent = false;           // a move sent and taken, its next view not come yet: the choices wait
let paused = false;         // the big screen is paused (a menu over the table): taps would wait
let unasked = false;        // the table said this seat is no longer asked (until its next view)
let undone = null;          // {seat, n, line}: the table said a seat took back moves (said with the next view)
let ownUndo = false;        // this phone's undo was acknowledged (its "undone" is said under the header)

function w(key, fields) {
  let s = W[key] || key;
  for (const k in fields || {}) s = s.split("{" + k + "}").join(String(fields[k]));
  return s;
}

// the seat kept by the table's address (what a window opened again on the plain address finds),
// with the room code it was joined in: an address whose room code is another table's is not it
function storeKey() { return "crowntable-seat@" + location.host; }
function kept() {
  try { return JSON.parse(localStorage.getItem(storeKey()) || "null"); } catch (e) { return null; }
}
function load() {
  const k = kept();
  return k && k.room && (!room || k.room === room) ? k : null;
}
function save() { if (me) { me.room = room; localStorage.setItem(storeKey(), JSON.stringify(me)); } }
function forget() { localStorage.removeItem(storeKey()); me = null; }

function show(id) {
  for (const s of ["join", "seat"]) $(s).hidden = s !== id;
}
function banner(text) {
  // a banner that stays up with shorter words keeps its height: what is under it (the Show the
  // seats button under a finger) never jumps up; it goes only when the banner goes
  const b = $("banner"), h = b.hidden ? 0 : b.getBoundingClientRect().height;
  b.textContent = text || "";
  b.hidden = !text;
  b.style.minHeight = text && h ? h + "px" : "";
}

// a line under the header (an undo taken back or refused): it pushes the page down, covering
// nothing, and goes after a while or when tapped
let noteTimer = null;
function note(text) {
  const n = $("note");
  n.textContent = text || "";
  n.hidden = !text;
  clearTimeout(noteTimer);
  if (text) noteTimer = setTimeout(() => { n.hidden = true; }, 8000);
}

// the browser's languages, best first: the table reads its handshake's Accept-Language, and
// these when that header is missing
function langs() {
  return Array.from(navigator.languages || [navigator.language || ""])
    .filter((t) => typeof t === "string" && t.length > 0 && t.length <= 35).slice(0, 8);
}

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) { ws.send(JSON.stringify(msg)); return true; }
  return false;
}

// not connected (or the table closed): the choices are dimmed and a tap does nothing, with a
// line that says why; a tap never vanishes
function setOnline(on) {
  online = on;
  // once the page stopped, its words are said once, in the banner (not again down here)
  // (while a Rematch's table takes the page back, nothing is said: it is back in a moment)
  const line = stopped ? "" : (on ? (paused ? w(paused === "join" ? "paused_join" : "paused") : "")
                                  : (closingAt ? "" : w("offline")));
  $("offline").textContent = line;
  $("offline").hidden = !line;
  $("undo").disabled = !on || paused;   // an undo waits for the table as a move does: never sent unseen
  lockChoices();
}
function lockChoices() {
  const locked = !online || paused || sent || unasked || Date.now() < settleUntil;
  document.body.classList.toggle("locked", locked);
  for (const b of $("choices").querySelectorAll("button")) b.disabled = locked;
}
// the table's page is no more (closed, or another table answers at its address): say what to
// do, and stop trying
function stop(words) {
  stopped = words;
  // the seat's lines of a game no longer played here go (its turn, the next game chosen...)
  $("turn").textContent = "";
  $("turn").className = "";
  $("ask").textContent = "";
  $("why").hidden = true;
  $("said").hidden = true;
  $("refusal").hidden = true;
  $("undo").hidden = true;
  $("choices").textContent = "";            // a game no longer played here: nothing to choose
  for (const id of ["narrow", "all", "more", "over"]) $(id).hidden = true;
  banner(words);
  setOnline(false);
  if (ws) ws.close();
}
// milliseconds without a connection after which the page stops trying (the table is gone)
window.CT_GIVE_UP_MS = window.CT_GIVE_UP_MS || 120000;
// milliseconds after the table said it closes in which a Rematch's table may take the page back
window.CT_CLOSE_GRACE_MS = window.CT_CLOSE_GRACE_MS || 5000;
let closingAt = null;

function connect() {
  if (stopped) return;
  ws = new WebSocket("ws://" + location.host + "/ws");
  ws.onopen = () => {
    retry = 500;
    downSince = null;
    banner("");
    me = load();
    if (me && me.secret) send({t: "rejoin", seat: me.seat, secret: me.secret, langs: langs()});
    else if (room) send({t: "hello", room: room, langs: langs()});
  };
  ws.onmessage = (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    const fn = HANDLERS[msg.t];
    if (fn) fn(msg);
  };
  ws.onclose = (ev) => {
    setOnline(false);
    if (stopped) return;
    if (ev.reason === "the host freed this seat") { forget(); freed = true; }
    if (ev.code === 1008 && ev.reason && ev.reason.startsWith("too many")) {
      $("join-msg").textContent = ev.reason;
    }
    if (downSince === null) downSince = Date.now();
    if (Date.now() - downSince > window.CT_GIVE_UP_MS) { stop(w("moved")); return; }
    // the table said it closes: no "connection lost" in its grace time (a Rematch takes the
    // page back within it; else the page says the table closed)
    if (!closingAt) banner(w("lost"));
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

const HANDLERS = {
  room(msg) {
    seats = msg.seats;
    show("join");
    $("pick").hidden = false;
    const box = $("seats");
    box.textContent = "";
    for (const s of msg.seats) {
      if (!s.phone) continue;
      const b = document.createElement("button");
      const dot = document.createElement("span");
      dot.className = "swatch";
      dot.style.background = s.colour;
      b.append(dot, document.createTextNode(s.held ? w("seat_taken", {name: s.name}) : s.name));
      // a held seat is asked for too: the table answers that another phone holds it, and the
      // page says how to free it (never a button that does nothing)
      if (s.held) b.classList.add("held");
      b.dataset.seat = s.seat;
      b.onclick = () => { $("join-msg").textContent = w("joining"); send({t: "join", room: room, seat: s.seat, langs: langs()}); };
      box.append(b);
    }
    if (freed) { $("join-msg").textContent = w("freed"); freed = false; }
  },
  joined(msg) {
    const old = load();
    me = {seat: msg.seat, secret: msg.secret || (old && old.secret),
          seq: Math.max(msg.last_seq || 0, (old && old.seat === msg.seat && old.seq) || 0),
          unacked: old && old.seat === msg.seat ? old.unacked : null};
    save();
    if (Array.isArray(msg.colours)) seatColours = msg.colours;
    show("seat");
    $("who").textContent = "";
    const dot = document.createElement("span");
    dot.className = "swatch";
    dot.style.background = msg.colour;
    // the seat's name on one line (an ellipsis only when it is longer than the header; the
    // whole name in its title)
    const name = el("span", "name", msg.name);
    name.title = msg.name;
    $("who").append(dot, name);
    typed = false;                    // the code worked: a later "not this table" is a table moved
    closingAt = null;                 // a table back at once (a Rematch): nothing closed
    setOnline(true);
    if (me.unacked && me.unacked.undo) send({t: "undo", seq: me.unacked.seq});
    else if (me.unacked) send({t: "act", seq: me.unacked.seq, action: me.unacked.action});
  },
  error(msg) {
    if (msg.error === "secret") { forget(); send({t: "hello", room: room}); return; }
    show("join");
    if (msg.error === "room" && !typed) {
      // the address (or the seat kept) led to another table: this one moved or closed
      forget();
      $("join-msg").textContent = "";         // said once, in the banner
      stop(w("moved"));
      return;
    }
    $("join-msg").textContent = w({room: "bad_room", taken: "taken_msg", seat: "bad_seat"}[msg.error] || "bad_room");
    if (msg.error === "taken") send({t: "hello", room: room});
  },
  view(v) {
    // a view after the first may carry only the parts of the observation that changed
    // ("observation_partial"): the rest is the last view's (a seat's round history is not sent
    // again with every move)
    if (v.observation_partial) {
      if (!shown || !shown.observation) return;      // nothing to add to: the next whole view comes
      const last = shown.observation, whole = Object.assign({}, last, v.observation);
      // a list that grew at its end came as its new items alone (a Death round's result)
      const more = v.observation_appended || {};
      for (const k in more) whole[k] = (last[k] || []).concat(more[k]);
      v.observation = whole;
      delete v.observation_partial;
      delete v.observation_appended;
    }
    v.whole = !v.observation_partial;   // (a whole view after a (re)join: its log replaces the page's)
    shown = v;
    sent = false;                   // the move sent is shown: the next choices may be tapped
    unasked = false;
    render(v);
    if (v.lang && W.lang && v.lang !== W.lang) relang(v.lang);
  },
  ack(msg) {
    if (me && me.unacked && me.unacked.seq === msg.seq && !msg.pending) { me.unacked = null; save(); }
    if (me && me.undoSeq === msg.seq) {            // the answer to an undo: said under the header
      if (msg.ok === false) note(w("undo_refused", {reason: msg.reason}));
      else if (msg.ok) { note(msg.line || w("undone")); ownUndo = true; }
      return;
    }
    const r = $("refusal");
    if (msg.ok === false && sent) { sent = false; lockChoices(); }   // refused: choose again
    if (msg.ok === false) { r.textContent = w("refused", {reason: msg.reason}); r.hidden = false; }
    else if (msg.ok) r.hidden = true;
  },
  options(msg) { renderChoices(msg.legal, msg.legal_total, true); },
  undone(msg) {
    // a seat took back its move (and those after it): said with the view that follows, instead
    // of "the question is closed" (this phone's own undo is said under the header)
    // (this seat's moves taken back by an undo it did not ask for are said too)
    if (me && msg.seat === me.seat && ownUndo) { ownUndo = false; return; }
    undone = {seat: msg.seat, n: msg.n, line: msg.line};
  },
  paused(msg) {
    // the big screen is paused (its menu over the table): the choices are dimmed, and said why,
    // until it resumes
    paused = msg.on ? (msg.why || "screen") : false;
    setOnline(online);
  },
  undo_off() {
    // a move since the last view makes this seat's undo refused (cards were shown): the button
    // goes at once, not after the big screen's reveal (a trial tapped it and was refused)
    $("undo").hidden = true;
  },
  unasked() {
    // this seat is no longer asked (another phone answered first, or its own move was taken):
    // the choices dim at once, before the view that follows the big screen, and the turn pill
    // says so; a phone that did not answer is told why (the view's line says more, when it comes)
    unasked = true;
    $("turn").textContent = w("waiting");
    $("turn").className = "";
    if (!sent) say(w("asked_gone_plain"));
    lockChoices();
  },
  closing(msg) {
    // the table is closing: left for the menu or the app quits (then the page says so at once
    // and stops retrying), or a Rematch opens the next game at once on the same address with
    // the same secrets ("again": then the page rejoins by itself within the grace time, and
    // says nothing)
    if (!msg.again) { stop(w("closed")); return; }
    closingAt = Date.now();
    setTimeout(() => { if (closingAt && !online) stop(w("closed")); }, window.CT_CLOSE_GRACE_MS);
  },
};

// -- each game's layout: page/games/<id>.js registers itself in CT.games by game id ------------
// A layout has optional parts (each gets the view and the kit ``K`` below):
//   mine(v, K)    nodes drawn above the hand: what this seat holds and knows (a big card, a look)
//   ask(v, K)     the one line of what is asked of this seat now (else the generic line)
//   table(v, K)   nodes of the public facts (seat rows, the pile, the boss...)
//   tap(v, card, i, K)  the listed choices a tap on hand card i stands for (one: it is played)
//   tapShows      true: a tap on a card shows its choices, even one (Boss Quest's weapons)
//   title         the key of the words over the hand ("hand" when not given)
//   handSize      the hand's cards' size class ("big": one card, Death's)
//   handNames     false: no names under the hand's cards (their art says it)
//   handFit       the hand in one row, its cards narrower when many
//   near(v, K)    nodes drawn under the hand
//   extra(v, K)   nodes of a section of their own, under the hand's, headed ``extraTitle`` (the
//                 key of its words): Fireball Court's Court; hidden when empty
//   withdrawn(v, K)  the line said when a question this seat was asked is closed by another
//                 seat's answer (KTM: "Bram challenged first."), else a generic one
//   group(item, v)  the key of the words heading the listed choice's group (null: the first,
//                 unheaded group; MasterBluff's bluffs get "bluffs"), the groups in that order
// A game without a file gets the generic page (its hand, counts and choices).
const CT = window.CT = window.CT || {games: {}};
const loading = {};
let lastView = null;
let logged = null;            // the view whose events are in the log

function layoutFor(game) {
  if (CT.games[game]) return CT.games[game];
  if (!/^[a-z0-9_]+$/.test(game) || loading[game]) return null;
  loading[game] = true;                       // one request; the view is drawn again when it came
  const s = document.createElement("script");
  s.src = "/games/" + game + ".js";
  s.onload = s.onerror = () => { if (lastView) render(lastView); };
  document.head.append(s);
  return null;
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined && text !== null) e.textContent = text;
  return e;
}

function card(c, game, size) {
  // one face: its art (/cards/<game>/<art>.svg), its corner label over the art's corner tab
  // (the art leaves it blank, as on the table) and its name under it
  const d = el("div", "card" + (size ? " " + size : ""));
  if (!c) { d.classList.add("empty"); return d; }
  if (c.art) {
    const f = el("div", "face");
    const img = document.createElement("img");
    img.src = "/cards/" + game + "/" + c.art + ".svg";
    img.alt = c.text;
    f.append(img);
    if (c.corner) f.append(el("span", "corner", c.corner));
    d.append(f);
    if (c.text && (!size || size === "big")) d.append(el("div", "name", c.text));
  } else {
    d.classList.add("text");
    d.textContent = c.text;
  }
  if (c.hidden) { d.classList.add("hidden-card"); d.append(el("span", "tag", w("hidden"))); }
  return d;
}

const ROUND_PIECES = ["token", "coin", "heart", "key", "treasury"];     // else a card: 5:7

function chip(icon, n, alt, game) {
  // a count with its piece (a coin, a token, a heart): the number reads at arm's length
  const c = el("span", "chip" + (ROUND_PIECES.includes(icon) ? "" : " tall"));
  if (icon) {
    const img = document.createElement("img");
    img.src = icon.startsWith("/") ? icon : "/cards/" + game + "/" + icon + ".svg";
    img.alt = "";
    c.append(img);
  }
  c.append(el("b", null, n));
  if (alt) { c.title = alt; c.setAttribute("aria-label", alt); }
  return c;
}

function seatName(v, i) { return i === v.seat ? w("you") : v.names[i]; }
function seatColour(i) { return (seatColours && seatColours[i]) || "#999"; }
let seatColours = null;

function seatRow(v, i, parts) {
  // one seat of the table: its colour, its name ("You" for this phone's), what it shows
  const row = el("div", "seat-row");
  if (v.to_act.includes(i)) row.classList.add("acting");
  if (i === v.seat) row.classList.add("me");
  const dot = el("span", "swatch");
  dot.style.background = seatColour(i);
  const name = el("span", "seat-name", seatName(v, i));
  row.append(dot, name);
  const rest = el("span", "seat-parts");
  for (const p of parts || []) if (p) rest.append(p);
  row.append(rest);
  return row;
}

function fact(text) { return el("p", "fact", text); }

function waitingLine(v) {
  const others = v.to_act.filter((s) => s !== v.seat);
  if (others.length === 1) return w("waiting_for", {name: v.names[others[0]]});
  return w("waiting");
}

const K = {w, el, card, chip, seatRow, seatName, fact, waitingLine, act: (a) => act(a), undo: () => undo(),
           choose: (items) => renderChoices(items, items.length, true)};
CT.kit = K;
CT.redraw = () => { if (lastView) render(lastView); };

const COUNTS = ["tokens", "coins", "hearts", "keys", "totals", "hand_sizes"];

// -- the choices never change under a finger ------------------------------------------------
// When the choices are replaced by different ones (another ask: a window closed by another
// player's answer, then this seat's turn), the new ones ignore taps for SETTLE_MS, dimmed then
// lit; and when a question this phone was asked is withdrawn, a line says what happened.
const SETTLE_MS = 700;
let settleUntil = 0;
let lastAsk = null;          // {sig, at, answered}: the last choices shown, when, and whether this phone answered
function choicesSig(legal) { return legal.map((it) => JSON.stringify(it.action)).join("|"); }

function settle(v) {
  const sig = choicesSig(v.legal), now = Date.now();
  const before = lastAsk;
  // a question withdrawn (asked here, not answered, now other choices): the new choices ignore
  // a tap however long the question was on the screen (a finger was on its way to it); other
  // choices replacing ones shown a moment ago too
  const gone = !!(before && before.sig && !before.answered && before.sig !== sig);
  if (sig && before && before.sig !== sig && (gone || now - before.at < 2500)) {
    settleUntil = now + SETTLE_MS;
    setTimeout(lockChoices, SETTLE_MS + 20);
  }
  // a refusal of choices no longer shown goes with them (a trial: "Refused: it is not Ben's
  // turn." stayed under the next question)
  if (before && before.sig !== sig) $("refusal").hidden = true;
  // new choices: a line said about the question before them goes (a trial: "The question is
  // closed" stayed above the question an undo asked again); what closed it is said below
  if (sig && (!before || before.sig !== sig)) $("said").hidden = true;
  // a move taken back: said as what it is (never as a question closed by an old line)
  if (undone) {
    const names = v.names || [];
    // the table's own words (its log's line, with how many moves) in this phone's language
    // said with new choices, a line stays until this seat moves (a trial looked up at the big
    // screen and back, and "Player 2 challenged first." was gone)
    if (undone.line) say(undone.line, !!sig);
    else if (names[undone.seat] !== undefined) say(w("took_back", {name: names[undone.seat]}), !!sig);
    undone = null;
  } else if (before && before.sig && !before.answered && before.sig !== sig && !v.outcome) {
    // a question withdrawn: this phone was asked, did not answer, and the choices are gone or others
    const why = withdrawn(v);
    if (why) say(why, !!sig);
  }
  if (sig) lastAsk = {sig: sig, at: now, answered: false};
  else if (before) before.sig = "";           // nothing asked now: a later ask is new
}

function withdrawn(v) {
  // what closed the question: the layout's words for it, else the first line of another
  // seat's move in this view's events
  const L = CT.games[v.game] || {};
  if (L.withdrawn) { const s = L.withdrawn(v, K); if (s) return s; }
  for (const e of v.events) {
    const d = e.data || {};
    const by = Number.isInteger(d.seat) ? d.seat : null;
    if (by !== null && by !== v.seat && e.line) return w("asked_gone", {line: e.line});
  }
  return w("asked_gone_plain");
}

// a line in the panel of the choices (where the finger is): what happened to a question
let sayTimer = null;
// milliseconds a line is said for, unless it stays until this seat's move (``keep``)
window.CT_SAY_MS = window.CT_SAY_MS || 8000;
function say(text, keep) {
  const n = $("said");
  n.textContent = text || "";
  n.hidden = !text;
  clearTimeout(sayTimer);
  if (text && !keep) sayTimer = setTimeout(() => { n.hidden = true; }, window.CT_SAY_MS);
}

function render(v) {
  const ended = v.outcome && !(lastView && lastView.outcome);
  lastView = v;
  if (v !== logged) settle(v);
  const L = layoutFor(v.game) || {};
  const mine = v.to_act.includes(v.seat);
  $("turn").textContent = v.outcome ? w("done") : mine ? w("your_turn") : w("waiting");
  $("turn").className = mine ? "mine" : "";
  // Undo: only while the seat's last move may be taken back (the view says; a table that does
  // not say: once this phone has played)
  $("undo").hidden = !!v.outcome || !(v.can_undo !== undefined ? v.can_undo : !!(me && me.seq));
  document.body.dataset.game = v.game;
  // what this seat holds and knows, first
  $("mine-title").textContent = w(L.title || "hand");
  const top = $("mine");
  top.textContent = "";
  for (const n of (L.mine ? L.mine(v, K) : [])) if (n) top.append(n);
  const hand = $("hand");
  hand.textContent = "";
  // A choice among thousands (a MasterBluff declaration): the cards tapped in the hand give
  // the action's count per kind, and the table lists the actions for exactly those cards.
  const param = countsParam(v);
  $("narrow").hidden = !param;
  $("narrow").disabled = true;
  $("pick-hint").hidden = !param || !!L.ask;         // a layout's ask line says it
  const picked = new Array(param ? v.observation.hand.length : 0).fill(0);
  let group = null;
  const fanMax = fanLength(hand);
  v.hand.forEach((c, i) => {
    const e = card(c, v.game, L.handSize);
    if (L.handNames === false) e.querySelector(".name")?.remove();
    if (param && c.kind !== undefined) {
      e.classList.add("tappable"); e.setAttribute("role", "button");
      e.onclick = () => {
        const on = e.classList.toggle("picked");
        picked[c.kind] += on ? 1 : -1;
        $("narrow").disabled = !picked.some((n) => n > 0);     // nothing tapped: nothing to show
      };
    } else if (L.tap && mine) {
      const items = L.tap(v, c, i, K) || [];
      if (items.length) {
        e.classList.add("tappable"); e.setAttribute("role", "button");
        e.onclick = () => {
          if (items.length === 1 && !L.tapShows) act(items[0].action);
          else renderChoices(items, items.length, true);
        };
      }
    }
    // a hand held by kind (MasterBluff's families): one group per kind, its cards fanned, each
    // under the one before it (the first shows whole, the others their right side: a tap target)
    if (c.kind !== undefined) {
      if (!group || v.hand[i - 1].kind !== c.kind || group.childElementCount >= fanMax) {
        group = el("div", "group");
        hand.append(group);
      } else {
        e.classList.add("fanned");
      }
      e.style.zIndex = String(v.hand.length - i);
      group.append(e);
    } else {
      hand.append(e);
    }
  });
  hand.className = "cards" + (L.handFit ? " fit" : "");
  const near = $("near");
  near.textContent = "";
  for (const n of (L.near ? L.near(v, K) : [])) if (n) near.append(n);
  $("mine-box").hidden = !top.childElementCount && !v.hand.length && !near.childElementCount;
  // a section of its own (Fireball Court's Court), hidden when it has nothing
  const extra = $("extra");
  extra.textContent = "";
  for (const n of (L.extra ? L.extra(v, K) : [])) if (n) extra.append(n);
  $("extra-title").textContent = L.extraTitle ? w(L.extraTitle) : "";
  $("extra-box").hidden = !extra.childElementCount;
  $("mine-box").classList.toggle("beside", !!L.beside);
  $("narrow").onclick = () => {
    if (picked.some((n) => n > 0)) send({t: "options", where: {[param]: picked}});
  };
  $("choices-box").scrollTop = 0;
  // what is asked of me now, in one line
  const asked = v.outcome ? w("rematch") : (L.ask && L.ask(v, K)) || (mine ? w("choose_below") : waitingLine(v));
  $("ask").textContent = asked;
  $("ask").className = "ask" + (mine ? " mine" : "");
  // why the choices are so few, where the layout can say (Death: Stand alone)
  const why = !v.outcome && L.why ? L.why(v, K) : null;
  $("why").textContent = why || "";
  $("why").hidden = !why;
  $("over").hidden = true;
  drawResult(v);
  $("choices-box").hidden = !v.legal.length;     // nothing to choose while others play
  renderChoices(v.legal, v.legal_total);
  fitAct();
  // the public facts
  const pub = $("public");
  pub.textContent = "";
  if (L.table) {
    for (const n of L.table(v, K)) if (n) pub.append(n);
  } else {
    for (const k of COUNTS) {
      const list = v.observation[k];
      if (!Array.isArray(list) || list.length !== v.names.length) continue;
      const val = list[v.seat];
      pub.append(el("span", "count", w("count_" + k, {n: val === true ? 1 : val === false ? 0 : val})));
    }
  }
  $("public-box").hidden = !pub.childElementCount;
  // the log: a whole one after a (re)join, then this seat's new events (newest first)
  const log = $("log");
  // the game is over: the page goes to its top, where the result is
  if (ended) window.scrollTo(0, 0);
  if (v === logged) return;               // drawn again (a layout's script came, a look put away)
  logged = v;
  if (v.log.length || v.whole) log.textContent = "";    // (a Rematch's first view: the last game's lines go)
  for (const e of (v.log.length ? v.log : v.events)) {
    // the table's own line for the event ("line", the same words as the big screen's log);
    // null: the table logs nothing for it; no "line": a game without words yet
    if (e.line === null) continue;
    const li = document.createElement("li");
    li.textContent = e.line !== undefined ? e.line : e.kind + " " + JSON.stringify(e.data);
    log.prepend(li);
  }
  while (log.childElementCount > 60) log.lastChild.remove();
  $("log-box").hidden = !log.childElementCount;
}

function fanLength(box) {
  // the most cards one fan may hold on a row of the hand: the first whole, each other showing
  // its strip (style.css: max(48px, half a card + 6px)); a longer run of one kind starts a new fan
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 18;
  const cardW = (parseFloat(getComputedStyle(document.body).getPropertyValue("--card-w")) || 4.4) * rem;
  const strip = Math.max(48, cardW / 2 + 6);
  const room = box.clientWidth || document.documentElement.clientWidth - 2.8 * rem;
  return Math.max(1, Math.floor((room - cardW) / strip) + 1);
}

function countsParam(v) {
  // the list parameter of the listed actions that is a count per kind of the hand, if the
  // choices are too many to list
  const hand = v.observation.hand;
  if (v.legal_total <= v.legal.length || !v.legal.length || !Array.isArray(hand)) return null;
  for (const [k, val] of Object.entries(v.legal[0].action)) {
    if (Array.isArray(val) && val.length === hand.length) return k;
  }
  return null;
}

function renderChoices(legal, total, narrowed) {
  // the listed choices in groups: the layout's first (unheaded) group, then each other one
  // under its heading (MasterBluff: the true declarations, then the bluffs), in the list's order
  const L = (lastView && CT.games[lastView.game]) || {};
  const box = $("choices");
  box.textContent = "";
  const groups = new Map([[null, []]]);
  for (const item of legal) {
    const g = (L.group && lastView && L.group(item, lastView)) || null;
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(item);
  }
  for (const [g, items] of groups) {
    if (!items.length) continue;
    if (g !== null) box.append(el("h3", "group-head", w(g)));
    for (const item of items) {
      const b = document.createElement("button");
      b.textContent = item.label;
      if (g !== null) { b.className = "alt"; b.dataset.group = g; }
      b.onclick = () => act(item.action);
      box.append(b);
    }
  }
  // the choices of the cards tapped: and back to all of them
  $("all").hidden = !narrowed;
  $("all").onclick = () => { if (lastView) { renderChoices(lastView.legal, lastView.legal_total); fitAct(); } };
  $("choices-box").scrollTop = 0;
  $("more").hidden = total <= legal.length;
  $("more").textContent = w("more_choices", {shown: legal.length, total: total});
  lockChoices();
  if (narrowed) fitAct();
}

// the game is over: who won and the standings as the big screen's results say them (the
// view's ``result``: the table's words), and that the next game is chosen on the big screen
function drawResult(v) {
  const box = $("result-box"), r = v.result;
  box.hidden = !v.outcome;
  if (!v.outcome) return;
  $("result-head").textContent = r && r.headline ? r.headline : w("done");
  const list = $("standings");
  list.textContent = "";
  for (const row of (r && r.rows) || []) {
    const li = el("li", row.seat === v.seat ? "me" : null);
    li.append(el("span", "place", row.place), el("span", "seat-name", row.seat === v.seat ? w("you") : row.name));
    if (row.note) li.append(el("span", "note", row.note));
    list.append(li);
  }
}

// the pinned panel of what is asked and the choices covers the bottom of the screen: the page
// ends that much lower, so all of it can be scrolled above the panel
function fitAct() {
  $("seat").style.paddingBottom = ($("act").offsetHeight + 16) + "px";
}
if (window.ResizeObserver) new ResizeObserver(() => fitAct()).observe($("act"));

function act(action) {
  // not connected, or choices that just replaced others: the tap is not taken (the line says)
  if (!me || !online || paused || sent || unasked || Date.now() < settleUntil) return;
  if (lastAsk) lastAsk.answered = true;
  me.seq = (me.seq || 0) + 1;
  me.unacked = {seq: me.seq, action: action};
  save();
  $("refusal").hidden = true;
  $("said").hidden = true;          // (a line kept until this move: the move is made)
  send({t: "act", seq: me.seq, action: action});
  sent = true;                      // until the next view (the big screen plays the move first)
  lockChoices();
}

function undo() {
  // take back this seat's last move (the table's own rule decides; its refusal is shown)
  if (!me) return;
  me.seq = (me.seq || 0) + 1;
  me.unacked = {seq: me.seq, undo: true};
  me.undoSeq = me.seq;
  save();
  note("");
  $("undo").hidden = true;          // one tap, one undo: the next view shows it again if it may
  send({t: "undo", seq: me.seq});
}

// the game's words in a view are in the language the table chose for this phone (``lang``):
// the page's own words follow it, so the two never differ (the table's language changed, or
// the header named no shipped language)
function relang(lang) {
  if (asking === lang) return;
  asking = lang;
  fetch("/words.json?lang=" + encodeURIComponent(lang)).then((r) => r.json()).then((words) => {
    // a later view may speak another language (a rejoin gets its kept view, then a new one)
    if (!shown || shown.lang !== words.lang) return;
    W = words;
    applyWords();
    render(Object.assign({}, shown, {events: [], log: []}));
  }).catch(() => {}).finally(() => { if (asking === lang) asking = null; });
}

function applyWords() {
  for (const el of document.querySelectorAll("[data-w]")) el.textContent = w(el.dataset.w);
  document.title = w("title");
  if (W.lang) document.documentElement.lang = W.lang;
}

function start() {
  // the plain address (a window opened again, a bookmark): the room code of the seat kept here
  if (!room) { const k = kept(); if (k && k.room) room = k.room; }
  $("room").value = room;
  const find = () => {
    room = $("room").value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
    if (!room) { $("join-msg").textContent = w("no_room"); return; }
    typed = true;
    $("join-msg").textContent = "";
    history.replaceState(null, "", "/?room=" + room);
    if (stopped) {
      // the page had stopped (the table moved or closed): a code typed now starts afresh
      stopped = null;
      downSince = null;
      retry = 500;
      closingAt = null;
      if (ws) { ws.onclose = null; ws.close(); }
      banner(w("connecting"));
      setOnline(false);
      connect();
      return;
    }
    if (!send({t: "hello", room: room})) banner(w("connecting"));
  };
  $("find").onclick = find;
  $("room").onkeydown = (ev) => { if (ev.key === "Enter") { ev.preventDefault(); find(); } };
  $("undo").onclick = () => undo();
  $("note").onclick = () => note("");
  show("join");
  banner(w("connecting"));
  connect();
}

fetch("/words.json").then((r) => r.json()).then((words) => { W = words; })
  .catch(() => {}).finally(() => { applyWords(); start(); });
