// Boss Quest on a phone: your weapons (the hidden one marked), your strength, hearts and keys;
// what is asked; the choices, each spell's under the line of what it does (the table's card tip;
// each button names its spell: "Cast Last turn!", "Discard the face-down spell"); then the boss
// and its HP, the Magician's spells (tap one for its choices), and each seat's hearts, keys,
// weapons and the spells on it; at the game's end, who lost their last heart under the standings.
"use strict";
CT.games.bossquest = {
  title: "your_weapons",
  tapShows: true,
  group(item, v) {
    // a spell's choices (cast it, on whom, discard it) under its one line: the page word
    // "bq_tip_<spell>" (the face-down one: "bq_tip_mystery"), the same words as the table's tip
    const a = item.action, o = v.observation;
    if (a.kind === "aim") return o.aim ? "bq_tip_" + o.aim[1] : null;
    if ((a.kind !== "activate" && a.kind !== "discard") || a.slot === undefined) return null;
    const face = (v.facts.magician || [])[a.slot];
    if (face && face.art === "back_mystery") return "bq_tip_mystery";
    const card = (o.magician || [])[a.slot];
    return card === null || card === undefined ? null : "bq_tip_" + card;
  },
  tap(v, c) {
    // a weapon of yours: the choices that name it (Exchange a weapon: this one)
    return v.legal.filter((it) => it.action.weapon === c.key);
  },
  mine(v, K) {
    const o = v.observation, s = v.seat, facts = K.el("div", "facts");
    if (o.strength !== null && o.strength !== undefined) facts.append(K.el("span", "tag", K.w("strength", {n: o.strength})));
    facts.append(K.chip("heart", o.hearts[s], K.w("count_hearts", {n: o.hearts[s]}), v.game),
                 K.chip("key", o.keys[s], K.w("count_keys", {n: o.keys[s]}), v.game));
    const mine = (v.facts.active || []).filter((a) => a.target === s);
    const out = [facts];
    if (mine.length) {
      const row = K.el("div", "cards");
      for (const a of mine) row.append(K.card(a.card, v.game, "small"));
      out.push(row);
    }
    return out;
  },
  ask(v, K) {
    if (!v.to_act.includes(v.seat)) return null;
    // the view's ask follows the choices offered (a bust knight: only spells); else the old line
    return v.observation.phase === "aim" ? K.w("bq_aim") : v.ask || K.w("bq_ask");
  },
  table(v, K) {
    const o = v.observation, f = v.facts, out = [], mine = v.to_act.includes(v.seat);
    // the game over: the lines the big screen's results say under the standings (who lost
    // their last heart, so stands below a player with fewer keys), the view's result.lines,
    // under the rows the page drew (it empties the list every view: no line outlives its game)
    const standings = document.getElementById("standings");
    if (v.outcome && standings) for (const t of (v.result && v.result.lines) || []) standings.append(K.el("li", "line", t));
    const top = K.el("div", "row");
    if (f.boss) top.append(K.card({art: f.boss.art, text: "", corner: f.boss.corner}, v.game, "small"));
    const side = K.el("div", "col");
    side.append(K.el("p", "fact", K.w("boss_hp", {hp: o.boss_hp})),
                K.el("p", "fact", K.w("keys_to_win", {n: o.keys_to_win})));
    const onBoss = f.active.filter((a) => a.target === f.boss_target);
    if (onBoss.length) {
      const row = K.el("div", "cards");
      for (const a of onBoss) row.append(K.card(a.card, v.game, "mini"));
      side.append(row);
    }
    top.append(side);
    out.push(top);
    out.push(K.el("h3", null, K.w("magician")));
    const row = K.el("div", "cards fit");
    f.magician.forEach((c, slot) => {
      const e = K.card(c, v.game, "small");
      const items = mine && c ? v.legal.filter((it) => it.action.slot === slot) : [];
      if (items.length) {
        e.classList.add("tappable"); e.setAttribute("role", "button");
        e.onclick = () => K.choose(items);
      }
      row.append(e);
    });
    out.push(row);
    v.names.forEach((_n, s) => {
      const parts = [K.chip("heart", o.hearts[s], K.w("count_hearts", {n: o.hearts[s]}), v.game),
                     K.chip("key", o.keys[s], K.w("count_keys", {n: o.keys[s]}), v.game)];
      if (s !== v.seat) {
        const cards = K.el("span", "cards");
        for (const c of f.weapons[s] || []) cards.append(K.card(c, v.game, "mini"));
        const h = f.hidden[s];
        if (h || (f.weapons[s] || []).length) cards.append(K.card(h ? h : {art: "back", text: ""}, v.game, "mini"));
        for (const a of f.active.filter((a) => a.target === s)) cards.append(K.card(a.card, v.game, "mini"));
        parts.push(cards);
      }
      out.push(K.seatRow(v, s, parts));
    });
    return out;
  },
};
