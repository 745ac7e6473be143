/* The Octagon Theory renderer: the octagonal board with every piece and its arrows, what the
   last placement pushed or killed, both players' stocks, and a piece palette so a person
   places by picking a piece, turning it and clicking an empty cell. */
(function () {
  "use strict";
  const { svg, h, SEAT_COLOURS, article, keepFocus, narrow, touchFirst, withNames } = window.DiceArena;
  const DIRS = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"];
  const DELTAS = [[-1, 0], [-1, 1], [0, 1], [1, 1], [1, 0], [1, -1], [0, -1], [-1, -1]];
  const KINDS = [1, 2, 4, 8];
  // Two layouts: wide, and narrow (a phone) drawn close to 1:1 so text stays readable and
  // cells stay as large as the screen allows. W is the viewBox width; the cell size follows
  // the board's side; HEAD holds the player cards and the status line, FOOT the rules line.
  const WIDE = { W: 620, HEAD: 128, FOOT: 22, CARD_W: 300, CARD_H: 88, STOCK: 50, MARGIN: 1, NAME: 24 };
  const NARROW = { W: 400, HEAD: 142, FOOT: 22, CARD_W: 192, CARD_H: 102, STOCK: 43, MARGIN: 0.5, NAME: 13 };
  let L = WIDE;
  const WHEEL_STEP = 60; // wheel delta per 45° turn, so a trackpad does not spin the piece

  // What the player is about to place outlives re-renders (every frame redraws): the kind,
  // the direction its first arrow points, the hovered cell, the view last drawn and the
  // layer the ghost is drawn in (hovering redraws only that).
  const ui = { kind: 1, dir: 0, hover: null, wheel: 0, animated: null, drawn: null, ghostLayer: null };

  // ----- pieces ------------------------------------------------------------------------

  /** The directions a kind-piece pushes when its first arrow points `dir`, clockwise from N. */
  function arrowsOf(kind, dir) {
    const spacing = 8 / kind;
    const out = [];
    for (let j = 0; j < kind; j++) out.push((dir % spacing) + j * spacing);
    return out;
  }

  /** The engine's canonical move text: the orientation is the arrow nearest N clockwise. */
  function moveText(r, c, kind, dir) {
    return `${r},${c},${kind},${DIRS[dir % (8 / kind)]}`;
  }

  /** A piece centred on (0, 0): a disc in its owner's colour with a white arrow per push. */
  function pieceGlyph(kind, arrows, colour, radius, cls) {
    const g = svg("g", { class: cls || "oct-piece", "data-kind": kind });
    g.append(svg("circle", { r: radius, fill: colour, class: "oct-disc" }));
    const tip = radius * 0.92, base = radius * 0.42, half = radius * (kind === 8 ? 0.2 : 0.3);
    for (const d of arrows) {
      g.append(svg("path", {
        d: `M 0 ${-tip} L ${half} ${-base} L ${-half} ${-base} Z`,
        transform: `rotate(${d * 45})`, class: "oct-arrow",
      }));
    }
    g.append(svg("circle", { r: radius * 0.16, class: "oct-hub" }));
    return g;
  }

  function arrowNames(arrows) { return arrows.map((d) => DIRS[d]).join("/"); }

  // ----- geometry ----------------------------------------------------------------------

  function geometry(view) {
    const size = view.size;
    // A margin all round for pieces pushed off the board.
    const cell = L.W / (size + 2 * L.MARGIN);
    return {
      size, cell, height: L.HEAD + (size + 2 * L.MARGIN) * cell + L.FOOT,
      x: (c) => (c + L.MARGIN + 0.5) * cell,
      y: (r) => L.HEAD + (r + L.MARGIN + 0.5) * cell,
    };
  }

  function pieceAt(view) {
    const map = new Map();
    for (const p of view.pieces) map.set(p.cell.join(","), p);
    return map;
  }

  // ----- the header: players, stocks, whose turn ---------------------------------------

  /** Shorten a player's name (with "…") until it keeps clear of the score and the
      "pieces lost" mark: letters differ in width, so they are measured once drawn. */
  function fitNames(root) {
    for (const card of root.querySelectorAll(".oct-player")) {
      const name = card.querySelector(".oct-name");
      const marks = [...card.querySelectorAll(".oct-score, .oct-lost")];
      try {
        const limit = Math.min(...marks.map((m) => m.getBBox().x)) - 6;
        let text = name.textContent;
        while (text.length > 2 && name.getBBox().x + name.getBBox().width > limit) {
          text = text.slice(0, -2) + "…";
          name.textContent = text;
        }
      } catch (e) {
        // Not laid out (a hidden board): the name keeps its length by letters.
      }
    }
  }

  function playerCard(view, seat, names, x, ended) {
    const colour = SEAT_COLOURS[seat];
    const toMove = !view.over && !ended && view.to_move === seat;
    const g = svg("g", { class: `oct-player seat-${seat}${toMove ? " to-move" : ""}`, transform: `translate(${x},6)`, "data-seat": seat });
    const right = L.CARD_W - 14;
    g.append(svg("rect", { width: L.CARD_W, height: L.CARD_H, rx: 10, class: "oct-card", stroke: colour, "stroke-width": toMove ? 3 : 1 }));
    g.append(svg("circle", { cx: 18, cy: 20, r: 8, fill: colour }));
    const name = names[seat] || `seat ${seat}`;
    // The score's big digits share the card's top right: each digit past the first
    // takes about two letters' room from the name.
    const room = L.NAME - 2 * (String(view.scores[seat]).length - 1);
    g.append(svg("text", { x: 32, y: 25, class: "oct-name" }, name.length > room ? name.slice(0, room - 1) + "…" : name));
    g.append(svg("text", { x: right, y: 36, "text-anchor": "end", class: "oct-score", "data-score": view.scores[seat] }, String(view.scores[seat])));
    g.append(svg("text", { x: right, y: 50, "text-anchor": "end", class: "oct-small" }, "on board"));
    if (toMove) g.append(svg("text", { x: 32, y: 42, class: "oct-turn" }, "▶ to place"));
    else if (view.over ? view.winner === seat : ended && ended.winners.includes(seat)) g.append(svg("text", { x: 32, y: 42, class: "oct-winner" }, "★ winner"));
    const lost = view.last ? view.last.lost[seat] : 0;
    if (lost) g.append(svg("text", { x: right - 50, y: 36, "text-anchor": "end", class: "oct-lost" }, `−${lost}`));
    // Stocks: the 1-piece is unlimited, the others count down.
    const stock = view.stocks[seat];
    KINDS.forEach((kind, i) => {
      const left = kind === 1 ? null : stock[String(kind)];
      const item = svg("g", { transform: `translate(${22 + i * L.STOCK},68)`, class: `oct-stock${left === 0 ? " empty" : ""}`, "data-kind": kind, "data-left": left === null ? "inf" : left });
      item.append(pieceGlyph(kind, arrowsOf(kind, 0), colour, 11, "oct-stock-piece"));
      item.append(svg("text", { x: 15, y: 5, class: "oct-count" }, left === null ? "∞" : `×${left}`));
      g.append(item);
    });
    const narrowCard = L === NARROW;
    g.append(svg("text", { x: narrowCard ? 14 : right, y: narrowCard ? 94 : 74, "text-anchor": narrowCard ? "start" : "end", class: "oct-small oct-places-left" },
      `${view.placements_left_by_seat[seat]} to place`));
    return g;
  }

  function statusLine(view, names, ended) {
    const g = svg("g", { class: "oct-status" });
    let text;
    if (ended && !view.over) {
      text = ended.text; // resigned, lost on time, aborted: not "X to place"
    } else if (view.over) {
      // The winner's score first, as the match's status line says it; a phone's narrow
      // board has room for the result only.
      const w = view.winner;
      const [a, b] = w === 1 ? [view.scores[1], view.scores[0]] : view.scores;
      const head = L === NARROW ? "" : "Game over · ";
      text = w === null ? `${head}${head ? "draw" : "Draw"}, ${a}–${b}` : `${head}${names[w]} wins ${a}–${b}`;
    } else {
      const perTurn = view.placements_per_turn > 1 ? ` · ${view.placements_per_turn} per turn` : "";
      text = `${names[view.to_move]} to place · placement ${view.placements_made + 1} of ${view.turns}${perTurn}`;
    }
    const done = view.over || !!ended;
    g.append(svg("text", { x: L.W / 2, y: L.HEAD - 14, "text-anchor": "middle", class: done ? "oct-result" : "oct-headline", id: done ? "oct-result" : "oct-headline" }, text));
    return g;
  }

  /** The options this match runs under, one quiet line under the board. */
  function rulesLine(view, names, geo) {
    const o = view.options;
    const perTurn = o.placements_per_turn === 1 ? "1 placement" : `${o.placements_per_turn} placements`;
    const text = L === NARROW
      ? `${view.preset} board · ${o.chain_mode} pushes · ${view.turns} placements`
      : `${view.preset} board, ${view.cell_count} cells · ${o.chain_mode} pushes · `
        + `${perTurn} a turn · ${view.turns} in all · ${names[o.first_player]} first`;
    return svg("text", { x: L.W / 2, y: geo.height - 8, "text-anchor": "middle", class: "oct-small oct-rules" }, text);
  }

  // ----- the board -----------------------------------------------------------------------

  function drawBoard(root, view, geo, pick, player) {
    const { size, cell } = geo;
    const pad = cell * 0.04;
    const board = svg("g", { class: "oct-cells" });
    const outline = octagonOutline(view, geo);
    board.append(svg("polygon", { points: outline, class: "oct-frame" }));
    // Cut corners are hatched only inside the frame, so the octagon keeps a clean edge.
    const clip = svg("clipPath", { id: "oct-frame-clip" });
    clip.append(svg("polygon", { points: outline }));
    board.append(clip);
    const [hr, hc] = view.hole;
    for (let r = 0; r < size; r++) {
      for (let c = 0; c < size; c++) {
        const x = geo.x(c) - cell / 2, y = geo.y(r) - cell / 2;
        if (r === hr && c === hc) {
          board.append(svg("rect", { x: x + pad, y: y + pad, width: cell - 2 * pad, height: cell - 2 * pad, rx: cell * 0.12, class: "oct-cell-hole-bed" }));
          board.append(svg("circle", { cx: geo.x(c), cy: geo.y(r), r: cell * 0.4, class: "oct-hole", fill: "url(#oct-hole-grad)" }));
          continue;
        }
        if (!view.playable[r][c]) {
          board.append(svg("rect", { x, y, width: cell, height: cell, class: "oct-cut", fill: "url(#oct-hatch)", "clip-path": "url(#oct-frame-clip)" }));
          continue;
        }
        const move = pick ? pick(r, c) : null;
        const aimed = ui.aimed && ui.aimed[0] === r && ui.aimed[1] === c;
        const rect = svg("rect", {
          x: x + pad, y: y + pad, width: cell - 2 * pad, height: cell - 2 * pad, rx: cell * 0.12,
          class: `oct-cell${move ? " legal" : ""}${aimed ? " aimed" : ""}`, "data-cell": `${r},${c}`, "data-move": move,
        });
        if (move) wireCell(rect, r, c, move);
        // A player keeps a keyboard cursor on the board even while the other side moves.
        if (player) keyboardCell(rect, view, r, c, move);
        board.append(rect);
      }
    }
    root.append(board);
    // Coordinates in the margin, as the move log names cells (row, column).
    const labels = svg("g", { class: "oct-coords" });
    for (let i = 0; i < size && L.MARGIN >= 1; i++) {
      labels.append(svg("text", { x: geo.x(i), y: L.HEAD + cell * 0.3, "text-anchor": "middle" }, String(i)));
      labels.append(svg("text", { x: cell * 0.22, y: geo.y(i) + 4, "text-anchor": "middle" }, String(i)));
    }
    root.append(labels);
  }

  /** The octagon the cut corners leave, a little outside the cells, as polygon points. */
  function octagonOutline(view, geo) {
    const { size, cell } = geo;
    const cut = view.playable[0].indexOf(true); // the corner staircase's depth
    const left = geo.x(0) - cell / 2, top = geo.y(0) - cell / 2, m = cell * 0.18;
    const corners = [[cut, 0], [size - cut, 0], [size, cut], [size, size - cut],
      [size - cut, size], [cut, size], [0, size - cut], [0, cut]];
    // Push each corner outwards from the centre so the frame shows round the edge cells.
    return corners.map(([cx, cy]) => {
      const dx = Math.sign(cx - size / 2), dy = Math.sign(cy - size / 2);
      return `${left + cx * cell + dx * m},${top + cy * cell + dy * m}`;
    }).join(" ");
  }

  function place(move) {
    const { ctx } = ui.drawn;
    ui.hover = null;
    ui.aimed = null;
    if (ctx.onMove) ctx.onMove(move);
  }

  function wireCell(rect, r, c, move) {
    rect.addEventListener("pointerdown", (ev) => { ui.touch = ev.pointerType === "touch"; });
    rect.addEventListener("mouseenter", () => { if (!ui.touch) { ui.hover = [r, c]; drawGhost(); } });
    rect.addEventListener("mouseleave", () => {
      if (!ui.touch && ui.hover && ui.hover[0] === r && ui.hover[1] === c) { ui.hover = null; drawGhost(); }
    });
    rect.addEventListener("click", () => {
      // A finger hides what it touches and cells are small on a phone: the first tap
      // aims (the ghost shows the placement and what it pushes), a second tap places.
      const touch = ui.touch || touchFirst();
      const aimed = ui.aimed && ui.aimed[0] === r && ui.aimed[1] === c;
      if (touch && !aimed) {
        ui.aimed = [r, c];
        ui.hover = [r, c];
        redraw();
        return;
      }
      place(move);
    });
  }

  /** The board as one stop for the Tab key: arrows move over the cells, Enter places. */
  function keyboardCell(rect, view, r, c, move) {
    const cursor = ui.cursor || [-1, -1];
    const here = cursor[0] === r && cursor[1] === c;
    rect.setAttribute("tabindex", here ? "0" : "-1");
    rect.setAttribute("role", "button");
    rect.dataset.focus = `cell-${r}-${c}`;
    const piece = pieceAt(view).get(`${r},${c}`);
    const where = `row ${r}, column ${c}`;
    const arrows = ui.kind === 8 ? "all ways" : `pushing ${arrowNames(arrowsOf(ui.kind, ui.dir))}`;
    rect.setAttribute("aria-label", move ? `Place ${article(ui.kind)} ${ui.kind}-piece ${arrows} at ${where}`
      : piece ? `${where}: ${ui.names[piece.owner]}'s ${piece.kind}-piece` : `${where}: empty`);
    rect.addEventListener("focus", () => {
      ui.cursor = [r, c];
      ui.hover = move ? [r, c] : null;
      drawGhost();
    });
    rect.addEventListener("keydown", (ev) => {
      const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[ev.key];
      if (step) {
        ev.preventDefault();
        moveCursor(rect.ownerSVGElement, view, r, c, step);
      } else if ((ev.key === "Enter" || ev.key === " ") && move) {
        ev.preventDefault();
        place(move);
      }
    });
  }

  /** The next playable cell from (r, c) along ``step``, skipping cut corners and the hole. */
  function moveCursor(root, view, r, c, [dr, dc]) {
    for (let i = 1; i < view.size; i++) {
      const nr = r + dr * i;
      const nc = c + dc * i;
      if (nr < 0 || nc < 0 || nr >= view.size || nc >= view.size) return;
      const next = root.querySelector(`[data-focus="cell-${nr}-${nc}"]`);
      if (!next) continue;
      for (const cell of root.querySelectorAll(".oct-cell[tabindex]")) cell.setAttribute("tabindex", "-1");
      next.setAttribute("tabindex", "0");
      next.focus();
      return;
    }
  }

  /** Every piece; the one just placed pops in and the ones it pushed slide, once per placement. */
  function drawPieces(root, view, geo, fresh) {
    const last = view.last;
    const placedKey = last ? last.placed.cell.join(",") : null;
    const slid = new Map();
    if (last) for (const d of last.displaced) if (d.fate === "moved") slid.set(d.to.join(","), d.from);
    const layer = svg("g", { class: "oct-pieces" });
    for (const p of view.pieces) {
      const [r, c] = p.cell;
      const key = p.cell.join(",");
      const outer = svg("g", { transform: `translate(${geo.x(c)},${geo.y(r)})`, class: "oct-at", "data-cell": key, "data-owner": p.owner });
      const glyph = pieceGlyph(p.kind, p.arrows.map((a) => DIRS.indexOf(a)), SEAT_COLOURS[p.owner], geo.cell * 0.38);
      glyph.classList.add(`owner-${p.owner}`);
      if (key === placedKey) {
        outer.append(svg("circle", { r: geo.cell * 0.47, class: `oct-placed-ring${fresh ? " fresh" : ""}` }));
        if (fresh) glyph.classList.add("oct-pop");
      }
      const from = slid.get(key);
      if (from && fresh) {
        glyph.classList.add("oct-slide");
        glyph.style.setProperty("--dx", `${(from[1] - c) * geo.cell}px`);
        glyph.style.setProperty("--dy", `${(from[0] - r) * geo.cell}px`);
      }
      outer.append(glyph);
      layer.append(outer);
    }
    root.append(layer);
  }

  /** Trails of the last placement's pushes, under the pieces: dashed from where each piece stood. */
  function drawTrails(root, view, geo) {
    const g = svg("g", { class: "oct-trails" });
    if (!view.last) { root.append(g); return; }
    for (const d of view.last.displaced) {
      const end = d.to || d.toward;
      g.append(svg("circle", { cx: geo.x(d.from[1]), cy: geo.y(d.from[0]), r: geo.cell * 0.3, class: "oct-was", stroke: SEAT_COLOURS[d.owner] }));
      const x1 = geo.x(d.from[1]), y1 = geo.y(d.from[0]), x2 = geo.x(end[1]), y2 = geo.y(end[0]);
      // Stop short of the piece drawn at the end, so the arrowhead stays visible.
      const length = Math.hypot(x2 - x1, y2 - y1);
      const short = (d.to ? 0.42 : 0.32) * geo.cell / length;
      g.append(svg("line", {
        x1, y1, x2: x2 - (x2 - x1) * short, y2: y2 - (y2 - y1) * short,
        class: `oct-trail ${d.fate}`, "marker-end": "url(#oct-trail-head)",
      }));
    }
    root.append(g);
  }

  /** Killed pieces, faded and crossed out where they fell: off the edge or into the hole. */
  function drawKilled(root, view, geo, fresh) {
    const g = svg("g", { class: "oct-killed-layer" });
    if (view.last) {
      for (const d of view.last.displaced) {
        if (d.fate === "moved") continue;
        const [r, c] = d.toward;
        const at = svg("g", { transform: `translate(${geo.x(c)},${geo.y(r)})`, class: `oct-killed ${d.fate}`, "data-from": d.from.join(","), "data-owner": d.owner });
        const body = svg("g", { class: `oct-killed-body${fresh ? " oct-fall" : ""}` });
        if (fresh) {
          body.style.setProperty("--dx", `${(d.from[1] - c) * geo.cell}px`);
          body.style.setProperty("--dy", `${(d.from[0] - r) * geo.cell}px`);
        }
        const dir = DIRS.indexOf(d.orientation);
        body.append(svg("circle", { r: geo.cell * 0.36, class: "oct-killed-halo" }));
        body.append(pieceGlyph(d.kind, arrowsOf(d.kind, dir), SEAT_COLOURS[d.owner], geo.cell * 0.3));
        const x = geo.cell * 0.2;
        body.append(svg("path", { d: `M ${-x} ${-x} L ${x} ${x} M ${x} ${-x} L ${-x} ${x}`, class: "oct-cross" }));
        at.append(body);
        g.append(at);
      }
    }
    root.append(g);
  }

  function defs() {
    const d = svg("defs");
    const hatch = svg("pattern", { id: "oct-hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    hatch.append(svg("line", { x1: 0, y1: 0, x2: 0, y2: 8, class: "oct-hatch-line" }));
    d.append(hatch);
    const grad = svg("radialGradient", { id: "oct-hole-grad" });
    grad.append(svg("stop", { offset: "0%", "stop-color": "#000" }));
    grad.append(svg("stop", { offset: "70%", "stop-color": "#1b1f29" }));
    grad.append(svg("stop", { offset: "100%", "stop-color": "#4a5163" }));
    d.append(grad);
    const head = svg("marker", { id: "oct-trail-head", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" });
    head.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "oct-trail-head" }));
    d.append(head);
    return d;
  }

  // ----- placing: the ghost, the palette, rotation ---------------------------------------

  function canPlace(ctx, view) {
    return !!(ctx.onMove && ctx.legal && ctx.legal.length && !view.over && ctx.you !== null && ctx.you !== undefined);
  }

  /** Kinds the player may place now: those with a legal move (stock left). */
  function kindsInLegal(legal) {
    return new Set(legal.map((m) => Number(m.split(",")[2])));
  }

  /** The piece about to be placed, translucent on the hovered cell, and the pieces it would push. */
  function drawGhost() {
    if (!ui.drawn || !ui.ghostLayer) return;
    const { view, ctx, geo } = ui.drawn;
    const layer = ui.ghostLayer;
    layer.replaceChildren();
    if (!ui.hover || !canPlace(ctx, view)) return;
    const [r, c] = ui.hover;
    const arrows = arrowsOf(ui.kind, ui.dir);
    const ghost = svg("g", { transform: `translate(${geo.x(c)},${geo.y(r)})`, class: "oct-ghost", "data-cell": `${r},${c}` });
    ghost.append(pieceGlyph(ui.kind, arrows, SEAT_COLOURS[ctx.you], geo.cell * 0.38));
    layer.append(ghost);
    // An opponent piece next to an arrow gets the impulse; own pieces are never pushed.
    const pieces = pieceAt(view);
    for (const a of arrows) {
      const [dr, dc] = DELTAS[a];
      const p = pieces.get(`${r + dr},${c + dc}`);
      if (p && p.owner !== ctx.you) {
        layer.append(svg("circle", { cx: geo.x(c + dc), cy: geo.y(r + dr), r: geo.cell * 0.46, class: "oct-target" }));
      }
    }
  }

  function redraw() {
    if (ui.drawn) renderer.render(ui.drawn.el, ui.drawn.view, ui.drawn.ctx);
  }

  function rotate(step) {
    ui.dir = (ui.dir + step + 8) % 8;
    redraw();
  }

  function choose(kind) {
    ui.kind = kind;
    redraw();
  }

  function paletteButton(kind, view, ctx, allowed) {
    const left = kind === 1 ? "∞" : `×${view.stocks[ctx.you][String(kind)]}`;
    const icon = svg("svg", { viewBox: "-22 -22 44 44", width: 40, height: 40, "aria-hidden": "true" });
    icon.append(pieceGlyph(kind, arrowsOf(kind, ui.dir), SEAT_COLOURS[ctx.you], 19));
    return h("button", {
      type: "button", class: `oct-kind${ui.kind === kind ? " selected" : ""}`, "data-kind": kind, "data-focus": `kind-${kind}`,
      disabled: !allowed.has(kind), "aria-pressed": ui.kind === kind ? "true" : "false",
      title: `${kind}-piece (key ${kind})`, onclick: () => choose(kind),
    }, icon, h("span", { class: "oct-kind-name" }, `${kind}-piece`), h("small", {}, `${left} left`));
  }

  function controls(el, view, ctx) {
    el.innerHTML = "";
    if (!ctx.onMove || view.over || ctx.you === null || ctx.you === undefined) return;
    if (!canPlace(ctx, view)) {
      el.append(h("p", { class: "waiting oct-waiting" }, `Waiting for ${ctx.names[view.to_move]} to place…`));
      return;
    }
    const allowed = kindsInLegal(ctx.legal);
    const arrows = arrowsOf(ui.kind, ui.dir);
    const bar = h("div", { class: "oct-palette" });
    for (const kind of KINDS) bar.append(paletteButton(kind, view, ctx, allowed));
    const turn = h("div", { class: "oct-rotate" },
      h("button", { type: "button", id: "oct-rotate-ccw", "data-focus": "ccw", "aria-label": "Turn anticlockwise", title: "turn anticlockwise (Q)", onclick: () => rotate(-1), disabled: ui.kind === 8 }, "⟲"),
      h("span", { class: "oct-facing", id: "oct-facing" }, ui.kind === 8 ? "all ways" : `pushes ${arrowNames(arrows)}`),
      h("button", { type: "button", id: "oct-rotate-cw", "data-focus": "cw", "aria-label": "Turn clockwise", title: "turn clockwise (E)", onclick: () => rotate(1), disabled: ui.kind === 8 }, "⟳"));
    bar.append(turn);
    el.append(bar);
    if (ui.aimed) {
      const move = moveText(ui.aimed[0], ui.aimed[1], ui.kind, ui.dir);
      if (ctx.legal.includes(move)) {
        el.append(h("div", { class: "actions" },
          h("button", { type: "button", class: "primary", id: "oct-place", "data-focus": "oct-place", onclick: () => place(move) },
            `Place at row ${ui.aimed[0]}, column ${ui.aimed[1]}`),
          h("button", { type: "button", class: "secondary", onclick: () => { ui.aimed = null; ui.hover = null; redraw(); } }, "Cancel")));
      }
    }
    el.append(h("p", { class: "oct-hint muted" }, touchFirst() || ui.touch
      ? "Pick a piece and turn it (⟲ ⟳), tap a highlighted cell to aim, then tap it again (or Place) to place."
      : "Pick a piece, turn it (⟲ ⟳, the mouse wheel over the board, or Q / E), then click a highlighted cell. Keys 1 2 4 8 pick a piece; Tab onto the board, arrows and Enter place without a mouse."));
  }

  function onKey(ev) {
    if (!ui.drawn || !canPlace(ui.drawn.ctx, ui.drawn.view)) return;
    if (/^(INPUT|SELECT|TEXTAREA)$/.test(ev.target.tagName) || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const allowed = kindsInLegal(ui.drawn.ctx.legal);
    if (ev.key === "q" || ev.key === "Q") rotate(-1);
    else if (ev.key === "e" || ev.key === "E") rotate(1);
    else if (KINDS.includes(Number(ev.key)) && allowed.has(Number(ev.key))) choose(Number(ev.key));
  }

  function onWheel(ev) {
    if (!ui.drawn || !canPlace(ui.drawn.ctx, ui.drawn.view) || ui.kind === 8) return;
    ev.preventDefault();
    ui.wheel += ev.deltaY;
    if (Math.abs(ui.wheel) < WHEEL_STEP) return;
    rotate(ui.wheel > 0 ? 1 : -1);
    ui.wheel = 0;
  }

  // ----- the caption under the board -------------------------------------------------------

  function caption(view, names) {
    const p = h("p", { class: "oct-last", id: "oct-last" });
    if (!view.last) {
      p.append(`No placement yet: ${names[view.options.first_player]} places first.`);
      return p;
    }
    const seat = view.last.seat;
    p.append(h("span", { class: "oct-dot", style: `background:${SEAT_COLOURS[seat]}` }), " ", withNames(view.last.text, names));
    return p;
  }

  const renderer = {
    render(el, view, ctx) {
      L = narrow(el) ? NARROW : WIDE;
      keepFocus(el, () => this.draw(el, view, ctx));
    },

    draw(el, view, ctx) {
      ctx = ctx || {};
      const names = (ctx.names && ctx.names.length ? ctx.names : ["seat 0", "seat 1"]);
      ctx = Object.assign({}, ctx, { names, legal: ctx.legal || [] });
      const geo = geometry(view);
      // Animate a placement only the first time it is drawn, not on every redraw.
      const key = `${view.placements_made}:${view.last ? view.last.move : ""}`;
      const fresh = ui.animated !== null && ui.animated !== key && !!view.last;
      ui.animated = key;

      const live = canPlace(ctx, view);
      if (live && !kindsInLegal(ctx.legal).has(ui.kind)) ui.kind = 1;
      const legal = new Set(ctx.legal);
      const pick = live ? (r, c) => {
        const m = moveText(r, c, ui.kind, ui.dir);
        return legal.has(m) ? m : null;
      } : null;
      ui.names = names;
      if (ui.aimed && !(pick && pick(ui.aimed[0], ui.aimed[1]))) ui.aimed = null;
      if (!(ui.cursor && view.playable[ui.cursor[0]] && view.playable[ui.cursor[0]][ui.cursor[1]])) {
        const first = live ? ctx.legal[0].split(",").map(Number) : null;
        const r = view.playable.findIndex((row) => row.includes(true));
        ui.cursor = first ? [first[0], first[1]] : [r, view.playable[r].indexOf(true)];
      }

      el.innerHTML = "";
      const root = svg("svg", {
        viewBox: `0 0 ${L.W} ${geo.height}`, class: `oct-board${live ? " live" : ""}`, role: live ? "group" : "img",
        "aria-label": "The Octagon Theory board", "data-placements-made": view.placements_made,
        "data-to-move": view.to_move === null ? "" : view.to_move, "data-over": view.over ? "1" : "0",
      });
      // Legal cells are outlined in the colour of the player placing.
      if (live) root.style.setProperty("--you", SEAT_COLOURS[ctx.you]);
      root.append(defs());
      root.append(svg("rect", { x: 0, y: 0, width: L.W, height: geo.height, rx: 12, class: "oct-bg" }));
      root.append(playerCard(view, 0, names, 6, ctx.ended));
      root.append(playerCard(view, 1, names, L.CARD_W + 14, ctx.ended));
      root.append(statusLine(view, names, ctx.ended));
      root.append(rulesLine(view, names, geo));
      drawBoard(root, view, geo, pick, !!ctx.onMove && ctx.you !== null && ctx.you !== undefined && !view.over);
      drawTrails(root, view, geo);
      drawPieces(root, view, geo, fresh);
      drawKilled(root, view, geo, fresh);
      ui.ghostLayer = svg("g", { class: "oct-ghost-layer" });
      root.append(ui.ghostLayer);
      root.addEventListener("wheel", onWheel, { passive: false });
      el.append(root, caption(view, names));
      fitNames(root);

      ui.drawn = { el, view, ctx, geo };
      if (ui.hover && !(pick && pick(ui.hover[0], ui.hover[1]))) ui.hover = null;
      drawGhost();
      if (ctx.controls) keepFocus(ctx.controls, () => controls(ctx.controls, view, ctx));
    },
    // match.js leaves ctx.controls alone when a renderer draws its own controls.
    controls,
    /** A placement in words, as the cells' labels say it ("3,4,2,N": a 2-piece pushing
        N/S at row 3, column 4): the page's notices use it, never the code. */
    words(move) {
      const m = /^(\d+),(\d+),([1248]),([A-Z]+)$/.exec(move);
      if (!m) return null;
      const kind = Number(m[3]);
      const arrows = kind === 8 ? "all ways" : `pushing ${arrowNames(arrowsOf(kind, DIRS.indexOf(m[4])))}`;
      return `a ${kind}-piece ${arrows} at row ${m[1]}, column ${m[2]}`;
    },
  };

  document.addEventListener("keydown", onKey);
  window.DiceArena.renderers.octagon = renderer;
})();
