/* The replay page's analysis (docs/analysis.md): asks for it, follows its status while a worker
   computes it, then draws it (docs/analysis.md). */
(function () {
  "use strict";
  const { h } = window.DiceArena;
  const card = document.getElementById("analysis");
  if (!card) return;
  const els = {
    status: document.getElementById("analysis-status"),
    form: document.getElementById("analyse-form"),
    button: document.getElementById("analyse"),
    body: document.getElementById("analysis-body"),
  };
  const POLL_MS = 1000;

  function showStatus(data) {
    card.dataset.status = data.status;
    els.status.textContent = data.reason ? `${data.text} ${data.reason}` : data.text;
    if (els.form) {
      els.form.hidden = !(data.status === "none" || data.status === "failed" || data.stuck);
      if (data.status === "failed" || data.stuck) els.button.textContent = "Try the analysis again";
    }
  }

  async function poll() {
    try {
      const resp = await fetch(card.dataset.url, { headers: { Accept: "application/json" } });
      if (!resp.ok) throw new Error(resp.statusText);
      const data = await resp.json();
      showStatus(data);
      if (data.status === "done") { draw(data.result); return; }
      if (data.status === "failed" || data.status === "none" || data.stuck) return;
    } catch (e) {
      els.status.textContent = "Could not reach the server; trying again…";
    }
    setTimeout(poll, POLL_MS);
  }

  if (els.form) {
    els.form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      els.button.disabled = true;
      try {
        const resp = await fetch(els.form.action, {
          method: "POST", body: new FormData(els.form), headers: { Accept: "application/json" },
        });
        const data = await resp.json();
        if (!resp.ok) {
          els.status.textContent = data.message || "The analysis could not be started.";
          return;
        }
        showStatus(data);
        if (data.status === "done") draw(data.result); else setTimeout(poll, POLL_MS);
      } catch (e) {
        els.status.textContent = "Could not reach the server; try again.";
      } finally {
        els.button.disabled = false;
      }
    });
  }

  // ----- drawing a finished analysis -------------------------------------------------

  const { svg, SEAT_COLOURS } = window.DiceArena;
  const replay = window.DiceArena.replay;
  const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
  // The timeline's drawing units: a narrow screen gets fewer units across (so its text
  // stays readable) and a taller plot (so the lines stay apart).
  const narrow = window.matchMedia("(max-width: 600px)").matches;
  const W = narrow ? 400 : 600, H = narrow ? 240 : 170, PAD = { l: 34, r: 8, t: 10, b: 22 };
  let analysed = null;

  const pct = (p) => `${Math.round(100 * p)} %`;
  const signed = (x) => `${x > 0 ? "+" : x < 0 ? "−" : "±"}${Math.abs(x).toFixed(Math.abs(x) < 10 ? 1 : 0)}`;
  const seatName = (i) => (replay && replay.names[i]) || (analysed && analysed.seats[i]) || `seat ${i}`;
  // The engines' words say "Seat 0"; people read the players' names.
  const named = (text) => window.DiceArena.withNames(text, [0, 1, 2, 3, 4, 5, 6, 7].map(seatName));

  /** Win probabilities at frame k (the position after k events): plies[k] is before event k. */
  function probsAt(result, k) {
    return k < result.plies.length ? result.plies[k].win_prob : result.final.win_prob;
  }

  function labelled(result) {
    const out = [];
    for (const row of result.plies) {
      for (const d of row.decisions || []) if (d.label) out.push({ row, d });
    }
    return out;
  }

  function summary(result) {
    const hasChance = result.plies.some((r) => r.luck);
    const list = h("ul", { class: "analysis-seats" });
    result.seats.forEach((_, i) => {
      const luck = result.luck[i];
      const acc = result.accuracy[i];
      const counts = result.labels[i] || {};
      const marks = ["blunder", "mistake", "inaccuracy"]
        .map((k) => `${counts[k] || 0} ${k === "inaccuracy" ? (counts[k] === 1 ? "inaccuracy" : "inaccuracies") : k + (counts[k] === 1 ? "" : "s")}`)
        .join(", ");
      const luckText = hasChance
        ? h("span", {}, h("b", {}, seatName(i)), `'s dice were worth ${signed(luck)} points of winning chance`)
        : h("span", {}, h("b", {}, seatName(i)), " had no dice to blame or thank: this game has no chance in it");
      const meter = hasChance ? luckMeter(luck, i) : null;
      // The seat's dot inside its sentence, so a narrow screen never wraps it off alone.
      list.append(h("li", { class: `seat seat-${i}`, "data-seat": i },
        h("span", { class: "luck", "data-luck": luck },
          h("span", { class: "dot", style: `background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}` }), " ", luckText, "."),
        meter,
        h("span", { class: "accuracy" }, acc === null || acc === undefined
          ? "No choices to judge."
          : `Accuracy ${acc.toFixed(0)} % (${marks}).`)));
    });
    return list;
  }

  /** A bar from the middle: right for good luck, left for bad, 50 points to an end. */
  function luckMeter(luck, seat) {
    const span = Math.min(50, Math.abs(luck)) / 50 * 50;
    const bar = h("span", { class: "luck-bar" + (luck < 0 ? " bad" : "") });
    bar.style.width = `${span}%`;
    if (luck >= 0) bar.style.left = "50%"; else bar.style.right = "50%";
    return h("span", { class: "luck-meter", role: "img", "aria-label": `${seatName(seat)}'s luck: ${signed(luck)} points of winning chance` }, bar);
  }

  function timeline(result) {
    const n = result.plies.length; // frames 0..n
    const x = (k) => PAD.l + (n ? (k / n) : 0) * (W - PAD.l - PAD.r);
    const y = (p) => PAD.t + (1 - p) * (H - PAD.t - PAD.b);
    const chart = svg("svg", {
      id: "timeline", class: "timeline", viewBox: `0 0 ${W} ${H}`, tabindex: 0, role: "slider",
      "aria-label": "Win probability at every move: click or use the arrow keys to go there",
      "aria-valuemin": 0, "aria-valuemax": n, focusable: "true",
    });
    for (const p of [0, 0.5, 1]) {
      chart.append(svg("line", { x1: PAD.l, x2: W - PAD.r, y1: y(p), y2: y(p), class: p === 0.5 ? "mid" : "grid" }));
      chart.append(svg("text", { x: PAD.l - 4, y: y(p) + 4, "text-anchor": "end", class: "axis" }, `${p * 100}%`));
    }
    chart.append(svg("text", { x: W - PAD.r, y: H - 4, "text-anchor": "end", class: "axis" }, `ply ${n}`));
    chart.append(svg("text", { x: PAD.l, y: H - 4, class: "axis" }, "ply 0"));
    result.seats.forEach((_, seat) => {
      const pts = [];
      for (let k = 0; k <= n; k++) pts.push(`${x(k).toFixed(1)},${y(probsAt(result, k)[seat]).toFixed(1)}`);
      chart.append(svg("polyline", {
        points: pts.join(" "), class: `line seat-line-${seat}`, fill: "none",
        stroke: SEAT_COLOURS[seat % SEAT_COLOURS.length], "data-seat": seat,
      }));
    });
    for (const { row, d } of labelled(result)) {
      // The mark sits where the labelled move leads (frame row.ply + 1), on the mover's line.
      const k = row.ply + 1;
      chart.append(svg("circle", {
        cx: x(k), cy: y(probsAt(result, k)[d.seat]), r: d.label === "blunder" ? 6 : 4.5,
        class: `mark-dot ${d.label}`, "data-ply": k,
      }, undefined));
    }
    const cursor = svg("line", { id: "timeline-cursor", class: "cursor", y1: PAD.t, y2: H - PAD.b, x1: 0, x2: 0 });
    chart.append(cursor);
    const plyOf = (clientX) => {
      const box = chart.getBoundingClientRect();
      const vx = (clientX - box.left) / box.width * W;
      return Math.max(0, Math.min(n, Math.round((vx - PAD.l) / (W - PAD.l - PAD.r) * n)));
    };
    chart.addEventListener("click", (ev) => { replay.go(plyOf(ev.clientX)); chart.focus(); });
    chart.addEventListener("keydown", (ev) => {
      const step = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageUp: 10, PageDown: -10 }[ev.key];
      let to = null;
      if (step !== undefined) to = replay.current() + step;
      else if (ev.key === "Home") to = 0;
      else if (ev.key === "End") to = n;
      if (to === null) return;
      ev.preventDefault();
      ev.stopPropagation(); // the replay's own keys would move it a second time
      replay.go(to);
    });
    chart.moveCursor = (k) => {
      const cx = x(Math.min(k, n));
      cursor.setAttribute("x1", cx); cursor.setAttribute("x2", cx);
      chart.setAttribute("aria-valuenow", k);
      const probs = probsAt(result, Math.min(k, n));
      chart.setAttribute("aria-valuetext", `ply ${k}: ` + probs.map((p, i) => `${seatName(i)} ${pct(p)}`).join(", "));
    };
    return chart;
  }

  function legend(result) {
    return h("p", { class: "timeline-legend" }, ...result.seats.map((_, i) =>
      h("span", { class: "key" }, h("span", { class: "swatch", style: `background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}` }), seatName(i))),
      h("span", { class: "key muted" }, "● a labelled move"));
  }

  /** Marks in the move list: the event at analysis ply k is the list item of frame k + 1. */
  function markMoves(result) {
    const log = document.getElementById("log");
    if (!log) return;
    for (const { row, d } of labelled(result)) {
      const li = log.querySelector(`li[data-ply="${row.ply + 1}"]`);
      if (!li) continue;
      li.classList.add(`labelled-${d.label}`);
      const best = named(d.best_text || d.best_move);
      li.append(" ", h("span", {
        class: `move-mark ${d.label}`, "data-seat": d.seat,
        title: `${seatName(d.seat)}: ${d.label}, ${d.loss.toFixed(0)} points of winning chance lost; best was ${best}`,
      }, `${MARKS[d.label]} ${d.label}`));
    }
  }

  /** What the analysis says about the moment on the board. */
  function here(result, k) {
    const box = document.getElementById("analysis-here");
    if (!box) return;
    box.innerHTML = "";
    const n = result.plies.length;
    const probs = probsAt(result, Math.min(k, n));
    box.append(h("p", {}, h("b", {}, `Ply ${k}: `),
      probs.map((p, i) => `${seatName(i)} ${pct(p)}`).join(" · "),
      k < n && !result.plies[k].exact && result.plies[k].win_prob_ci
        ? ` (estimated from ${(result.method && result.method.playouts) || "a few"} playouts)` : ""));
    const row = k > 0 ? result.plies[k - 1] : null;
    if (!row) return;
    for (const d of row.decisions || []) {
      if (d.forced) { box.append(h("p", { class: "muted" }, `${seatName(d.seat)} had no other move.`)); continue; }
      const best = named(d.best_text || d.best_move);
      // A loss inside the interval of the estimates is not called anything: the playouts
      // cannot tell the two moves apart (docs/analysis.md, "Thresholds").
      const unsure = !d.label && d.loss_half !== null && d.loss_half !== undefined && d.loss >= 1 && d.loss <= d.loss_half;
      const verdict = d.label ? `${window.DiceArena.article(d.label)} ${d.label}` : unsure ? "not clearly worse than the best move found (the playouts cannot tell them apart)" : d.loss >= 1 ? "a small slip" : "as good as the best move found";
      box.append(h("p", { class: d.label ? `verdict ${d.label}` : "verdict" },
        `${seatName(d.seat)}'s move was ${verdict}`,
        d.loss >= 0.5 ? ` (${d.loss.toFixed(1)} points of winning chance lost; best was ${best}, ${pct(d.best_win_prob)}).` : "."));
    }
    if (row.luck) {
      const words = row.luck.map((x, i) => `${seatName(i)} ${signed(x)}`).join(", ");
      box.append(h("p", { class: "muted" }, `Luck of this roll, in points of winning chance (100 is a sure win): ${words}.`));
    }
  }

  function draw(result) {
    if (!result || !replay) return;
    analysed = result;
    els.body.innerHTML = "";
    const method = result.method || {};
    const how = method.kind === "exact"
      ? "Exact win chances from the solved game."
      : `Win chances estimated from ${method.playouts || "a few"} playouts per position by ${method.playout_policy || "the strongest agent"}.`;
    const chart = timeline(result);
    els.body.append(
      summary(result),
      h("h3", { class: "timeline-title" }, "Who was winning"),
      legend(result),
      chart,
      h("div", { id: "analysis-here", class: "analysis-here", "aria-live": "polite" }),
      h("p", { class: "muted small" }, how, " ", h("a", { href: card.dataset.url, id: "analysis-json" }, "The figures as JSON"), "."),
    );
    markMoves(result);
    // The marks made the list's entries taller: keep the current one in sight.
    const current = document.querySelector("#log li.current");
    if (current) window.DiceArena.showInList(document.getElementById("log"), current);
    const follow = (k) => { chart.moveCursor(k); here(result, k); };
    replay.root.addEventListener("replay:ply", (ev) => follow(ev.detail.ply));
    follow(replay.current());
  }

  const stored = JSON.parse(document.getElementById("analysis-data").textContent);
  if (card.dataset.status === "done") draw(stored);
  else if (card.dataset.status === "pending" || card.dataset.status === "running") poll();
})();
