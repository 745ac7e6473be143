/* Tournament form: entrants are picked from the registry (with their parameters),
   never typed as spec strings; the game's own rule options are shown. */
(function () {
  const { h } = window.DiceArena;
  const catalogue = JSON.parse(document.getElementById("catalogue").textContent);
  const form = document.getElementById("tournament-form");
  const gameSel = document.getElementById("t-game");
  const list = document.getElementById("entrants");

  function agentsFor(game) { return catalogue[game] || []; }

  /** The agent's parameters, at their defaults or at the values a person entered. */
  function paramInputs(agent, values) {
    const box = h("span", { class: "params" });
    for (const [name, value] of Object.entries(agent.params || {})) {
      const type = typeof value === "number" ? "number" : "text";
      const shown = values && values[name] !== undefined ? values[name] : value;
      box.append(h("label", { class: "param" }, name + " ",
        h("input", { type, name: "param", "data-param": name, value: String(shown), step: "any", size: 6 })));
    }
    return box;
  }

  function addRow(name, params) {
    const agents = agentsFor(gameSel.value);
    const select = h("select", { class: "entrant-agent" },
      ...agents.map((a) => h("option", { value: a.name, title: a.description }, a.name)));
    if (name) select.value = name;
    const desc = h("small", { class: "muted entrant-desc" });
    const row = h("div", { class: "entrant" }, select, h("span", { class: "params-slot" }),
      h("button", { type: "button", class: "remove", onclick: () => row.remove() }, "✕"), h("br"), desc);
    const refresh = (values) => {
      const a = agents.find((x) => x.name === select.value);
      row.querySelector(".params-slot").replaceChildren(a ? paramInputs(a, values) : "");
      desc.textContent = a ? `${a.description} (${a.budget || "—"})` : "";
    };
    select.addEventListener("change", () => refresh());
    refresh(params);
    list.append(row);
  }

  function resetEntrants(rows) {
    list.innerHTML = "";
    const agents = agentsFor(gameSel.value);
    if (rows && rows.length) rows.forEach((r) => addRow(r.agent, r.params));
    else agents.slice(0, 2).forEach((a) => addRow(a.name));
    for (const fs of document.querySelectorAll(".game-options")) {
      const on = fs.dataset.game === gameSel.value;
      fs.hidden = !on;
      for (const el of fs.querySelectorAll("input, select")) el.disabled = !on;
    }
  }

  document.getElementById("add-entrant").onclick = () => addRow();
  gameSel.addEventListener("change", () => resetEntrants());
  form.addEventListener("submit", () => {
    const rows = [...list.querySelectorAll(".entrant")].map((row) => {
      const params = {};
      const agent = agentsFor(gameSel.value).find((a) => a.name === row.querySelector(".entrant-agent").value);
      for (const input of row.querySelectorAll("input[data-param]")) {
        const name = input.dataset.param;
        // Only parameters changed from the default go into the spec.
        if (agent && String(agent.params[name]) !== input.value) params[name] = input.value;
      }
      return { agent: row.querySelector(".entrant-agent").value, params };
    });
    document.getElementById("entrants-json").value = JSON.stringify(rows);
  });
  // A refused form comes back with the entrants the person had picked.
  const entered = JSON.parse(document.getElementById("entered-entrants").textContent);
  resetEntrants(entered.filter((r) => r && typeof r.agent === "string"));
})();
