/* Fallback renderer: the observation as JSON, moves as buttons. */
(function () {
  const { h } = window.DiceArena;
  window.DiceArena.renderers.generic = {
    render(el, view, ctx) {
      el.innerHTML = "";
      el.append(h("pre", { class: "raw-view" }, JSON.stringify(view, null, 1)));
      if (ctx && ctx.legal && ctx.legal.length && ctx.onMove) {
        const bar = h("div", { class: "move-buttons" });
        for (const m of ctx.legal.slice(0, 200)) {
          bar.append(h("button", { class: "move", "data-move": m, onclick: () => ctx.onMove(m) }, m));
        }
        el.append(bar);
      }
    },
  };
})();
