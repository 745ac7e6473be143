/* The person socket, /ws/me/ (docs/protocol.md, "The person socket"). Every page of a
   signed-in person or a guest opens one (<body data-person>), so what concerns them
   reaches whatever page they are on, pushed: a new game of theirs (new_game.js), the games
   waiting for their move (turn_badge.js), their choice of the new-game sound. The seeks
   page follows the open seeks on it (seeks.js), for anyone.

   It reconnects with a back-off (0.25 s to 5 s, at once when the browser is back online
   or the tab is shown again), says hello on every connect and after 25 s of quiet, and
   takes a hello unanswered for 6 s, or a connection attempt that neither opens nor
   fails in 5 s, for a dead link. ``DiceArena.me``: on(type, fn) for frames (and "open",
   "closed"), send(frame), isOpen(), hello(), follow(what). */
(function () {
  "use strict";
  const HEARTBEAT_EVERY = 25000;
  const ANSWER_WITHIN = 6000;
  const OPEN_WITHIN = 5000;

  const listeners = {};
  const following = new Set();
  let ws = null, retry = 0, lastHeard = 0, helloAt = null, openedAt = 0;
  let reconnectTimer = null, started = false;

  function on(type, fn) { (listeners[type] = listeners[type] || []).push(fn); }
  function emit(frame) {
    for (const fn of listeners[frame.type] || []) {
      try { fn(frame); } catch (e) { console.error(e); }
    }
  }
  function isOpen() { return !!ws && ws.readyState === WebSocket.OPEN; }
  function send(obj) { if (isOpen()) ws.send(JSON.stringify(obj)); }
  function hello() { helloAt = Date.now(); send({ type: "hello" }); }

  function open() {
    started = true;
    clearTimeout(reconnectTimer);
    openedAt = Date.now();
    helloAt = null;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const sock = new WebSocket(`${scheme}://${location.host}/ws/me/`);
    ws = sock;
    sock.onopen = () => {
      if (sock !== ws) return;
      retry = 0;
      lastHeard = Date.now();
      document.documentElement.dataset.me = "live";
      if (document.body.dataset.person) hello();
      for (const what of following) send({ type: "follow", what });
      emit({ type: "open" });
    };
    sock.onmessage = (msg) => {
      if (sock !== ws) return;
      lastHeard = Date.now();
      const frame = JSON.parse(msg.data);
      if (frame.type === "turns") helloAt = null;
      emit(frame);
    };
    sock.onclose = (ev) => {
      if (sock !== ws) return;
      ws = null;
      document.documentElement.dataset.me = "offline";
      emit({ type: "closed" });
      later(ev.code === 4429 ? 5000 : null);
    };
  }

  function later(delay) {
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(open, delay || Math.min(5000, 250 * 2 ** retry++));
  }

  /** Drop the connection (it stopped answering, however open it looks) and open another. */
  function reconnectNow() {
    const old = ws;
    ws = null;
    if (old) { old.onclose = null; try { old.close(); } catch (e) { /* already gone */ } }
    document.documentElement.dataset.me = "offline";
    emit({ type: "closed" });
    retry = 0;
    open();
  }

  function tick() {
    if (!started) return;
    const now = Date.now();
    if (ws && ws.readyState === WebSocket.CONNECTING && now - openedAt > OPEN_WITHIN) { reconnectNow(); return; }
    if (!isOpen()) return;
    if (helloAt && now - helloAt > ANSWER_WITHIN) { reconnectNow(); return; }
    if (!helloAt && now - lastHeard > HEARTBEAT_EVERY) {
      if (document.body.dataset.person) hello();
      else { helloAt = now; send({ type: "follow", what: [...following][0] || "seeks" }); }
    }
  }

  function follow(what) {
    following.add(what);
    if (!started) open();
    else send({ type: "follow", what });
  }

  // A "following" answer also answers the heartbeat of a page with no person.
  on("following", () => { helloAt = null; });

  window.DiceArena = window.DiceArena || {};
  window.DiceArena.me = { on, send, isOpen, hello, follow };
  if (document.body.dataset.person) open();
  setInterval(tick, 1000);
  window.addEventListener("online", () => { if (started && !isOpen()) reconnectNow(); });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible" && started && !isOpen()) reconnectNow();
  });
})();
