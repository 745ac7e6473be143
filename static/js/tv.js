/* TV: one screen per game follows that game's live AI-against-AI match over its match
   socket. Which match is on comes by push: the TV socket (/ws/tv/) says every game's
   match of the moment on connecting and whenever a watchable match starts or ends, so a
   Footsies match of five seconds is on the screen as it starts (docs/protocol.md, "TV").
   While that socket is down, each screen asks /tv/<game>/now.json every 15 s instead. */
(function () {
  "use strict";
  const { h, MatchSocket, nextView, renderer } = window.DiceArena;
  const NEXT_AFTER_MS = 6000; // let people see the result before the next match
  const POLL_MS = 15000;      // the fallback's pace, while the TV socket is down
  const HELLO_EVERY_MS = 25000; // the TV socket's heartbeat (and resync)
  const ANSWER_WITHIN_MS = 6000; // a hello unanswered this long: the socket is dead

  function screen(el) {
    const game = el.dataset.game;
    const board = el.querySelector(".board");
    const status = el.querySelector(".tv-status");
    const players = el.querySelector(".tv-players");
    let socket = null;
    let names = [];
    let view = null;
    let current = el.dataset.matchId ? Number(el.dataset.matchId) : null;
    let over = false;        // the match on the screen has ended
    let holdUntil = 0;       // ... and its result stays on until then
    let live = null;         // the match of the moment, as last heard
    let started = null;      // the newest match heard starting and not yet shown
    let shown = current || 0; // the newest match ever on this screen
    let timer = null;
    let lastStatus = null;   // the status frame that said the match on the screen ended

    function draw() {
      const ended = over ? window.DiceArena.endedWords(lastStatus, names) : null;
      renderer(game).render(board, view, { names, you: null, legal: [], onMove: null, ended });
    }

    /** "Red vs Blue · open the match": the players of the match on now, from its
        snapshot. The link is made once and stays the same element (a person may be
        pressing it): only its address changes. */
    function showPlayers(seats) {
      let who = players.querySelector(".tv-names");
      let link = players.querySelector("a.tv-open");
      if (!who || !link) {
        who = h("span", { class: "tv-names" });
        link = h("a", { class: "tv-open" }, "open the match");
        players.replaceChildren(who, " · ", link);
      }
      link.href = `/matches/${current}/`;
      const line = [];
      seats.forEach((s, i) => {
        if (i) line.push(" vs ");
        line.push(h("span", { class: `seat-${s.index}` }, h("span", { class: "dot", "aria-hidden": "true" }), s.name));
      });
      who.replaceChildren(...line);
    }

    function onFrame(f) {
      if (f.type === "snapshot") {
        names = f.seats.map((s) => s.name);
        view = f.view;
        showPlayers(f.seats);
      } else if (f.type === "event" && view !== null) {
        view = nextView(view, f);
      } else if (f.type !== "status" && f.type !== "synced") {
        return; // a "status" or "synced" frame may say the match ended off the board (aborted)
      }
      if (f.status && f.status.status !== "active" && !over) {
        over = true;
        lastStatus = f.status;
        holdUntil = Date.now() + NEXT_AFTER_MS;
        status.textContent = "This match is over; the next one comes on when one starts.";
        el.dataset.over = "1";
        clearTimeout(timer);
        timer = setTimeout(pick, NEXT_AFTER_MS);
      }
      if (view !== null) draw();
    }

    function tune(matchId) {
      if (socket) socket.close();
      current = matchId;
      shown = Math.max(shown, matchId);
      if (started !== null && started <= shown) started = null;
      el.dataset.matchId = String(matchId);
      delete el.dataset.over;
      over = false;
      lastStatus = null;
      status.textContent = "";
      view = null;
      socket = new MatchSocket(matchId, null, {
        frame: onFrame,
        status: (text) => { el.dataset.conn = text; },
        settled: () => {},
      });
    }

    /** Put the right match on, if the screen is free: nothing on, or the match on it
        ended and its result has been up long enough. A match heard starting since
        comes first (however short, it is seen, if only its end), then the one live. */
    function pick() {
      if (current !== null && !(over && Date.now() >= holdUntil)) return;
      const next = started !== null && started > shown ? started : live !== null && live !== current ? live : null;
      if (next !== null) tune(next);
    }

    return {
      game,
      /** The match of the moment (null: none), pushed or polled. */
      now(matchId) { live = matchId; pick(); },
      /** A watchable match started. */
      started(matchId) { if (matchId > shown) started = Math.max(started || 0, matchId); pick(); },
      start() { if (current !== null) tune(current); },
    };
  }

  const screens = new Map([...document.querySelectorAll(".tv-screen")].map((el) => {
    const s = screen(el);
    return [s.game, s];
  }));
  const page = document.querySelector(".tv-grid");

  // ----- which match is on: the TV socket, or polling while it is down -------------------
  let ws = null, retry = 0, helloAt = null, lastHeard = 0, polling = null;

  function poll() {
    for (const [game, s] of screens) {
      fetch(`/tv/${game}/now.json`, { headers: { Accept: "application/json" } })
        .then((r) => r.json()).then((data) => s.now(data.match || null)).catch(() => {});
    }
  }
  function startPolling() {
    if (polling) return;
    page.dataset.tv = "polling";
    poll();
    polling = setInterval(poll, POLL_MS);
  }
  function stopPolling() { clearInterval(polling); polling = null; }

  function hello() {
    helloAt = Date.now();
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ type: "hello" }));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tv/`);
    ws = socket;
    socket.onopen = () => { retry = 0; };
    socket.onmessage = (msg) => {
      if (socket !== ws) return;
      const f = JSON.parse(msg.data);
      if (f.type !== "tv") return;
      lastHeard = Date.now();
      helloAt = null;
      stopPolling();
      page.dataset.tv = "live";
      for (const [game, id] of Object.entries(f.started || {})) if (screens.has(game)) screens.get(game).started(id);
      for (const [game, id] of Object.entries(f.screens || {})) if (screens.has(game)) screens.get(game).now(id);
    };
    socket.onclose = () => {
      if (socket !== ws) return;
      ws = null;
      startPolling(); // no pushes meanwhile: ask, as before
      setTimeout(connect, Math.min(15000, 500 * 2 ** retry++));
    };
  }

  // The heartbeat: a hello on a quiet socket, and a dead one (no answer) is replaced.
  setInterval(() => {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    if (helloAt && Date.now() - helloAt > ANSWER_WITHIN_MS) { ws.close(); return; }
    if (!helloAt && Date.now() - lastHeard > HELLO_EVERY_MS) hello();
  }, 1000);

  for (const s of screens.values()) s.start();
  connect();
})();
