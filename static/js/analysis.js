/* The replay page's analysis (issue 10): asks for it, follows its status while a worker
   computes it, then draws it (docs/analysis.md). */
(function () {
  "use strict";
  const { h } = window.DiceArena;
  const card = document.getElementById("analysis");
  if (!card) return;
  const els = {
    status: document.getElementById("analysis-status"),
    form: document.getElementById("analyse-form"),
    button: document.getElementById("analyse"),
    body: document.getElementById("analysis-body"),
  };
  const POLL_MS = 1000;

  function showStatus(data) {
    card.dataset.status = data.status;
    els.status.textContent = data.reason ? `${data.text} ${data.reason}` : data.text;
    if (els.form) {
      els.form.hidden = !(data.status === "none" || data.status === "failed");
      if (data.status === "failed") els.button.textContent = "Try the analysis again";
    }
  }

  async function poll() {
    try {
      const resp = await fetch(card.dataset.url, { headers: { Accept: "application/json" } });
      if (!resp.ok) throw new Error(resp.statusText);
      const data = await resp.json();
      showStatus(data);
      if (data.status === "done") { draw(data.result); return; }
      if (data.status === "failed" || data.status === "none") return;
    } catch (e) {
      els.status.textContent = "Could not reach the server; trying again…";
    }
    setTimeout(poll, POLL_MS);
  }

  if (els.form) {
    els.form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      els.button.disabled = true;
      try {
        const resp = await fetch(els.form.action, {
          method: "POST", body: new FormData(els.form), headers: { Accept: "application/json" },
        });
        const data = await resp.json();
        if (!resp.ok) {
          els.status.textContent = data.message || "The analysis could not be started.";
          return;
        }
        showStatus(data);
        if (data.status === "done") draw(data.result); else setTimeout(poll, POLL_MS);
      } catch (e) {
        els.status.textContent = "Could not reach the server; try again.";
      } finally {
        els.button.disabled = false;
      }
    });
  }

  function draw(result) {
    if (!result) return;
    els.body.innerHTML = "";
    els.body.append(h("p", {}, `Analysed ${result.plies.length} events.`));
  }

  const stored = JSON.parse(document.getElementById("analysis-data").textContent);
  if (card.dataset.status === "done") draw(stored);
  else if (card.dataset.status === "pending" || card.dataset.status === "running") poll();
})();
