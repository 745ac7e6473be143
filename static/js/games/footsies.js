/* Footsies renderer: two fighters, their blocks and hit flags, the last exchange. */
(function () {
  const { svg, h, SEAT_COLOURS, keepFocus, narrow, withNames } = window.DiceArena;
  // Wide: the fighters left and right of the exchange. Narrow (a phone): the exchange
  // above the fighters, so the board is drawn close to 1:1 and its text stays readable.
  // ``hit``: where a fighter's hit flag goes, from its top: above its head when wide;
  // narrow, the last exchange's lines sit just above the heads, so the flag goes below
  // the blocks (where WINNER goes at the end, and the result line below that).
  const WIDE = { W: 640, H: 290, x: [140, 500], top: 40, mid: [320, 70], over: 275, name: 40, hit: -6 };
  const NARROW = { W: 360, H: 380, x: [90, 270], top: 112, mid: [180, 22], over: 364, name: 18, hit: 214 };
  const NAMES = { A: "Attack", B: "Block", G: "Grab", DP: "Dragon Punch" };
  const HINTS = {
    A: "beats Grab; two hits in a row win",
    B: "stops Attack (spends a block), beats Dragon Punch",
    G: "beats Block",
    DP: "beats Attack and Grab, loses to Block",
  };

  function fighter(g, seat, view, name, x, L) {
    const colour = SEAT_COLOURS[seat];
    const facing = seat === 0 ? 1 : -1;
    const body = svg("g", { class: `fighter seat-${seat}`, transform: `translate(${x},${L.top})` });
    if (name.length > L.name) name = name.slice(0, L.name - 1) + "…";
    body.append(svg("circle", { cx: 0, cy: 20, r: 16, fill: colour }));
    body.append(svg("rect", { x: -14, y: 40, width: 28, height: 46, rx: 8, fill: colour }));
    body.append(svg("line", { x1: 0, y1: 52, x2: 34 * facing, y2: 46, stroke: colour, "stroke-width": 8, "stroke-linecap": "round" }));
    body.append(svg("line", { x1: -6, y1: 84, x2: -16, y2: 118, stroke: colour, "stroke-width": 8, "stroke-linecap": "round" }));
    body.append(svg("line", { x1: 6, y1: 84, x2: 16, y2: 118, stroke: colour, "stroke-width": 8, "stroke-linecap": "round" }));
    body.append(svg("text", { x: 0, y: 142, "text-anchor": "middle", class: "fighter-name" }, name));
    // Blocks left: one shield each.
    const total = Math.max(view.options.blocks, view.blocks[seat], 0);
    const shields = svg("g", { class: "blocks", "data-blocks": view.blocks[seat] });
    for (let i = 0; i < total; i++) {
      const filled = i < view.blocks[seat];
      shields.append(svg("path", {
        d: `M ${-30 + i * 22} 158 l 8 -4 l 8 4 l 0 8 q 0 8 -8 12 q -8 -4 -8 -12 z`,
        fill: filled ? "#f0c419" : "none", stroke: "#b8860b", "stroke-width": 1.5,
      }));
    }
    shields.append(svg("text", { x: 0, y: 194, "text-anchor": "middle", class: "small-label" }, `blocks ${view.blocks[seat]}`));
    body.append(shields);
    // Narrow, the flag's place is WINNER's at the end: the match is won, not one hit away.
    if (view.hit[seat] && !(view.over && L === NARROW)) {
      body.append(svg("text", { x: 0, y: L.hit, "text-anchor": "middle", class: "hit-flag", "data-hit": "1" }, "HIT ✦ one more wins"));
    }
    const prev = view.previous[seat];
    if (prev) body.append(svg("text", { x: 44 * facing, y: 30, "text-anchor": "middle", class: "prev-move" }, prev));
    if (view.over && view.winner === seat) {
      body.append(svg("text", { x: 0, y: 214, "text-anchor": "middle", class: "winner-label" }, "WINNER"));
    }
    g.append(body);
  }

  window.DiceArena.renderers.footsies = {
    render(el, view, ctx) {
      keepFocus(ctx && ctx.controls ? ctx.controls : el, () => this.draw(el, view, ctx));
    },

    draw(el, view, ctx) {
      ctx = ctx || {};
      const names = ctx.names || ["seat 0", "seat 1"];
      const L = narrow(el) ? NARROW : WIDE;
      el.innerHTML = "";
      const summary = view.last ? `Last exchange: ${NAMES[view.last.moves[0]]} against ${NAMES[view.last.moves[1]]}. ` : "";
      const root = svg("svg", { viewBox: `0 0 ${L.W} ${L.H}`, class: "footsies-board", role: "img",
        "aria-label": `Footsies board. ${summary}Blocks left ${view.blocks[0]} and ${view.blocks[1]}.` });
      root.append(svg("rect", { x: 0, y: 0, width: L.W, height: L.H, rx: 12, class: "stage" }));
      root.append(svg("line", { x1: 20, y1: L.top + 120, x2: L.W - 20, y2: L.top + 120, stroke: "#ccc", "stroke-width": 2 }));
      fighter(root, 0, view, names[0], L.x[0], L);
      fighter(root, 1, view, names[1], L.x[1], L);
      const mid = svg("g", { class: "exchange", transform: `translate(${L.mid[0]},${L.mid[1]})` });
      mid.append(svg("text", { x: 0, y: 0, "text-anchor": "middle", class: "round-label" },
        `Round ${view.round}${view.options.rounds > 1 ? " of " + view.options.rounds : ""} · turn ${view.turn}${view.turns_left !== null ? " · " + view.turns_left + " left" : ""}`));
      if (view.options.rounds > 1) {
        mid.append(svg("text", { x: 0, y: 20, "text-anchor": "middle", class: "small-label" }, `rounds won ${view.round_wins[0]} – ${view.round_wins[1]}`));
      }
      if (view.last) {
        mid.append(svg("text", { x: 0, y: 52, "text-anchor": "middle", class: "clash", id: "last-clash" },
          `${NAMES[view.last.moves[0]]}  vs  ${NAMES[view.last.moves[1]]}`));
        mid.append(svg("text", { x: 0, y: 76, "text-anchor": "middle", class: "result-text", id: "last-result" }, withNames(view.last.result, names)));
      } else {
        mid.append(svg("text", { x: 0, y: 60, "text-anchor": "middle", class: "muted-text" }, "Both choose blind, then both moves are revealed."));
      }
      if (view.over || ctx.ended) {
        // Below the fighters, where nothing else is drawn; a match ended off the board
        // (resigned, lost on time, aborted) says how.
        mid.append(svg("text", { x: 0, y: L.over - L.mid[1], "text-anchor": "middle", class: "game-over", id: "game-over-text" },
          !view.over ? ctx.ended.text : view.winner === null ? "Draw" : `${names[view.winner]} wins`));
      }
      root.append(mid);
      el.append(root);
      if (ctx.controls) this.controls(ctx.controls, view, ctx);
    },
    controls(el, view, ctx) {
      el.innerHTML = "";
      if (!ctx.legal || !ctx.legal.length || !ctx.onMove) return;
      if (ctx.waiting) {
        el.append(h("p", { class: "waiting" }, "Your choice is in — waiting for the other side…"));
        return;
      }
      const bar = h("div", { class: "move-buttons footsies-moves" });
      ctx.legal.forEach((m, i) => {
        window.DiceArena.wordMove(m, NAMES[m]);
        bar.append(h("button", { class: `move move-${m}`, "data-move": m, "data-focus": `move-${m}`, title: HINTS[m], onclick: () => ctx.onMove(m) },
          h("b", {}, NAMES[m] || m), h("small", {}, `${i + 1} · ${HINTS[m] || ""}`)));
      });
      el.append(bar);
    },
    keys: { "1": "A", "2": "B", "3": "G", "4": "DP" },
  };
})();
