/* A new game of yours has started (a seek taken, a quick pairing, a rematch accepted, a
   tournament's pairing, a friend sitting down: the person socket's "game" frame, me.js).
   On a lobby or the seeks page (<body data-new-game="open">) it opens by itself; on any
   other page a notice says so with its link (role="alert", so screen readers say it;
   focus is not taken from what you are doing; Escape or "Dismiss" closes it), and the
   tab's "(1) Your turn" counts it. A short sound plays, unless you turned it off: from
   the notice or the account's settings when signed in, in this browser for a guest.
   The sound waits for a page you have clicked or typed on (browsers refuse sound
   before), so no page tries to play one it may not. */
(function () {
  "use strict";
  const { h, me } = window.DiceArena;
  const GUEST_KEY = "dicearena-new-game-sound";
  const OPENS_BY_ITSELF = document.body.dataset.newGame === "open";
  const box = document.getElementById("new-game");
  const root = document.documentElement;
  let signedIn = false;
  let soundOn = localStorage.getItem(GUEST_KEY) !== "off";
  let audio = null;
  let shown = null;

  me.on("me", (f) => {
    signedIn = !!f.signed_in;
    if (signedIn && typeof f.sound === "boolean") soundOn = f.sound;
    root.dataset.newGameSound = soundOn ? "on" : "off";
    if (shown) render(shown);
  });

  /** A short two-note chime, made here (no file to fetch). */
  function chime() {
    if (!soundOn) { root.dataset.newGameSoundPlayed = "off"; return; }
    const activation = navigator.userActivation;
    if (activation && !activation.hasBeenActive) {
      root.dataset.newGameSoundPlayed = "waiting for a click";
      return;
    }
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      if (audio.state === "suspended") audio.resume();
      const start = audio.currentTime;
      [880, 1175].forEach((freq, i) => {
        const tone = audio.createOscillator();
        const gain = audio.createGain();
        tone.frequency.value = freq;
        gain.gain.setValueAtTime(0.12, start + i * 0.14);
        gain.gain.exponentialRampToValueAtTime(0.001, start + i * 0.14 + 0.22);
        tone.connect(gain).connect(audio.destination);
        tone.start(start + i * 0.14);
        tone.stop(start + i * 0.14 + 0.24);
      });
      root.dataset.newGameSoundPlayed = "played";
    } catch (e) {
      root.dataset.newGameSoundPlayed = "unavailable"; // the notice still says it
    }
  }

  function setSound(on) {
    soundOn = on;
    root.dataset.newGameSound = on ? "on" : "off";
    if (signedIn) me.send({ type: "sound", on });  // kept with the account; every page hears
    else localStorage.setItem(GUEST_KEY, on ? "on" : "off");
    if (shown) render(shown);
  }

  function vs(f) {
    const who = f.opponents.length ? ` against ${f.opponents.join(", ")}` : "";
    return `${f.title}${who} (${f.clock}, ${f.rated ? "rated" : "casual"})`;
  }

  function render(f) {
    const toggle = h("button", { type: "button", class: "secondary", id: "new-game-sound", "aria-pressed": soundOn ? "true" : "false",
      title: "A short sound when a new game of yours starts", onclick: () => setSound(!soundOn) }, soundOn ? "Sound: on" : "Sound: off");
    box.replaceChildren(
      h("p", {}, h("b", {}, "Your game is on: "), vs(f), "."),
      h("div", { class: "actions" },
        h("a", { class: "button primary", href: f.url, id: "new-game-link" }, "Open the game"),
        h("button", { type: "button", class: "secondary", id: "new-game-dismiss", onclick: dismiss }, "Dismiss"),
        toggle));
    box.hidden = false;
  }

  function dismiss() {
    box.hidden = true;
    shown = null;
  }

  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape" && shown) dismiss();
  });

  me.on("game", (f) => {
    if (location.pathname === f.url) return; // already looking at it
    root.dataset.newGame = String(f.match);
    chime();
    if (OPENS_BY_ITSELF) {
      // A moment for the chime, then the game: well within the 2 s people expect.
      setTimeout(() => location.assign(f.url), soundOn ? 350 : 0);
      return;
    }
    shown = f;
    render(f);
  });
})();
