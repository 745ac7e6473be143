/* The rematch on the game-over card (match_end.js). Against the site's AI (or a bot) it
   is made at once, as before: the button posts the rematch form. Between people it is an
   offer (lichess's way): "Rematch" offers it over the match socket; the other side's
   card shows "alice offers a rematch" with Accept and Decline; both see the minute
   count down and every state the server pushes (``rematch`` frames: offered, declined,
   lapsed — after a minute, or when either leaves the match page — and accepted, when
   both pages go to the new match). Without a socket the same happens by form posts. */
(function () {
  "use strict";
  const { h } = window.DiceArena;

  function mmss(ms) {
    const s = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }

  window.DiceArena.rematchOffer = function ({ st, matchId, notice }) {
    const box = h("div", { class: "rematch-box", id: "rematch-box", "aria-live": "polite" });
    let offer = null;       // the latest state (a ``rematch`` frame, or summary.json's)
    let arrived = 0;        // when it arrived (performance.now()), for the countdown
    let consent = false;    // between people: an offer, not a match at once
    let allowed = false;    // this reader may ask (a player, not in a tournament)
    let going = false;
    let timer = null;

    const socket = () => window.DiceArena.currentSocket;
    const mine = () => st.you;

    function say(what) {
      const s = socket();
      if (s && s.isOpen()) { s.raw({ type: "rematch", do: what }); return; }
      // No socket: the same by a form post (the page comes back with the state).
      if (what === "decline") {
        const form = document.getElementById("rematch-form");
        const copy = form.cloneNode(true);
        copy.action = `/matches/${matchId}/rematch/decline/`;
        document.body.append(copy);
        copy.submit();
      } else {
        document.getElementById("rematch-form").requestSubmit();
      }
    }

    function leftMs() { return offer ? offer.left_ms - (performance.now() - arrived) : 0; }

    function button(id, text, cls, onclick) {
      return h("button", { type: "button", class: cls, id, onclick }, text);
    }

    // Drawn in place (DiceArena.morph): the button a person is pressing or has the focus
    // on stays the very element while the card fills in around it.
    function render() {
      clearInterval(timer);
      timer = null;
      const parts = [];
      box.hidden = !allowed && !(offer && consent);
      if (!box.hidden) draw(parts);
      window.DiceArena.morph(box, parts);
      const countdown = box.querySelector("#rematch-left");
      if (!countdown) return;
      timer = setInterval(() => {
        const ms = leftMs();
        if (ms <= 0) { offer = { ...offer, state: "lapsed", reason: "nobody answered within a minute" }; render(); return; }
        countdown.textContent = mmss(ms);
      }, 500);
    }

    /** What the box says now, as a list of nodes. */
    function draw(parts) {
      if (!consent) {
        // Against the AI or a bot: made at once (the form), or already made.
        parts.push(h("button", { type: "submit", class: "primary", form: "rematch-form", id: "rematch" },
          offer && offer.url ? "Go to the rematch" : "Rematch (seats swapped)"));
        return;
      }
      const state = offer ? offer.state : null;
      const left = leftMs();
      if (state === "accepted") {
        parts.push(h("p", { class: "rematch-state", id: "rematch-state" }, "Rematch accepted: ",
          h("a", { href: offer.url, id: "rematch-link" }, "opening the new game…")));
        if (mine() !== null && !going && offer.url) {
          going = true;
          window.location.assign(offer.url);
        }
        return;
      }
      if (state === "offered" && left > 0) {
        const byMe = offer.by_seat === mine();
        const asked = mine() !== null && (offer.waiting_for || []).includes(mine());
        const countdown = h("span", { id: "rematch-left", role: "timer" }, mmss(left));
        if (byMe) {
          const away = (offer.away || []).length ? ` (${offer.away.join(", ")} is not on this page)` : "";
          parts.push(h("p", { class: "rematch-state", id: "rematch-state" },
            `You offered a rematch; waiting for ${offer.waiting_names.join(", ")}${away} · lapses in `, countdown));
          if (allowed) parts.push(h("div", { class: "actions" }, button("rematch-cancel", "Take the offer back", "secondary", () => say("decline"))));
        } else if (asked) {
          parts.push(h("p", { class: "rematch-state", id: "rematch-state" },
            h("b", {}, `${offer.by} offers a rematch`), " (seats swapped, same clock and stakes) · lapses in ", countdown));
          parts.push(h("div", { class: "actions" },
            button("rematch-accept", "Accept the rematch", "primary", () => say("accept")),
            button("rematch-decline", "Decline", "secondary", () => say("decline"))));
        } else {
          const waiting = (offer.waiting_names || []).join(", ");
          parts.push(h("p", { class: "rematch-state", id: "rematch-state" },
            `${offer.by} offered a rematch; waiting for ${waiting || "an answer"} · lapses in `, countdown));
        }
        return;
      }
      if (state === "declined" || state === "lapsed" || (state === "offered" && left <= 0)) {
        const what = state === "declined" ? "Rematch declined" : "The rematch offer lapsed";
        const why = state === "offered" ? "nobody answered within a minute" : offer.reason;
        parts.push(h("p", { class: "rematch-state", id: "rematch-state" }, `${what}${why ? `: ${why}` : ""}.`));
      }
      if (allowed) {
        parts.push(h("div", { class: "actions" },
          button("rematch", state ? "Offer a rematch again" : "Rematch (seats swapped)", "primary", () => say("offer"))));
      }
    }

    return {
      el: box,
      /** From summary.json: who may ask, whether it is an offer, its state now. */
      fromSummary(data) {
        allowed = !!data.rematch && !data.tournament;
        consent = !!data.rematch_needs_consent;
        if (data.rematch_offer) { offer = data.rematch_offer; arrived = performance.now(); }
        else if (data.rematch_match) offer = { state: "accepted", url: `/matches/${data.rematch_match}/` };
        render();
      },
      /** A ``rematch`` frame pushed to every page of the match. */
      update(frame) {
        const before = offer ? offer.state : null;
        offer = frame;
        arrived = performance.now();
        if (frame.state === "offered" && before !== "offered" && frame.by_seat !== mine() && (frame.waiting_for || []).includes(mine())) {
          notice(`${frame.by} offers a rematch.`);
        }
        render();
      },
    };
  };
})();
