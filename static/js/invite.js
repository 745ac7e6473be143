/* Copy buttons: copy the text of the field they name, and say so. */
(function () {
  "use strict";
  for (const button of document.querySelectorAll("[data-copy]")) {
    button.addEventListener("click", async () => {
      const field = document.querySelector(button.dataset.copy);
      const done = document.getElementById("copy-done");
      field.select();
      let ok = false;
      try {
        await navigator.clipboard.writeText(field.value);
        ok = true;
      } catch (err) {
        ok = document.execCommand && document.execCommand("copy");
      }
      if (done) done.textContent = ok ? "Copied." : "Select the link and copy it.";
    });
  }
})();
