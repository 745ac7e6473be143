/* Analyse from here: the position's board, and an agent's opinion of it (fetched). */
(function () {
  "use strict";
  const { renderThinking, renderer } = window.DiceArena;
  const root = document.getElementById("position-page");
  const view = JSON.parse(document.getElementById("position-view").textContent);
  const names = [...document.querySelectorAll(".seats .seat")].map((li) => li.textContent.trim());
  renderer(root.dataset.game).render(document.getElementById("board"), view, { names, you: null, legal: [], onMove: null });
  const form = document.getElementById("position-form");
  const status = document.getElementById("position-status");
  const out = document.getElementById("thinking");
  if (!form) return;
  const button = document.getElementById("ask");

  async function poll(url) {
    try {
      const resp = await fetch(url, { headers: { Accept: "application/json" } });
      const data = await resp.json();
      if (!resp.ok) { status.textContent = data.message || "The analysis was lost; ask again."; button.disabled = false; return; }
      status.textContent = data.text;
      if (data.status === "done") { renderThinking(out, data); button.disabled = false; return; }
      if (data.status === "failed") { button.disabled = false; return; }
    } catch (e) {
      status.textContent = "Could not reach the server; trying again…";
    }
    setTimeout(() => poll(url), 700);
  }

  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    button.disabled = true;
    out.innerHTML = "";
    status.textContent = "Asking…";
    try {
      const resp = await fetch(form.action, { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } });
      const data = await resp.json();
      if (!resp.ok) { status.textContent = data.message; button.disabled = false; return; }
      status.textContent = data.text;
      poll(data.url);
    } catch (e) {
      status.textContent = "Could not reach the server; try again.";
      button.disabled = false;
    }
  });
})();
