// King Thief Minister on a phone.  A seat holds no hand: it knows the ring of six face-down
// cards (its own spot marked) and, only while it looks, the card it looked at.  This is a
// memory game (RULINGS §2 Memory): the card seen stays up until the player turns it face down
// ("I remember it"), and is never shown again (a reload shows the ring face down); it is put
// away too when the cards move or the turn passes (it would show a card where it no longer is).
// The ring is laid out as the big screen's: this seat's spot at the bottom, then clockwise,
// every spot labelled (a seat's name, "empty spot 2" as the buttons name it), and the moves'
// arrows in its middle.  Then what is asked, the choices (a tap on a spot peeks at it, in the
// opening look), and each seat's coins and the treasury.
"use strict";
(function () {
  let look = null;            // {spot, card, turns}: the card this seat sees now
  let scanned = null;         // the view whose events were read
  // events after which a card is no longer where it was seen: every card moved, two swapped,
  // the ring dealt again
  const MOVED = {move: true, spots: true, deal: true, redeal: true};

  function takeLooks(v) {
    if (v === scanned) return;
    scanned = v;
    const o = v.observation;
    for (const e of v.events) {
      const d = e.data || {};
      if (MOVED[e.kind] || (e.kind === "minister_swap" && d.swapped)) look = null;
      if (typeof d.card === "string" && v.facts.characters[d.card] && Number.isInteger(d.spot)) {
        look = {spot: d.spot, card: d.card, turns: o.turns, turn: o.turn};
      }
    }
    // the turn passed: what was seen is remembered or not, never shown at a spot it may have left
    if (look && (look.turns !== o.turns || look.turn !== o.turn)) look = null;
  }

  // the big screen's ring (game/app/games/ktm.py place()): this seat's spot at the bottom, then
  // clockwise: lower left, upper left, top, upper right, lower right; a grid of 3 columns and
  // 6 half rows (each spot two of them), the middle for the moves' arrows
  const PLACES = [
    {col: 2, row: 5}, {col: 1, row: 4}, {col: 1, row: 2}, {col: 2, row: 1}, {col: 3, row: 2}, {col: 3, row: 4}];

  CT.games.ktm = {
    title: "what_you_know",
    mine(v, K) {
      takeLooks(v);
      const o = v.observation, f = v.facts, out = [];
      if (look) {                 // the card seen is face up at its spot in the ring below
        const box = K.el("div", "look");
        box.append(K.el("p", null, K.w("your_look")));
        const b = K.el("button", "wide", K.w("remembered"));
        b.onclick = () => { look = null; CT.redraw(); };
        box.append(b);
        out.push(box);
      }
      const ring = K.el("div", "ring");
      const owner = {};
      (o.owned || []).forEach((spot, s) => { owner[spot] = s; });
      const mine = v.to_act.includes(v.seat);
      const home = (o.owned || [])[v.seat] || 0;
      for (let spot = 0; spot < 6; spot++) {
        const cell = K.el("div", "spot");
        const place = PLACES[(spot - home + 6) % 6];
        cell.style.gridColumn = String(place.col);
        cell.style.gridRow = place.row + " / span 2";
        cell.dataset.spot = String(spot);
        const up = look && look.spot === spot ? f.characters[look.card] : f.back;
        const c = K.card({art: up.art, text: up === f.back ? "" : up.text}, v.game);
        cell.append(c);
        const s = owner[spot];
        const label = s === undefined ? (f.empty || {})[spot] || "" : s === v.seat ? K.w("your_spot") : v.names[s];
        // a seat's name on one line (an ellipsis, the name in its title); an empty spot's words
        // may take two ("casella vuota 2")
        const who = K.el("span", s === undefined ? "who empty" : "who", label);
        who.title = label;
        cell.append(who);
        if (s === v.seat) cell.classList.add("mine");
        const items = mine ? v.legal.filter((it) => it.action.spot === spot) : [];
        if (items.length) {
          c.classList.add("tappable"); c.setAttribute("role", "button");
          c.onclick = () => { if (items.length === 1) K.act(items[0].action); else K.choose(items); };
        }
        ring.append(cell);
      }
      // the moves on the ring: "Move right" turns every card counter-clockwise (this seat's card
      // goes to its right), "Move left" clockwise, as the buttons name them
      const hint = K.el("div", "turns");
      const ARROWS = {right: "↺", left: "↻", opposite: "⇅"};
      for (const it of v.legal) {
        const d = it.action.kind === "move" ? it.action.direction : null;
        // (the table's label may carry its arrow already: it is not drawn twice)
        if (d && ARROWS[d]) hint.append(K.el("span", "turn-hint", it.label.startsWith(ARROWS[d]) ? it.label : ARROWS[d] + " " + it.label));
      }
      if (hint.childElementCount) {
        // the ring's turning in its middle (the two ways round), the moves named under it: one
        // box in the middle of the grid, so the ring grows to hold them (they never overlap)
        const middle = K.el("div", "middle");
        const both = v.legal.filter((it) => it.action.kind === "move" && (it.action.direction === "right" || it.action.direction === "left"));
        if (both.length) middle.append(K.el("div", "arrows", "↺↻"));
        middle.append(hint);
        ring.append(middle);
      }
      out.push(ring);
      return out;
    },
    ask(v, K) {
      const o = v.observation;
      if (!v.to_act.includes(v.seat)) return null;
      if (o.phase === "peek") return K.w("ktm_peek");
      if (o.phase === "challenge" && v.facts.claim && o.claimant >= 0) {
        return K.w("ktm_claim", {name: v.names[o.claimant], character: v.facts.claim.text});
      }
      return null;
    },
    withdrawn(v, K) {
      // the challenge window closed: another seat challenged first
      for (const e of v.events) {
        const d = e.data || {};
        if (e.kind === "challenge" && Number.isInteger(d.challenger) && d.challenger !== v.seat) {
          return K.w("ktm_challenged_first", {name: v.names[d.challenger]});
        }
      }
      return null;
    },
    table(v, K) {
      const o = v.observation, out = [];
      const facts = K.el("div", "facts");
      facts.append(K.chip("treasury", o.treasury, K.w("treasury", {n: o.treasury}), v.game));
      out.push(facts);
      v.names.forEach((_n, s) => {
        out.push(K.seatRow(v, s, [K.chip("coin", o.coins[s], K.w("count_coins", {n: o.coins[s]}), v.game)]));
      });
      return out;
    },
  };
})();
