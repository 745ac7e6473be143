/* "(1) Your turn" in the tab's title while games wait for the signed-in person's move
   (switchable off in the account's settings: the server answers badge: false). A match
   page composes its own title with it (match_end.js, DiceArena.retitle). */
(function () {
  "use strict";
  const plain = document.title;
  let count = 0;
  let busy = false;
  window.DiceArena = window.DiceArena || {};
  window.DiceArena.turnBadgeText = () => (count ? `(${count}) Your turn · ` : "");

  function show() {
    if (window.DiceArena.retitle) window.DiceArena.retitle();
    else document.title = window.DiceArena.turnBadgeText() + plain;
    document.documentElement.dataset.yourTurn = String(count);
  }

  async function refresh() {
    if (busy) return;
    busy = true;
    try {
      const resp = await fetch("/matches/your-turn.json", { credentials: "same-origin" });
      if (!resp.ok) return;
      const data = await resp.json();
      count = data.badge ? data.count : 0;
      show();
    } catch (e) {
      /* offline: the title stays as it was */
    } finally {
      busy = false;
    }
  }
  refresh();
  setInterval(refresh, 30000);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
  window.DiceArena.refreshTurnBadge = refresh;
})();
