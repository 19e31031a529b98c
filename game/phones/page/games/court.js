// Fireball Court on a phone: your hand (tap a card to play it), the Court's stacks in a section
// of their own, what is asked, then the pile, and each seat's points, cards in hand and captured
// coins, ravens and King, Castle and Knight cards (a legend names each piece's number).
"use strict";
CT.games.court = {
  handNames: false,
  handFit: true,
  extraTitle: "court",
  extra(v, K) {
    // the Court, in its own section under the hand: what a card played meets (none: no section)
    if (!v.facts.court.some((st) => st.length)) return [];
    const stacks = K.el("div", "stacks");
    for (const st of v.facts.court) {
      const col = K.el("div", "stack");
      for (const c of st) col.append(K.card(c, v.game, "small"));
      stacks.append(col);
    }
    return [stacks];
  },
  tap(v, c) {
    return v.legal.filter((it) => it.action.kind === "play" && it.action.card === c.key);
  },
  ask(v, K) {
    return v.to_act.includes(v.seat) ? K.w("court_ask") : null;
  },
  table(v, K) {
    const o = v.observation, f = v.facts, out = [];
    const facts = K.el("div", "facts");
    facts.append(K.chip("back", K.w("deck_count", {n: o.pile_size}), null, v.game),
                 K.el("span", null, K.w("target_points", {n: o.target})));
    out.push(facts);
    // what each number of the seats' rows counts: its piece and its words
    const legend = K.el("div", "legend");
    for (const [icon, key] of [["back", "legend_hand"], ["coin_1", "legend_coins"], ["raven_1", "legend_ravens"],
                               ["king", "legend_seniors"]]) {
      legend.append(K.chip(icon, K.w(key), null, v.game));
    }
    out.push(legend);
    v.names.forEach((_n, s) => {
      const cap = f.captured[s] || {coin: 0, raven: 0, senior: 0};
      out.push(K.seatRow(v, s, [
        K.el("span", "tag", K.w("count_totals", {n: o.totals[s]})),
        K.chip("back", o.hand_sizes[s], K.w("count_hand_sizes", {n: o.hand_sizes[s]}), v.game),
        K.chip("coin_1", cap.coin, K.w("captured_coins", {n: cap.coin}), v.game),
        K.chip("raven_1", cap.raven, K.w("captured_ravens", {n: cap.raven}), v.game),
        K.chip("king", cap.senior, K.w("captured_seniors", {n: cap.senior}), v.game),
      ]));
    });
    return out;
  },
};
