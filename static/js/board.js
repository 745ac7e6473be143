/* What every board shares for hands and keyboards: board pieces that act as buttons
   (focusable, Enter/Space), focus that survives a redraw, a list of every legal move to
   pick from, and the layout width a board should draw for. */
(function () {
  "use strict";
  const { h } = window.DiceArena;

  /** Make an SVG (or HTML) node a button for keyboards and screen readers. ``key`` names
   *  it across redraws, so the focus comes back to the same piece. */
  function actionable(node, label, onActivate, key) {
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", label);
    node.setAttribute("focusable", "true");
    if (key !== undefined) node.dataset.focus = key;
    node.addEventListener("click", onActivate);
    node.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        ev.stopPropagation();
        onActivate(ev);
      }
    });
    return node;
  }

  /** Redraw ``container`` with ``draw`` and put the focus back on the piece that had it
   *  (a list keeps the entry it showed). */
  function keepFocus(container, draw) {
    const active = document.activeElement;
    const key = active && container.contains(active) ? active.dataset.focus : undefined;
    const value = key !== undefined && active.tagName === "SELECT" ? active.value : null;
    draw();
    if (key === undefined) return;
    const again = container.querySelector(`[data-focus="${CSS.escape(key)}"]`);
    if (!again) return;
    if (value !== null && [...again.options].some((o) => o.value === value)) again.value = value;
    again.focus({ preventScroll: true });
  }

  /**
   * Every legal move in words, to pick with arrows and Enter (or a tap): the keyboard's
   * and the small screen's sure way to make any move. ``items`` are {move, text}.
   */
  function moveList(items, onMove, heading, key) {
    for (const it of items) wordMove(it.move, it.text);
    const box = h("div", { class: "move-list-box" });
    if (!items.length) return box;
    // A second list on one page (Button Men's speed or trip attacks) has ids of its own.
    const id = key ? `move-list-${key}` : "move-list";
    const select = h("select", { id, class: "move-list", "data-focus": id, "aria-describedby": `${id}-help` },
      ...items.map((it) => h("option", { value: it.move }, it.text)));
    const play = () => { if (select.value) onMove(select.value); };
    select.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") { ev.preventDefault(); play(); }
    });
    box.append(
      h("label", { for: id, class: "move-list-label" }, heading || "All your moves"),
      h("div", { class: "move-list-row" }, select,
        h("button", { type: "button", class: "secondary", id: `${id}-play`, "data-focus": `${id}-play`, onclick: play }, "Play it")),
      h("small", { id: `${id}-help`, class: "muted" }, `${items.length} move${items.length === 1 ? "" : "s"}: choose one, then Enter or “Play it”.`));
    return box;
  }

  /** The words of the moves a board offers, as its buttons and lists say them: the
   *  page's notices ("Sent …", "Offline: … will be sent") word a move this way, never
   *  by its code ("power:3>0"). A renderer registers the moves it draws; moveList does
   *  it for its items; a renderer may also answer ``words(move, view)`` itself. */
  const said = new Map();
  function wordMove(move, text) { if (text && text !== move) said.set(move, String(text)); }
  function moveWords(move) { return said.get(move) || null; }

  /** How a match ended, in words, from its ``status`` (a snapshot's, a status frame's),
   *  or null while it goes on. A match may end off the board (a resignation, an abort,
   *  a loss on time) while the game's view still names whose move it was: renderers
   *  say this instead (``ctx.ended``). */
  function endedWords(status, names) {
    if (!status || status.status === "active") return null;
    if (status.status !== "finished") return { text: "Match aborted", winners: [], reason: "" };
    const r = status.result || {};
    const winners = (r.winners || []).map((w) => names[w]).filter(Boolean);
    const head = winners.length ? `${winners.join(" and ")} won` : "Draw";
    const reason = r.reason ? withNames(r.reason, names) : "";
    return { text: reason ? `${head} (${reason})` : head, winners: r.winners || [], reason };
  }

  /** True where the board should use its narrow layout (a phone held upright). */
  function narrow(el) {
    const width = el.clientWidth || el.getBoundingClientRect().width || window.innerWidth;
    return width < 520;
  }

  /** True on touch screens without hover: a first tap aims, a second one acts. */
  function touchFirst() {
    return window.matchMedia && window.matchMedia("(hover: none)").matches;
  }

  /** One name per player: the engines' log says "seat 1"; people read the player's name
      (any number of seats: games.core.with_names is the server's twin). */
  function withNames(text, names) {
    return String(text).replace(/\b([Ss])eat (\d+)\b/g, (whole, s, i) => names[Number(i)] || whole);
  }

  /** "a" or "an" for the word that follows, by its sound: "an inaccuracy", "a mistake",
   *  "an 8-piece", "an 11", "a 1-piece". */
  function article(word) {
    return /^(?:[aeio]|u(?!ni|s[eu]|tr)|8|1[18](?!\d))/i.test(String(word).trim()) ? "an" : "a";
  }

  /** Scroll ``list``'s own box so ``item`` shows in it, and never the page: stepping
   *  through a replay on a phone keeps the board where it is (``scrollIntoView`` would
   *  scroll the page down to the move list at every step). */
  function showInList(list, item) {
    const box = list.getBoundingClientRect();
    const top = box.top + list.clientTop;
    const bottom = top + list.clientHeight;
    const r = item.getBoundingClientRect();
    if (r.top < top) list.scrollTop -= top - r.top;
    else if (r.bottom > bottom) list.scrollTop += Math.min(r.bottom - bottom, r.top - top);
  }

  Object.assign(window.DiceArena, {
    actionable, article, endedWords, keepFocus, moveList, moveWords, narrow, showInList, touchFirst, withNames, wordMove,
  });
})();
