/* The seeks page follows the open seeks on the person socket (me.js): when the list
   changes — a seek posted, joined, taken or cancelled — the rows are fetched again, with
   no reload, redrawn in place so the focus and a pressed button stay put. A poster's page opens the match
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
      // Redrawn in place (rows keyed by their seek's id): the button a person is
      // pressing or has the focus on stays the same element, and a row never turns
      // into another seek's under the pointer. Every render masks the CSRF token
      // afresh, so the HTML is never quite equal: only the morph can tell.
      const next = document.createElement("template");
      next.innerHTML = html;
      window.DiceArena.morph(body, next.content);
      document.documentElement.dataset.seeksAt = String(Date.now());
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
