/* "(1) Your turn" in the tab's title while games wait for the person's move (a signed-in
   person may switch it off in the account's settings: the server answers badge: false).
   The count is pushed on the person socket (me.js: a "turns" frame whenever a game of
   theirs changes hands); only while that socket is down does the page ask
   /matches/your-turn.json, once a minute. A match page composes its own title with it
   (match_end.js, DiceArena.retitle). */
(function () {
  "use strict";
  const FALLBACK_EVERY = 60000;
  const plain = document.title;
  const me = window.DiceArena.me;
  let count = 0;
  let busy = false;
  window.DiceArena.turnBadgeText = () => (count ? `(${count}) Your turn · ` : "");

  function show() {
    if (window.DiceArena.retitle) window.DiceArena.retitle();
    else document.title = window.DiceArena.turnBadgeText() + plain;
    document.documentElement.dataset.yourTurn = String(count);
  }

  function take(data) {
    count = data.badge ? data.count : 0;
    show();
  }

  async function poll() {
    if (busy) return;
    busy = true;
    try {
      const resp = await fetch("/matches/your-turn.json", { credentials: "same-origin" });
      if (resp.ok) take(await resp.json());
    } catch (e) {
      /* offline: the title stays as it was */
    } finally {
      busy = false;
    }
  }

  me.on("turns", take);
  // The socket's hello answers at once; if it cannot open, ask the old way once.
  setTimeout(() => { if (!me.isOpen()) poll(); }, 3000);
  setInterval(() => { if (!me.isOpen()) poll(); }, FALLBACK_EVERY);
  // A page that knows something changed (its own move) asks for a count now.
  window.DiceArena.refreshTurnBadge = () => (me.isOpen() ? me.hello() : poll());
})();
