/* Dicey Dungeon renderer: both sides (HP, shield, poison, pending statuses), their
   equipment cards, and the dice of the side to move. A move is two clicks: one of your
   dice, then a highlighted slot (place) or a shocked card (unshock). A burning die has its
   own "put out" button, and "End turn" sits in the controls below the board. */
(function () {
  "use strict";
  const { svg, h, SEAT_COLOURS, actionable, keepFocus, moveList, narrow } = window.DiceArena;

  // Sized for the board column of the match page (about 520 px wide) at close to 1:1.
  // Narrow (a phone): two cards a row and the statuses under the HP bar, so the board is
  // drawn a little above 1:1 and every die and slot is a thumb's size.
  let slim = false;
  let W = 560;
  const PAD = 8;
  let HEAD_H = 68; // a side's name, HP bar and statuses
  const CARD_W = 122, CARD_H = 176, CARD_GAP = 8;
  let TRAY_H = 168;
  const SLOT = 46;
  const DIE_MAX = 52;

  // Small status icons, drawn around (0, 0) in a 20×20 box.
  const ICONS = {
    shield: "M0,-9 L8,-6 L8,1 Q8,7 0,10 Q-8,7 -8,1 L-8,-6 Z",
    poison: "M0,-10 Q8,0 7,4 A7,6 0 0 1 -7,4 Q-8,0 0,-10 Z",
    burn: "M0,-10 Q8,-2 6,4 A6,6 0 0 1 -6,4 Q-6,-1 -2,-4 Q-1,-1 1,0 Q2,-5 0,-10 Z",
    shock: "M3,-10 L-6,1 L0,1 L-3,10 L6,-2 L0,-2 Z",
    weaken: "M-4,-8 L4,-8 L4,0 L8,0 L0,9 L-8,0 L-4,0 Z",
  };
  const ICON_COLOURS = { shield: "#6c7a89", poison: "#2f9e44", burn: "#f76707", shock: "#e0a800", weaken: "#8e44ad" };

  // Pips on a 3×3 grid (column, row) for each face.
  const PIPS = {
    1: [[1, 1]],
    2: [[0, 0], [2, 2]],
    3: [[0, 0], [1, 1], [2, 2]],
    4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
    6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  };

  // The die the player has picked. A socket frame can redraw the board between the two
  // clicks of a move, so the pick survives redraws of the same position, and only those.
  let picked = null; // {die, at}

  function positionKey(view) {
    return `${view.turn}:${view.actions}:${view.dice.length}`;
  }

  /** What each die may do now, read from ctx.legal (the only source of moves we offer). */
  function indexMoves(legal) {
    const byDie = new Map();
    let canEnd = false;
    for (const text of legal || []) {
      const [kind, ...nums] = text.split(":");
      if (kind === "end") { canEnd = true; continue; }
      const d = Number(nums[0]);
      if (!byDie.has(d)) byDie.set(d, { place: new Map(), unshock: new Map(), extinguish: null });
      const m = byDie.get(d);
      if (kind === "place") m.place.set(`${nums[1]}:${nums[2]}`, text);
      else if (kind === "unshock") m.unshock.set(Number(nums[1]), text);
      else if (kind === "extinguish") m.extinguish = text;
    }
    return { byDie, canEnd };
  }

  function canSpend(moves, d) {
    const m = moves.byDie.get(d);
    return Boolean(m && (m.place.size || m.unshock.size));
  }

  function icon(g, kind, x, y, scale) {
    g.append(svg("path", {
      d: ICONS[kind], fill: ICON_COLOURS[kind], class: `icon icon-${kind}`,
      transform: `translate(${x},${y}) scale(${scale || 1})`,
    }));
  }

  /** A die face with pips; `size` is its edge. */
  function dieFace(value, x, y, size, colour) {
    const g = svg("g", { transform: `translate(${x},${y})`, class: "die-face" });
    g.append(svg("rect", { x: 0, y: 0, width: size, height: size, rx: size * 0.18, class: "die-body", stroke: colour }));
    const step = size * 0.27;
    for (const [cx, cy] of PIPS[value]) {
      g.append(svg("circle", { cx: size / 2 + (cx - 1) * step, cy: size / 2 + (cy - 1) * step, r: size * 0.09, class: "pip" }));
    }
    return g;
  }

  /** Split text into lines of about `width` characters (SVG text does not wrap). */
  function wrap(text, width) {
    const lines = [];
    let line = "";
    for (const word of text.split(" ")) {
      if (line && (line + " " + word).length > width) { lines.push(line); line = word; }
      else line = line ? line + " " + word : word;
    }
    if (line) lines.push(line);
    return lines;
  }

  // ---- a side: header and cards ----

  function hpBar(g, side, x, y, width) {
    const frac = Math.max(0, Math.min(1, side.hp / side.max_hp));
    g.append(svg("rect", { x, y, width, height: 20, rx: 10, class: "hp-back" }));
    g.append(svg("rect", { x, y, width: Math.max(frac * width, frac ? 20 : 0), height: 20, rx: 10, class: "hp-fill" + (frac <= 0.25 ? " low" : "") }));
    g.append(svg("text", { x: x + width / 2, y: y + 15, "text-anchor": "middle", class: "hp-text" }, `${side.hp} / ${side.max_hp} HP`));
  }

  /** An icon with a number; dimmed at 0 so the player sees it is there but idle. */
  function stat(g, kind, value, x, y, title) {
    const s = svg("g", { class: `stat stat-${kind}` + (value ? "" : " idle"), "data-value": value });
    s.append(svg("title", {}, title));
    icon(s, kind, x, y);
    s.append(svg("text", { x: x + 13, y: y + 5, class: "stat-value" }, value));
    g.append(s);
  }

  function sideHeader(g, view, seat, ctx, y) {
    const side = view.sides[seat];
    const active = !view.over && !ctx.ended && view.to_move === seat;
    const names = ctx.names || [];
    const title = svg("text", { x: PAD + 12, y: y + 25, class: "side-name", fill: SEAT_COLOURS[seat] }, side.name);
    const who = `${names[seat] || "seat " + seat} · ${side.dice_per_turn} dice a turn`;
    if (slim) g.append(svg("text", { x: PAD + 12, y: y + 44, class: "seat-name" }, who));
    else title.append(svg("tspan", { dx: 8, class: "seat-name" }, who));
    g.append(title);
    // Narrow: the HP bar takes the width and the statuses sit on a row below it.
    const row = slim ? { bar: [y + 52, W - 2 * PAD - 24], y: y + 90, x: [26, 72, 112, 182] } : { bar: [y + 36, 200], y: y + 46, x: [250, 296, 334, 404] };
    hpBar(g, side, PAD + 12, row.bar[0], row.bar[1]);
    stat(g, "shield", side.shield, row.x[0], row.y, `shield ${side.shield}: takes damage before HP, lasts until ${side.name}'s next turn`);
    stat(g, "poison", side.poison, row.x[1], row.y, `poison ${side.poison}: loses that much HP at the start of its turn, then 1 less`);
    const pending = ["burn", "shock", "weaken"].filter((k) => side.pending[k]);
    if (pending.length) {
      g.append(svg("text", { x: row.x[2], y: row.y + 5, class: "small-label" }, "next turn"));
      pending.forEach((k, i) => stat(g, k, side.pending[k], row.x[3] + i * 36, row.y, `${k} ${side.pending[k]} lands on its next turn`));
    }
    if (view.over && view.winner === seat) {
      g.append(svg("text", { x: W - PAD - 14, y: y + 25, "text-anchor": "end", class: "winner-label" }, "WINNER"));
    } else if (active) {
      const pill = svg("g", { class: "to-move", transform: `translate(${W - PAD - 92},${y + 9})` });
      pill.append(svg("rect", { width: 80, height: 22, rx: 11, fill: SEAT_COLOURS[seat] }));
      pill.append(svg("text", { x: 40, y: 15, "text-anchor": "middle" }, "TO MOVE"));
      g.append(pill);
    }
  }

  function usesLabel(eq) {
    if (eq.uses_left === null) return "reusable";
    if (eq.uses_left === 0) return "used this turn";
    return `${eq.uses_left} use${eq.uses_left > 1 ? "s" : ""} left`;
  }

  /** One slot: its rule, the die waiting in it or the countdown counter; a target if legal. */
  function slot(card, eq, s, x, y, seat, target, ui) {
    const rule = eq.slots[s];
    const g = svg("g", { class: "slot" + (target ? " target" : ""), "data-card": card, "data-slot": s, "data-seat": seat });
    g.append(svg("rect", { x, y, width: SLOT, height: SLOT, rx: 8, class: "slot-box" }));
    if (rule.value !== null) g.append(dieFace(rule.value, x + 3, y + 3, SLOT - 6, SEAT_COLOURS[seat]));
    else if (eq.countdown) {
      g.append(svg("text", { x: x + SLOT / 2, y: y + 28, "text-anchor": "middle", class: "countdown-left" }, eq.countdown.left));
      g.append(svg("text", { x: x + SLOT / 2, y: y + 41, "text-anchor": "middle", class: "countdown-note" }, "to go"));
    }
    g.append(svg("text", { x: x + SLOT / 2, y: y + SLOT + 13, "text-anchor": "middle", class: "slot-rule" }, rule.rule));
    if (target) actionable(g, `Put the die on ${eq.name}, slot ${s + 1} (${rule.rule})`, () => ui.send(target), `slot-${card}-${s}`);
    return g;
  }

  function card(eq, c, seat, x, y, ui) {
    const mine = ui.targets && seat === ui.view.to_move;
    const unshock = mine && ui.targets.unshock.get(c);
    const spent = eq.uses_left === 0;
    const g = svg("g", {
      class: "card" + (eq.shocked ? " shocked" : "") + (spent ? " spent" : "") + (unshock ? " unshock-target" : ""),
      "data-card": c, "data-seat": seat, "data-key": eq.key, transform: `translate(${x},${y})`,
    });
    g.append(svg("title", {}, `${eq.name}: ${eq.text}`));
    g.append(svg("rect", { width: CARD_W, height: CARD_H, rx: 10, class: "card-body", stroke: SEAT_COLOURS[seat] }));
    g.append(svg("rect", { width: CARD_W, height: 24, rx: 10, class: "card-band", fill: SEAT_COLOURS[seat] }));
    g.append(svg("rect", { y: 14, width: CARD_W, height: 10, class: "card-band", fill: SEAT_COLOURS[seat] }));
    g.append(svg("text", { x: CARD_W / 2, y: 17, "text-anchor": "middle", class: "card-name" }, eq.name));
    const n = eq.slots.length;
    const left = (CARD_W - n * SLOT - (n - 1) * 8) / 2;
    eq.slots.forEach((_, s) => {
      const target = mine && !eq.shocked && ui.targets.place.get(`${c}:${s}`);
      g.append(slot(c, eq, s, left + s * (SLOT + 8), 32, seat, target, ui));
    });
    wrap(eq.text, 19).slice(0, 3).forEach((line, i) => {
      g.append(svg("text", { x: CARD_W / 2, y: 108 + i * 13, "text-anchor": "middle", class: "card-text" }, line));
    });
    const footer = svg("text", { x: CARD_W / 2, y: CARD_H - 8, "text-anchor": "middle", class: "card-uses" }, usesLabel(eq));
    if (eq.weakened) footer.append(svg("tspan", { class: "weakened" }, " · weak −1"));
    g.append(footer);
    if (eq.shocked) shockCover(g, Boolean(unshock));
    if (unshock) actionable(g, `Spend the die to unshock ${eq.name}`, () => ui.send(unshock), `unshock-${c}`);
    return g;
  }

  /** A shocked card is covered; the cover says how to free it. */
  function shockCover(g, offered) {
    g.append(svg("rect", { x: 2, y: 26, width: CARD_W - 4, height: CARD_H - 28, rx: 8, class: "shock-cover" }));
    icon(g, "shock", CARD_W / 2, 66, 2);
    g.append(svg("text", { x: CARD_W / 2, y: 104, "text-anchor": "middle", class: "shock-label" }, "SHOCKED"));
    g.append(svg("text", { x: CARD_W / 2, y: 120, "text-anchor": "middle", class: "shock-note" },
      offered ? "click to unshock" : "spend a die to unshock"));
  }

  /** Cards per row: up to four in one row, five or six in two. */
  function cardRows(n) {
    if (slim) return Array.from({ length: Math.ceil(n / 2) }, (_, i) => Math.min(2, n - 2 * i));
    return n <= 4 ? [n] : [Math.ceil(n / 2), Math.floor(n / 2)];
  }

  function sideHeight(side) {
    return HEAD_H + cardRows(side.equipment.length).length * (CARD_H + CARD_GAP);
  }

  function drawSide(root, view, seat, ctx, y, ui) {
    const side = view.sides[seat];
    const active = !view.over && view.to_move === seat;
    const g = svg("g", { class: `side seat-${seat}` + (active ? " active" : ""), "data-seat": seat });
    g.append(svg("rect", { x: PAD, y, width: W - 2 * PAD, height: sideHeight(side), rx: 14, class: "side-panel", stroke: SEAT_COLOURS[seat] }));
    sideHeader(g, view, seat, ctx, y);
    let c = 0;
    cardRows(side.equipment.length).forEach((n, row) => {
      const x0 = (W - n * CARD_W - (n - 1) * CARD_GAP) / 2;
      for (let i = 0; i < n; i++, c++) {
        g.append(card(side.equipment[c], c, seat, x0 + i * (CARD_W + CARD_GAP), y + HEAD_H + row * (CARD_H + CARD_GAP), ui));
      }
    });
    root.append(g);
  }

  // ---- the tray: turn, dice, last event ----

  function turnLine(view, ctx) {
    // Ended off the board (a resignation, a loss on time, an abort): the match says how.
    if (ctx.ended && !view.over) return ctx.ended.text;
    const who = view.sides[view.to_move].name;
    const phase = {
      act: `${who}'s turn`, roll: `${who} rolls…`, burn: `${who}'s dice catch fire…`,
      shock: `${who}'s gear is shocked…`, weaken: `${who}'s gear is weakened…`,
      split: `the Lockpick cuts ${who}'s ${view.split}…`, over: "the battle is over",
    }[view.phase] || view.phase;
    const you = !view.over && ctx.you === view.to_move && view.phase === "act" ? " (you)" : "";
    return `Turn ${view.turn} of ${view.max_turns} · ${phase}${you} · actions ${view.actions}/${view.max_actions}`;
  }

  function hint(view, ctx, ui) {
    if (!ui.moves.byDie.size && !ui.moves.canEnd) {
      const player = ctx.you === 0 || ctx.you === 1;
      return player && view.phase === "act" ? `${view.sides[view.to_move].name} is thinking…` : "";
    }
    if (ui.picked !== null) {
      const freeing = ui.targets.unshock.size ? " or a shocked card" : "";
      return `Click a green slot${freeing}, or the die again to put it back.`;
    }
    const spendable = [...ui.moves.byDie.keys()].some((d) => canSpend(ui.moves, d));
    if (spendable) return "Click one of your dice, then where it goes.";
    if (ui.moves.byDie.size) return "Put out a burning die, or end your turn.";
    return "No die fits anywhere: end your turn.";
  }

  function drawDie(tray, die, d, x, y, size, ui) {
    const seat = ui.view.to_move;
    const selectable = canSpend(ui.moves, d);
    const cls = ["die"];
    if (die.used) cls.push("used");
    if (die.burning) cls.push("burning");
    if (selectable) cls.push("selectable");
    if (ui.picked === d) cls.push("picked");
    const g = svg("g", { class: cls.join(" "), "data-die": d, "data-value": die.value });
    g.append(dieFace(die.value, x, ui.picked === d ? y - 6 : y, size, SEAT_COLOURS[seat]));
    if (die.burning) icon(g, "burn", x + size - 4, y + 4, 0.9);
    if (die.used) g.append(svg("text", { x: x + size / 2, y: y + size + 14, "text-anchor": "middle", class: "die-note" }, "spent"));
    if (selectable) {
      const what = ui.picked === d ? `Put the ${die.value} back` : `Pick the ${die.value}`;
      actionable(g, what, () => ui.pick(d), `die-${d}`);
    }
    tray.append(g);
    const put = ui.moves.byDie.get(d) && ui.moves.byDie.get(d).extinguish;
    if (put) extinguishButton(tray, d, x + size / 2, y + size + 6, put, ui);
    else if (die.burning) g.append(svg("text", { x: x + size / 2, y: y + size + 14, "text-anchor": "middle", class: "die-note burn-note" }, "burning"));
  }

  function extinguishButton(tray, d, cx, y, move, ui) {
    const b = svg("g", { class: "extinguish", "data-die": d });
    b.append(svg("title", {}, "Put the fire out for 2 HP, then the die can be used"));
    b.append(svg("rect", { x: cx - 40, y, width: 80, height: 22, rx: 11 }));
    b.append(svg("text", { x: cx, y: y + 15, "text-anchor": "middle" }, "put out −2 HP"));
    actionable(b, `Put out the burning ${ui.view.dice[d].value} for 2 HP`, () => ui.send(move), `fire-${d}`);
    tray.append(b);
  }

  function drawTray(root, view, ctx, y, ui) {
    const tray = svg("g", { class: "tray" });
    const turn = svg("text", { x: W / 2, y: y + 20, "text-anchor": "middle", class: "turn-line", id: "dungeon-turn" });
    wrap(turnLine(view, ctx), slim ? 36 : 90).forEach((line, i) => turn.append(svg("tspan", { x: W / 2, dy: i ? 16 : 0 }, line)));
    tray.append(turn);
    if (slim) y += 14;
    if (view.over) drawOver(tray, view, ctx, y);
    else drawDice(tray, view, y + 34, ui);
    const last = view.last;
    const lastText = svg("text", { x: W / 2, y: y + TRAY_H - (slim ? 58 : 12), "text-anchor": "middle", class: "last-event", id: "dungeon-last" });
    const opening = "The battle begins: the Hero moves first.";
    if (slim) {
      wrap(last ? (last.actor === -1 ? "chance: " : "last: ") + last.text : opening, 40).slice(0, 3)
        .forEach((line, i) => lastText.append(svg("tspan", { x: W / 2, dy: i ? 15 : 0 }, line)));
    } else if (last) {
      lastText.append(svg("tspan", { class: "last-label" }, last.actor === -1 ? "chance: " : "last: "));
      lastText.append(svg("tspan", { fill: last.actor >= 0 ? SEAT_COLOURS[last.actor] : null }, last.text));
    } else lastText.textContent = opening;
    tray.append(lastText);
    root.append(tray);
  }

  function drawDice(tray, view, y, ui) {
    const n = view.dice.length;
    if (!n) {
      tray.append(svg("text", { x: W / 2, y: y + 40, "text-anchor": "middle", class: "muted-text" }, "no dice on the table"));
      return;
    }
    // Spanner and Lockpick add dice, so a long turn shrinks them to fit.
    const size = Math.min(DIE_MAX, (W - 40) / n - 14);
    const gap = Math.min(22, size * 0.4);
    const x0 = (W - n * size - (n - 1) * gap) / 2;
    view.dice.forEach((die, d) => drawDie(tray, die, d, x0 + d * (size + gap), y + 10, size, ui));
    const help = svg("text", { x: W / 2, y: y + size + 52, "text-anchor": "middle", class: "hint", id: "dungeon-hint" });
    wrap(hint(view, ui.ctx, ui), slim ? 38 : 90).forEach((line, i) => help.append(svg("tspan", { x: W / 2, dy: i ? 15 : 0 }, line)));
    tray.append(help);
  }

  function drawOver(tray, view, ctx, y) {
    const title = view.winner === null ? "Draw" : `${view.sides[view.winner].name} wins`;
    const mine = ctx.you === 0 || ctx.you === 1;
    const verdict = !mine || view.winner === null ? "" : view.winner === ctx.you ? " · you win!" : " · you lose";
    tray.append(svg("text", { x: W / 2, y: y + 72, "text-anchor": "middle", class: "game-over", id: "dungeon-over" }, title));
    tray.append(svg("text", { x: W / 2, y: y + 100, "text-anchor": "middle", class: "result-text" }, (view.result || "") + verdict));
  }

  // ---- the renderer ----

  /** A move in words, for the list of every move. */
  function describe(view, text) {
    const [kind, ...n] = text.split(":").map((x, i) => (i ? Number(x) : x));
    const side = view.sides[view.to_move];
    const die = (d) => (view.dice[d] ? view.dice[d].value : "?");
    const card = (c) => (side.equipment[c] ? side.equipment[c].name : `card ${c + 1}`);
    if (kind === "place") {
      const slots = side.equipment[n[1]] ? side.equipment[n[1]].slots.length : 1;
      return `Put the ${die(n[0])} on ${card(n[1])}${slots > 1 ? ` (slot ${n[2] + 1})` : ""}`;
    }
    if (kind === "unshock") return `Spend the ${die(n[0])} to unshock ${card(n[1])}`;
    if (kind === "extinguish") return `Put out the burning ${die(n[0])} (costs 2 HP)`;
    return text;
  }

  window.DiceArena.renderers.dungeon = {
    render(el, view, ctx) {
      slim = narrow(el);
      W = slim ? 300 : 560;
      HEAD_H = slim ? 100 : 68;
      TRAY_H = slim ? 230 : 168;
      keepFocus(el, () => this.draw(el, view, ctx));
    },

    draw(el, view, ctx) {
      ctx = ctx || {};
      const moves = indexMoves(ctx.onMove ? ctx.legal : []);
      const key = positionKey(view);
      if (!picked || picked.at !== key || !canSpend(moves, picked.die)) picked = null;
      const ui = {
        view, ctx, moves,
        picked: picked ? picked.die : null,
        targets: picked ? moves.byDie.get(picked.die) : null,
        send: (move) => { picked = null; ctx.onMove(move); },
        pick: (d) => { picked = picked && picked.die === d ? null : { die: d, at: key }; this.render(el, view, ctx); },
      };
      // Your own side sits at the bottom, as at a table; spectators see the Hero there.
      const bottom = ctx.you === 1 ? 1 : 0;
      const topH = sideHeight(view.sides[1 - bottom]);
      const height = PAD * 2 + topH + TRAY_H + sideHeight(view.sides[bottom]);
      el.innerHTML = "";
      const root = svg("svg", { viewBox: `0 0 ${W} ${height}`, class: "dungeon-board", role: "group", "aria-label": "Dicey Dungeon battle" });
      root.append(svg("rect", { x: 0, y: 0, width: W, height, rx: 14, class: "stage" }));
      drawSide(root, view, 1 - bottom, ctx, PAD, ui);
      drawTray(root, view, ctx, PAD + topH, ui);
      drawSide(root, view, bottom, ctx, PAD + topH + TRAY_H, ui);
      el.append(root);
      if (ctx.controls) keepFocus(ctx.controls, () => this.controls(ctx.controls, view, ctx, ui));
    },

    controls(el, view, ctx, ui) {
      el.innerHTML = "";
      if (!ui.moves.canEnd) return;
      const left = view.dice.filter((d) => !d.used).length;
      window.DiceArena.wordMove("end", "End turn");
      el.append(h("div", { class: "move-buttons dungeon-moves" },
        h("button", { class: "move end-turn", "data-move": "end", "data-focus": "end-turn", onclick: () => ui.send("end") },
          h("b", {}, "End turn"),
          h("small", {}, left ? `${left} unused ${left > 1 ? "dice vanish" : "die vanishes"}` : "all dice spent"))));
      const moves = (ctx.legal || []).filter((m) => m !== "end");
      el.append(moveList(moves.map((m) => ({ move: m, text: describe(view, m) })), (m) => ui.send(m)));
    },

    keys: { e: "end", E: "end" },
  };
})();
