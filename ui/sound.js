// The room's sound (ui/sound.py): the switch and the volume, kept in this browser, and on the
// projector (`data.mode` "room") the cues of what its page shows as it changes, synthesised
// here by the Web Audio API; on the teacher's page ("switch") the same switch alone; on a
// student's phone ("phone") their own switch and the cue of a moment that calls on them.
// Words and notes come only from `data`, never from text pasted into this code.
const SETTING = "cc-sound"; // {on: bool, volume: 0..100}, off until the teacher turns it on
const PHONE_SETTING = "cc-phone-cue"; // {on: bool}, off until the student turns it on
const CLAIMS = "cc-sound-cues"; // {game code: {cue: the version it was claimed for}}
const KEPT_GAMES = 20;
const DEFAULT_VOLUME = 60;
const PEAK = 0.4; // the loudest a note gets at full volume, well below clipping
// How long a tab holds a cue's own lock after claiming it, so that its write has reached the
// other tabs before one of them can look (localStorage reaches them a moment later: on a
// loaded machine more than a quarter of a second, and two tabs then both played a join).
const HOLD_MS = 5000;
// A cue the browser could not play at once (no click on the page yet) is dropped after this:
// a click much later must not set off every cue since.
const STALE_MS = 1500;
const CHECK_MS = 250;

// {game code: what this tab has seen of it}: a page loaded (or reloaded) first learns what
// it shows, and plays only what changes after that.
const seen = new Map();
// The projector's instances on the page, by their element: {element, data, control}. A
// page's run may mount a new one before Streamlit removes the old one, and even render the
// old one again with its old data after that: the one that shows the newest version is the
// page's.
const projectors = new Map();
// {student's claim key: {stage, moment}}: what this tab last showed of each student's phone.
const called = new Map();
let audio = null;
let cues = {}; // every cue's notes (ui/sound.py), as the playing instances are given them
let decided = 0; // the cues this tab has claimed or found claimed by another tab

// The setting kept under `key`: the room's (SETTING) or a student's phone's (PHONE_SETTING).
function setting(key = SETTING) {
  try {
    const kept = JSON.parse(localStorage.getItem(key) || "{}");
    const volume = Number.isFinite(kept.volume) ? kept.volume : DEFAULT_VOLUME;
    return { on: kept.on === true, volume: Math.min(100, Math.max(0, volume)) };
  } catch {
    return { on: false, volume: DEFAULT_VOLUME };
  }
}

function keep(key, changed) {
  try {
    localStorage.setItem(key, JSON.stringify({ ...setting(key), ...changed }));
  } catch {
    // A browser that keeps nothing (private mode, storage full): the switch lasts the page.
  }
  for (const control of controls) control.show();
}

// The audio starts only after a click or a key on the page (the browser's rule): each one
// on the projector or a phone with its sound on lets it start, so that the next cue plays.
function wake() {
  const room = shownNow() && setting().on;
  const phone = [...controls].some((c) => c.mode === "phone") && setting(PHONE_SETTING).on;
  if (!room && !phone) return;
  if (!audio) audio = new AudioContext();
  if (audio.state !== "running") audio.resume().catch(() => {});
}
for (const kind of ["pointerdown", "keydown"]) {
  document.addEventListener(kind, wake, { capture: true });
}

function play(cue, volume = setting().volume) {
  if (!audio) audio = new AudioContext();
  const asked = performance.now();
  const go = () => {
    if (performance.now() - asked < STALE_MS) notes(audio, cue, volume);
  };
  if (audio.state === "running") go();
  else audio.resume().then(go, () => {});
}

// Each note a soft attack and a decay, so that nothing clicks.
function notes(context, cue, volume) {
  const out = context.createGain();
  out.gain.value = (volume / 100) * PEAK;
  out.connect(context.destination);
  const start = context.currentTime + 0.02;
  for (const [frequency, at, length] of cue.notes) {
    const oscillator = context.createOscillator();
    oscillator.type = cue.wave;
    oscillator.frequency.value = frequency;
    const envelope = context.createGain();
    const from = start + at;
    envelope.gain.setValueAtTime(0.0001, from);
    envelope.gain.exponentialRampToValueAtTime(1, from + 0.02);
    envelope.gain.exponentialRampToValueAtTime(0.0001, from + length);
    oscillator.connect(envelope).connect(out);
    oscillator.start(from);
    oscillator.stop(from + length + 0.05);
  }
}

// Whether this tab is the first of the browser to claim cue `name` of game `code` at
// `version` (versions only grow); it then keeps the claim for every tab.
function claim(code, name, version) {
  let all;
  try {
    all = JSON.parse(localStorage.getItem(CLAIMS) || "{}");
  } catch {
    all = {};
  }
  const game = all[code] || {};
  if ((game[name] ?? -1) >= version) return false;
  game[name] = version;
  delete all[code]; // the game heard last goes last: the oldest ones are forgotten first
  all[code] = game;
  for (const old of Object.keys(all).slice(0, -KEPT_GAMES)) delete all[old];
  try {
    localStorage.setItem(CLAIMS, JSON.stringify(all));
  } catch {
    // Nothing kept: this tab still plays it.
  }
  return true;
}

