/* Lobby: show the fields that fit the chosen mode and the chosen agent's description. */
(function () {
  for (const form of document.querySelectorAll("form.new-match")) {
    const update = () => {
      const mode = form.querySelector("input[name=mode]:checked").value;
      for (const el of form.querySelectorAll(".when-ai, .when-friend, .when-watch")) {
        el.hidden = !el.classList.contains("when-" + mode);
      }
      const sel = form.querySelector("select[name=opponent]");
      const opt = sel && sel.selectedOptions[0];
      const desc = form.querySelector(".agent-description");
      if (opt && desc) desc.textContent = `${opt.dataset.description} (${opt.dataset.budget || "—"})`;
    };
    form.addEventListener("change", update);
    update();
  }
})();
