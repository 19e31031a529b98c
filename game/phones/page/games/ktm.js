// King Thief Minister on a phone.  A seat holds no hand: it knows the ring of six face-down
// cards (its own spot marked) and, only while it looks, the card it looked at.  This is a
// memory game (RULINGS §2 Memory): the card seen stays up until the player turns it face down
// ("I remember it"), and is never shown again (a reload shows the ring face down).  Then what
// is asked, the choices (a tap on a spot peeks at it, in the opening look), and each seat's
// coins and the treasury.
"use strict";
(function () {
  let look = null;            // {spot, card}: the card this seat sees now
  let scanned = null;         // the view whose events were read

  function takeLooks(v) {
    if (v === scanned) return;
    scanned = v;
    for (const e of v.events) {
      const d = e.data || {};
      if (typeof d.card === "string" && v.facts.characters[d.card] && Number.isInteger(d.spot)) {
        look = {spot: d.spot, card: d.card};
      }
    }
  }

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
      for (const spot of [0, 1, 2, 5, 4, 3]) {          // clockwise round a 3 × 2 grid
        const cell = K.el("div", "spot");
        const up = look && look.spot === spot ? f.characters[look.card] : f.back;
        const c = K.card({art: up.art, text: up === f.back ? "" : up.text}, v.game);
        cell.append(c);
        const s = owner[spot];
        cell.append(K.el("span", "who", s === undefined ? "" : s === v.seat ? K.w("your_spot") : v.names[s]));
        if (s === v.seat) cell.classList.add("mine");
        const items = mine ? v.legal.filter((it) => it.action.spot === spot) : [];
        if (items.length) {
          c.classList.add("tappable"); c.setAttribute("role", "button");
          c.onclick = () => { if (items.length === 1) K.act(items[0].action); else K.choose(items); };
        }
        ring.append(cell);
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
