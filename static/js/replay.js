/* The replay player: step through every stored event; the URL carries the position. */
(function () {
  "use strict";
  const { h, renderThinking, renderer } = window.DiceArena;
  const root = document.getElementById("replay");
  const game = root.dataset.game;
  const frames = JSON.parse(document.getElementById("frames").textContent);
  const last = frames.length - 1;
  const names = [...document.querySelectorAll(".seats .seat")].map((li) => li.textContent.replace(/\s*AI\s*$/, "").trim());
  const els = {
    board: document.getElementById("board"), log: document.getElementById("log"),
    ply: document.getElementById("ply"), scrub: document.getElementById("scrub"),
    text: document.getElementById("event-text"), thinking: document.getElementById("thinking"),
    permalink: document.getElementById("permalink"),
  };
  let ply = Number(root.dataset.start);
  let timer = null;

  frames.forEach((f) => {
    if (!f.event) return;
    const li = h("li", { "data-ply": f.ply, class: f.event.actor === -1 ? "chance" : "" },
      h("span", { class: "ply" }, `${f.ply}.`), " ", f.event.text);
    li.addEventListener("click", () => go(f.ply));
    els.log.append(li);
  });

  function go(n) {
    ply = Math.max(0, Math.min(last, n));
    const f = frames[ply];
    renderer(game).render(els.board, f.view, { names, you: null, legal: [], onMove: null });
    els.ply.textContent = String(ply);
    els.scrub.value = String(ply);
    els.text.textContent = f.event ? f.event.text : "The start.";
    const url = new URL(location.href);
    url.searchParams.set("ply", String(ply));
    history.replaceState(null, "", url);
    els.permalink.href = url.pathname + url.search;
    root.dataset.ply = String(ply);
    for (const li of els.log.children) li.classList.toggle("current", Number(li.dataset.ply) === ply);
    const cur = els.log.querySelector("li.current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    renderThinking(els.thinking, f.event ? f.event.decisions : null);
    root.dispatchEvent(new CustomEvent("replay:ply", { detail: { ply } }));
  }

  function toggle() {
    if (timer) { clearInterval(timer); timer = null; return; }
    timer = setInterval(() => { if (ply >= last) toggle(); else go(ply + 1); }, 700);
  }

  document.getElementById("first").onclick = () => go(0);
  document.getElementById("prev").onclick = () => go(ply - 1);
  document.getElementById("next").onclick = () => go(ply + 1);
  document.getElementById("end").onclick = () => go(last);
  document.getElementById("play").onclick = toggle;
  els.scrub.oninput = () => go(Number(els.scrub.value));
  document.addEventListener("keydown", (ev) => {
    if (ev.target.tagName === "INPUT" && ev.target.type !== "range") return;
    if (ev.key === "ArrowLeft") { go(ply - 1); ev.preventDefault(); }
    else if (ev.key === "ArrowRight") { go(ply + 1); ev.preventDefault(); }
    else if (ev.key === "Home") go(0);
    else if (ev.key === "End") go(last);
    else if (ev.key === " ") { toggle(); ev.preventDefault(); }
  });
  // The analysis (static/js/analysis.js) moves the replay from its timeline.
  window.DiceArena.replay = { go, frames, names, root, current: () => ply };
  go(ply);
})();
