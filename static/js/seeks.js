/* The seeks page: a poster waiting for an opponent goes to the match as soon as someone
   accepts (asked every 2 s); the list refreshes now and then so new seeks appear. */
(function () {
  "use strict";
  const seen = new Set();
  let first = true;
  async function poll() {
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
  poll();
  setInterval(poll, 2000);
})();
