/* People's clocks on the match page. The server owns the time: every frame says how
   much each clock had left when the server built it (``at``; with a bank, also how much
   of that is the move's own time) and whether it runs. The page counts a running clock
   down from ``at`` (by the server's clock, as DiceArena.serverClock learns it), and asks
   the server to settle a clock it sees at zero (the server decides, from its own clock). */
(function () {
  "use strict";
  const { h } = window.DiceArena;

  function fmt(ms, correspondence) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    if (correspondence) {
      const d = Math.floor(s / 86400), hh = Math.floor((s % 86400) / 3600), mm = Math.floor((s % 3600) / 60);
      return d ? `${d} d ${hh} h` : hh ? `${hh} h ${mm} min` : `${mm} min ${s % 60} s`;
    }
    const m = Math.floor(s / 60), r = s % 60;
    return s < 10 ? `0:0${r}.${Math.floor((Math.max(0, ms) % 1000) / 100)}`.replace(/\.\d$/, (x) => (ms > 0 ? x : ".0")) : `${m}:${String(r).padStart(2, "0")}`;
  }

  window.DiceArena.clocks = function ({ root, seats, you, send }) {
    const box = document.getElementById("clocks");
    if (!box) return { update() {}, stop() {} };
    let clock = null, at = 0, arrived = 0, timer = null, flagged = false, over = false;

    // The frame's times held when the server built it (``at``): its time on the way is
    // taken off too, by the server's clock as the pongs tell it. Worked out at every
    // draw, so a page whose first pong comes after the frame corrects itself then.
    function onTheWay() {
      const server = window.DiceArena.serverClock;
      if (!clock || !clock.at || !server || server.offset === null) return 0;
      const age = arrived + server.offset - clock.at;
      return age > 0 && age < 10000 ? age : 0;
    }
    function leftNow(c) { return c.running && !over ? c.left_ms - (performance.now() - at) - onTheWay() : c.left_ms; }
    // Move and bank: the move's own time runs first, then the bank; both are shown. The
    // time gone is read once (from ``ms``), so the two parts always add up.
    function parts(c, ms) {
      const move = Math.max(0, c.move_left_ms - (c.left_ms - ms));
      return { move, bank: c.running && !over ? Math.max(0, ms - move) : c.left_ms };
    }

    // The box is built once and kept: a tick (ten a second) and a clock frame only
    // change its texts and classes, so the +15 s button a person is pressing (a mouse
    // held down, a finger, the keyboard's focus) is never taken away from under them.
    const label = h("p", { class: "muted small clock-label" });
    const rows = new Map(); // seat -> {li, name, time, bank, give}

    function row(c) {
      let r = rows.get(c.seat);
      if (!r) {
        r = {
          li: h("div", { class: `clock seat-${c.seat}`, "data-seat": c.seat, id: `clock-${c.seat}` }),
          name: h("span", { class: "clock-name" }),
          time: h("span", { class: "clock-time", role: "timer" }),
          bank: null, give: null,
        };
        r.li.append(r.name, " ", r.time);
        rows.set(c.seat, r);
      }
      return r;
    }

    /** Set a text only when it changed (a screen reader hears changes, not ticks of the same). */
    function text(el, value) { if (el.textContent !== value) el.textContent = value; }

    function draw() {
      if (!clock) return;
      box.hidden = false;
      text(label, clock.label);
      const order = [label];
      for (const c of clock.seats) {
        const r = row(c);
        const ms = leftNow(c);
        const banked = c.move_left_ms === undefined ? null : parts(c, ms);
        const name = (seats()[c.seat] || {}).name || `seat ${c.seat}`;
        const cls = `clock seat-${c.seat}` + (c.running && !over ? " running" : "") + (ms < 10000 && !clock.correspondence ? " low" : "") + (c.out ? " out" : "");
        if (r.li.className !== cls) r.li.className = cls;
        r.li.dataset.leftMs = String(Math.max(0, Math.round(ms)));
        text(r.name, name + (c.seat === you() ? " (you)" : ""));
        text(r.time, c.out ? "out of time" : banked ? fmt(banked.move, false) : fmt(ms, clock.correspondence));
        if (banked && !c.out) {
          if (!r.bank) r.bank = h("span", { class: "clock-bank" });
          text(r.bank, `bank ${fmt(banked.bank, false)}`);
          if (r.bank.parentNode !== r.li) r.time.after(r.bank);
        } else if (r.bank) { r.bank.remove(); r.bank = null; }
        const gives = !clock.correspondence && !over && !c.out && you() !== null && c.seat !== you();
        if (gives && !r.give) {
          r.give = h("button", { type: "button", class: "secondary small give-time", "data-seat": c.seat,
            onclick: () => send({ type: "give_time", seat: c.seat }) });
          r.li.append(r.give);
        } else if (!gives && r.give) {
          r.give.remove(); // the match is over, or the seat left play
          r.give = null;
        }
        if (r.give) text(r.give, `+${clock.gift_s} s`);
        order.push(r.li);
        if (c.running && !over && ms <= 0 && !flagged) {
          flagged = true; // once per frame: the server's answer (status or clock) resets it
          setTimeout(() => send({ type: "flag" }), 250);
        }
      }
      // Children in order, moved only when they are not already in place.
      order.forEach((el, i) => { if (box.children[i] !== el) box.insertBefore(el, box.children[i] || null); });
      for (const [seat, r] of rows) {
        if (!clock.seats.some((c) => c.seat === seat)) { r.li.remove(); rows.delete(seat); }
      }
    }

    function update(next) {
      if (!next) return;
      clock = next; at = performance.now(); arrived = Date.now(); flagged = false;
      draw();
      if (!timer) timer = setInterval(draw, 100);
    }
    // The match is over: each clock stays at what it showed then (the last frame may be
    // older than the end, e.g. a resignation after an idle turn sends none).
    function stop() {
      if (clock && !over) {
        for (const c of clock.seats) {
          if (!c.running) continue;
          const ms = leftNow(c);
          if (c.move_left_ms !== undefined) {
            const p = parts(c, ms);
            c.move_left_ms = p.move;
            c.left_ms = p.bank;
          } else {
            c.left_ms = ms;
          }
          c.running = false;
        }
      }
      over = true; draw(); if (timer) { clearInterval(timer); timer = null; }
    }
    return { update, stop };
  };
})();