// Play cue `name` once for every tab of this browser, if the room's sound is on.
function cue(code, name, version) {
  const sound = cues[name];
  if (setting().on && sound) once(code, name, version, () => play(sound));
}

// Do `act` once for every tab of this browser that claims cue `name` of `code` at `version`.
// Where the browser has Web Locks (a page on localhost or https), the first tab takes that
// cue's own lock and holds it while its claim reaches the others: a tab finding it taken
// leaves the cue to it, and one coming after reads the claim.
function once(code, name, version, act) {
  const take = (free) => {
    if (free && claim(code, name, version)) act();
    decided += 1;
    mark();
  };
  if (!navigator.locks) {
    take(true);
    return;
  }
  navigator.locks
    .request(`${CLAIMS}:${code}:${name}:${version}`, { ifAvailable: true }, async (lock) => {
      take(lock !== null);
      if (lock) await new Promise((done) => setTimeout(done, HOLD_MS));
    })
    .catch(() => {});
}

// The projector's instance that shows the newest version, if any is on the page.
function shownNow() {
  let newest = null;
  for (const projector of projectors.values()) {
    if (!projector.element.isConnected) continue;
    if (!newest || projector.data.version > newest.data.version) newest = projector;
  }
  return newest;
}

// The lobby's roster as shown: its count and the version it was drawn at (ui/parts.py).
function roster() {
  const shown = document.querySelector("[data-joined]");
  return shown ? { count: Number(shown.dataset.joined), version: Number(shown.dataset.version) } : null;
}

// The seconds the page's countdown shows (drawn at the page's version), or null when it
// shows none (paused, untimed, between phases).
function secondsShown(data) {
  const timers = document.querySelectorAll(`[id="${CSS.escape(data.timer)}"]`);
  for (const timer of timers) {
    if (timer.hidden || timer.dataset.version !== String(data.version)) continue;
    const shown = /^(\d+):(\d{2})$/.exec(timer.textContent.trim());
    if (shown) return Number(shown[1]) * 60 + Number(shown[2]);
  }
  return null;
}

// What the page shows now against what this tab saw of it: each change a cue.
function watch() {
  const projector = shownNow();
  if (!projector) return;
  const data = projector.data;
  const shown = roster();
  const left = secondsShown(data);
  let game = seen.get(data.code);
  if (!game) {
    // First sight (a page opened or reloaded): nothing of what it finds plays.
    game = { stage: data.stage, moment: data.moment, joined: shown?.count, longest: {}, warned: {} };
    seen.set(data.code, game);
  }
  if (data.stage > game.stage) {
    game.stage = data.stage;
    // A new phase or turn (not a pause, nor a start of the sand timer within a phase).
    if (data.moment !== game.moment && data.cue) cue(data.code, data.cue, data.stage);
    game.moment = data.moment;
  }
  if (shown) {
    if (game.joined !== undefined && shown.count > game.joined) {
      cue(data.code, "join", shown.version);
    }
    game.joined = shown.count;
  }
  if (left !== null) {
    // The last seconds of a phase this tab saw with time to spare: a short phase (five
    // seconds of merge) is all last seconds, and a page reloaded in them plays nothing.
    const longest = Math.max(game.longest[data.stage] ?? 0, left);
    game.longest[data.stage] = longest;
    const warn = data.warn_seconds;
    if (left > 0 && left <= warn && longest > 2 * warn && !game.warned[data.stage]) {
      game.warned[data.stage] = true;
      cue(data.code, "last", data.stage);
    }
  }
  mark();
}
setInterval(watch, CHECK_MS);

// A student's phone at the moment its page shows (`data.moment`: the round and phase that
// calls on them, or null): a moment that calls, first shown after the page was opened, plays
// the "turn" cue and vibrates, once for every tab of the browser. A page opened or reloaded
// plays nothing of what it finds; an older run's instance (a smaller stage) is not heeded.
function answer(data, control) {
  const last = called.get(data.code);
  if (last && data.stage < last.stage) return;
  called.set(data.code, { stage: data.stage, moment: data.moment });
  const fresh = last && data.moment && data.moment !== last.moment;
  if (fresh && setting(PHONE_SETTING).on) once(data.code, "turn", data.stage, () => buzz(data));
  control.box.dataset.heardStage = String(data.stage);
  control.box.dataset.decided = String(decided);
}

// The phone's cue: its notes at full volume (a phone's own volume sets how loud) and its
// vibration where the phone has one.
function buzz(data) {
  play(data.cues.turn, 100);
  if (navigator.vibrate) navigator.vibrate(data.vibration);
}

// What this tab has taken in, on its switch's element: what a test waits for before it says
// that nothing played.
function mark() {
  for (const control of controls) {
    if (control.mode === "phone") control.box.dataset.decided = String(decided);
  }
  const projector = shownNow();
  const game = projector && seen.get(projector.data.code);
  if (!game) return;
  const box = projector.control.box;
  box.dataset.heardStage = String(game.stage);
  box.dataset.heardJoined = String(game.joined ?? "");
  box.dataset.decided = String(decided);
}

