/* Dice Arena shared browser code: renderer registry, SVG helpers, the match socket. */
(function () {
  "use strict";
  const SVG_NS = "http://www.w3.org/2000/svg";

  /** Create an SVG element with attributes and optional text. */
  function svg(tag, attrs, text) {
    const el = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== undefined && v !== null) el.setAttribute(k, v);
    }
    if (text !== undefined) el.textContent = text;
    return el;
  }

  /** Create an HTML element. */
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") el.className = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) {
      if (c === null || c === undefined) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }

  // Named as the engines name the seats: red, blue, green, yellow, purple, orange, teal, pink.
  const SEAT_COLOURS = ["#d62839", "#2e86ab", "#4caf50", "#f3b312", "#8e44ad", "#f08a24", "#16a0a0", "#e86fa8"];

  /**
   * The WebSocket of one match. It says hello with the last sequence number it has,
   * so after a drop it receives exactly the events it missed, then live ones.
   */
  class MatchSocket {
    constructor(matchId, seq, handlers) {
      this.matchId = matchId;
      this.seq = seq;
      this.handlers = handlers;
      this.retry = 0;
      this.closedByUs = false;
      this.open();
    }
    open() {
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      this.ws = new WebSocket(`${scheme}://${location.host}/ws/matches/${this.matchId}/`);
      this.ws.onopen = () => {
        this.retry = 0;
        this.handlers.status("live");
        this.send({ type: "hello", seq: this.seq });
      };
      this.ws.onmessage = (msg) => {
        const frame = JSON.parse(msg.data);
        if (frame.type === "event") {
          if (frame.seq <= this.seq) return; // already have it
          this.seq = frame.seq;
        }
        if (frame.type === "snapshot") this.seq = frame.seq;
        this.handlers.frame(frame);
      };
      this.ws.onclose = (ev) => {
        if (this.closedByUs) return;
        if (ev.code === 4404) { this.handlers.status("no such match"); return; }
        this.handlers.status("reconnecting…");
        const delay = Math.min(8000, 300 * 2 ** this.retry++);
        setTimeout(() => this.open(), delay);
      };
    }
    send(obj) {
      if (this.ws.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(obj));
    }
    close() { this.closedByUs = true; this.ws.close(); }
  }

  /** Show what an AI weighed: a small table of its top moves, or the raw JSON. */
  function renderThinking(el, decisions) {
    el.innerHTML = "";
    if (!decisions) return;
    for (const [seat, d] of Object.entries(decisions)) {
      if (!d) continue;
      const box = h("details", { class: "decision", open: true },
        h("summary", {}, `What seat ${seat} weighed`));
      const t = d.thinking;
      if (t && Array.isArray(t.moves)) {
        const table = h("table", { class: "weights" },
          h("tr", {}, h("th", {}, "move"), h("th", {}, "value"), h("th", {}, "visits")));
        for (const m of t.moves) {
          table.append(h("tr", {}, h("td", {}, m.move), h("td", {}, m.value ?? ""), h("td", {}, m.visits ?? "")));
        }
        box.append(table);
      }
      box.append(h("pre", { tabindex: 0 }, JSON.stringify(t ?? {}, null, 1)));
      if (d.stats) {
        const s = d.stats;
        box.append(h("p", { class: "muted" },
          `${s.seconds !== undefined ? s.seconds.toFixed(3) + " s" : ""}${s.fallback ? " · fallback: " + s.fallback + " (" + (s.error || "") + ")" : ""}`));
      }
      el.append(box);
    }
  }

  function renderer(slug) {
    return (window.DiceArena.renderers[slug]) || window.DiceArena.renderers.generic;
  }

  window.DiceArena = Object.assign(window.DiceArena || {}, {
    renderers: (window.DiceArena && window.DiceArena.renderers) || {},
    svg, h, SEAT_COLOURS, MatchSocket, renderThinking, renderer,
  });
})();
