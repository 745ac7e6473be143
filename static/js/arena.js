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

  /** Apply a patch of webapp/matches/delta.py to a view; returns a new view. */
  function applyPatch(view, ops) {
    let out = structuredClone(view);
    const at = (value, path) => path.reduce((v, key) => v[key], value);
    for (const op of ops) {
      const path = op[0];
      if (op.length === 4) at(out, path).splice(op[1], op[2], ...structuredClone(op[3]));
      else if (!path.length) out = structuredClone(op[1]);
      else if (op.length === 2) at(out, path.slice(0, -1))[path[path.length - 1]] = structuredClone(op[1]);
      else delete at(out, path.slice(0, -1))[path[path.length - 1]];
    }
    return out;
  }

  /** The view an event frame leads to, from the view before it. */
  function nextView(view, frame) {
    if (frame.view !== undefined) return frame.view;
    return frame.patch ? applyPatch(view, frame.patch) : view;
  }

  // How the socket keeps a page live (milliseconds).
  const ANSWER_WITHIN = 4000;   // a move with no ack or error by then is re-sent after a resync
  const SYNC_WITHIN = 6000;     // a hello with no "synced" by then: the connection is dead
  const HEARTBEAT_EVERY = 25000; // a quiet socket says hello this often (resyncs missed pushes)
  const MAX_TRIES = 3;          // sends of one move before the socket is opened afresh
  const PING_EVERY = 2000;      // a ping this often measures the lag (answered without the database)
  const LAG_SHOWN = 1500;       // a ping unanswered this long: the page says the link is slow
  const PONG_WITHIN = 4000;     // ... and this long: the link is dead (black-holed), reconnect
  const OPEN_WITHIN = 5000;     // a connection attempt still not open by then is given up

  /**
   * How far the server's clock is from this page's, from the pongs (and a hello's answer): each says the
   * server's time, taken about half a round trip before it arrived. The sample of the
   * shortest round trip among the last few is the surest (the least time queued on the
   * way), so that one is kept. Clock frames are aged by it (DiceArena.serverClock).
   */
  const serverClock = {
    samples: [],
    offset: null,  // server − page, ms; null until the first pong
    sample(now, lag) {
      this.samples.push({ lag, offset: now + lag / 2 - Date.now() });
      if (this.samples.length > 8) this.samples.shift();
      this.offset = this.samples.reduce((a, b) => (b.lag < a.lag ? b : a)).offset;
    },
  };

  /**
   * The WebSocket of one match. It says hello with the last sequence number it has, so
   * after a drop it receives exactly the events it missed, then "synced", then live
   * frames. A move goes through its outbox: kept while the socket is down, sent once the
   * page is in sync, re-sent when no answer comes (the server's sequence check makes a
   * second copy harmless), and dropped only when the position has moved past it.
   *
   * A ping every 2 s measures the lag; when pongs stop (a network that drops packets
   * without closing anything) the page says "slow" after 1.5 s and reconnects after 4 s,
   * rather than showing "connected" until TCP gives up.
   *
   * handlers: frame(f) for every frame in order; status(state, n) with "connecting",
   * "reconnecting", "syncing", "live" (n: the last round trip in ms), "lagging" (n: ms without a pong),
   * "offline" (n: ms until the next try), "no such match"; settled(move, how) when a
   * move leaves the outbox ("ack", "error", "moved-on").
   */
  class MatchSocket {
    constructor(matchId, seq, handlers) {
      this.matchId = matchId;
      this.seq = seq;
      this.handlers = handlers;
      this.retry = 0;
      this.closedByUs = false;
      this.synced = false;
      this.outbox = null;
      this.helloAt = null;
      this.lastHeard = Date.now();
      this.reconnectTimer = null;
      this.pingId = 0;
      this.pingAt = null;     // when the ping now awaiting its pong left
      this.pingedAt = 0;      // when the last ping left
      this.lag = null;        // the last round trip (ms)
      this.open();
      this.ticker = setInterval(() => this.tick(), 1000);
      window.addEventListener("online", () => this.reconnectNow());
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") this.tick(true);
      });
    }
    open() {
      this.synced = false;
      this.helloAt = null;
      this.pingAt = null;
      this.openedAt = Date.now();
      // A page that was live and lost its link says so until it is live again.
      this.handlers.status(this.retry ? "offline" : this.wasLive ? "reconnecting" : "connecting");
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      const ws = new WebSocket(`${scheme}://${location.host}/ws/matches/${this.matchId}/`);
      this.ws = ws;
      ws.onopen = () => {
        if (ws !== this.ws) return;
        this.retry = 0;
        this.handlers.status("syncing");
        this.hello();
      };
      ws.onmessage = (msg) => {
        if (ws !== this.ws) return;
        this.lastHeard = Date.now();
        this.receive(JSON.parse(msg.data));
      };
      ws.onclose = (ev) => {
        if (ws !== this.ws || this.closedByUs) return;
        this.synced = false;
        if (ev.code === 4404) { this.handlers.status("no such match"); return; }
        this.handlers.status("offline");
        this.later(ev.code === 4429 ? 5000 : null);
      };
    }
    /** Open again after a pause: ``delay`` ms, or the next step of the back-off. */
    later(delay) {
      clearTimeout(this.reconnectTimer);
      const wait = delay || Math.min(5000, 250 * 2 ** this.retry++);
      this.reconnectAt = Date.now() + wait;
      this.reconnectTimer = setTimeout(() => this.open(), wait);
    }
    /** Drop this connection and open another at once: the network came back (kept if
        it still works), or ``dead`` — it stopped answering, however open it looks. */
    reconnectNow(dead) {
      if (this.closedByUs) return;
      clearTimeout(this.reconnectTimer);
      if (!dead && this.ws && this.ws.readyState === WebSocket.OPEN && this.synced) return;
      const old = this.ws;
      this.ws = null;
      if (old) { old.onclose = null; try { old.close(); } catch (e) { /* already gone */ } }
      this.retry = 0;
      this.open();
    }
    isOpen() { return this.ws && this.ws.readyState === WebSocket.OPEN; }
    raw(obj) { if (this.isOpen()) this.ws.send(JSON.stringify(obj)); }
    hello() {
      this.helloAt = Date.now();
      this.raw({ type: "hello", seq: this.seq });
    }
    ping() {
      this.pingAt = this.pingedAt = Date.now();
      this.raw({ type: "ping", id: ++this.pingId });
    }
    /** A hello's answer with a clock: its ``at`` was taken between the hello and now, a
        sample of the server's clock like a pong's (so the first clock a page draws is
        aged before any pong has come). */
    clockSample(f) {
      if (f.clock && typeof f.clock.at === "number" && this.helloAt) {
        serverClock.sample(f.clock.at, Date.now() - this.helloAt);
      }
    }
    receive(f) {
      if (f.type === "pong") {
        if (f.id !== this.pingId || !this.pingAt) return; // an older ping's
        this.lag = Date.now() - this.pingAt;
        this.pingAt = null;
        if (typeof f.now === "number") serverClock.sample(f.now, this.lag);
        if (this.synced) this.handlers.status("live", this.lag);
        return;
      }
      if (f.type === "event") {
        if (f.seq <= this.seq) return; // already have it
        // Missed one: catch up first (one hello at a time; its "synced" asks again if
        // the position moved on meanwhile).
        if (f.seq !== this.seq + 1) { if (!this.helloAt) this.hello(); return; }
        this.seq = f.seq;
      } else if (f.type === "snapshot") {
        this.seq = f.seq;
        this.clockSample(f);
      } else if (f.type === "synced") {
        this.clockSample(f);
        this.helloAt = null;
        if (f.seq !== this.seq) { this.hello(); return; } // moved on meanwhile
        this.synced = true;
        this.wasLive = true;
        this.handlers.status("live", this.lag);
      } else if ((f.type === "ack" || f.type === "error") && this.outbox && f.seq === this.outbox.frame.seq) {
        const o = this.outbox;
        this.outbox = null;
        // A re-sent move the server already has is answered "stale"/"already_chosen":
        // for the page that is the first copy's success, not an error.
        if (f.type === "error" && o.tries > 1 && (f.code === "stale" || f.code === "already_chosen")) {
          f = { type: "ack", seq: f.seq };
        }
        this.handlers.frame(f);
        this.handlers.settled(o.frame, f.type);
        return;
      }
      this.handlers.frame(f);
      if (this.outbox && this.seq > this.outbox.frame.seq) {
        const o = this.outbox;
        this.outbox = null;
        this.handlers.settled(o.frame, "moved-on");
      }
      if (f.type === "synced") this.flush();
    }
    /** Queue a move frame; false if another move is still on its way. */
    move(frame) {
      if (this.outbox) return false;
      this.outbox = { frame, tries: 0, sentAt: null };
      this.flush();
      return true;
    }
    flush() {
      const o = this.outbox;
      if (!o || !this.synced || !this.isOpen()) return;
      if (o.frame.seq < this.seq) { this.outbox = null; this.handlers.settled(o.frame, "moved-on"); return; }
      o.tries += 1;
      o.sentAt = Date.now();
      this.raw(o.frame);
    }
    /** Once a second: find dead connections and unanswered moves before a person does. */
    tick(force) {
      if (this.closedByUs) return;
      const now = Date.now();
      if (!this.isOpen()) {
        // A connection attempt into a black hole neither opens nor fails: give it up.
        if (this.ws && this.ws.readyState === WebSocket.CONNECTING && now - this.openedAt > OPEN_WITHIN) {
          const stuck = this.ws;
          this.ws = null;
          stuck.onclose = null;
          try { stuck.close(); } catch (e) { /* already gone */ }
          this.handlers.status("offline");
          this.later(null);
        } else if (this.reconnectAt && !(this.ws && this.ws.readyState === WebSocket.CONNECTING)) {
          this.handlers.status("offline", Math.max(0, this.reconnectAt - now));
        }
        return;
      }
      if (this.helloAt && now - this.helloAt > SYNC_WITHIN) { this.reconnectNow(true); return; }
      if (this.pingAt && now - this.pingAt > PONG_WITHIN) { this.reconnectNow(true); return; }
      if (this.pingAt && now - this.pingAt > LAG_SHOWN) this.handlers.status("lagging", now - this.pingAt);
      else if (!this.pingAt && now - this.pingedAt >= PING_EVERY) this.ping();
      const o = this.outbox;
      if (o && o.sentAt && this.synced && now - o.sentAt > ANSWER_WITHIN) {
        if (o.tries >= MAX_TRIES) { o.tries = 1; this.reconnectNow(true); return; }
        this.synced = false; // resync, then the outbox sends the move again
        this.hello();
        return;
      }
      if (!this.helloAt && (force === true || now - this.lastHeard > HEARTBEAT_EVERY)) this.hello();
    }
    close() {
      this.closedByUs = true;
      clearInterval(this.ticker);
      clearTimeout(this.reconnectTimer);
      if (this.ws) this.ws.close();
    }
  }

  /** Show what an AI weighed, in words: ``data`` is the answer of
      /matches/<id>/thinking/<ply>/ (``readable`` per seat, and the raw ``decisions``,
      which stay one click away for bot writers). */
  function renderThinking(el, data) {
    el.innerHTML = "";
    if (!data || !data.readable) return;
    // The game's words say "seat 1"; people read the players' names.
    const named = (text) => (data.names && window.DiceArena.withNames ? window.DiceArena.withNames(text, data.names) : text);
    for (const [seat, r] of Object.entries(data.readable)) {
      const box = h("section", { class: "decision", "data-seat": seat },
        h("h3", {}, `What ${r.name} weighed`),
        h("p", { class: "why-headline" }, named(r.headline)));
      if (r.played) box.append(h("p", { class: "why-played" }, h("b", {}, `${r.verb || "Played"}: `), named(r.played)));
      if (r.candidates.length) {
        const list = h("ol", { class: "candidates", "aria-label": `Moves ${r.name} weighed, best first` });
        for (const c of r.candidates) {
          const li = h("li", { class: c.played ? "played" : "", "data-move": c.move },
            h("span", { class: "cand-text" }, named(c.text)),
            c.figures ? h("span", { class: "cand-figures muted" }, ` — ${c.figures}`) : null,
            c.played ? h("span", { class: "cand-played" }, ` ← ${(r.verb || "played").toLowerCase()}`) : null);
          highlightOnHover(li, c.move);
          list.append(li);
        }
        box.append(list);
        if (r.more) box.append(h("p", { class: "muted" }, `… and ${r.more} more in the raw figures.`));
      }
      for (const note of r.notes) box.append(h("p", { class: "muted why-note" }, named(note)));
      const raw = (data.decisions || {})[seat];
      const tree = raw && raw.thinking && raw.thinking.tree;
      if (tree && Array.isArray(tree.children) && tree.children.length) box.append(treeExplorer(tree, r, data.names || []));
      box.append(
        h("details", { class: "raw-thinking" },
          h("summary", {}, "Raw figures (JSON, for bot writers)"),
          h("pre", { tabindex: 0 }, JSON.stringify(raw ? raw.thinking : {}, null, 1))));
      if (r.json_url) {
        box.append(h("p", { class: "downloads" },
          h("a", { href: r.json_url, download: "", class: "secondary download-json" }, "Download as JSON"), " ",
          h("a", { href: r.graphml_url, download: "", class: "secondary download-graphml" }, "Download as GraphML")));
      }
      el.append(box);
    }
  }

  /** The board's pieces a move names, where the game draws them with ids: Dice Wars'
      territories ("9>8": from 9 to 8) and The Octagon Theory's cells ("3,6,1,NW"). */
  function boardTargets(move) {
    const board = document.getElementById("board");
    if (!board) return [];
    let m = /^(\d+)>(\d+)$/.exec(move);
    if (m) return [...board.querySelectorAll(`[data-t="${m[1]}"], [data-t="${m[2]}"]`)];
    m = /^(\d+),(\d+),/.exec(move);
    if (m) return [...board.querySelectorAll(`[data-cell="${m[1]},${m[2]}"]`)];
    return [];
  }

  /** Pointing at (or focusing) a candidate move lights up what it names on the board. */
  function highlightOnHover(li, move) {
    const on = () => boardTargets(move).forEach((el) => el.classList.add("cand-hover"));
    const off = () => document.querySelectorAll("#board .cand-hover").forEach((el) => el.classList.remove("cand-hover"));
    if (!boardTargets(move).length) return;
    li.tabIndex = 0;
    li.classList.add("on-board");
    li.addEventListener("mouseenter", on);
    li.addEventListener("focus", on);
    li.addEventListener("mouseleave", off);
    li.addEventListener("blur", off);
  }

  /** A search tree to explore a level at a time: each node says its move, who acts
      there, and its value, visits and probability; chance nodes list their outcomes. */
  function treeExplorer(tree, r, seatNames) {
    const words = new Map((r.candidates || []).map((c) => [c.move, c.text]));
    // Heuristic scores (outside -1..1: a planner's or a search's own scale) mean nothing
    // to a player: they are said as places among the siblings, as thinking.py's ranks().
    const ordinal = (k) => k + ((k % 100 >= 10 && k % 100 <= 20) ? "th" : ({ 1: "st", 2: "nd", 3: "rd" }[k % 10] || "th"));
    const place = (v, siblings) => {
      const values = siblings.map((n) => n.value).filter((x) => typeof x === "number");
      const k = 1 + values.filter((x) => x > v).length;
      return k === 1 ? "its top choice by its own scoring" : `${ordinal(k)} of ${values.length} by its own scoring`;
    };
    const label = (node, depth, siblings = [node]) => {
      let move = node.move === null || node.move === undefined ? "the position" : String(node.move);
      if (depth === 1 && words.has(move)) move = words.get(move);
      // Simultaneous moves are written "0:A 1:G": name the seats.
      move = move.replace(/(^|\s)(\d+):/g, (_, sp, s) => `${sp}${seatNames[Number(s)] || "seat " + s}: `);
      const bits = [];
      const who = { chance: "dice roll next", leaf: "not searched further", simultaneous: "both choose blind", terminal: "the end" };
      if (node.actor) bits.push(who[node.actor] || `${node.actor} to move`);
      if (typeof node.p === "number") bits.push(`probability ${Math.round(100 * node.p)} %`);
      // The deciding seat's results (+1 a win, -1 a loss, 0 a draw) in a player's words,
      // as webapp/matches/thinking.py's value_words says them.
      if (typeof node.value === "number") {
        const v = node.value;
        if (siblings.some((n) => typeof n.value === "number" && Math.abs(n.value) > 1)) bits.push(place(v, siblings));
        else if (node.visits) bits.push(`about ${Math.round(((1 + v) / 2) * node.visits)} of ${node.visits} simulated games won`);
        else bits.push(`expected result ${Math.round(50 * (1 + v))} %`);
      } else if (node.visits) bits.push(`searched ${node.visits} times`);
      // The tree says who acts as "seat 1": people read the player's name.
      const text = `${move} — ${bits.join(" · ")}`;
      return window.DiceArena.withNames ? window.DiceArena.withNames(text, seatNames) : text;
    };
    function nodeEl(node, depth, siblings) {
      const kids = Array.isArray(node.children) ? node.children : [];
      if (!kids.length) return h("li", { class: "tree-leaf" }, label(node, depth, siblings));
      const d = h("details", {}, h("summary", {}, `${label(node, depth, siblings)} (${kids.length} below)`));
      d.addEventListener("toggle", () => {
        if (!d.open || d.dataset.built) return;
        d.dataset.built = "1"; // built when first opened: big trees stay cheap
        const ul = h("ul", {});
        for (const k of kids) ul.append(nodeEl(k, depth + 1, kids));
        d.append(ul);
      });
      return h("li", {}, d);
    }
    return h("details", { class: "tree-explorer" },
      h("summary", {}, "Explore the search tree"),
      h("ul", {}, nodeEl(tree, 0)));
  }

  function renderer(slug) {
    return (window.DiceArena.renderers[slug]) || window.DiceArena.renderers.generic;
  }

  window.DiceArena = Object.assign(window.DiceArena || {}, {
    renderers: (window.DiceArena && window.DiceArena.renderers) || {},
    svg, h, SEAT_COLOURS, MatchSocket, applyPatch, nextView, renderThinking, renderer, serverClock,
  });
})();

