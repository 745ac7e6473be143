/* Tournament page: the progress bar follows the workers live; when who plays whom or the
   standings change, the page's content is drawn again in place (fetched, not reloaded, so
   a redraw never cuts short a navigation the visitor started). */
(function () {
  const main = document.getElementById("main");
  const id = document.getElementById("tournament").dataset.id;
  const root = () => document.getElementById("tournament");
  const OVER = ["finished", "cancelled", "failed"];
  let fetching = false;
  let again = false;

  // Draw the server's page again into <main>; one fetch at a time, the last change wins.
  async function redraw() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      const focused = document.activeElement && document.activeElement.id;
      const response = await fetch(location.href, { cache: "no-store", credentials: "same-origin" });
      if (response.ok) {
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const fresh = doc.getElementById("main");
        if (fresh && doc.getElementById("tournament")) {
          // In place: a button being pressed (Join, Withdraw, Start) stays that button.
          window.DiceArena.morph(main, fresh);
          root().dataset.loadedStatus = root().dataset.status;
          if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
        }
      }
    } catch (err) {
      // A dropped connection: the socket's next frame asks again.
    } finally {
      fetching = false;
      if (again) {
        again = false;
        redraw();
      }
    }
  }

  function show(p) {
    const pct = p.total_games ? (100 * p.games_done) / p.total_games : 0;
    const bar = document.getElementById("progress-bar");
    if (bar) {  // an arena has none: its games are not known ahead
      bar.style.width = pct.toFixed(1) + "%";
      document.getElementById("progress").setAttribute("aria-valuenow", String(p.games_done));
    }
    // The server words it ("round 2 of 3 · 3 of 6 games", "5 games played").
    const text = document.getElementById("progress-text");
    if (text && p.progress_text) text.textContent = p.progress_text;
    const round = document.getElementById("t-round");
    if (round && p.rounds > 1) round.textContent = `round ${p.round} of ${p.rounds}`;
    const status = document.getElementById("t-status");
    if (status) status.textContent = p.status_text || p.status;
    const eta = document.getElementById("eta");
    if (eta && root().dataset.people !== "1") {
      eta.textContent = p.eta_s !== null && p.eta_s !== undefined ? ` · about ${Math.round(p.eta_s)} s left` : "";
    }
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${id}/`);
    ws.onmessage = (msg) => {
      const p = JSON.parse(msg.data);
      if (p.type !== "progress") return;
      const drawn = root().dataset;
      // A tournament for people: a join, the start or a new round changes who plays whom,
      // which the server draws. Any tournament: its standings once everything is in.
      const changed =
        p.status !== drawn.loadedStatus ||
        String(p.round) !== drawn.round ||
        String(p.games_done) !== drawn.gamesDone ||
        (p.entrants !== undefined && String(p.entrants) !== drawn.entrants) ||
        (p.roster !== undefined && p.roster !== drawn.roster);
      if ((drawn.people === "1" && changed) || (OVER.includes(p.status) && p.status !== drawn.loadedStatus)) {
        redraw();
        return;
      }
      show(p);
      drawn.status = p.status;
    };
    ws.onclose = (ev) => {
      if (ev.code === 4404) return; // no such tournament: nothing to wait for
      if (!OVER.includes(root().dataset.loadedStatus)) setTimeout(connect, 1500);
    };
  }

  // An arena's window: the time left, counted down here from the server's end time.
  function countDown() {
    const ends = document.getElementById("t-ends");
    const left = document.getElementById("t-left");
    if (!ends || !left) return;
    if (OVER.includes(root().dataset.status)) {
      left.textContent = "";
      return;
    }
    const s = Math.max(0, Math.round((Date.parse(ends.getAttribute("datetime")) - Date.now()) / 1000));
    const text = s > 0 ? `(${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")} left)` : "(closed: the games under way finish)";
    if (left.textContent !== text) left.textContent = text;
  }
  setInterval(countDown, 1000);
  countDown();

  root().dataset.loadedStatus = root().dataset.status;
  if (!OVER.includes(root().dataset.status)) connect();
})();
