/* TV: one screen per game follows that game's live AI-against-AI match over its socket;
   when the match ends (or there is none) it asks which match is on now and switches. */
(function () {
  "use strict";
  const { h, MatchSocket, nextView, renderer } = window.DiceArena;
  const NEXT_AFTER_MS = 6000; // let people see the result before the next match
  const POLL_MS = 15000;

  function screen(el) {
    const game = el.dataset.game;
    const board = el.querySelector(".board");
    const status = el.querySelector(".tv-status");
    const players = el.querySelector(".tv-players");
    let socket = null;
    let names = [];
    let view = null;
    let timer = null;

    function draw(view) {
      renderer(game).render(board, view, { names, you: null, legal: [], onMove: null });
    }

    function later(ms) {
      clearTimeout(timer);
      timer = setTimeout(next, ms);
    }

    /** "Red vs Blue · open the match": the players of the match on now, from its snapshot
        (the same line the page was served with, kept when the screen switches). */
    function showPlayers(seats) {
      const line = [];
      seats.forEach((s, i) => {
        if (i) line.push(" vs ");
        line.push(h("span", { class: `seat-${s.index}` }, h("span", { class: "dot", "aria-hidden": "true" }), s.name));
      });
      line.push(" · ", h("a", { href: `/matches/${el.dataset.matchId}/` }, "open the match"));
      players.replaceChildren(...line);
    }

    function onFrame(f) {
      if (f.type === "snapshot") {
        names = f.seats.map((s) => s.name);
        view = f.view;
        showPlayers(f.seats);
        if (view !== null) draw(view);
      } else if (f.type === "event" && view !== null) {
        view = nextView(view, f);
        draw(view);
      } else if (f.type !== "status" && f.type !== "synced") {
        return; // a "status" or "synced" frame may say the match ended off the board (aborted)
      }
      if (f.status && f.status.status !== "active") {
        status.textContent = "This match is over; the next one comes on shortly.";
        later(NEXT_AFTER_MS);
      }
    }

    function tune(matchId) {
      if (socket) socket.close();
      el.dataset.matchId = String(matchId);
      status.textContent = "";
      view = null;
      socket = new MatchSocket(matchId, null, {
        frame: onFrame,
        status: (text) => { el.dataset.conn = text; },
        settled: () => {},
      });
    }

    async function next() {
      try {
        const r = await fetch(`/tv/${game}/now.json`, { headers: { Accept: "application/json" } });
        const data = await r.json();
        if (data.match && String(data.match) !== el.dataset.matchId) {
          tune(data.match);
          return;
        }
      } catch (err) {
        // offline for a moment: try again later
      }
      later(POLL_MS);
    }

    if (el.dataset.matchId) tune(Number(el.dataset.matchId));
    else later(POLL_MS);
  }

  document.querySelectorAll(".tv-screen").forEach(screen);
})();
