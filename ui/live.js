// The live parts of a page (ui/live.py): a countdown that ticks here, and the game's push
// stream. Data comes only from `data`, never from text pasted into this code.
//
// `data.redraw` says what a change reruns: "any" (the projector, the facilitator: the whole
// page on every change), "stage" (a phone: the whole page only when every page must change)
// or "within" (a part of a phone, in a fragment: changes within the stage, such as who is
// ready). Versions and stages only grow.
const running = new WeakMap();
const RETRY_MS = 2000;
// The instance that owns each slot (the page's countdown, or a part): Streamlit may mount a
// new instance before it unmounts the old one (when the page's layout changes), and an old
// one must not write a stale time over the new page, nor ask for reruns.
const owners = new Map();

function current(live) {
  if (owners.get(live.data.slot) === live) return true;
  dispose(live);
  return false;
}

function dispose(live) {
  clearInterval(live.ticking);
  clearTimeout(live.waiting);
  stopFallback(live);
  if (live.source) live.source.close();
  live.source = null;
}

function label(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

function tick(live) {
  const data = live.data;
  if (!current(live)) return;
  // Other countdowns on the page (each table of a class), drawn at this part's version.
  for (const clock of data.clocks || []) {
    const element = document.getElementById(clock.timer);
    if (element && element.dataset.version === String(data.version)) {
      element.textContent = label(clock.seconds_left - (performance.now() - live.since) / 1000);
    }
  }
  if (!data.timer) return;
  const timer = document.getElementById(data.timer);
  // The page's top is drawn before its end, where this part is: right after a rerun the
  // countdown may already show a newer state (a pause) than this part's data. Only a
  // countdown drawn at this part's version is this part's to tick.
  if (!timer || data.seconds_left === null || timer.dataset.version !== String(data.version)) {
    return;
  }
  const left = data.seconds_left - (performance.now() - live.since) / 1000;
  timer.textContent = label(left);
  const warn = data.warn_seconds > 0 && left <= data.warn_seconds;
  timer.style.color = warn ? data.warn_colour : "";
  const slot = document.getElementById(`${data.timer}-warn`);
  if (slot && warn !== slot.childElementCount > 0) {
    slot.innerHTML = warn ? data.banner : "";
  }
}

function ask(live, name) {
  live.trigger(name, Date.now());
}

function startFallback(live) {
  if (live.fallback || !(live.data.fallback_seconds > 0)) return;
  live.fallback = setInterval(() => ask(live, "poll"), live.data.fallback_seconds * 1000);
}

function stopFallback(live) {
  clearInterval(live.fallback);
  live.fallback = null;
}

// One stream per game for the instance's life: a new version re-renders the page, not the
// stream (the server keeps track of what it sent; `v` only says where the page started).
function follow(live) {
  const data = live.data;
  const stream = `${data.stream}?k=${encodeURIComponent(data.key)}`;
  if (live.source && live.stream === stream) return;
  if (live.source) live.source.close();
  if (live.stream !== stream) {
    // Another game (the teacher played again): its versions start afresh.
    live.latest = live.latestStage = live.asked = undefined;
  }
  live.stream = stream;
  live.source = new EventSource(`${stream}&v=${encodeURIComponent(data.version)}`);
  live.source.onopen = () => stopFallback(live);
  live.source.onerror = () => startFallback(live);
  live.source.onmessage = (event) => {
    const progress = JSON.parse(event.data);
    live.latest = Math.max(live.latest || 0, progress.version);
    live.latestStage = Math.max(live.latestStage || 0, progress.stage);
    catchUp(live);
  };
}

// Whether this instance should rerun what it covers, given what the stream said.
function behind(live, version, stage) {
  const newer = live.latest > version;
  const newStage = live.latestStage > stage;
  return { any: newer, stage: newStage, within: newer && !newStage }[live.data.redraw];
}

// Whether the page's script is running (a click of the page's own, a rerun): a request now
// would cut that run short and leave the page half drawn, so it waits for the run to end.
function busy() {
  const app = document.querySelector('[data-testid="stApp"]');
  const state = app && app.getAttribute("data-test-script-state");
  return state === "running" || state === "rerunRequested";
}

// Ask for a rerun when the stream knows more than this instance shows. Checked again whenever
// the page re-renders: a notice that came during a rerun is not lost. A request can still be
// dropped (Streamlit skips a fragment it no longer knows after the page's layout changed), so
// an instance still behind RETRY_MS after asking asks again.
function catchUp(live) {
  clearTimeout(live.waiting);
  if (!current(live) || !behind(live, live.data.version, live.data.stage)) return;
  const waited = performance.now() - live.askedAt;
  if (live.asked === live.latest && waited < RETRY_MS) {
    live.waiting = setTimeout(() => catchUp(live), RETRY_MS - waited);
    return;
  }
  if (busy()) {
    live.waiting = setTimeout(() => catchUp(live), 100);
    return;
  }
  live.asked = live.latest;
  live.askedAt = performance.now();
  ask(live, "changed");
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let live = running.get(parentElement);
  if (!live) {
    live = {};
    running.set(parentElement, live);
  }
  live.data = data;
  live.trigger = setTriggerValue;
  live.since = performance.now();
  owners.set(data.slot, live);
  clearInterval(live.ticking);
  if (data.timer || data.clocks) live.ticking = setInterval(() => tick(live), 250);
  tick(live);
  follow(live);
  catchUp(live);
  return () => {
    dispose(live);
    running.delete(parentElement);
    if (owners.get(data.slot) === live) owners.delete(data.slot);
  };
}
