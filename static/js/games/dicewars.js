/* Dice Wars renderer: the hex map coloured by owner with a dice stack on every
   territory, the players in play order, and the dice of the last battle. A person
   attacks by clicking one of their territories with 2+ dice, then a highlighted
   neighbouring enemy; "End turn" sits below the board. */
(function () {
  "use strict";
  const { svg, h, SEAT_COLOURS, actionable, keepFocus, moveList } = window.DiceArena;

  const R = 10; // hex radius in map units; the SVG scales to the board's width
  const W = Math.sqrt(3) * R; // width of a pointy-top hex
  // Corners clockwise from the top; edge i runs from corner i to corner i + 1.
  const CORNERS = [0, 1, 2, 3, 4, 5].map((i) => {
    const a = (Math.PI / 180) * (60 * i - 90);
    return [R * Math.cos(a), R * Math.sin(a)];
  });
  // The cell across edge i as [row step, column step from the row's shift]: odd rows
  // sit half a hex to the right (games/dicewars/hexgrid.py), so NE is column + shift.
  const ACROSS = [[-1, 0], [0, 1], [1, 0], [1, -1], [0, -1], [-1, -1]]; // NE E SE SW W NW
  // The engine's default turn cap (games/dicewars/game.py) is a safety net nobody
  // reaches; only a shorter cap chosen in the lobby is worth showing.
  const SAFETY_CAP = 1000;
  const ORDINALS = ["1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th"];

  // ----- map geometry (the map never changes during a match, so it is built once) -----

  let geometryCache = null;

  function centre(cell, columns) {
    const row = Math.floor(cell / columns);
    const col = cell % columns;
    return [W * (col + 0.5 + (row & 1) / 2), R * (1 + 1.5 * row)];
  }

  function across(cell, side, map) {
    const row = Math.floor(cell / map.columns);
    const col = cell % map.columns;
    const [dr, dc] = ACROSS[side];
    const r = row + dr;
    const c = col + dc + (dr ? row & 1 : 0);
    return r < 0 || r >= map.rows || c < 0 || c >= map.columns ? -1 : r * map.columns + c;
  }

  function geometry(map) {
    const key = map.hexes.join("/");
    if (geometryCache && geometryCache.key === key) return geometryCache;
    const cells = map.hexes.map((text) => text.split(" ").filter(Boolean).map(Number));
    const territoryOf = new Map();
    cells.forEach((list, t) => list.forEach((c) => territoryOf.set(c, t)));
    const xs = [];
    const ys = [];
    const territories = cells.map((list, t) => {
      let fill = "";
      let outline = "";
      for (const cell of list) {
        const [x, y] = centre(cell, map.columns);
        xs.push(x);
        ys.push(y);
        const pts = CORNERS.map(([dx, dy]) => [x + dx, y + dy]);
        fill += "M" + pts.map((p) => p.map((v) => v.toFixed(2)).join(" ")).join("L") + "Z";
        for (let side = 0; side < 6; side++) {
          if (territoryOf.get(across(cell, side, map)) === t) continue;
          const [a, b] = [pts[side], pts[(side + 1) % 6]];
          outline += `M${a[0].toFixed(2)} ${a[1].toFixed(2)}L${b[0].toFixed(2)} ${b[1].toFixed(2)}`;
        }
      }
      return { fill, outline, label: labelPoint(list, t, map, territoryOf) };
    });
    const box = [Math.min(...xs) - W, Math.min(...ys) - R * 2.2, Math.max(...xs) + W, Math.max(...ys) + R * 1.2];
    geometryCache = { key, territories, box };
    return geometryCache;
  }

  /** Where a territory's dice stand: the inner cell nearest its middle, so the stack
   *  stays inside even for a crooked territory. */
  function labelPoint(list, t, map, territoryOf) {
    const pts = list.map((c) => centre(c, map.columns));
    const mx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
    const my = pts.reduce((s, p) => s + p[1], 0) / pts.length;
    const inner = list.filter((c) => [0, 1, 2, 3, 4, 5].every((s) => territoryOf.get(across(c, s, map)) === t));
    const pool = inner.length ? inner : list;
    let best = pool[0];
    let bestDist = Infinity;
    for (const c of pool) {
      const [x, y] = centre(c, map.columns);
      const d = (x - mx) ** 2 + (y - my) ** 2;
      if (d < bestDist) { best = c; bestDist = d; }
    }
    return centre(best, map.columns);
  }

  // ----- small pieces ----------------------------------------------------------------

  function nameOf(ctx, seat) {
    return (ctx.names && ctx.names[seat]) || `seat ${seat}`;
  }

  function swatch(seat) {
    return h("span", { class: "dw-swatch", style: `background:${SEAT_COLOURS[seat]}` });
  }

  function who(ctx, seat) {
    return h("span", { class: "dw-who" }, swatch(seat), nameOf(ctx, seat));
  }

  function diceText(n) {
    return n === 1 ? "1 die" : `${n} dice`;
  }

  /** A stack of white dice (a second stack behind for 5–8) with the count beside it,
   *  centred on the origin and scaled to the map's hexes. The top ``fresh`` dice are
   *  the ones reinforcement just placed, drawn gold. */
  function diceStack(x, y, n, fresh) {
    const g = svg("g", { class: "dw-stack", transform: `translate(${x.toFixed(2)} ${y.toFixed(2)}) scale(1.45)` });
    const base = (5.2 * Math.min(n, 4) + 2.4) / 2;
    const die = (i, px, py) => {
      const cls = i >= n - fresh ? " dw-new" : "";
      g.append(svg("path", { class: "dw-die-side" + cls, d: `M${px + 3} ${py}l2.4 -2.4v-5.2l-2.4 2.4z` }));
      g.append(svg("path", { class: "dw-die-top" + cls, d: `M${px - 4} ${py - 5.2}l2.4 -2.4h7l-2.4 2.4z` }));
      g.append(svg("rect", { class: "dw-die-front" + cls, x: px - 4, y: py - 5.2, width: 7, height: 5.2 }));
    };
    for (let i = 4; i < n; i++) die(i, -6, base - 2.4 - 5.2 * (i - 4)); // the back stack first
    for (let i = 0; i < Math.min(n, 4); i++) die(i, -2, base - 5.2 * i);
    g.append(svg("circle", { class: "dw-count-bg", cx: 7.5, cy: base - 1.5, r: 4.6 }));
    g.append(svg("text", { class: "dw-count", x: 7.5, y: base + 0.7, "text-anchor": "middle" }, String(n)));
    return g;
  }

  /** One die face with pips, for the battle panel. */
  function face(value, seat) {
    const pips = {
      1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
      4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
      6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
    }[value] || [];
    const s = svg("svg", { class: "dw-face", viewBox: "0 0 24 24", width: 22, height: 22, "data-face": value, role: "img", "aria-label": String(value) });
    s.append(svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 5, fill: SEAT_COLOURS[seat], stroke: "#1f2430", "stroke-width": 1 }));
    for (const [cx, cy] of pips) s.append(svg("circle", { cx: cx * 6, cy: cy * 6, r: 2.2, fill: "#fff" }));
    return s;
  }

  // ----- what the person may do now --------------------------------------------------

  /** Legal attacks as source -> [targets], from ctx.legal ("a>b" texts). */
  function attacksFrom(legal) {
    const found = new Map();
    for (const text of legal || []) {
      const m = /^(\d+)>(\d+)$/.exec(text);
      if (!m) continue;
      const a = Number(m[1]);
      if (!found.has(a)) found.set(a, []);
      found.get(a).push(Number(m[2]));
    }
    return found;
  }

  // The territory the person picked to attack from; the only state kept between
  // frames, dropped as soon as it stops being a legal source.
  let selected = null;
  let lastCall = null;

  function pick(t) {
    const { el, view, ctx } = lastCall;
    const attacks = attacksFrom(ctx.legal);
    if (selected !== null && (attacks.get(selected) || []).includes(t)) {
      const move = `${selected}>${t}`;
      selected = null;
      ctx.onMove(move);
    } else {
      selected = attacks.has(t) && t !== selected ? t : null;
    }
    renderer.render(el, view, ctx);
  }

  /** Territory -> dice the last reinforcement put there. */
  function freshDice(last) {
    return new Map(last && last.event === "reinforcement" ? last.placed : []);
  }

  // ----- the map ---------------------------------------------------------------------

  function drawMap(view, ctx, attacks) {
    const geo = geometry(view.map);
    const [x0, y0, x1, y1] = geo.box;
    const root = svg("svg", {
      class: "dw-map", viewBox: `${x0.toFixed(1)} ${y0.toFixed(1)} ${(x1 - x0).toFixed(1)} ${(y1 - y0).toFixed(1)}`,
      role: ctx.onMove && ctx.legal.length ? "group" : "img", "aria-label": "Dice Wars map",
    });
    const targets = selected !== null ? attacks.get(selected) : [];
    const fresh = freshDice(view.last);
    const fills = svg("g", { class: "dw-fills" });
    const labels = svg("g", { class: "dw-labels" });
    const marks = svg("g", { class: "dw-marks" });
    geo.territories.forEach((terr, t) => {
      const owner = view.owners[t];
      const role = t === selected ? "selected" : targets.includes(t) ? "target" : attacks.has(t) && selected === null ? "source" : "";
      const dim = selected !== null && !role;
      const cls = `dw-territory${role ? " dw-" + role : ""}${dim ? " dw-dim" : ""}`;
      const attrs = { class: cls, "data-t": t, "data-owner": owner, "data-dice": view.dice[t] };
      if (role === "source") attrs["data-targets"] = attacks.get(t).join(" ");
      const g = svg("g", attrs);
      g.append(svg("title", {}, `Territory ${t} · ${nameOf(ctx, owner)} · ${diceText(view.dice[t])}`));
      g.append(svg("path", { class: "dw-fill", d: terr.fill, fill: SEAT_COLOURS[owner], stroke: SEAT_COLOURS[owner] }));
      fills.append(g);
      const [lx, ly] = terr.label;
      const label = svg("g", { class: `dw-label${role ? " dw-" + role : ""}${dim ? " dw-dim" : ""}`, "data-t": t });
      label.append(diceStack(lx, ly, view.dice[t], fresh.get(t) || 0));
      labels.append(label);
      if (role) marks.append(svg("path", { class: `dw-outline dw-${role}`, d: terr.outline }));
      // A tap anywhere on the territory's shape picks it, and so does a tap on its dice
      // stack: a tall stack stands over the territory above it (and its count over the
      // one beside it), and a tap there is meant for the territory the dice stand on.
      if (ctx.onMove && ctx.legal.length) {
        label.classList.add("dw-tappable");
        label.addEventListener("click", () => pick(t));
      }
      if (ctx.onMove && ctx.legal.length && role) {
        const what = role === "target" ? `Attack territory ${t} (${diceText(view.dice[t])}, ${nameOf(ctx, owner)})`
          : role === "selected" ? `Cancel the attack from territory ${t}`
            : `Attack from territory ${t} (${diceText(view.dice[t])})`;
        actionable(g, what, () => pick(t), `dw-${t}`);
      } else if (ctx.onMove && ctx.legal.length) {
        g.addEventListener("click", () => pick(t));
      }
    });
    root.append(fills);
    root.append(svg("path", { class: "dw-borders", d: geo.territories.map((t) => t.outline).join("") }));
    root.append(marks);
    drawArrow(root, view, geo);
    root.append(labels);
    return root;
  }

  /** The attack under way or just fought, as an arrow between the two stacks (dashed
   *  when it failed). */
  function drawArrow(root, view, geo) {
    const last = view.last;
    const fight = view.battle || (last && (last.event === "battle" || last.event === "attack") ? last : null);
    if (!fight) return;
    const [ax, ay] = geo.territories[fight.from].label;
    const [bx, by] = geo.territories[fight.to].label;
    // Stop short of both stacks so the dice and the arrowhead stay visible.
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const ux = (bx - ax) / len;
    const uy = (by - ay) / len;
    const gap = Math.min(12, len / 3);
    const defs = svg("defs");
    const head = svg("marker", { id: "dw-head", viewBox: "0 0 10 10", refX: 5, refY: 5, markerWidth: 3.5, markerHeight: 3.5, orient: "auto" });
    head.append(svg("path", { d: "M0 0L10 5L0 10z", class: "dw-arrow-head" }));
    defs.append(head);
    root.append(defs);
    const lost = fight.event === "battle" && !fight.won;
    const ends = { x1: ax + ux * gap, y1: ay + uy * gap, x2: bx - ux * gap, y2: by - uy * gap };
    root.append(svg("line", { class: "dw-arrow-halo", ...ends }));
    root.append(svg("line", { class: `dw-arrow${lost ? " dw-arrow-lost" : ""}`, "marker-end": "url(#dw-head)", ...ends }));
  }

  // ----- the side panel --------------------------------------------------------------

  function headline(view, ctx) {
    if (view.over) return verdict(view, ctx);
    // Ended off the map (a resignation, a loss on time, an abort): the match says how.
    if (ctx.ended) return h("p", { class: "dw-headline dw-over", id: "dw-result" }, ctx.ended.text);
    if (view.current === null) return h("p", { class: "dw-headline" }, "Setting up the map…");
    const cap = view.options.max_turns;
    const turn = `Turn ${view.turn}${cap < SAFETY_CAP ? " of " + cap : ""} · `;
    const mine = ctx.legal && ctx.legal.length && ctx.onMove;
    let doing = " to move";
    if (view.phase === "battle") doing = " is attacking…";
    if (view.phase === "reinforce") doing = ` gets ${diceText(view.pool)} of reinforcement`;
    return h("p", { class: "dw-headline" + (mine ? " dw-yours" : "") }, turn,
      mine ? h("b", {}, "Your turn") : h("span", {}, who(ctx, view.current), doing));
  }

  function verdict(view, ctx) {
    const cap = `the turn cap (${view.options.max_turns} turns)`;
    const text = view.winner === null
      ? ["Draw", h("small", {}, ` at ${cap}: the leaders tie on territories and dice`)]
      : [who(ctx, view.winner), " wins", h("small", {}, view.ended === "turn cap"
        ? ` at ${cap} with the most territories, then dice` : " by conquering every territory")];
    return h("p", { class: "dw-headline dw-over", id: "dw-result" }, ...text);
  }

  function statusOf(view, seat, ended) {
    if (view.over && view.winner === seat) return "winner";
    if (ended && !view.over) return ended.winners.includes(seat) ? "winner" : "—";
    const out = view.eliminated.indexOf(seat);
    if (out >= 0) return `out ${ORDINALS[out]}`;
    if (view.ranks) return `rank ${view.ranks[seat]}`;
    return seat === view.current ? "to move" : "in play";
  }

  function players(view, ctx) {
    const rows = view.order.map((seat, i) => {
      const alive = view.alive[seat];
      return h("tr", {
        class: `dw-player${seat === view.current && !ctx.ended ? " dw-current" : ""}${alive ? "" : " dw-out"}`,
        "data-seat": seat, title: view.colours[seat],
      },
      h("td", {}, `${i + 1}.`),
      h("td", { class: "dw-name" }, who(ctx, seat)),
      h("td", { class: "dw-score" }, String(view.scores[seat])),
      h("td", {}, String(view.territory_counts[seat])),
      h("td", {}, String(view.dice_totals[seat])),
      h("td", {}, String(view.reserves[seat])),
      h("td", { class: "dw-state" }, statusOf(view, seat, ctx.ended)));
    });
    return h("table", { class: "dw-players" },
      h("thead", {}, h("tr", {},
        h("th", { title: "play order" }, "#"), h("th", {}, "player"),
        h("th", { title: "score: territories in the largest connected region (dice received at the end of the turn)" }, "score"),
        h("th", { title: "territories" }, "terr."), h("th", { title: "dice on the map" }, "dice"),
        h("th", { title: "dice held in reserve" }, "res."), h("th", {}, ""))),
      h("tbody", {}, ...rows));
  }

  function battlePanel(view, ctx) {
    const b = view.last_battle;
    if (!b) return null;
    const side = (seat, faces, total, territory) => h("div", { class: "dw-side-roll" },
      h("div", { class: "dw-roll-who" }, who(ctx, seat), h("small", {}, ` territory ${territory}`)),
      h("div", { class: "dw-faces" }, ...faces.map((f) => face(f, seat)), h("b", { class: "dw-total" }, `= ${total}`)));
    const fresh = view.last && view.last.event === "battle";
    return h("div", { class: "dw-battle" + (fresh ? " dw-fresh" : ""), id: "dw-battle" },
      h("h3", {}, "Last battle"),
      side(b.seat, b.attacker_dice, b.attack_total, b.from),
      h("div", { class: "dw-vs" }, "against"),
      side(b.defender, b.defender_dice, b.defence_total, b.to),
      h("p", { class: "dw-outcome " + (b.won ? "dw-won" : "dw-held") },
        b.won ? `Captured territory ${b.to}` : `Held: a tie or better defends`));
  }

  function lastSentence(view, ctx) {
    const e = view.last;
    if (!e) return "";
    switch (e.event) {
      case "setup": return h("span", {}, `The map is drawn from seed ${e.seed}.`);
      case "attack": return h("span", {}, who(ctx, e.seat), ` attacks territory ${e.to} from territory ${e.from}…`);
      case "battle": return h("span", {}, who(ctx, e.seat), ` ${e.attack_total} against `, who(ctx, e.defender),
        ` ${e.defence_total}: ${e.won ? "territory " + e.to + " captured" : "territory " + e.to + " held"}.`);
      case "end_turn": return h("span", {}, who(ctx, e.seat), " ends the turn.");
      case "reinforcement": {
        const total = e.placed.reduce((s, [, k]) => s + k, 0);
        const where = e.placed.map(([t, k]) => `${t}${k > 1 ? " ×" + k : ""}`).join(", ");
        return h("span", {}, who(ctx, e.seat), ` received ${diceText(total)}`,
          total ? ` on territories ${where} (gold on the map)` : "", `; ${e.reserve} in reserve.`);
      }
      default: return h("span", {}, e.text || "");
    }
  }

  // ----- the renderer ----------------------------------------------------------------

  const renderer = {
    render(el, view, ctx) {
      keepFocus(el, () => this.draw(el, view, ctx));
    },

    draw(el, view, ctx) {
      ctx = ctx || {};
      lastCall = { el, view, ctx };
      const attacks = ctx.onMove ? attacksFrom(ctx.legal) : new Map();
      if (!attacks.has(selected)) selected = null;
      el.innerHTML = "";
      const root = h("div", {
        class: "dw", "data-phase": view.phase, "data-current": view.current ?? "",
        "data-legal": ctx.onMove ? (ctx.legal || []).length : 0,
      });
      root.append(headline(view, ctx));
      const body = h("div", { class: "dw-body" });
      if (view.map) body.append(h("div", { class: "dw-map-wrap" }, drawMap(view, ctx, attacks)));
      body.append(h("div", { class: "dw-side" },
        players(view, ctx),
        h("p", { class: "dw-last", id: "dw-last" }, lastSentence(view, ctx)),
        battlePanel(view, ctx),
        view.map_seed !== null ? h("p", { class: "dw-seed" }, `map seed ${view.map_seed}`) : null));
      root.append(body);
      el.append(root);
      if (ctx.controls) keepFocus(ctx.controls, () => this.controls(ctx.controls, view, ctx));
    },

    /** "End turn" and a hint of what a click does next. */
    controls(el, view, ctx) {
      el.innerHTML = "";
      if (!ctx.onMove || !ctx.legal || !ctx.legal.length) return;
      const hint = selected !== null
        ? `Attacking from territory ${selected} (${view.dice[selected]} dice): click a highlighted enemy, or the same territory to cancel.`
        : ctx.legal.length > 1
          ? "Click one of your highlighted territories (2+ dice) to attack from it."
          : "No attack is possible: end the turn.";
      window.DiceArena.wordMove("end", "End turn");
      el.append(h("div", { class: "dw-controls" },
        h("button", { class: "dw-end", id: "dw-end", "data-move": "end", "data-focus": "dw-end", onclick: () => { selected = null; ctx.onMove("end"); } },
          "End turn ", h("small", {}, "(E)")),
        h("span", { class: "dw-hint" }, hint)));
      const attacks = ctx.legal.filter((m) => m !== "end").map((m) => {
        const [a, b] = m.split(">").map(Number);
        return { a, b, move: m, edge: view.dice[a] - view.dice[b] };
      }).sort((x, y) => y.edge - x.edge || x.a - y.a || x.b - y.b);
      el.append(moveList(attacks.map(({ a, b, move }) => ({
        move,
        text: `From ${a} (${diceText(view.dice[a])}) to ${b} (${diceText(view.dice[b])}, ${nameOf(ctx, view.owners[b])})`,
      })), (move) => { selected = null; ctx.onMove(move); }, "All your attacks (best odds first)"));
    },

    keys: { e: "end", E: "end" },
  };

  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && selected !== null && lastCall) {
      selected = null;
      renderer.render(lastCall.el, lastCall.view, lastCall.ctx);
    }
  });
  window.DiceArena.renderers.dicewars = renderer;
})();
