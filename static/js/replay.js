/* The replay player: step through every stored event; the URL carries the position. */
(function () {
  "use strict";
  const { h, nextView, renderThinking, renderer, showInList, withNames } = window.DiceArena;
  const root = document.getElementById("replay");
  const game = root.dataset.game;
  const frames = JSON.parse(document.getElementById("frames").textContent);
  // Frames after the first carry patches of the view before them: rebuild each view once.
  for (let i = 1; i < frames.length; i++) frames[i].view = nextView(frames[i - 1].view, frames[i]);
  const last = frames.length - 1;
  const names = [...document.querySelectorAll(".seats .seat")].map((li) => li.textContent.replace(/\s*AI\s*$/, "").trim());
  const els = {
    board: document.getElementById("board"), log: document.getElementById("log"),
    ply: document.getElementById("ply"), scrub: document.getElementById("scrub"),
    text: document.getElementById("event-text"), thinking: document.getElementById("thinking"),
    permalink: document.getElementById("permalink"),
  };
  let ply = Number(root.dataset.start);
  // The perspective: "" is everything; a seat number is what that seat could see.
  const viewSeat = root.dataset.view === "" ? null : Number(root.dataset.view);
  const choosing = document.getElementById("choosing");
  const SIMULTANEOUS = -2;
  let timer = null;

  frames.forEach((f) => {
    if (!f.event) return;
    const li = h("li", { "data-ply": f.ply, class: f.event.actor === -1 ? "chance" : "" },
      h("span", { class: "ply" }, `${f.ply}.`), " ", withNames(f.event.text, names));
    li.addEventListener("click", () => go(f.ply));
    els.log.append(li);
  });

  function go(n) {
    ply = Math.max(0, Math.min(last, n));
    const f = frames[ply];
    renderer(game).render(els.board, f.view, { names, you: viewSeat, legal: [], onMove: null });
    els.ply.textContent = String(ply);
    els.scrub.value = String(ply);
    els.text.textContent = f.event ? withNames(f.event.text, names) : "The start.";
    const url = new URL(location.href);
    url.searchParams.set("ply", String(ply));
    history.replaceState(null, "", url);
    els.permalink.href = url.pathname + url.search;
    const here = document.getElementById("analyse-here");
    if (here) here.href = here.href.replace(/\/position\/\d+\//, `/position/${ply}/`);
    root.dataset.ply = String(ply);
    for (const li of els.log.children) {
      li.classList.toggle("current", Number(li.dataset.ply) === ply);
      // A seat saw only what had happened: the moves still to come are not in its list.
      li.hidden = viewSeat !== null && Number(li.dataset.ply) > ply;
    }
    showChoosing();
    for (const a of document.querySelectorAll(".perspective a")) {
      a.href = `?ply=${ply}` + (a.dataset.view === "" ? "" : `&view=${a.dataset.view}`);
    }
    const cur = els.log.querySelector("li.current");
    if (cur) showInList(els.log, cur); // the list's box scrolls, never the page
    showThinking(ply);
    root.dispatchEvent(new CustomEvent("replay:ply", { detail: { ply } }));
  }

  /** Blind choices being made at this position (Footsies' moves, Button Men's swing
      sizes): all of them for "everything"; in a seat's view only its own, the others
      hidden until the reveal (the next event). */
  function showChoosing() {
    const next = frames[ply + 1];
    const ev = next && next.event;
    if (!ev || ev.actor !== SIMULTANEOUS || !ev.choices) { choosing.hidden = true; return; }
    choosing.hidden = false;
    const parts = Object.entries(ev.choices).map(([seat, words]) => {
      const who = names[Number(seat)] || `seat ${seat}`;
      // A choice the server words with its chooser ("seat 0 sets the swing size to 13")
      // reads as it is, with the name; one without ("Attack") is "who chooses Attack".
      const text = withNames(words, names);
      const phrase = text.startsWith(`${who} `) ? text : `${who} chooses ${text}`;
      if (viewSeat === null || Number(seat) === viewSeat) return phrase;
      return `${who}'s choice is hidden until the reveal`;
    });
    choosing.textContent = `Choosing blind: ${parts.join("; ")}.`;
  }

  /** What the AI weighed for the event that led to frame ``n``, in words (fetched). */
  const thinkingCache = new Map();
  async function showThinking(n) {
    const f = frames[n];
    els.thinking.innerHTML = "";
    const decisions = f.event && f.event.decisions;
    if (!decisions || !Object.values(decisions).some((d) => d)) return;
    const eventPly = f.event.ply ?? n - 1;
    let data = thinkingCache.get(eventPly);
    if (!data) {
      els.thinking.textContent = "Loading what the AI weighed…";
      try {
        const resp = await fetch(`/matches/${root.dataset.matchId}/thinking/${eventPly}/`);
        if (!resp.ok) throw new Error(resp.statusText);
        data = await resp.json();
        thinkingCache.set(eventPly, data);
      } catch (e) {
        if (n === ply) els.thinking.textContent = "Could not load what the AI weighed; step again to retry.";
        return;
      }
    }
    if (n === ply) renderThinking(els.thinking, data); // the replay may have moved on
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
