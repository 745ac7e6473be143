/* The match page around the board: resign (with a confirmation) and abort, the AI at
   work with its budget counting down, "Your move" in the tab title and favicon (and an
   optional sound) while the tab is in the background, the seats as friends sit down,
   and the game-over card with the rating change, the replay and a rematch. */
(function () {
  "use strict";
  const { h, withNames } = window.DiceArena;
  const FAVICON = "/static/img/favicon.svg";
  const FAVICON_MOVE = "/static/img/favicon-move.svg";
  const CHANCE = -1;
  const SIMULTANEOUS = -2;

  function matchEnd({ root, st, matchId, notice, send }) {
    const $ = (id) => document.getElementById(id);
    const els = {
      actions: $("player-actions"), abort: $("abort"), resign: $("resign"),
      confirm: $("resign-confirm"), yes: $("resign-yes"), no: $("resign-no"),
      thinking: $("ai-thinking"), card: $("game-over"), sound: $("sound"),
      favicon: $("favicon"), seats: $("seats"), invite: $("invite"),
      watchAbort: $("abort-form"),  // whoever started an AI-vs-AI match may abort it
    };
    const baseTitle = document.title;
    const budget = Number(root.dataset.aiBudget || 5);
    const pace = Number(root.dataset.pace || 0);
    let turnKey = null;
    let turnSince = Date.now();
    let yourTurnBefore = false;
    let cardFor = null;

    // ----- resign and abort ---------------------------------------------------------
    if (els.resign) {
      els.resign.addEventListener("click", () => {
        els.confirm.hidden = false;
        els.resign.hidden = true;
        els.yes.focus();
      });
      els.no.addEventListener("click", () => {
        els.confirm.hidden = true;
        els.resign.hidden = false;
        els.resign.focus();
      });
      els.yes.addEventListener("click", () => {
        els.confirm.hidden = true;
        notice("Resigning…");
        send({ type: "resign" });
      });
      els.abort.addEventListener("click", () => {
        notice("Aborting…");
        send({ type: "abort" });
      });
    }

    // A match can be aborted until a person moves (services.check_abort): an AI's
    // blind choice or opening move does not count.
    function hasMoved() {
      const person = (i) => st.seats[i] && !st.seats[i].agent;
      const movers = (e) => (e.actor === SIMULTANEOUS ? Object.keys(e.move).map(Number) : [e.actor]);
      return st.log.some((e) => e.actor !== CHANCE && movers(e).some(person)) || st.chosen.some(person);
    }

    // ----- the AI at work -------------------------------------------------------------
    function thinkingAgents() {
      if (st.status.status !== "active") return [];
      return (st.turn.acting || []).filter((i) => st.seats[i] && st.seats[i].agent && !st.chosen.includes(i));
    }

    function showThinking() {
      const agents = thinkingAgents();
      els.thinking.hidden = !agents.length;
      if (!agents.length) return;
      // AI against AI waits the match's pace before thinking, so people can follow.
      const allAgents = st.seats.every((s) => s.agent);
      const limit = budget + (allAgents ? pace : 0);
      const left = Math.max(0, limit - (Date.now() - turnSince) / 1000);
      const who = agents.map((i) => st.seats[i].name).join(" and ");
      const doing = `${who} ${agents.length > 1 ? "are" : "is"} thinking… `;
      const count = left > 0 ? `at most ${left.toFixed(0)} s left` : "any moment now";
      // Drawn once per thinker; the half-second tick changes the count's text only.
      if (els.thinking.dataset.who !== doing) {
        els.thinking.dataset.who = doing;
        els.thinking.replaceChildren(h("span", { class: "spinner", "aria-hidden": "true" }),
          h("span", {}, doing, h("span", { id: "ai-budget-left" }, count)));
      } else {
        const span = $("ai-budget-left");
        if (span.textContent !== count) span.textContent = count;
      }
    }
    setInterval(() => { if (!els.thinking.hidden) showThinking(); }, 500);

    // ----- your move, while you look elsewhere ------------------------------------------
    if (els.sound) {
      els.sound.checked = localStorage.getItem("dicearena-sound") === "on";
      els.sound.addEventListener("change", () => localStorage.setItem("dicearena-sound", els.sound.checked ? "on" : "off"));
    }

    function beep() {
      try {
        const audio = new (window.AudioContext || window.webkitAudioContext)();
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = 660;
        gain.gain.setValueAtTime(0.15, audio.currentTime);
        gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
        tone.connect(gain).connect(audio.destination);
        tone.start();
        tone.stop(audio.currentTime + 0.25);
      } catch (e) { /* no sound here: the title still says it */ }
    }

    function showYourTurn(yours) {
      const away = yours && document.hidden;
      // The "(1) Your turn" badge (turn_badge.js, signed-in players) comes first.
      const badge = window.DiceArena.turnBadgeText ? window.DiceArena.turnBadgeText() : "";
      document.title = badge + (away ? `(●) Your move · ${baseTitle}` : baseTitle);
      root.dataset.yourMove = yours ? "1" : "0";
      if (els.favicon) els.favicon.href = away ? FAVICON_MOVE : FAVICON;
      if (yours && !yourTurnBefore && els.sound && els.sound.checked) beep();
      yourTurnBefore = yours;
    }
    document.addEventListener("visibilitychange", () => showYourTurn(yourTurnBefore));
    window.DiceArena.retitle = () => showYourTurn(yourTurnBefore);

    // ----- the seats, as a friend sits down ---------------------------------------------
    function seats() {
      for (const li of els.seats.querySelectorAll("li[data-seat]")) {
        const seat = st.seats[Number(li.dataset.seat)];
        if (!seat) continue;
        li.querySelector(".seat-name").textContent = seat.open ? "open seat" : seat.name;
      }
      if (els.invite && !els.invite.hidden && st.seats.every((s) => !s.open)) {
        els.invite.hidden = true;
        notice("Your friend has sat down: the match is on.");
      }
    }

    // ----- game over --------------------------------------------------------------------
    async function fillCard(tries) {
      let data;
      try {
        const resp = await fetch(`/matches/${matchId}/summary.json`);
        data = await resp.json();
      } catch (e) {
        return;
      }
      // Ratings are computed just after the result is stored: ask again for them once.
      if (!data.ratings.length && !data.rating_note && data.status === "finished" && tries < 2) {
        setTimeout(() => fillCard(tries + 1), 1500);
      }
      const links = h("div", { class: "actions" });
      const tour = data.tournament;
      if (tour && tour.next_url) {
        links.append(h("a", { class: "button primary", href: tour.next_url, id: "next-game" }, "Your next game is on: play it"));
      }
      if (!tour) offerBox.fromSummary(data); // the rematch: at once, or an offer (rematch.js)
      links.append(h("a", { class: "secondary", href: data.new_opponent, id: "new-opponent" }, "New opponent"));
      if (data.replay) links.append(h("a", { class: "secondary", href: data.replay, id: "card-replay" }, "Replay"));
      if (data.analysis) links.append(h("a", { class: "secondary", href: data.analysis, id: "card-analysis" }, "Analysis"));
      if (tour) {
        links.append(h("a", { class: "secondary", href: tour.url, id: "card-tournament" }, `Back to ${tour.name}`));
        followTournament(tour);
      }
      const parts = [h("h2", { id: "game-over-title", tabindex: "-1" }, data.headline)];
      if (data.reason) parts.push(h("p", { class: "reason" }, withNames(data.reason, st.seats.map((s) => s.name))));
      if (data.ratings.length) {
        parts.push(h("table", { class: "ratings" },
          h("caption", { class: "visually-hidden" }, "Rating change"),
          h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Rating"), h("th", { scope: "col" }, "Change")),
          ...data.ratings.map((r) => h("tr", { class: "rating-row" }, h("td", {}, r.name),
            // "1623?": the server writes each rating as every page does (rating_labels).
            h("td", {}, `${r.before_text || r.before} → ${r.after_text || r.after}`),
            h("td", { class: r.delta >= 0 ? "delta-up" : "delta-down" }, `${r.delta >= 0 ? "+" : ""}${r.delta}`)))));
      } else if (data.status === "aborted") {
        parts.push(h("p", { class: "muted small", id: "card-no-result" }, "No result: nobody's rating changes, and it counts as no win, draw or loss."));
      } else if (data.rating_note) {
        // Why no rating moved, said to whoever looks (a guest, a player, a spectator).
        parts.push(h("p", { class: "muted small", id: "rating-note" }, data.rating_note));
      }
      if (!tour) parts.push(offerBox.el);
      parts.push(links);
      // A keyboard player whose last move ended the match lost the focus with the
      // board's last render: it goes to the result, the start of what to do next.
      const focus = document.activeElement;
      const lost = !focus || focus === document.body || !focus.isConnected || focus.closest("#board, #controls");
      const first = els.card.hidden;
      els.card.dataset.filled = String(tries); // how often it was filled (tests wait on it)
      // Filled in again as the ratings arrive (and when a rematch or the next
      // tournament game comes): in place, so a button being pressed stays.
      window.DiceArena.morph(els.card, parts);
      els.card.hidden = false;
      if (first && lost) $("game-over-title").focus();
    }

    // A tournament game: the card listens to the tournament's socket and asks again
    // when something changed there, so the next pairing shows up here by itself.
    let following = null;   // the tournament's socket while the next game is awaited
    let nextShown = false;
    function followTournament(tour) {
      if (tour.next_url) {
        if (following) { following.onclose = null; following.close(); following = null; }
        if (!nextShown && st.you !== null) notice("Your next game is on.");
        nextShown = true;
        return;
      }
      if (following || nextShown || tour.status !== "running") return;
      const scheme = location.protocol === "https:" ? "wss" : "ws";
      following = new WebSocket(`${scheme}://${location.host}/ws/tournaments/${tour.id}/`);
      following.onmessage = () => fillCard(2);
      following.onclose = () => { following = null; setTimeout(() => fillCard(2), 3000); };
    }

    const offerBox = window.DiceArena.rematchOffer({ st, matchId, notice });
    function rematch(frame) {
      offerBox.update(frame);
    }

    // ----- every render ------------------------------------------------------------------
    function render(ctx) {
      const active = st.status.status === "active";
      const key = `${st.log.length}:${(st.turn.acting || []).join(",")}`;
      if (key !== turnKey) { turnKey = key; turnSince = Date.now(); }
      if (els.actions) {
        els.actions.hidden = !active;
        els.abort.hidden = hasMoved();
      }
      // A match that has ended has nothing left to abort or resign.
      if (els.watchAbort) els.watchAbort.hidden = !active;
      showThinking();
      showYourTurn(active && st.you !== null && !ctx.waiting && (ctx.legal || []).length > 0);
      if (!active && cardFor !== st.status.status) {
        cardFor = st.status.status;
        fillCard(0);
      }
    }

    return { render, seats, rematch };
  }

  window.DiceArena.matchEnd = matchEnd;
})();
