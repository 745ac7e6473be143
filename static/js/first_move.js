/* A fair start on the match page: until each side of a clocked match between people has
   made its first move, the page states the rule and counts down the window of the side
   whose first move is awaited — "Move within 0:27 or the game is aborted" for that
   player, "alice must move within 0:27 …" for the others. The server owns the window
   (the clock frame's ``first_move_ms``, as of its ``at``); at zero the page asks it to
   settle (the ``flag`` frame), and the server decides by its own clock. */
(function () {
  "use strict";
  const { h } = window.DiceArena;

  function fmt(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    if (s >= 86400) {
      const d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600);
      return `${d} d ${hh} h`;
    }
    if (s >= 3600) return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  function window_(seconds) {
    if (seconds >= 86400) return `${Math.round(seconds / 86400)} day${seconds >= 172800 ? "s" : ""}`;
    return `${Math.round(seconds)} seconds`;
  }

  /** Wraps the page's clocks (``DiceArena.clocks``): every clock frame it draws, this
      reads too. ``opts``: the same {root, seats, you, send} the clocks get. */
  window.DiceArena.firstMove = function (clocks, { seats, you, send }) {
    const box = document.getElementById("first-move");
    if (!box) return clocks;
    const rule = document.getElementById("first-move-rule");
    const left = document.getElementById("first-move-left");
    let frame = null, arrived = 0, timer = null, askedAt = 0, over = false;

    // Time left in the window now: from the frame's ``at`` by the server's clock when
    // the page knows it (as clock.js counts), else from the frame's arrival.
    function leftNow(seat) {
      const server = window.DiceArena.serverClock;
      if (server && server.offset !== null && frame.at) {
        return seat.first_move_ms - (Date.now() + server.offset - frame.at);
      }
      return seat.first_move_ms - (performance.now() - arrived);
    }

    function draw() {
      const awaited = over || !frame ? [] : frame.seats.filter((c) => typeof c.first_move_ms === "number" && !c.out);
      // Shown while a first move is awaited (a Dice Wars seat conquered before its first
      // turn never moves, and never has a window running).
      const pending = awaited.length > 0;
      box.hidden = !pending;
      root().dataset.firstMove = awaited.length ? "awaited" : "";
      if (!pending) { stopTimer(); return; }
      rule.textContent = `Fair start: each side has ${window_(frame.first_move_s)} for its first move; ` +
        "if one does not move in time the game is aborted: no result, no rating change.";
      const lines = [];
      let zero = false;
      // Yours first, in the warning colour; then the others'.
      const order = [...awaited].sort((a, b) => (b.seat === you()) - (a.seat === you()));
      for (const c of order) {
        const ms = leftNow(c);
        zero = zero || ms <= 0;
        if (c.seat === you()) {
          lines.push(h("span", { class: "yours" }, `Move within ${fmt(ms)} or the game is aborted.`));
        } else {
          const name = (seats()[c.seat] || {}).name || `seat ${c.seat}`;
          lines.push(h("span", {}, `${name} must move within ${fmt(ms)} or the game is aborted.`));
        }
      }
      left.replaceChildren(...lines);
      // At zero: ask the server to settle it, and again every 2 s until it has (a page
      // whose clock runs ahead of the server's asks a moment early; asking is harmless).
      if (zero && Date.now() - askedAt > 2000) {
        askedAt = Date.now();
        send({ type: "flag" });
      }
    }

    function root() { return document.getElementById("match"); }
    function stopTimer() { if (timer) { clearInterval(timer); timer = null; } }

    return {
      update(next) {
        clocks.update(next);
        if (!next) return;
        frame = next; arrived = performance.now();
        draw();
        if (!timer && !box.hidden) timer = setInterval(draw, 250);
      },
      stop() {
        clocks.stop();
        over = true;
        draw();
      },
    };
  };
})();
