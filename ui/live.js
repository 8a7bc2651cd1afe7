// The live part of a page (ui/live.py): a countdown that ticks here, and the game's push
// stream. Data comes only from `data`, never from text pasted into this code.
//
// On news of a newer version this part asks its fragment to rerun; the fragment reruns the
// whole page if the page is behind (on a phone or the projector: only for a new stage, one
// every page must show), or, for a new stage when nothing can be cut short, it asks for the
// whole page itself (`askPage`, through the page's asker: this component's instance outside
// the fragment, `data.asks_for`). Within a stage such a page asks for nothing: the event carries its
// part (`data.part`: a phone's list of who is ready, the projector's roster or readiness)
// drawn anew, put in place here, and the part then shows the event's version while the
// page's top still shows `data.page_version`. The event's clock (a pause, a resume, "+30 s":
// no new stage) is this part's to tick from then on (`live.clock`). Versions and stages only
// grow.
const running = new WeakMap();
const RETRY_MS = 2000;
const STALE_ASKS = 3;
// {timer id@page version: the whole-page runs asked for a half-drawn page (checkTop)}.
const staleAsks = new Map();
// {timer id: the page's asker}: the instance ui/live.py mounts outside the live fragment, whose
// request runs the whole page at once instead of the fragment first (askPage).
const pageAskers = new Map();
// A whole-page request cuts short a run in progress on the server, and a tap's run is in
// progress before this page hears of it (Streamlit marks the page running only once the run
// has started there). So for TOUCH_MS after the student's last touch of the page (a tap, a
// key, a stroke) a request goes through the fragment, which waits for that run.
const TOUCH_MS = 3000;
let touchedAt = -Infinity;
for (const kind of ["pointerdown", "keydown", "input"]) {
  document.addEventListener(kind, () => (touchedAt = performance.now()), { capture: true });
}
// Streamlit may mount a new instance before it removes the old one (when the page's layout
// changes): an instance whose element has left the page stops at once (its stream, its
// ticking, its requests), even before Streamlit calls its clean-up. Two instances on the page
// for a moment do no harm: a tick writes only a countdown drawn at its own version, and a
// second request for the same rerun costs one status read.
function current(live) {
  if (live.element.isConnected) return true;
  dispose(live);
  return false;
}

function dispose(live) {
  clearInterval(live.ticking);
  clearTimeout(live.waiting);
  clearTimeout(live.reopening);
  stopFallback(live);
  if (live.source) live.source.close();
  live.source = null;
}

function label(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

// A countdown's text, written only when it changes: each write lays the page out again, four
// times a second on every phone for a text that changes once a second at most.
function show(element, text) {
  if (element.textContent !== text) element.textContent = text;
}

function tick(live) {
  const data = live.data;
  if (!current(live)) return;
  checkTop(live);
  // Other countdowns on the page (each table of a class), drawn at this part's version.
  for (const clock of data.clocks) {
    const element = document.getElementById(clock.timer);
    if (element && element.dataset.version === String(data.page_version)) {
      show(element, label(clock.seconds_left - (performance.now() - live.since) / 1000));
    }
  }
  const timer = countdowns(data.timer).find(
    (shown) => shown.dataset.version === String(data.page_version),
  );
  // The page's top is drawn before this part: right after a rerun the countdown may already
  // show a newer state (a pause) than this part's data. Only a countdown drawn at the
  // page version this part knows is this part's to tick.
  if (!timer) return;
  const clock = live.clock;
  const running = !clock.paused && clock.seconds_left !== null;
  const left = running ? clock.seconds_left - (performance.now() - clock.since) / 1000 : 0;
  // Paused, or a phase with no clock: the label the server draws ("Paused", or nothing).
  show(timer, running ? label(left) : clock.paused ? data.paused_label : "");
  const warn = running && data.warn_seconds > 0 && left <= data.warn_seconds;
  timer.style.color = warn ? data.warn_colour : "";
  const slot = document.getElementById(`${data.timer}-warn`);
  if (slot && warn !== slot.childElementCount > 0) {
    slot.innerHTML = warn ? data.banner : "";
  }
}

// The page's countdowns with this id: one, unless Streamlit kept an old run's element beside
// the new one (seen under load in CI: "Paused" over the resumed clock, both fixed in the
// corner).
function countdowns(id) {
  return Array.from(document.querySelectorAll(`[id="${CSS.escape(id)}"]`));
}

// Every part's run also draws the page's top at `page_version` (its countdown says which), so
// the page is half drawn when, with no run in progress, its countdown is at another version
// than this part's page: older, Streamlit 1.67 showed a run's last elements but not its
// first (seen under load, a phase left behind for good); newer, a run drew the top and never
// reached this part (seen in CI: a new heading over the old phase's form); or two
// countdowns, an old run's element left beside the new one. Then this part asks for the
// whole page again, once per RETRY_MS, at most STALE_ASKS times while it lasts (a leftover
// that a whole run cannot clear must not run the page for good); meanwhile only the newest
// countdown shows.
function checkTop(live) {
  const shown = countdowns(live.data.timer);
  const versions = shown.map((timer) => Number(timer.dataset.version));
  const newest = Math.max(...versions);
  shown.forEach((timer, at) => {
    timer.hidden = versions[at] < newest;
  });
  if (!shown.length || (shown.length === 1 && newest === live.data.page_version)) {
    live.staleSince = undefined;
    return;
  }
  const now = performance.now();
  if (live.staleSince === undefined) live.staleSince = now;
  if (busy() || now - live.staleSince < RETRY_MS || now - live.askedPageAt < RETRY_MS) return;
  // Counted per page version across instances: the page's run may mount a new one.
  const asked = `${live.data.timer}@${live.data.page_version}`;
  if ((staleAsks.get(asked) || 0) >= STALE_ASKS) return;
  staleAsks.set(asked, (staleAsks.get(asked) || 0) + 1);
  live.askedPageAt = now;
  if (!askPage(live)) ask(live, "stale");
}

function ask(live, name) {
  live.trigger(name, Date.now());
}

// Ask for the whole page through the page's asker (its one event, `page`), when nothing can
// be cut short: no run in progress, no touch for TOUCH_MS. Whether it asked.
function askPage(live) {
  const asker = pageAskers.get(live.data.timer);
  if (!asker || !asker.element.isConnected || busy()) return false;
  if (performance.now() - touchedAt < TOUCH_MS) return false;
  asker.trigger("page", Date.now());
  return true;
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
    live.latest = live.latestStage = live.asked = live.placed = undefined;
  }
  live.stream = stream;
  live.source = new EventSource(`${stream}&v=${encodeURIComponent(data.version)}`);
  live.source.onopen = () => stopFallback(live);
  live.source.onerror = () => {
    startFallback(live);
    if (live.source.readyState === EventSource.CLOSED) reopen(live);
  };
  live.source.onmessage = (event) => {
    const progress = JSON.parse(event.data);
    if (progress.gone) {
      // The game was deleted: ask once more, and the page says it is gone.
      live.source.close();
      ask(live, "poll");
      return;
    }
    live.latest = Math.max(live.latest || 0, progress.version);
    live.latestStage = Math.max(live.latestStage || 0, progress.stage);
    place(live, progress);
    catchUp(live);
    tick(live);
  };
}

