/* "(1) Your turn" in the tab's title while games wait for the signed-in person's move
   (switchable off in the account's settings: the server answers badge: false). */
(function () {
  "use strict";
  const plain = document.title.replace(/^\(\d+\) Your turn · /, "");
  let busy = false;
  async function refresh() {
    if (busy) return;
    busy = true;
    try {
      const resp = await fetch("/matches/your-turn.json", { credentials: "same-origin" });
      if (!resp.ok) return;
      const data = await resp.json();
      const n = data.badge ? data.count : 0;
      document.title = n ? `(${n}) Your turn · ${plain}` : plain;
      document.documentElement.dataset.yourTurn = String(n);
    } catch (e) {
      /* offline: the title stays as it was */
    } finally {
      busy = false;
    }
  }
  refresh();
  setInterval(refresh, 30000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  window.DiceArena = window.DiceArena || {};
  window.DiceArena.refreshTurnBadge = refresh;
})();
