/* Pig's board: each player's banked score on a track to the goal with the turn total at
   stake beside it, the die as it last fell, what just happened in words, and Roll / Hold
   under it (keys R and H). */
(function () {
  "use strict";
  const { h, SEAT_COLOURS, keepFocus, wordMove } = window.DiceArena;
  const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };
  const WORDS = { roll: "Roll", hold: "Hold" };

  function nameOf(ctx, seat) {
    const names = (ctx && ctx.names) || [];
    return names[seat] || (seat === 0 ? "Red" : "Blue"); // the page's names say "(you)"
  }

  /** The die's face drawn as pips on a 3×3 grid (a blank face before the first roll). */
  function die(face, rolling) {
    const cells = [];
    for (let i = 0; i < 9; i++) cells.push(h("span", { class: face && PIPS[face].includes(i) ? "pip on" : "pip" }));
    const label = rolling ? "the die is rolling" : face ? `the die shows ${face}` : "no roll yet";
    return h("div", { class: `pig-die${face === 1 ? " bust" : ""}${rolling ? " rolling" : ""}`, role: "img", "aria-label": label }, ...cells);
  }

  function seatRow(view, ctx, seat) {
    const mover = !view.over && !(ctx && ctx.ended) && view.turn === seat;
    const score = view.scores[seat];
    const stake = mover ? view.turn_total : 0;
    const pct = (n) => `${Math.min(100, (100 * n) / view.goal).toFixed(2)}%`;
    const bank = h("div", { class: "pig-bank" });
    bank.style.width = pct(score);
    bank.style.background = SEAT_COLOURS[seat];
    const risk = h("div", { class: "pig-stake" });
    risk.style.left = pct(score);
    risk.style.width = pct(Math.min(stake, view.goal - score));
    risk.style.background = SEAT_COLOURS[seat];
    const won = view.over && view.winner === seat;
    return h("div", { class: `pig-seat${mover ? " to-move" : ""}${won ? " won" : ""}`, "data-seat": String(seat) },
      h("div", { class: "pig-line" },
        h("span", { class: "pig-name" }, h("span", { class: "dot", style: `background:${SEAT_COLOURS[seat]}` }), (mover ? "▶ " : "") + nameOf(ctx, seat)),
        h("span", { class: "pig-score" }, h("b", {}, String(score)), ` / ${view.goal}`, stake ? h("span", { class: "pig-plus" }, ` +${stake} at stake`) : "", won ? h("span", { class: "tag" }, "winner") : "")),
      h("div", { class: "pig-track", role: "meter", "aria-valuemin": "0", "aria-valuemax": String(view.goal), "aria-valuenow": String(score), "aria-label": `${nameOf(ctx, seat)}: ${score} of ${view.goal}` }, bank, risk));
  }

  function status(view, ctx) {
    if (ctx && ctx.ended && !view.over) return ctx.ended.text;
    if (view.over) return view.winner === null ? "Drawn on the turn cap." : `${nameOf(ctx, view.winner)} reached ${view.scores[view.winner]} and wins.`;
    const who = nameOf(ctx, view.turn);
    if (view.rolling) return `${who} rolls…`;
    if (view.last_roll === 1 && view.turn_total === 0) {
      return `A 1: the turn total is lost. ${who} to roll.`;
    }
    if (view.turn_total) return `${who} has ${view.turn_total} at stake: roll again or hold.`;
    return `${who} to roll.`;
  }

  window.DiceArena.renderers.pig = {
    render(el, view, ctx) {
      // The focus stays on Roll for a keyboard player rolling again and again.
      keepFocus(el, () => this.draw(el, view, ctx));
    },

    draw(el, view, ctx) {
      el.innerHTML = "";
      const board = h("div", { class: "pig-board" }, ...view.scores.map((_, seat) => seatRow(view, ctx, seat)));
      board.append(h("div", { class: "pig-middle" }, die(view.last_roll, view.rolling),
        h("p", { class: "pig-status", "aria-live": "polite" }, status(view, ctx))));
      el.append(board);
      const legal = (ctx && ctx.legal) || [];
      if (legal.length && ctx.onMove) {
        const buttons = h("div", { class: "pig-moves" });
        for (const m of legal) {
          wordMove(m, WORDS[m] || m);
          buttons.append(h("button", { class: `move${m === "roll" ? " primary" : ""}`, "data-move": m, "data-focus": `pig-${m}`, onclick: () => ctx.onMove(m) },
            WORDS[m] || m, " ", h("small", {}, `(${m[0].toUpperCase()})`)));
        }
        el.append(buttons);
      }
    },
    words(move) { return WORDS[move] || null; },
    keys: { r: "roll", R: "roll", h: "hold", H: "hold" },
  };
})();
