/* Countdowns to a time the server gave (an upcoming tournament's start): every
   [data-countdown] element's text says how long is left, each second. Only the text of
   these elements changes, never a button or a link, so nothing is rebuilt under the
   pointer. The server's clock is trusted through the ISO time it printed; what to say
   once the time has come is the element's data-countdown-done ("starting now" if none). */
(function () {
  "use strict";

  /** "in 12:34", "in 1 h 05 min", "in 2 d 3 h"; ``done`` once the time has come. */
  function left(ms, done) {
    const s = Math.max(0, Math.round(ms / 1000));
    if (s <= 0) return done || "starting now";
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const sec = String(s % 60).padStart(2, "0");
    if (h >= 24) return `in ${Math.floor(h / 24)} d ${h % 24} h`;
    if (h) return `in ${h} h ${String(m).padStart(2, "0")} min`;
    return `in ${m}:${sec}`;
  }

  function tick() {
    for (const el of document.querySelectorAll("[data-countdown]")) {
      const at = Date.parse(el.dataset.countdown);
      if (Number.isNaN(at)) continue;
      const text = left(at - Date.now(), el.dataset.countdownDone);
      if (el.textContent !== text) el.textContent = text;
    }
  }

  window.DiceArena = Object.assign(window.DiceArena || {}, { countdownText: left });
  tick();
  setInterval(tick, 1000);
})();