// A browser retries a dropped stream by itself, but gives it up for good when an answer is
// an error: the school's proxy answers 502 while a killed process starts again. Then the
// fallback's polls go to a new server session that has never run this page's fragment, and
// Streamlit drops them (seen in CI: a projector left on the phase before the kill). So the
// stream opens again, from the version this run drew, once per RETRY_MS until it is back.
function reopen(live) {
  clearTimeout(live.reopening);
  live.reopening = setTimeout(() => {
    if (!current(live)) return;
    live.source = null;
    follow(live);
  }, RETRY_MS);
}

// Put the event's part and clock in place when they are all that changed for a page that
// redraws only for a new stage (same stage), or its clock alone for any page that shows a
// version since which nothing else public changed (`clock_only_since`: a pause, a resume,
// "+30 s"). The HTML comes from the server's own drawing of the public view (ui/parts.py),
// as the fragment's would: Streamlit draws that one the same way. A page whose buttons
// change with a pause (`pause_redraws`) asks for a run instead.
function place(live, progress) {
  const data = live.data;
  const shown = Math.max(data.version, live.placed || 0);
  const since = progress.clock_only_since;
  const inPlace = data.redraw === "stage" || (typeof since === "number" && since <= shown);
  if (!inPlace || progress.stage > data.stage || !progress.clock) return;
  if (progress.version <= shown) return;
  if (data.pause_redraws && progress.clock.paused !== data.paused) return;
  if (data.part) {
    const part = progress.parts && progress.parts[data.part];
    const element = document.getElementById(data.part_id);
    if (part === undefined || part === null || !element) return;
    element.innerHTML = part;
  }
  live.clock = { ...progress.clock, version: progress.version, since: performance.now() };
  live.placed = progress.version;
}

// Whether this part should ask for a rerun, given what the stream said.
function behind(live) {
  const data = live.data;
  const shown = Math.max(data.version, live.placed || 0);
  return live.latest > shown || live.latestStage > data.stage;
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
// dropped (Streamlit skips a fragment it no longer knows: after the page's layout changed, or
// in a new server session after a restart), so an instance still behind RETRY_MS after asking
// asks again, for the whole page if it can.
function catchUp(live) {
  clearTimeout(live.waiting);
  if (!current(live) || !behind(live)) return;
  const waited = performance.now() - live.askedAt;
  if (live.asked === live.latest && waited < RETRY_MS) {
    live.waiting = setTimeout(() => catchUp(live), RETRY_MS - waited);
    return;
  }
  if (busy()) {
    live.waiting = setTimeout(() => catchUp(live), 100);
    return;
  }
  const again = live.asked === live.latest;
  live.asked = live.latest;
  live.askedAt = performance.now();
  // A newer stage: every page of the game runs for it; so does a page that runs for every
  // version (`redraw: "any"`) for a newer one.
  const shown = Math.max(live.data.version, live.placed || 0);
  const whole =
    live.latestStage > live.data.stage || (live.data.redraw === "any" && live.latest > shown);
  if ((whole || again) && askPage(live)) return;
  // What the stream told of: the fragment reruns the page at once if it is behind that.
  live.trigger("changed", { version: live.latest, stage: live.latestStage || 0 });
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  if (data.asks_for) {
    const asker = { element: parentElement, trigger: setTriggerValue };
    pageAskers.set(data.asks_for, asker);
    return () => {
      if (pageAskers.get(data.asks_for) === asker) pageAskers.delete(data.asks_for);
    };
  }
  let live = running.get(parentElement);
  if (!live) {
    live = { element: parentElement };
    running.set(parentElement, live);
  }
  live.data = data;
  live.trigger = setTriggerValue;
  live.since = performance.now();
  // The clock as this run read it, unless an event placed since told of a newer one.
  if (!live.clock || live.clock.version <= data.version) {
    live.clock = { version: data.version, paused: data.paused, seconds_left: data.seconds_left };
    live.clock.since = live.since;
  }
  clearInterval(live.ticking);
  live.ticking = setInterval(() => tick(live), 250);
  tick(live);
  follow(live);
  catchUp(live);
  return () => {
    dispose(live);
    running.delete(parentElement);
  };
}
