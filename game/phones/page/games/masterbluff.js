// MasterBluff on a phone: your hand grouped by family (when the declarations are too many to
// list, tap the cards you play, then show their choices: the declarations of exactly those
// cards; else every declaration is listed and the line says to choose below), what is asked
// (the declaration to believe or call when a window is open; the true declarations listed
// first, the bluffs after them), then the declaration on the pile (its cards face down, the
// claim in words), the pile, and each seat's cards in hand and token.
"use strict";
CT.games.masterbluff = {
  tapping(v) {
    // whether the hand's cards are how to choose: the page (app.js countsParam) makes them
    // tappable only when the declarations are listed cut (too many: a hand of 14 has thousands)
    // and a list parameter of the choices is a count per family of the hand; a short hand's
    // declarations are all listed, and the line asks to choose among them (a new user tapped
    // 3 Fairies in vain while the line said to tap)
    const hand = v.observation.hand;
    if (!(v.legal_total > v.legal.length) || !v.legal.length || !Array.isArray(hand)) return false;
    return Object.values(v.legal[0].action).some((x) => Array.isArray(x) && x.length === hand.length);
  },
  group(item, v) {
    // a bluff (the cards played are not all of the family declared) goes under "Bluffs",
    // after the true declarations; the page's order, never the rules'
    const a = item.action;
    if (a.kind !== "discard" || !Array.isArray(a.counts)) return null;
    const i = v.facts.families.findIndex((f) => f.art === a.family);
    const n = a.counts.reduce((x, y) => x + y, 0);
    return i >= 0 && a.counts[i] === n ? null : "bluffs";
  },
  ask(v, K) {
    const o = v.observation, last = o.last;
    if (!v.to_act.includes(v.seat)) return null;
    if (o.phase === "respond" && last) {
      return K.w("mb_respond", {name: v.names[last.seat], n: last.n, family: v.facts.families[last.family].text});
    }
    return K.w(CT.games.masterbluff.tapping(v) ? "mb_ask" : "mb_ask_list");
  },
  table(v, K) {
    const o = v.observation, last = o.last, out = [];
    if (last) {
      // the cards lie face down: drawn so (never as the family declared: a claim is words)
      const row = K.el("div", "row"), backs = K.el("div", "backs");
      for (let i = 0; i < Math.min(last.n, 8); i++) backs.append(K.card({art: "back", text: ""}, v.game, "mini"));
      row.append(backs, K.el("p", "fact col", K.w("mb_last", {name: v.names[last.seat], n: last.n,
                                                         family: v.facts.families[last.family].text})));
      out.push(row);
    }
    const facts = K.el("div", "facts");
    facts.append(K.chip("back", K.w("pile_count", {n: o.pile_size}), null, v.game));
    // the family the next declaration must name (else any: a free turn)
    if (o.phase === "discard" && o.in_force !== null) {
      facts.append(K.el("span", "tag", K.w("mb_in_force", {f: v.facts.families[o.in_force].text})));
    } else if (o.phase === "discard") {
      facts.append(K.el("span", "tag", K.w("mb_free")));
    }
    out.push(facts);
    v.names.forEach((_n, s) => {
      out.push(K.seatRow(v, s, [
        o.tokens[s] ? K.el("span", "tag", K.w("token")) : null,
        K.chip("back", o.hand_sizes[s], K.w("count_hand_sizes", {n: o.hand_sizes[s]}), v.game),
      ]));
    });
    return out;
  },
};
