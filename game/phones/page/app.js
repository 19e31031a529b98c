// Crown Table's phone page: join a seat with the room code, then show that seat's view (its
// cards, counts, log and choices) and send the choice tapped.  Plain JavaScript, no build step,
// nothing from the internet.  The seat's secret stays in this browser (localStorage) so a
// reload or a dropped Wi-Fi rejoins the same seat; every action carries a sequence number
// and is sent again until the table acknowledges it (the table applies it once).
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

function w(key, fields) {
  let s = W[key] || key;
  for (const k in fields || {}) s = s.split("{" + k + "}").join(String(fields[k]));
  return s;
}

function storeKey() { return "crowntable-seat-" + room; }
function load() {
  try { return JSON.parse(localStorage.getItem(storeKey()) || "null"); } catch (e) { return null; }
}
function save() { if (me) localStorage.setItem(storeKey(), JSON.stringify(me)); }
function forget() { localStorage.removeItem(storeKey()); me = null; }

function show(id) {
  for (const s of ["join", "seat"]) $(s).hidden = s !== id;
}
function banner(text) { $("banner").textContent = text || ""; $("banner").hidden = !text; }

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

function connect() {
  ws = new WebSocket("ws://" + location.host + "/ws");
  ws.onopen = () => {
    retry = 500;
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
    if (ev.reason === "the host freed this seat") { forget(); freed = true; }
    if (ev.code === 1008 && ev.reason && ev.reason.startsWith("too many")) {
      $("join-msg").textContent = ev.reason;
    }
    banner(w("lost"));
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
      b.disabled = s.held;
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
    show("seat");
    $("who").textContent = "";
    const dot = document.createElement("span");
    dot.className = "swatch";
    dot.style.background = msg.colour;
    $("who").append(dot, document.createTextNode(msg.name));
    if (me.unacked) send({t: "act", seq: me.unacked.seq, action: me.unacked.action});
  },
  error(msg) {
    if (msg.error === "secret") { forget(); send({t: "hello", room: room}); return; }
    show("join");
    $("join-msg").textContent = w({room: "bad_room", taken: "taken_msg", seat: "bad_seat"}[msg.error] || "bad_room");
    if (msg.error === "taken") send({t: "hello", room: room});
  },
  view(v) {
    shown = v;
    render(v);
    if (v.lang && W.lang && v.lang !== W.lang) relang(v.lang);
  },
  ack(msg) {
    if (me && me.unacked && me.unacked.seq === msg.seq && !msg.pending) { me.unacked = null; save(); }
    const r = $("refusal");
    if (msg.ok === false) { r.textContent = w("refused", {reason: msg.reason}); r.hidden = false; }
    else if (msg.ok) r.hidden = true;
  },
  options(msg) { renderChoices(msg.legal, msg.legal_total); },
};

function card(c, game) {
  const d = document.createElement("div");
  d.className = "card";
  if (c.art) {
    const img = document.createElement("img");
    img.src = "/cards/" + game + "/" + c.art + ".svg";
    img.alt = c.text;
    d.append(img);
    const cap = document.createElement("div");
    cap.textContent = c.text;
    d.append(cap);
  } else {
    d.classList.add("text");
    d.textContent = c.text;
  }
  return d;
}

const COUNTS = ["tokens", "coins", "hearts", "keys", "totals", "hand_sizes"];

function render(v) {
  const mine = v.to_act.includes(v.seat);
  $("turn").textContent = v.outcome ? w("done") : mine ? w("your_turn") : w("waiting");
  $("turn").className = mine ? "mine" : "";
  const hand = $("hand");
  hand.textContent = "";
  // A choice among thousands (a MasterBluff declaration): the cards tapped in the hand give
  // the action's count per kind, and the table lists the actions for exactly those cards.
  const param = countsParam(v);
  $("pick-hint").hidden = $("narrow").hidden = !param;
  const picked = new Array(param ? v.observation.hand.length : 0).fill(0);
  for (const c of v.hand) {
    const el = card(c, v.game);
    if (param && c.kind !== undefined) {
      el.onclick = () => {
        const on = el.classList.toggle("picked");
        picked[c.kind] += on ? 1 : -1;
      };
    }
    hand.append(el);
  }
  $("narrow").onclick = () => {
    if (picked.some((n) => n > 0)) send({t: "options", where: {[param]: picked}});
  };
  const counts = $("counts");
  counts.textContent = "";
  for (const k of COUNTS) {
    const list = v.observation[k];
    if (!Array.isArray(list) || list.length !== v.names.length) continue;
    const val = list[v.seat];
    const span = document.createElement("span");
    span.textContent = w("count_" + k, {n: val === true ? 1 : val === false ? 0 : val});
    counts.append(span);
  }
  $("counts-box").hidden = !counts.childElementCount;
  $("over").hidden = !v.outcome;
  $("choices-box").hidden = !v.legal.length && !v.outcome;     // nothing to choose while others play
  renderChoices(v.legal, v.legal_total);
  // the log: a whole one after a (re)join, then this seat's new events (newest first)
  const log = $("log");
  if (v.log.length) log.textContent = "";
  for (const e of (v.log.length ? v.log : v.events)) {
    // the table's own line for the event ("line", the same words as the big screen's log);
    // null: the table logs nothing for it; no "line": a game without words yet
    if (e.line === null) continue;
    const li = document.createElement("li");
    li.textContent = e.line !== undefined ? e.line : e.kind + " " + JSON.stringify(e.data);
    log.prepend(li);
  }
  while (log.childElementCount > 60) log.lastChild.remove();
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

function renderChoices(legal, total) {
  const box = $("choices");
  box.textContent = "";
  for (const item of legal) {
    const b = document.createElement("button");
    b.textContent = item.label;
    b.onclick = () => act(item.action);
    box.append(b);
  }
  $("more").hidden = total <= legal.length;
  $("more").textContent = w("more_choices", {shown: legal.length, total: total});
}

function act(action) {
  if (!me) return;
  me.seq = (me.seq || 0) + 1;
  me.unacked = {seq: me.seq, action: action};
  save();
  $("refusal").hidden = true;
  send({t: "act", seq: me.seq, action: action});
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
  $("room").value = room;
  $("find").onclick = () => {
    room = $("room").value.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 4);
    $("join-msg").textContent = "";
    history.replaceState(null, "", "/?room=" + room);
    if (!send({t: "hello", room: room})) banner(w("connecting"));
  };
  show("join");
  banner(w("connecting"));
  connect();
}

fetch("/words.json").then((r) => r.json()).then((words) => { W = words; })
  .catch(() => {}).finally(() => { applyWords(); start(); });
