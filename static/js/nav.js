/* The phone's menu: under 640 px the main navigation folds behind one "Menu" button
   (static/css/app.css), so a board starts near the top of the screen. The button says
   whether the menu is open (aria-expanded); opening it puts the focus on the first link,
   Escape closes it and gives the focus back to the button, and so does a tap or a focus
   outside it. Wider screens show the links and never the button. */
(function () {
  "use strict";
  const bar = document.querySelector(".topbar");
  const button = document.getElementById("nav-toggle");
  const nav = document.getElementById("main-nav");
  if (!bar || !button || !nav) return;

  const isOpen = () => button.getAttribute("aria-expanded") === "true";
  const links = () => [...nav.querySelectorAll("a, button")];

  function open() {
    button.setAttribute("aria-expanded", "true");
    bar.classList.add("nav-open");
    const first = links()[0];
    if (first) first.focus();
  }

  function close(returnFocus) {
    if (!isOpen()) return;
    button.setAttribute("aria-expanded", "false");
    bar.classList.remove("nav-open");
    if (returnFocus) button.focus();
  }

  button.addEventListener("click", () => (isOpen() ? close(true) : open()));
  bar.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && isOpen()) {
      ev.preventDefault();
      close(true);
    }
  });
  // Tabbing past the last link, or a tap elsewhere, folds the menu away again.
  bar.addEventListener("focusout", (ev) => {
    if (isOpen() && ev.relatedTarget && !bar.contains(ev.relatedTarget)) close(false);
  });
  document.addEventListener("click", (ev) => {
    if (isOpen() && !bar.contains(ev.target)) close(false);
  });
})();
