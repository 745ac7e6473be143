/* The seeks page follows the open seeks on the person socket (me.js): when the list
   changes — a seek posted, joined, taken or cancelled — the rows are fetched again, with
   no reload; focus stays on the row's button it was on. A poster's page opens the match
   when someone accepts (the new-game push, new_game.js). While the socket is down the
   page asks instead: the rows every 15 s, and /seeks/mine.json every 2 s for a match. */
(function () {
  "use strict";
  const me = window.DiceArena.me;
  const body = document.getElementById("seek-rows");
  if (!body) return;
  let busy = false, again = false;

  async function refresh() {
    if (busy) { again = true; return; }
    busy = true;
    try {
      const resp = await fetch("/seeks/rows/", { credentials: "same-origin" });
      if (!resp.ok) return;
      const html = (await resp.text()).trim();
      if (html === body.innerHTML.trim()) return;
      // Keep the focus on the same button of the same seek, if it is still there.
      const focus = document.activeElement;
      const row = focus && body.contains(focus) ? focus.closest("tr[data-seek]") : null;
      const where = row ? [row.dataset.seek, focus.dataset.action] : null;
      body.innerHTML = html;
      document.documentElement.dataset.seeksAt = String(Date.now());
      if (where) {
        const back = body.querySelector(`tr[data-seek="${where[0]}"] [data-action="${where[1]}"]`);
        if (back) back.focus();
      }
    } catch (e) {
      /* offline: the next change or tick tries again */
    } finally {
      busy = false;
      if (again) { again = false; refresh(); }
    }
  }

  me.on("seeks", refresh);
  me.on("following", refresh); // (re)connected: catch up on what changed meanwhile
  me.follow("seeks");

  // Only while the socket is down: ask for what it would have said.
  const seen = new Set();
  let first = true;
  async function mine() {
    try {
      const resp = await fetch("/seeks/mine.json", { credentials: "same-origin" });
      if (!resp.ok) return;
      const data = await resp.json();
      for (const s of data.seeks) {
        if (s.status === "accepted" && s.match_url && !first && !seen.has(s.id)) {
          window.location.assign(s.match_url);
          return;
        }
        if (s.status === "accepted") seen.add(s.id);
      }
      first = false;
    } catch (e) {
      /* offline: try again at the next tick */
    }
  }
  mine();
  setInterval(() => { if (!me.isOpen()) mine(); }, 2000);
  setInterval(() => { if (!me.isOpen()) refresh(); }, 15000);
})();
