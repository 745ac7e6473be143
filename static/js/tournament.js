/* Tournament page: the progress bar follows the workers live. */
(function () {
  const root = document.getElementById("tournament");
  const id = root.dataset.id;
  const bar = document.getElementById("progress-bar");
  const text = document.getElementById("progress-text");
  const status = document.getElementById("t-status");
  const eta = document.getElementById("eta");
  let reloaded = false;
  function connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${id}/`);
    ws.onmessage = (msg) => {
      const p = JSON.parse(msg.data);
      if (p.type !== "progress") return;
      const pct = p.total_games ? (100 * p.games_done) / p.total_games : 0;
      bar.style.width = pct.toFixed(1) + "%";
      bar.parentElement.setAttribute("aria-valuenow", String(p.games_done));
      text.textContent = `${p.games_done} of ${p.total_games} games`;
      status.textContent = p.status;
      const round = document.getElementById("t-round");
      if (round && p.rounds > 1) round.textContent = `round ${p.round} of ${p.rounds}`;
      eta.textContent = p.eta_s !== null && p.eta_s !== undefined ? `about ${Math.round(p.eta_s)} s left` : "";
      root.dataset.status = p.status;
      root.dataset.done = String(p.games_done);
      // A tournament for people: a join, the start or a new round changes who plays whom;
      // the server draws that, so the page is drawn again (once per change).
      const people = root.dataset.people === "1";
      const changed =
        p.status !== root.dataset.loadedStatus ||
        String(p.round) !== root.dataset.round ||
        String(p.games_done) !== root.dataset.gamesDone ||
        (p.entrants !== undefined && String(p.entrants) !== root.dataset.entrants);
      if (people && !reloaded && changed) {
        reloaded = true;
        setTimeout(() => location.reload(), 300);
        return;
      }
      // Standings are drawn by the server: show them once everything is in.
      if (p.status === "finished" && root.dataset.loadedStatus !== "finished" && !reloaded) {
        reloaded = true;
        setTimeout(() => location.reload(), 300);
      }
    };
    ws.onclose = () => setTimeout(connect, 1500);
  }
  root.dataset.loadedStatus = root.dataset.status;
  if (root.dataset.status !== "finished") connect();
})();
