/* The lobby form shows only what the chosen mode needs: your seat when you play, an AI
   per seat that an AI plays (one "Opponent" in a two-player game), and each chosen AI's
   description and speed. The server reads the same fields the same way (views.py). */
(function () {
  "use strict";
  const form = document.getElementById("new-match");
  if (!form) return;
  const minPlayers = Number(form.dataset.minPlayers);
  const maxPlayers = Number(form.dataset.maxPlayers);
  const playersInput = form.querySelector("input[name=players]");
  const seatSelect = form.querySelector("select[name=seat]");

  function players() {
    const n = playersInput ? Number(playersInput.value) : minPlayers;
    return Number.isFinite(n) ? Math.min(maxPlayers, Math.max(minPlayers, n)) : minPlayers;
  }

  /** Which seats an AI plays in this mode, given your seat. */
  function aiSeats(mode, n, you) {
    const seats = [];
    const friend = mode === "friend" ? (you + 1) % n : -1;
    for (let i = 0; i < n; i++) {
      if (mode === "watch" || (i !== you && i !== friend)) seats.push(i);
    }
    return seats;
  }

  function describe(select) {
    const opt = select.selectedOptions[0];
    const help = document.getElementById(`${select.id}-help`);
    if (!opt || !help) return;
    const speed = opt.dataset.speed ? ` Speed: ${opt.dataset.speed}.` : "";
    help.textContent = `${opt.dataset.description || ""}${speed}`;
  }

  // Each seat's AI starts at the mode's default (Footsies' "watch" pairs two different
  // agents, lobby.WATCH_DEFAULTS) until the person picks one; a refused form's picks stay.
  const modeNow = () => form.querySelector("input[name=mode]:checked").value;
  const modeDefault = (select, mode) => (mode === "watch" ? select.dataset.watchDefault : select.dataset.aiDefault);
  for (const select of form.querySelectorAll(".agent-select")) {
    if (select.value !== modeDefault(select, modeNow())) select.dataset.picked = "1";
    select.addEventListener("change", () => { select.dataset.picked = "1"; });
  }

  function update() {
    const mode = modeNow();
    for (const select of form.querySelectorAll(".agent-select")) {
      const wanted = modeDefault(select, mode);
      if (!select.dataset.picked && wanted && select.querySelector(`option[value="${CSS.escape(wanted)}"]`)) select.value = wanted;
    }
    for (const el of form.querySelectorAll(".when-ai, .when-friend, .when-watch")) {
      el.hidden = !el.classList.contains("when-" + mode);
    }
    const n = players();
    if (seatSelect) {
      for (const opt of seatSelect.options) opt.hidden = opt.disabled = Number(opt.value) >= n;
      if (Number(seatSelect.value) >= n) seatSelect.value = "0";
    }
    const you = seatSelect ? Number(seatSelect.value) : 0;
    const ai = aiSeats(mode, n, you);
    const agentsBox = form.querySelector(".agents-fieldset");
    // Friends with three or more seats: the seats nobody takes are played by AIs too.
    if (agentsBox) agentsBox.hidden = ai.length === 0;
    for (const row of form.querySelectorAll(".seat-agent")) {
      const seat = Number(row.dataset.seat);
      const shown = ai.includes(seat);
      row.hidden = !shown;
      row.querySelector("select").disabled = !shown;
      const label = row.querySelector(".seat-label");
      if (!label.dataset.colour) label.dataset.colour = label.textContent;
      label.textContent = mode === "ai" && n === 2 ? "Opponent" : label.dataset.colour;
      describe(row.querySelector("select"));
    }
    markLevels();
  }

  // ----- the levels beside the form: picking a row makes it the opponent -------------
  // Each row's button (or a click anywhere on the row) sets every AI seat the form
  // shows to that level, as if chosen in the list; the row of the level the form holds
  // is marked (aria-pressed, a tick and a border), so the two never disagree.
  const levelRows = [...document.querySelectorAll("#levels tr[data-level-value]")];
  const picked = document.getElementById("level-picked");
  const shownSelects = () => [...form.querySelectorAll(".seat-agent:not([hidden]) select.agent-select")];

  function markLevels() {
    const values = new Set(shownSelects().map((select) => select.value));
    const current = values.size === 1 ? [...values][0] : null;
    for (const row of levelRows) {
      const on = row.dataset.levelValue === current;
      row.classList.toggle("chosen", on);
      row.querySelector(".level-pick").setAttribute("aria-pressed", on ? "true" : "false");
    }
  }

  function pickLevel(row) {
    // A level is an opponent to play: from "Play a friend" or "Watch", back to the AI.
    const ai = form.querySelector("input[name=mode][value=ai]");
    if (ai && !ai.checked) ai.checked = true;
    update();
    const value = row.dataset.levelValue;
    for (const select of shownSelects()) {
      if (!select.querySelector(`option[value="${CSS.escape(value)}"]`)) continue;
      select.value = value;
      select.dataset.picked = "1";
    }
    update();
    if (picked) {
      const title = row.querySelector(".level-title").textContent;
      const spec = row.querySelector(".level-spec").textContent;
      const start = document.createElement("button");
      start.type = "submit";
      start.className = "primary";
      start.id = "level-start";
      start.setAttribute("form", form.id);
      start.textContent = `Start the match against ${title}`;
      picked.replaceChildren(`Your opponent: ${title} (${spec}). `, start);
    }
  }

  for (const row of levelRows) {
    row.addEventListener("click", (ev) => {
      if (ev.target.closest("a")) return; // the rating's link goes to the leaderboard
      pickLevel(row);
    });
  }

  form.addEventListener("change", update);
  form.addEventListener("input", (ev) => { if (ev.target === playersInput) update(); });
  update();
})();
