/* Button Men renderer: both fighters with their dice by slot, captured piles and round
   scores. A player attacks by selecting own dice on the board, then an opposing die. */
(function () {
  "use strict";
  const { svg, h, SEAT_COLOURS, actionable, keepFocus, moveList, narrow, withNames, wordMove } = window.DiceArena;

  const MINI = 26;
  // Two layouts: wide, the score beside the dice; narrow (a phone), the score below them,
  // so the board is drawn close to 1:1 and a die stays a thumb's size (44 px or more).
  // roundLines: the lines the rounds so far may take (a phone has room for a second);
  // captionLines: the lines a score's parts may take (the wide panel is narrow there).
  const WIDE = { W: 600, PANEL_H: 150, MIDDLE_H: 112, DICE_W: 370, scoreX: 384, scoreY: 0, wrap: 84, roundLines: 1, captionLines: 2 };
  const NARROW = { W: 400, PANEL_H: 262, MIDDLE_H: 128, DICE_W: 384, scoreX: 16, scoreY: 136, wrap: 52, roundLines: 2, captionLines: 1 };
  let L = WIDE;
  const right = () => L.W - 16 - 14; // the right margin inside a panel
  const PHASES = {
    fighters: "drawing the fighters", swing: "choosing swing sizes", roll: "rolling every die",
    coin: "a coin decides who starts", focus: "turning Focus dice down", play: "attacking", reroll: "rerolling the attackers",
    auxiliary: "choosing whether to play the Auxiliary dice", turbo: "sizing the Turbo dice",
    over: "match over",
  };

  // The dice a player has selected stay selected while the position is the same; any
  // new frame (a new position) starts the selection afresh.
  const ui = { key: null, selected: new Set(), el: null, view: null, ctx: null };

  /**
   * The labels of a recipe's choices, in the engine's order: each swing letter where it
   * first appears ("R", or inside a twin "X,X"), then each option die ("4/10") by slot.
   */
  function choiceLabels(recipe) {
    const letters = [];
    const options = [];
    recipe.forEach((die, slot) => {
      const text = String(die);
      if (text.includes("/")) { options.push(`option die ${slot} (${text})`); return; }
      for (const part of text.split(",")) {
        if (/^[A-Z]$/.test(part) && !letters.includes(part)) letters.push(part);
      }
    });
    return [...letters, ...options];
  }

  /** Legal attacks as {move, attackers: [slots], target}. */
  function attacksOf(legal) {
    const out = [];
    for (const move of legal || []) {
      const m = /^(power|skill|shadow):([\d+]+)>(\d+)$/.exec(move);
      if (m) out.push({ move, attackers: m[2].split("+").map(Number), target: Number(m[3]) });
    }
    return out;
  }

  /**
   * What the current selection allows: own dice that can start an attack, dice that can
   * still join the selection, and the opposing dice the selection captures exactly as it
   * is (one die: its power attack; several: their skill attack).
   */
  function picksFor(attacks, selected) {
    const selectable = new Set(attacks.flatMap((a) => a.attackers));
    const fitting = attacks.filter((a) => [...selected].every((s) => a.attackers.includes(s)));
    const addable = new Set(fitting.flatMap((a) => a.attackers).filter((s) => !selected.has(s)));
    const targets = new Map();
    for (const a of fitting) {
      if (a.attackers.length === selected.size) targets.set(a.target, a.move);
    }
    return { selectable, addable, targets };
  }

  function seatName(ctx, seat) {
    return (ctx.names && ctx.names[seat]) || `seat ${seat}`;
  }

  /** A score as people write it: "?" while unknown, a minus sign below zero (Poison). */
  function fmt(x) {
    return x === null || x === undefined ? "?" : String(Number(x)).replace(/^-/, "−");
  }

  /** A die's size label: "d12", or "X=12" for a swing die ("X=?" while secret). */
  function sizeLabel(size, swing) {
    // A roster die's swing is its recipe text ("!(X)" for a Turbo X): the letter inside.
    const inner = swing && /\(([^)]*)\)/.exec(swing);
    if (swing) return `${inner ? inner[1] : swing}=${size === null ? "?" : size}`;
    return `d${size}`;
  }

  /** Split a sentence into lines of at most `max` characters. */
  function wrap(text, max) {
    const lines = [];
    let line = "";
    for (const word of String(text).split(/\s+/)) {
      if (line && (line + " " + word).length > max) { lines.push(line); line = word; }
      else line = line ? line + " " + word : word;
    }
    if (line) lines.push(line);
    return lines;
  }

  /** At most two lines of ``max`` characters; when the text needs more, the second line
   *  ends with "…" where words were left out (the move list has the whole text). */
  function twoLines(text, max) {
    const lines = wrap(text, max);
    if (lines.length <= 2) return lines;
    const words = lines.slice(1).join(" ").split(" ");
    let second = "";
    for (const word of words) {
      const longer = second ? `${second} ${word}` : word;
      if (longer.length + 2 > max) break;
      second = longer;
    }
    return [lines[0], `${second} …`];
  }

  function rerun() {
    if (ui.el) render(ui.el, ui.view, ui.ctx);
  }

  function toggle(slot, picks) {
    const sel = ui.selected;
    if (sel.has(slot)) sel.delete(slot);
    else if (picks.addable.has(slot) || sel.size === 0) sel.add(slot);
    else { sel.clear(); sel.add(slot); } // a die that cannot join starts a new selection
    rerun();
  }

  function attack(move, ctx) {
    ui.selected.clear();
    ctx.onMove(move);
  }

  /** One die in play, drawn at its slot so captured slots stay visible as gaps. */
  function drawDie(g, die, seat, x, y, size, state) {
    const colour = SEAT_COLOURS[seat];
    const cls = ["bm-die", `seat-${seat}`, ...state.classes].join(" ");
    const d = svg("g", {
      class: cls, transform: `translate(${x},${y})`,
      "data-seat": seat, "data-slot": die.id, "data-value": die.value ?? "",
      "data-size": die.size ?? "", "data-move": state.move,
    });
    d.append(svg("rect", { class: "bm-ring", x: -5, y: -5, width: size + 10, height: size + 10, rx: 14 }));
    d.append(svg("rect", {
      class: "bm-face", x: 0, y: 0, width: size, height: size, rx: 10,
      stroke: colour, fill: die.swing ? "#fff7e6" : "#fff",
      "stroke-dasharray": die.swing ? "6 3" : null,
    }));
    d.append(svg("text", { class: "bm-value", x: size / 2, y: size * 0.55, "text-anchor": "middle", "dominant-baseline": "middle" },
      die.value === null ? "?" : String(die.value)));
    d.append(svg("text", { class: "bm-size", x: size / 2, y: size - 7, "text-anchor": "middle", fill: colour },
      (die.skills ? `${die.skills} ` : "") + sizeLabel(die.size, die.swing)));
    if (state.rerolling) d.append(svg("text", { class: "bm-reroll", x: size - 4, y: 13, "text-anchor": "end" }, "↻"));
    if (state.title) d.append(svg("title", {}, state.title));
    if (state.onclick) actionable(d, state.label || state.title, state.onclick, `bm-${seat}-${die.id}`);
    g.append(d);
  }

  /** How a die looks and what a click on it does, given whose it is and the selection. */
  function dieState(view, ctx, seat, die, picks) {
    const classes = [];
    const state = { classes, move: null, onclick: null, title: null, rerolling: false };
    const reroll = view.reroll;
    state.rerolling = !!(reroll && reroll.seat === seat && reroll.dice.includes(die.id));
    if (!picks) return state;
    if (seat === ctx.you) {
      if (ui.selected.has(die.id)) classes.push("selected");
      else if (ui.selected.size ? picks.addable.has(die.id) : picks.selectable.has(die.id)) classes.push("can-select");
      else if (!picks.selectable.has(die.id)) classes.push("idle");
      if (picks.selectable.has(die.id)) {
        state.onclick = () => toggle(die.id, picks);
        state.title = ui.selected.has(die.id) ? "click to deselect" : "click to attack with this die";
        state.label = `${ui.selected.has(die.id) ? "Deselect" : "Attack with"} your ${sizeLabel(die.size, die.swing)} showing ${die.value}`;
      }
    } else if (picks.targets.has(die.id)) {
      const move = picks.targets.get(die.id);
      classes.push("target");
      state.move = move;
      state.title = move.startsWith("power") ? "power attack: capture this die" : "skill attack: capture this die";
      state.label = `Capture their ${sizeLabel(die.size, die.swing)} showing ${die.value} (${move.split(":")[0]} attack)`;
      state.onclick = () => attack(move, ctx);
    }
    return state;
  }

  function panelHeader(g, view, ctx, seat) {
    const colour = SEAT_COLOURS[seat];
    const fighter = view.fighters[seat];
    g.append(svg("circle", { cx: 22, cy: 22, r: 7, fill: colour }));
    g.append(svg("text", { x: 36, y: 27, class: "bm-name" },
      `${seatName(ctx, seat)} · ${fighter ? fighter.name : "fighter not drawn yet"}`));
    if (fighter) {
      const swing = view.swing[seat];
      const labels = choiceLabels(fighter.recipe);
      const shown = Array.isArray(swing) ? labels.map((l, i) => `${l} = ${swing[i]}`).join(", ") : `X = ${swing}`;
      const swingText = labels.length
        ? ` · ${swing !== null ? shown : `${labels.length > 1 ? "choices:" : `${labels[0]} =`} ${view.swing_secret[seat] ? "chosen, secret" : "not chosen"}`}`
        : "";
      g.append(svg("text", { x: 16, y: 45, class: "bm-recipe" }, `recipe ${fighter.recipe.join(" ")}${swingText}`));
    }
  }

  const isPoison = (die) => (die.skills || "").includes("p");
  const sizeSum = (dice) => dice.reduce((n, d) => n + d.size, 0);

  /** The round score in parts that add up to it under the rules (games/buttonmen
   *  rules.poison_score_x2): captured dice count their size and own dice in play half
   *  theirs, but a Poison die counts against: minus half its size for whoever captured
   *  it, minus its whole size for its owner while it is in play. Two lines when Poison
   *  dice take part (the second starts "+ ½ × …"), else one. */
  function scoreCaption(view, seat) {
    const captured = view.captured[seat];
    const dice = view.dice[seat];
    const capturedPoison = sizeSum(captured.filter(isPoison));
    const poisonInPlay = sizeSum(dice.filter(isPoison));
    const first = `${sizeSum(captured.filter((d) => !isPoison(d)))} captured` + (capturedPoison ? ` − ½ × ${capturedPoison} poison` : "");
    const second = `½ × ${sizeSum(dice.filter((d) => !isPoison(d)))} in play` + (poisonInPlay ? ` − ${poisonInPlay} poison` : "");
    return capturedPoison || poisonInPlay ? [first, `+ ${second}`] : [`${first} + ${second}`];
  }

  /** Round score, its parts, round wins and the captured pile, right of the dice. */
  function panelScore(g, view, seat) {
    const x = L.scoreX;
    let y0 = L.scoreY;
    const captured = view.captured[seat];
    const sizes = view.dice[seat].map((d) => d.size);
    const wins = view.round_wins[seat];
    const need = view.options.rounds_to_win;
    g.append(svg("text", { x, y: y0 + 24, class: "bm-label" }, "round score"));
    g.append(svg("text", { x, y: y0 + 54, class: "bm-score", "data-score": view.score[seat] ?? "" }, fmt(view.score[seat])));
    let shift = 0; // a second line of the caption moves the captured pile down
    if (view.score[seat] !== null && !sizes.includes(null)) {
      // A phone's panel has the width for one line (squeezed if need be), not the height for two.
      const lines = L.captionLines > 1 ? scoreCaption(view, seat) : [scoreCaption(view, seat).join(" ")];
      const caption = svg("text", { x, y: y0 + 72, class: "bm-label", id: `bm-score-parts-${seat}`,
        "data-fit": JSON.stringify([lines]), "data-x": x, "data-dy": 14, "data-room": right() - x });
      caption.append(svg("title", {}, "Round score: captured dice count their size, dice in play half theirs; " +
        "a Poison die counts against: minus half its size captured, minus its whole size in play"));
      g.append(caption);
      shift = 14 * (lines.length - 1);
    }
    const pips = svg("g", { class: "bm-wins", "data-wins": wins });
    pips.append(svg("text", { x: right(), y: y0 + 24, class: "bm-label", "text-anchor": "end" }, `rounds ${wins}/${need}`));
    if (need <= 6) {
      for (let i = 0; i < need; i++) {
        pips.append(svg("circle", {
          cx: right() - 6 - i * 14, cy: y0 + 36, r: 5,
          fill: i < wins ? SEAT_COLOURS[seat] : "none", stroke: SEAT_COLOURS[seat], "stroke-width": 1.5,
        }));
      }
    }
    g.append(pips);
    const pile = svg("g", { class: "bm-captured", "data-count": captured.length });
    y0 += shift;
    pile.append(svg("text", { x, y: y0 + 92, class: "bm-label" }, captured.length ? "captured" : "captured: none yet"));
    const perRow = Math.floor((right() - x + 6) / (MINI + 6));
    captured.forEach((c, i) => {
      const cx = x + (i % perRow) * (MINI + 6);
      const cy = y0 + 98 + Math.floor(i / perRow) * (MINI + 4);
      const mini = svg("rect", { x: cx, y: cy, width: MINI, height: MINI, rx: 5, class: `bm-mini${isPoison(c) ? " poison" : ""}`, stroke: "#8a8f98" });
      if (isPoison(c)) mini.append(svg("title", {}, `a Poison d${c.size}: minus ${c.size / 2} for its captor`));
      pile.append(mini);
      pile.append(svg("text", { x: cx + MINI / 2, y: cy + MINI / 2 + 4, "text-anchor": "middle", class: "bm-mini-text" },
        c.swing ? `${c.swing}${c.size}` : String(c.size)));
    });
    g.append(pile);
  }

  /** A status tag at the panel's foot: to move, choosing, chosen, winner. */
  function panelTag(view, seat) {
    if (view.over) return view.winner === seat ? "★ wins the match" : "";
    if (view.phase === "play" && view.turn === seat) return "▶ to move";
    if (view.phase === "reroll" && view.turn === seat) return "↻ rerolling its attackers";
    if (view.phase === "swing") {
      if (view.acting.includes(seat)) return view.swing_secret[seat] ? "✓ swing size chosen" : "… choosing a swing size";
    }
    if (view.phase === "auxiliary" && view.acting.includes(seat)) return "… Auxiliary dice: yes or no";
    if (view.phase === "turbo" && view.turn === seat) return "… sizing its Turbo dice";
    return "";
  }

  function panel(root, view, ctx, seat, y, picks) {
    const colour = SEAT_COLOURS[seat];
    const playing = (view.turn === seat && ["play", "turbo", "reroll"].includes(view.phase)) ||
      (["swing", "auxiliary"].includes(view.phase) && view.acting.includes(seat)) || (view.over && view.winner === seat);
    const active = ctx.ended && !view.over ? ctx.ended.winners.includes(seat) : playing;
    const g = svg("g", { class: `bm-panel seat-${seat}${active ? " active" : ""}`, transform: `translate(8,${y})`, "data-seat": seat });
    g.append(svg("rect", { x: 0, y: 0, width: L.W - 16, height: L.PANEL_H, rx: 12, class: "bm-panel-bg", stroke: active ? colour : null }));
    panelHeader(g, view, ctx, seat);
    const fighter = view.fighters[seat];
    if (fighter) {
      const slots = Math.max(fighter.recipe.length, ...view.dice[seat].map((d) => d.id + 1));
      const size = Math.min(56, Math.floor((L.DICE_W - 16) / slots) - 12);
      const step = size + 12;
      const top = 58;
      for (let i = 0; i < slots; i++) {
        g.append(svg("rect", { x: 16 + i * step, y: top, width: size, height: size, rx: 10, class: "bm-gap" }));
      }
      for (const die of view.dice[seat]) {
        drawDie(g, die, seat, 16 + die.id * step, top, size, dieState(view, ctx, seat, die, picks));
      }
    }
    // A match ended off the board (resigned, lost on time) has no one "to move".
    const tag = ctx.ended && !view.over ? (ctx.ended.winners.includes(seat) ? "★ wins the match" : "") : panelTag(view, seat);
    if (tag) g.append(svg("text", { x: 16, y: L.scoreY ? L.scoreY - 10 : L.PANEL_H - 12, class: "bm-tag", fill: colour }, tag));
    if (fighter) panelScore(g, view, seat);
    root.append(g);
  }

  /** The line that says what happens now, and for the player at hand what to do. */
  function statusText(view, ctx, picks) {
    if (ctx.ended && !view.over) return ctx.ended.text;
    if (view.over) {
      if (view.winner === null) return "The match is a draw";
      return view.winner === ctx.you ? "You win the match!" : `${seatName(ctx, view.winner)} wins the match`;
    }
    if (picks) {
      const sel = [...ui.selected].sort((a, b) => a - b);
      if (!sel.length) return "Your turn: click your dice to attack";
      const values = sel.map((s) => view.dice[ctx.you].find((d) => d.id === s).value);
      const sum = values.reduce((n, v) => n + v, 0);
      const shown = sel.length === 1 ? String(sum) : `${values.join(" + ")} = ${sum}`;
      if (!picks.targets.size) return `Selected ${shown}: add dice to reach a target`;
      const kind = sel.length === 1 ? "Power attack" : "Skill attack";
      return `${kind} ${shown}: click a green-ringed die`;
    }
    if (view.phase === "play" && (ctx.legal || []).includes("pass")) return "No attack possible: you must pass";
    if (view.phase === "swing" && ctx.legal && ctx.legal.length && !ctx.waiting) return "Choose your swing size below";
    if (view.phase === "play" && view.turn !== null) return `${seatName(ctx, view.turn)} to move`;
    if (view.phase === "focus" && view.turn !== null) return `${seatName(ctx, view.turn)} may turn Focus dice down to take the initiative`;
    return PHASES[view.phase] || view.phase;
  }

  function middle(root, view, ctx, picks, y) {
    const g = svg("g", { class: "bm-middle", transform: `translate(0,${y})` });
    const need = view.options.rounds_to_win;
    const bits = [`Round ${view.round}`, `first to ${need} round win${need === 1 ? "" : "s"}`, PHASES[view.phase] || view.phase];
    if (view.round_draws) bits.push(`${view.round_draws} tied`);
    if (view.passes) bits.push("one pass");
    g.append(svg("text", { x: L.W / 2, y: 16, "text-anchor": "middle", class: "bm-round", id: "bm-round" }, bits.join(" · ")));
    g.append(svg("text", { x: L.W / 2, y: 42, "text-anchor": "middle", class: `bm-status${view.over ? " over" : ""}`, id: "bm-status" },
      statusText(view, ctx, picks)));
    const lastText = view.last ? withNames(view.last.text, ctx.names || []) : "The match begins.";
    // Up to two lines: the whole text wrapped shorter while it still fits in two, else
    // cut after two lines with "…" (never silently: the whole text is its title).
    const widths = [0, 8, 16].map((less) => L.wrap - less);
    const whole = widths.map((max) => wrap(lastText, max)).filter((w) => w.length <= 2);
    const last = svg("text", { x: L.W / 2, y: 64, "text-anchor": "middle", class: "bm-last", id: "bm-last",
      "data-full": lastText, "data-fit": JSON.stringify([...whole, ...widths.map((max) => twoLines(lastText, max))]) });
    last.append(svg("title", {}, lastText));
    g.append(last);
    if (view.rounds.length) {
      // "R1 41–30.5"; spaced when a score is below zero, "R4 54.5 – −7", not "54.5–-7".
      const dash = (r) => (r.score.some((x) => x < 0) ? " – " : "–");
      const text = (r) => `R${r.round} ${fmt(r.score[0])}${dash(r)}${fmt(r.score[1])}${r.winner === null ? " tie" : ""}`;
      const all = view.rounds.map(text);
      const who = `${seatName(ctx, 0)}–${seatName(ctx, 1)}`;
      // Longest first: the first that fits the board is drawn. Every round, on one line
      // or (a phone) two; only when none fits, the latest rounds after "…".
      const variants = [[`rounds so far (${who}): ${all.join(", ")}`], [`rounds: ${all.join(", ")}`]];
      if (L.roundLines > 1) {
        const half = Math.ceil(all.length / 2);
        variants.push([`rounds so far (${who}):`, all.join(", ")], [`rounds: ${all.slice(0, half).join(", ")},`, all.slice(half).join(", ")]);
      }
      for (let n = Math.min(all.length - 1, 6); n >= 1; n--) variants.push([`rounds: …, ${all.slice(-n).join(", ")}`]);
      g.append(svg("text", { x: L.W / 2, y: 106, "text-anchor": "middle", class: "bm-label", id: "bm-rounds",
        "data-rounds": all.length, "data-fit": JSON.stringify(variants) }));
    }
    root.append(g);
  }

  /** Lines of text are measured once drawn (fonts differ, and so do players' names):
   *  each ``data-fit`` text takes the first of its wordings whose lines all fit the
   *  board's width; when none does, the last is squeezed to fit. */
  function fitTexts(root) {
    for (const text of root.querySelectorAll("text[data-fit]")) {
      // Centred lines by default; a text may name its own left edge, room and spacing.
      const room = Number(text.dataset.room || L.W - 16);
      const x = text.dataset.x || L.W / 2;
      const dy = Number(text.dataset.dy || 16);
      const wordings = JSON.parse(text.dataset.fit);
      const title = text.querySelector("title"); // the whole text, kept beside the lines
      const lines = () => [...text.querySelectorAll("tspan")];
      for (const wording of wordings) {
        text.replaceChildren(...(title ? [title] : []), ...wording.map((line, i) => svg("tspan", { x, dy: i ? dy : 0 }, line)));
        if (lines().every((t) => t.getComputedTextLength() <= room)) break;
      }
      for (const t of lines()) {
        if (t.getComputedTextLength() > room) {
          t.setAttribute("textLength", room);
          t.setAttribute("lengthAdjust", "spacingAndGlyphs");
        }
      }
      for (const name of ["fit", "room", "x", "dy"]) delete text.dataset[name];
    }
  }

  /** An attack in words, from the dice on the board: "Power attack: your d20 showing 12
   *  captures their d10 showing 5". */
  function describeAttack(view, ctx, a) {
    const you = ctx.you;
    const die = (seat, slot) => view.dice[seat].find((d) => d.id === slot);
    const name = (d) => `${sizeLabel(d.size, d.swing)} showing ${d.value}`;
    const mine = a.attackers.map((slot) => die(you, slot));
    const target = die(1 - you, a.target);
    if (!target || mine.some((d) => !d)) return a.move;
    const kind = a.move.startsWith("power") ? "Power attack" : "Skill attack";
    const yours = mine.length === 1 ? name(mine[0])
      : `${mine.map(name).join(" + ")} (= ${mine.reduce((n, d) => n + d.value, 0)})`;
    return `${kind}: your ${yours} captures their ${name(target)}`;
  }

  /** Swing size picker, Pass and Clear buttons, below the board. */
  function controls(el, view, ctx) {
    el.innerHTML = "";
    const legal = ctx.legal || [];
    if (!ctx.onMove || !legal.length) return;
    if (ctx.waiting) {
      const what = view.phase === "auxiliary" ? "Your answer" : "Your swing size";
      el.append(h("p", { class: "waiting" }, `${what} is in — waiting for the other side…`));
      return;
    }
    const die = (seat, slot) => view.dice[seat].find((d) => d.id === slot);
    const named = (d) => `${sizeLabel(d.size, d.swing)} showing ${d.value}`;
    if (view.phase === "auxiliary") {
      // Before the first round both say at once whether the Auxiliary dice are played.
      el.append(moveList(legal.map((move) => ({
        move, text: move === "auxiliary:yes" ? "Play with the Auxiliary dice" : "Play without them",
      })), (move) => ctx.onMove(move), "Auxiliary dice (both must say yes)"));
      return;
    }
    if (view.phase === "turbo") {
      // A Turbo die that attacked takes the size its owner picks, then rerolls.
      const words = (move) => {
        const m = /^turbo:(\d+)=(\d+)$/.exec(move);
        const d = m && die(ctx.you, Number(m[1]));
        return d ? `Resize your ${sizeLabel(d.size, d.swing)} to ${m[2]} sides` : move;
      };
      el.append(moveList(legal.map((move) => ({ move, text: words(move) })), (move) => ctx.onMove(move), "Turbo dice"));
      return;
    }
    const bar = h("div", { class: "bm-controls" });
    const choicesMade = legal.filter((m) => m.startsWith("swing:")).map((m) => m.slice(6).split(",").map(Number));
    if (choicesMade.length) {
      // One select per choice (each swing letter, then each option die): every legal
      // move is one value per choice, all combinations allowed.
      const fighter = view.fighters[ctx.you];
      const labels = choiceLabels(fighter ? fighter.recipe : []);
      const count = choicesMade[0].length;
      const previous = Array.isArray(view.swing[ctx.you]) ? view.swing[ctx.you] : [view.swing[ctx.you]];
      const picks = [];
      for (let i = 0; i < count; i++) {
        const values = [...new Set(choicesMade.map((c) => c[i]))];
        const label = labels[i] || (count === 1 ? "X" : `choice ${i + 1}`);
        const pick = h("select", { id: i ? `bm-swing-${i}` : "bm-swing", "aria-label": `${label} size` },
          ...values.map((n) => h("option", { value: n }, `${label} = ${n}`)));
        pick.value = String(values.includes(previous[i]) ? previous[i] : values[Math.floor(values.length / 2)]);
        picks.push(pick);
        bar.append(h("label", {}, count === 1 ? "Swing dice size " : `${label} `, pick));
      }
      bar.append(h("button", { id: "bm-choose", "data-focus": "bm-choose", class: "bm-button bm-go", onclick: () => ctx.onMove(`swing:${picks.map((p) => p.value).join(",")}`) }, "Choose"));
    }
    if (view.phase === "focus") {
      // Focus dice: turn one down at a time, then take the initiative (or decline).
      const die = (slot) => view.dice[ctx.you].find((d) => d.id === slot);
      const words = (move) => {
        if (move === "take") return "Take the initiative";
        if (move === "decline") return "Turn no Focus die down";
        const m = /^focus:(\d+)=(\d+)$/.exec(move);
        const d = m && die(Number(m[1]));
        return d ? `Turn your ${sizeLabel(d.size, d.swing)} showing ${d.value} down to ${m[2]}` : move;
      };
      el.append(moveList(legal.map((move) => ({ move, text: words(move) })), (move) => ctx.onMove(move), "Focus dice"));
    }
    // The page's notices say these as their buttons do.
    wordMove("surrender", "Surrender the round");
    wordMove("pass", "Pass");
    for (const m of choicesMade) wordMove(`swing:${m.join(",")}`, `Swing size ${m.join(", ")}`);
    if (legal.includes("surrender")) {
      bar.append(h("button", { id: "bm-surrender", class: "bm-button", onclick: () => ctx.onMove("surrender") }, "Surrender the round"));
    }
    if (legal.includes("pass")) {
      bar.append(h("button", { id: "bm-pass", "data-focus": "bm-pass", class: "bm-button", onclick: () => ctx.onMove("pass") }, "Pass"),
        h("span", { class: "muted" }, "none of your dice can capture"));
    }
    // Attacks made by picking dice; a turn may offer trip or speed attacks alone, which
    // are picked from their own lists below, so the rule of dice attacks is not shown.
    const attacks = view.phase === "play" ? attacksOf(legal) : [];
    if (attacks.length) {
      bar.append(h("span", { class: "muted bm-help" },
        "Power: one die showing at least the target's value. Skill: two or more dice summing exactly to it."));
    }
    if (ui.selected.size) {
      bar.append(h("button", { id: "bm-clear", class: "bm-button", onclick: () => { ui.selected.clear(); rerun(); } }, "Clear selection"));
    }
    el.append(bar);
    if (attacks.length) {
      el.append(moveList(attacks.map((a) => ({ move: a.move, text: describeAttack(view, ctx, a) })),
        (move) => attack(move, ctx), "All your attacks"));
    }
    // A speed or rush attack takes several dice at once: picked from its own list.
    const speeds = view.phase === "play" ? legal.filter((m) => /^(speed|rush):/.test(m)) : [];
    if (speeds.length) {
      el.append(moveList(speeds.map((move) => ({ move, text: describeSpeed(view, ctx, move) })),
        (move) => attack(move, ctx), "Speed and rush attacks", "speed"));
    }
    // A trip attack may share its die and target with a power attack: its own list too.
    const trips = view.phase === "play" ? legal.filter((m) => m.startsWith("trip:")) : [];
    if (trips.length) {
      const words = (move) => {
        const m = /^trip:(\d+)>(\d+)$/.exec(move);
        const own = m && die(ctx.you, Number(m[1]));
        const foe = m && die(1 - ctx.you, Number(m[2]));
        return own && foe ? `Trip attack: your ${named(own)} trips their ${named(foe)} (both reroll; it is taken if yours shows as much)` : move;
      };
      el.append(moveList(trips.map((move) => ({ move, text: words(move) })), (move) => attack(move, ctx), "Trip attacks", "trip"));
    }
  }

  function describeSpeed(view, ctx, move) {
    const m = /^(?:speed|rush):(\d+)>([\d+]+)$/.exec(move);
    const die = (seat, slot) => view.dice[seat].find((d) => d.id === slot);
    if (!m) return move;
    const own = die(ctx.you, Number(m[1]));
    const targets = m[2].split("+").map((t) => die(1 - ctx.you, Number(t)));
    if (!own || targets.some((d) => !d)) return move;
    const name = (d) => `${sizeLabel(d.size, d.swing)} showing ${d.value}`;
    const kind = move.startsWith("rush:") ? "Rush" : "Speed";
    return `${kind} attack: your ${name(own)} captures their ${targets.map(name).join(" + ")}`;
  }

  function render(el, view, ctx) {
    ctx = ctx || {};
    L = narrow(el) ? NARROW : WIDE;
    keepFocus(el, () => draw(el, view, ctx));
  }

  function draw(el, view, ctx) {
    const key = JSON.stringify([view.round, view.phase, view.dice, ctx.legal]);
    if (key !== ui.key) { ui.key = key; ui.selected.clear(); }
    Object.assign(ui, { el, view, ctx });
    const you = ctx.you ?? null;
    const attacks = ctx.onMove && view.phase === "play" ? attacksOf(ctx.legal) : [];
    const picks = attacks.length ? picksFor(attacks, ui.selected) : null;
    const mine = !!(ctx.onMove && ctx.legal && ctx.legal.length && !ctx.waiting);
    // Your own fighter sits at the bottom, facing the opponent; spectators see seat 0 there.
    const bottom = you === null ? 0 : you;
    el.innerHTML = "";
    const root = svg("svg", {
      viewBox: `0 0 ${L.W} ${2 * L.PANEL_H + L.MIDDLE_H + 16}`, class: "bm-board", role: "group", "aria-label": "Button Men board",
      "data-phase": view.phase, "data-mine": mine ? "1" : "0",
    });
    panel(root, view, ctx, 1 - bottom, 4, picks);
    middle(root, view, ctx, picks, L.PANEL_H + 8);
    panel(root, view, ctx, bottom, L.PANEL_H + L.MIDDLE_H + 12, picks);
    el.append(root);
    fitTexts(root);
    if (ctx.controls) keepFocus(ctx.controls, () => controls(ctx.controls, view, ctx));
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && ui.selected.size) { ui.selected.clear(); rerun(); }
  });

  window.DiceArena.renderers.buttonmen = {
    render,
    controls, // match.js leaves the controls element alone when a renderer has this
    keys: { p: "pass" },
  };
})();
