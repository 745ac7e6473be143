/* The live match page: render the snapshot, then follow frames from the socket. */
(function () {
  "use strict";
  const { h, MatchSocket, renderThinking, renderer } = window.DiceArena;
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
    seats: snap.seats, you: snap.you, log: snap.log, chosen: snap.chosen || [], sent: false,
  };

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
      if (s.seed) els.seed.textContent = s.seed;
    } else {
      const acting = st.turn.acting || [];
      const who = acting.map((i) => (i === st.you ? "you" : st.seats[i].name));
      els.status.textContent = st.turn.simultaneous ? `${who.join(" and ")} choose` : `${who.join(", ")} to move`;
    }
  }

  function renderLog() {
    els.log.innerHTML = "";
    st.log.forEach((e) => {
      if (e.actor === -1 && !e.text) return;
      const li = h("li", { "data-ply": e.ply, class: e.actor === -1 ? "chance" : "" },
        h("span", { class: "ply" }, `${e.ply + 1}.`), " ", e.text);
      if (e.decisions && Object.keys(e.decisions).length) {
        li.classList.add("has-thinking");
        li.addEventListener("click", () => renderThinking(els.thinking, e.decisions));
      }
      els.log.append(li);
    });
    els.log.scrollTop = els.log.scrollHeight;
    const last = [...st.log].reverse().find((e) => e.decisions && Object.keys(e.decisions).length);
    renderThinking(els.thinking, last ? last.decisions : null);
  }

  function render() {
    const waiting = st.turn.simultaneous && st.you !== null && st.chosen.includes(st.you);
    const ctx = {
      names: names(), you: st.you, legal: st.status.status === "active" ? st.legal : [],
      onMove: st.you !== null ? sendMove : null, controls: els.controls, waiting,
      chosen: st.chosen, pending: st.sent,
    };
    renderer(game).render(els.board, st.view, ctx);
    if (!renderer(game).controls) els.controls.innerHTML = "";
    renderStatus();
    renderLog();
  }

  function sendMove(move) {
    // One move in flight at a time: a double click must not send a second one.
    if (st.sent) return;
    st.sent = true;
    notice("Sent " + move + " …");
    socket.send({ type: "move", seat: st.you, seq: socket.seq, move });
  }

  function onFrame(f) {
    if (["snapshot", "event", "ack", "error"].includes(f.type)) st.sent = false;
    switch (f.type) {
      case "snapshot":
        Object.assign(st, { view: f.view, legal: f.legal, turn: f.turn, status: f.status, seats: f.seats, log: f.log, chosen: f.chosen || [], you: f.you });
        render();
        break;
      case "event":
        Object.assign(st, { view: f.view, legal: f.legal, turn: f.turn, status: f.status, you: f.you, chosen: [] });
        st.log.push(f.event);
        notice("");
        render();
        break;
      case "chosen":
        st.chosen = f.seats;
        if (st.you !== null && !f.seats.includes(st.you)) notice("The other side has chosen.");
        render();
        break;
      case "seats":
        st.seats = f.seats;
        render();
        break;
      case "ack":
        notice("");
        break;
      case "error":
        notice(f.message, "error");
        root.dataset.lastError = f.code;
        break;
    }
  }

  const socket = new MatchSocket(matchId, snap.seq, {
    frame: onFrame,
    status: (text) => {
      els.conn.textContent = text === "live" ? "connected" : text;
      root.dataset.conn = text;
    },
  });
  window.DiceArena.currentSocket = socket;

  document.addEventListener("keydown", (ev) => {
    const keys = renderer(game).keys || {};
    const move = keys[ev.key];
    if (move && st.legal.includes(move) && st.you !== null && st.status.status === "active") sendMove(move);
  });

  render();
})();
