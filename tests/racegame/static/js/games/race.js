/* The race's renderer (test-only): each runner's square on the track, the moves as buttons. */
(function () {
  "use strict";
  const { h } = window.DiceArena;
  window.DiceArena.renderers.race = {
    render(el, view, ctx) {
      el.innerHTML = "";
      const track = h("ol", { class: "race-track" });
      view.positions.forEach((square, seat) => {
        track.append(h("li", { "data-seat": String(seat) }, `seat ${seat}: square ${square} of ${view.goal}`));
      });
      el.append(track);
      if (ctx && ctx.legal && ctx.legal.length && ctx.onMove) {
        const bar = h("div", { class: "move-buttons" });
        for (const m of ctx.legal) {
          bar.append(h("button", { class: "move", "data-move": m, onclick: () => ctx.onMove(m) }, m));
        }
        el.append(bar);
      }
    },
  };
})();
