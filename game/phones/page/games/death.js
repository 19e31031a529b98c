// Death over the Kingdom on a phone: your card large (its value in the corner), what is asked,
// then every seat's tokens and the cards you know (face up, or one you looked at), the round,
// the deck and the top of the discard pile.
"use strict";
CT.games.death = {
  title: "your_card",
  handSize: "big",
  beside: true,
  mine(v, K) {
    // beside the card: this seat's tokens and the round
    const o = v.observation, s = v.seat, col = K.el("div");
    col.append(K.chip("token", o.tokens[s], K.w("count_tokens", {n: o.tokens[s]}), v.game));
    if (o.rounds) col.append(K.el("p", "fact", K.w("round_of", {n: o.round, total: o.rounds})));
    return [col];
  },
  ask(v, K) {
    const o = v.observation, mine = v.to_act.includes(v.seat);
    if (!mine) return null;
    const my = v.hand[0];
    if (o.phase === "thief" && o.thief) {
      const target = o.thief[1], known = v.facts.known[target];
      return K.w("death_thief", {name: v.names[target], card: known ? known.text : "?"});
    }
    return my ? K.w("death_ask", {card: my.text}) : null;
  },
  why(v, K) {
    // Stand is the only choice: why (the big screen's words where it has them)
    const o = v.observation;
    if (!v.to_act.includes(v.seat) || o.phase !== "play" || !v.legal.length) return null;
    if (v.legal.some((it) => it.action.kind !== "stand")) return null;
    const KING = 12;
    if (o.hand === KING) return K.w("death_only_king");
    const order = o.order || [], at = order.indexOf(v.seat);
    const right = at >= 0 && at < order.length - 1 ? order[at + 1] : null;
    if (right !== null && (o.cards || [])[right] === KING) return K.w("death_right_king", {name: v.names[right]});
    if (right === null) return K.w("death_only_dealer");
    return null;
  },
  table(v, K) {
    const o = v.observation, out = [];
    const facts = K.el("div", "facts");
    facts.append(K.chip("back", K.w("deck_count", {n: o.deck_size}), null, v.game));
    out.push(facts);
    const f = v.facts;
    v.names.forEach((_n, s) => {
      const parts = [K.chip("token", o.tokens[s], K.w("count_tokens", {n: o.tokens[s]}), v.game)];
      if (o.out_round && o.out_round[s] !== null) parts.unshift(K.el("span", "tag out", K.w("out")));
      else if (s !== v.seat && f.known[s]) parts.unshift(K.card(f.known[s], v.game, "mini"));
      out.push(K.seatRow(v, s, parts));
    });
    if (f.discard_top) {
      const row = K.el("div", "row");
      row.append(K.el("span", "fact", K.w("discard_top")), K.card(f.discard_top, v.game, "small"));
      out.push(row);
    }
    return out;
  },
};