// The switch and the volume, on every page that mounts one; each shows the setting kept.
const controls = new Set();

const SVG = "http://www.w3.org/2000/svg";
const SPEAKER = "M3 9v6h4l5 4V5L7 9z";
const WAVES = "M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13";
const MUTED = "M16 9l5 6M21 9l-5 6";

function icon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  const speaker = document.createElementNS(SVG, "path");
  speaker.setAttribute("d", SPEAKER);
  speaker.setAttribute("fill", "currentColor");
  const lines = document.createElementNS(SVG, "path");
  lines.setAttribute("fill", "none");
  lines.setAttribute("stroke", "currentColor");
  lines.setAttribute("stroke-width", "2");
  lines.setAttribute("stroke-linecap", "round");
  svg.append(speaker, lines);
  return { svg, lines };
}

function build(root, mode) {
  const corner = mode === "room";
  const key = mode === "phone" ? PHONE_SETTING : SETTING;
  const box = document.createElement("div");
  box.className = corner ? "cc-sound cc-sound-corner" : "cc-sound";
  const panel = document.createElement("div");
  panel.className = "cc-sound-panel";
  const onLabel = document.createElement("label");
  const on = document.createElement("input");
  on.type = "checkbox";
  const onText = document.createElement("span");
  onLabel.append(on, onText);
  const volumeLabel = document.createElement("label");
  const volumeText = document.createElement("span");
  const volume = document.createElement("input");
  volume.type = "range";
  volume.min = "0";
  volume.max = "100";
  volume.step = "5";
  volumeLabel.append(volumeText, volume);
  const hint = document.createElement("p");
  // A phone's cue has no volume of its own: the phone's sets it.
  if (mode === "phone") panel.append(onLabel, hint);
  else panel.append(onLabel, volumeLabel, hint);
  const control = { root, box, on, onText, volume, volumeText, hint, mode, key };
  if (corner) {
    // A speaker button in the corner opens the panel above it.
    const button = document.createElement("button");
    button.type = "button";
    button.setAttribute("aria-expanded", "false");
    const { svg, lines } = icon();
    button.append(svg);
    panel.hidden = true;
    panel.id = "cc-sound-panel";
    button.setAttribute("aria-controls", panel.id);
    const open = (shown) => {
      panel.hidden = !shown;
      button.setAttribute("aria-expanded", String(shown));
    };
    button.onclick = () => open(panel.hidden);
    box.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && !panel.hidden) {
        open(false);
        button.focus();
      }
    });
    control.close = (event) => {
      if (!event.composedPath().includes(box)) open(false);
    };
    document.addEventListener("pointerdown", control.close);
    box.append(button, panel);
    Object.assign(control, { button, lines });
  } else {
    box.append(panel);
  }
  on.onchange = () => {
    keep(key, { on: on.checked });
    // How it sounds: the room's volume on the projector, the phone's own cue on a phone (the
    // tap lets this page's audio and vibration start).
    if (on.checked && corner) play(cues.sample);
    if (on.checked && mode === "phone") buzz(control.data);
  };
  volume.oninput = () => keep(key, { volume: Number(volume.value) });
  volume.onchange = () => {
    if (setting().on && corner) play(cues.sample);
  };
  control.show = () => show(control);
  // Beside the component's own style, which sits in the same element.
  root.append(box);
  return control;
}

function show(control) {
  const { on, volume } = setting(control.key);
  const words = control.words;
  control.on.checked = on;
  control.onText.textContent = words.sound;
  control.volume.value = String(volume);
  control.volumeText.textContent = words.volume;
  control.volume.setAttribute("aria-valuetext", `${volume} %`);
  control.hint.textContent = words.hint || "";
  control.hint.hidden = !words.hint;
  if (control.button) {
    control.button.setAttribute("aria-label", `${words.sound}: ${on ? words.on : words.off}`);
    control.button.title = control.button.getAttribute("aria-label");
    control.lines.setAttribute("d", on ? WAVES : MUTED);
  }
}

// Another tab (the teacher's page) turned the sound on or off, or set the volume.
window.addEventListener("storage", (event) => {
  for (const control of controls) if (event.key === control.key) control.show();
});

export default function (component) {
  const { data, parentElement } = component;
  let control = [...controls].find((kept) => kept.root === parentElement);
  if (!control) {
    control = build(parentElement, data.mode);
    controls.add(control);
  }
  control.words = data.words;
  control.data = data;
  control.show();
  if (data.mode === "room") {
    projectors.set(parentElement, { element: parentElement, data, control });
    cues = data.cues;
    watch();
  }
  if (data.mode === "phone") answer(data, control);
  return () => {
    controls.delete(control);
    if (control.close) document.removeEventListener("pointerdown", control.close);
    projectors.delete(parentElement);
  };
}
