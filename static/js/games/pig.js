/* Pig's renderer: each player's score on a track to the goal, the turn total at stake,
   the last face of the die, and the moves (roll, hold) as buttons. */
(function () {
  "use strict";
  const { h, SEAT_COLOURS } = window.DiceArena;
  const FACES = ["", "\u2680", "\u2681", "\u2682", "\u2683", "\u2684", "\u2685"];
  const WORDS = { roll: "Roll", hold: "Hold" };

  window.DiceArena.renderers.pig = {
    render(el, view, ctx) {
      el.innerHTML = "";
      const board = h("div", { class: "pig-board" });
      view.scores.forEach((score, seat) => {
        const mover = !view.over && view.turn === seat;
        const stake = mover ? view.turn_total : 0;
        const pct = (n) => `${Math.min(100, (100 * n) / view.goal)}%`;
        const bar = h("div", { class: "pig-track", style: "position:relative;height:1.2em;background:#eee;border-radius:4px;overflow:hidden" },
          h("div", { style: `position:absolute;left:0;top:0;bottom:0;width:${pct(score)};background:${SEAT_COLOURS[seat]}` }),
          h("div", { style: `position:absolute;left:${pct(score)};top:0;bottom:0;width:${pct(stake)};background:${SEAT_COLOURS[seat]};opacity:0.35` }));
        const label = `seat ${seat}: ${score} of ${view.goal}` + (mover && stake ? ` (+${stake} at stake)` : "");
        board.append(h("div", { class: "pig-seat", "data-seat": String(seat), "aria-current": mover ? "true" : "false" },
          h("div", {}, (mover ? "\u25B6 " : "") + label), bar));
      });
      const die = view.last_roll ? `${FACES[view.last_roll]} ${view.last_roll}` : "\u2013";
      let status;
      if (view.over) {
        status = view.winner === null ? "Drawn on the turn cap." : `Seat ${view.winner} wins.`;
      } else if (view.rolling) {
        status = "The die is rolling\u2026";
      } else {
        status = `Turn total ${view.turn_total}; seat ${view.turn} to roll or hold.`;
      }
      board.append(h("p", { class: "pig-die", "aria-live": "polite" }, `Last roll: ${die}. ${status}`));
      el.append(board);
      if (ctx && ctx.legal && ctx.legal.length && ctx.onMove) {
        const bar = h("div", { class: "move-buttons" });
        for (const m of ctx.legal) {
          bar.append(h("button", { class: "move", "data-move": m, onclick: () => ctx.onMove(m) }, WORDS[m] || m));
        }
        el.append(bar);
      }
    },
  };
})();