/* Redrawing in place: nothing a person can press is rebuilt under the pointer. */
(function () {
  "use strict";

  /** Make ``el``'s children look like ``next`` (nodes, or an element whose children are
      wanted) while keeping every node that is still there: same place, same tag, same
      id. A kept button or link is the very element a person is pressing or has the
      focus on; only its attributes and texts change. Kept elements keep their event
      listeners, so use it for content whose handlers do not change (links, forms,
      buttons of server-drawn pages) — not for nodes whose listeners differ. A
      ``<details>`` keeps whether the person opened it, a field what they typed. */
  function morph(el, next) {
    const wanted = next instanceof Node ? [...next.childNodes] : [...next];
    // Elements with an id are matched by it wherever they stand, so a part that appears
    // or goes away (a rating note arriving above the buttons) leaves the rest in place.
    const ids = new Set(wanted.filter((n) => n.nodeType === Node.ELEMENT_NODE && n.id).map((n) => n.id));
    for (const child of [...el.children]) if (child.id && !ids.has(child.id)) child.remove();
    const keyed = new Map([...el.children].filter((c) => c.id).map((c) => [c.id, c]));
    wanted.forEach((node, i) => {
      let at = el.childNodes[i] || null;
      const mine = node.nodeType === Node.ELEMENT_NODE && node.id ? keyed.get(node.id) : null;
      if (mine && mine !== at) {
        // Drop what stands before it rather than move it: a moved element loses the
        // focus. Only another wanted element in the way makes a move necessary.
        while (at && at !== mine && !(at.id && ids.has(at.id))) {
          const gone = at;
          at = at.nextSibling;
          gone.remove();
        }
        if (at !== mine) el.insertBefore(mine, at);
        at = mine;
      }
      if (at && same(at, node)) {
        if (at === node) return;
        if (node.nodeType === Node.ELEMENT_NODE) {
          attributes(at, node);
          morph(at, node);
        } else if (at.nodeValue !== node.nodeValue) {
          at.nodeValue = node.nodeValue;
        }
      } else {
        el.insertBefore(node, at);
      }
    });
    while (el.childNodes.length > wanted.length) el.lastChild.remove();
  }

  function same(a, b) {
    if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
    return a.nodeType !== Node.ELEMENT_NODE || (a.id || "") === (b.id || "");
  }

  function attributes(have, want) {
    // Whether a <details> is open is the person's choice: never taken from ``want``.
    const theirs = (name) => name === "open" && have.tagName === "DETAILS";
    for (const { name } of [...have.attributes]) {
      if (!want.hasAttribute(name) && !theirs(name)) have.removeAttribute(name);
    }
    for (const { name, value } of [...want.attributes]) {
      if (!theirs(name) && have.getAttribute(name) !== value) have.setAttribute(name, value);
    }
  }

  window.DiceArena.morph = morph;
})();
