/* The live match page: render the snapshot, then follow frames from the socket. */
(function () {
  "use strict";
  const { h, MatchSocket, nextView, renderThinking, renderer, withNames } = window.DiceArena;
  const root = document.getElementById("match");
  const matchId = Number(root.dataset.matchId);
  const game = root.dataset.game;
  const snap = JSON.parse(document.getElementById("snapshot").textContent);
  const els = {
    board: document.getElementById("board"),
    controls: document.getElementById("controls"),
    notice: document.getElementById("notice"),
    log: document.getElementById("log"),
    thinking: document.getElementById("thinking"),
    conn: document.getElementById("conn"),
    status: document.getElementById("status"),
    seed: document.getElementById("seed"),
  };
  const st = {
    view: snap.view, legal: snap.legal, turn: snap.turn, status: snap.status,
    seats: snap.seats, you: snap.you, log: snap.log, chosen: snap.chosen || [],
  };
  const thinkingCache = new Map();
  let socket = null; // set below; handlers may run while it is being made

  function names() { return st.seats.map((s) => s.name + (s.index === st.you ? " (you)" : "")); }

  function notice(text, kind) {
    els.notice.textContent = text || "";
    els.notice.className = "notice" + (kind ? " " + kind : "");
  }

  function renderStatus() {
    const s = st.status;
    root.dataset.status = s.status;
    root.dataset.seq = String(socket ? socket.seq : snap.seq);
    if (s.status === "finished") {
      const r = s.result || {};
      const winners = (r.winners || []).map((w) => st.seats[w] && st.seats[w].name);
      els.status.innerHTML = "";
      els.status.append(h("span", { class: "final", id: "final-result" },
        winners.length ? `${winners.join(", ")} won` : "draw"));
      if (r.reason) els.status.append(h("span", { class: "muted", id: "final-reason" }, ` (${withNames(r.reason, st.seats.map((x) => x.name))})`));
      if (s.seed) els.seed.textContent = s.seed;
    } else if (s.status !== "active") {
      els.status.innerHTML = "";
      els.status.append(h("span", { class: "final", id: "final-result" }, "aborted"));
      // Aborted by the site (a first move never came): why, in the players' names.
      const why = (s.result || {}).reason;
      if (why) els.status.append(h("span", { class: "muted", id: "final-reason" }, ` (${withNames(why, st.seats.map((x) => x.name))})`));
      if (s.seed) els.seed.textContent = s.seed;
    } else if (s.status === "aborted") {
      els.status.textContent = "aborted";
      if (s.seed) els.seed.textContent = s.seed;
    } else {
      const acting = st.turn.acting || [];
      const who = acting.map((i) => (i === st.you ? "you" : st.seats[i].name));
      // Between a move and the roll it calls for (a Dice Wars battle) nobody is to move.
      if (!acting.length) els.status.textContent = st.turn.chance ? "the dice are rolling…" : "";
      else els.status.textContent = st.turn.simultaneous ? `${who.join(" and ")} choose` : `${who.join(", ")} to move`;
    }
  }

  /** How the match ended, in words, once it has (null while it goes on): each board's
      status line says this rather than whose move it was (DiceArena.endedWords). */
  function ended() {
    return window.DiceArena.endedWords(st.status, st.seats.map((x) => x.name));
  }

  /** What the AI weighed is fetched when someone asks, not pushed with every move. */
  async function showThinking(ply) {
    let decisions = thinkingCache.get(ply);
    if (!decisions) {
      els.thinking.textContent = "Loading what the AI weighed…";
      try {
        const resp = await fetch(`/matches/${matchId}/thinking/${ply}/`);
        if (!resp.ok) throw new Error(resp.statusText);
        decisions = await resp.json();
        thinkingCache.set(ply, decisions);
      } catch (e) {
        els.thinking.textContent = "Could not load what the AI weighed; try again.";
        return;
      }
    }
    renderThinking(els.thinking, decisions);
  }

  function renderLog() {
    els.log.innerHTML = "";
    st.log.forEach((e) => {
      if (e.actor === -1 && !e.text) return;
      const li = h("li", { "data-ply": e.ply, class: e.actor === -1 ? "chance" : "" },
        h("span", { class: "ply" }, `${e.ply + 1}.`), " ", withNames(e.text, st.seats.map((s) => s.name)));
      if (e.thinking && e.thinking.length) {
        li.classList.add("has-thinking");
        li.append(" ", h("button", { class: "why link", type: "button", onclick: () => showThinking(e.ply) }, "why?"));
      }
      els.log.append(li);
    });
    els.log.scrollTop = els.log.scrollHeight;
  }

  let drawnFrom = null; // what the board was last drawn from

  function render() {
    const waiting = st.turn.simultaneous && st.you !== null && st.chosen.includes(st.you);
    const pending = !!(socket && socket.outbox);
    const ctx = {
      names: names(), you: st.you, legal: st.status.status === "active" && !pending ? st.legal : [],
      onMove: st.you !== null ? sendMove : null, controls: els.controls, waiting,
      chosen: st.chosen, pending, ended: ended(),
    };
    // The board and its buttons are drawn again only when what they show changed: a
    // heartbeat's "synced" or the other side's "chosen" leaves the button a person is
    // pressing where it is.
    const from = [st.view, ctx.legal.join("\n"), waiting, pending, ctx.ended && ctx.ended.text, ctx.names.join("\n"), st.you];
    if (!drawnFrom || from.some((x, i) => x !== drawnFrom[i])) {
      drawnFrom = from;
      renderer(game).render(els.board, st.view, ctx);
      if (!renderer(game).controls) els.controls.innerHTML = "";
    }
    renderStatus();
    if (st.status.status !== "active") clock.stop();
    end.render(ctx);
  }

  /** A move as the game's players say it (the board's words for it), never its code. */
  function said(move) {
    const r = renderer(game);
    const words = window.DiceArena.moveWords(move) || (r.words && r.words(move, st.view));
    return words ? withNames(words, names()) : "your move";
  }

  function sendMove(move) {
    // One move in flight at a time: a double click must not send a second one.
    const queued = socket.move({ type: "move", seat: st.you, seq: socket.seq, move });
    if (!queued) return;
    notice(socket.synced ? `Sent: ${said(move)} …` : `Offline: ${said(move)} will be sent when the connection is back.`);
    render();
  }

  function onFrame(f) {
    switch (f.type) {
      case "snapshot":
        clock.update(f.clock);
        Object.assign(st, { view: f.view, legal: f.legal, turn: f.turn, status: f.status, seats: f.seats, log: f.log, chosen: f.chosen || [], you: f.you });
        render();
        renderLog();
        break;
      case "event":
        st.view = nextView(st.view, f);
        st.legal = f.legal || [];
        st.turn = f.turn;
        if (f.status) st.status = f.status;
        st.chosen = [];
        st.log.push(f.event);
        render();
        renderLog();
        if (window.DiceArena.refreshTurnBadge) window.DiceArena.refreshTurnBadge();
        break;
      case "synced":
        st.chosen = f.chosen || [];
        if (f.seats) { st.seats = f.seats; end.seats(); }
        if (f.status && f.status.status !== st.status.status) { st.status = f.status; st.legal = []; }
        clock.update(f.clock);
        render();
        break;
      case "clock":
        clock.update(f.clock);
        break;
      case "chosen":
        st.chosen = f.seats;
        if (st.you !== null && !f.seats.includes(st.you)) notice("The other side has chosen.");
        render();
        break;
      case "seats":
        st.seats = f.seats;
        end.seats();
        render();
        break;
      case "status":
        notice("");
        st.status = f.status;
        st.legal = [];
        render();
        break;
      case "rematch":
        end.rematch(f);
        break;
      case "error":
        notice(f.message, "error");
        root.dataset.lastError = f.code;
        break;
    }
  }

  function onSettled(frame, how) {
    if (how !== "error") notice("");
    render();
  }

  /** The link as the person sees it: "connected · 40 ms", "slow connection…" when pongs
      are late, "offline — reconnecting…" when they stopped (see MatchSocket). */
  function onStatus(state, ms) {
    root.dataset.conn = state;
    const text = {
      connecting: "connecting…",
      reconnecting: "reconnecting…",
      syncing: "catching up…",
      live: typeof ms === "number" ? `connected · ${ms} ms` : "connected",
      lagging: `slow connection — no answer for ${Math.floor((ms || 0) / 1000)} s…`,
      "no such match": "no such match",
    }[state];
    if (typeof ms === "number" && state === "live") root.dataset.lag = String(ms);
    if (state === "offline") {
      const secs = ms ? Math.ceil(ms / 1000) : 0;
      els.conn.textContent = secs ? `offline — reconnecting in ${secs} s` : "offline — reconnecting…";
      if (socket && socket.outbox) notice(`Offline: ${said(socket.outbox.frame.move)} will be sent when the connection is back.`);
    } else {
      els.conn.textContent = text || state;
    }
    els.conn.classList.toggle("offline", state === "offline" || state === "reconnecting" || state === "lagging");
  }

  const clockOptions = {
    root, seats: () => st.seats, you: () => st.you,
    send: (frame) => { if (socket && socket.isOpen()) socket.raw(frame); },
  };
  // The clocks, and the first-move window of a fair start around them (first_move.js).
  const clock = window.DiceArena.firstMove(window.DiceArena.clocks(clockOptions), clockOptions);
  const end = window.DiceArena.matchEnd({ root, st, matchId, notice, send: (frame) => {
    if (!socket.isOpen()) { notice("You are offline: try again when the connection is back.", "error"); return; }
    socket.raw(frame);
  } });
  socket = new MatchSocket(matchId, snap.seq, { frame: onFrame, status: onStatus, settled: onSettled });
  window.DiceArena.currentSocket = socket;

  document.addEventListener("keydown", (ev) => {
    const keys = renderer(game).keys || {};
    const move = keys[ev.key];
    if (move && st.legal.includes(move) && st.you !== null && st.status.status === "active") sendMove(move);
  });

  clock.update(snap.clock);
  render();
  renderLog();
})();
