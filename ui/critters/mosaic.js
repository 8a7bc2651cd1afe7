// One player's Canvas Critters mosaic (ui/critters/mosaic.py): a square frame of pieces and a palette
// of the table's pile. Data comes only from `data`, never from text pasted into this code;
// pictures are data URIs set as image sources, texts are set as text or attributes.
//
// The server decides every take, move and return. This part only asks, one request at a
// time, and shows the answer it expects until the server's truth arrives: each request goes
// out as a trigger value with an id of its own, and Python lists the ids it has seen
// (`data.seen`); a seen request leaves the queue and the pieces drawn are the server's again.
// A request not seen after RETRY_MS goes out again with the same id (the server answers a
// repeat with its first answer), so a request dropped on the way costs time, never a piece.
const instances = new WeakMap();
// A press that moves less than this is a tap (return the piece); more, a drag (move it).
const TAP_SLOP_PX = 8;
// How long after a press ends a click may still come from it (and is ignored).
const CLICK_AFTER_MS = 1000;
const RETRY_MS = 2000;
// One arrow key press moves a focused piece this far (a fraction of the canvas side).
const STEP = 0.025;
// One press of R turns a focused piece this far (degrees clockwise; Shift+R back).
const TURN = 45;
// A two-finger twist turns a piece in steps of this many degrees.
const SNAP = 15;
// Where a taken piece may land: a point of this grid (see freeSpot).
const SPOTS = 7;

function element(tag, className) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

function fill(template, label, count) {
  return template.replaceAll("{label}", label).replaceAll("{count}", String(count));
}

// Request ids from getRandomValues: randomUUID needs a secure context, and a classroom may
// serve the app over plain http on its network.
function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

// How far a piece turned by `rotation` degrees reaches from its centre, across and down:
// half the side of the turned square's bounding box (engine/critters/rules.py reach).
function reach(rotation, size) {
  const radians = (rotation * Math.PI) / 180;
  return (size / 2) * (Math.abs(Math.cos(radians)) + Math.abs(Math.sin(radians)));
}

// A centre coordinate moved so the whole (turned) piece lies inside the frame.
function inside(value, rotation, size) {
  const margin = reach(rotation, size);
  return Math.min(1 - margin, Math.max(margin, value));
}

// Whether the page's script is running: a request now would cut that run short (perhaps the
// one applying the previous request), so it waits for the run to end.
function busy() {
  const app = document.querySelector('[data-testid="stApp"]');
  const state = app && app.getAttribute("data-test-script-state");
  return state === "running" || state === "rerunRequested";
}

// The mosaic as the player should see it: the server's pieces and pile, with the requests
// still on their way applied in order (a take shows as a pending piece).
function view(mosaic) {
  const { palette, pieces } = mosaic.data;
  const counts = new Map(palette.map((entry) => [entry.kind, entry.count]));
  const shown = new Map(
    pieces.map((piece) => [
      `p:${piece.id}`,
      { rotation: 0, mirrored: false, ...piece, key: `p:${piece.id}`, pending: false },
    ]),
  );
  for (const request of mosaic.queue) {
    if (request.action === "take") {
      const key = `r:${request.request}`;
      const { kind, x, y } = request;
      shown.set(key, { kind, x, y, rotation: 0, mirrored: false, key, pending: true });
      counts.set(request.kind, (counts.get(request.kind) ?? 0) - 1);
      continue;
    }
    const piece = shown.get(`p:${request.piece}`);
    if (!piece) continue;
    if (request.action === "move") {
      Object.assign(piece, placement(request));
      shown.delete(piece.key); // a piece moved goes on top, as the engine lays it
      shown.set(piece.key, piece);
    } else {
      shown.delete(piece.key);
      counts.set(piece.kind, (counts.get(piece.kind) ?? 0) + 1);
    }
  }
  return { counts, pieces: [...shown.values()] };
}

function freeSpot(mosaic) {
  const size = mosaic.data.piece_size;
  const placed = view(mosaic).pieces;
  const spots = [];
  for (let i = 0; i < SPOTS; i += 1) {
    for (let j = 0; j < SPOTS; j += 1) {
      const x = size / 2 + ((1 - size) * i) / (SPOTS - 1);
      const y = size / 2 + ((1 - size) * j) / (SPOTS - 1);
      const room = Math.min(Infinity, ...placed.map((p) => Math.hypot(p.x - x, p.y - y)));
      spots.push({ x, y, room, centre: Math.hypot(x - 0.5, y - 0.5) });
    }
  }
  spots.sort((a, b) => a.centre - b.centre);
  // The spot nearest the centre where the piece covers no other; on a full canvas, the one
  // farthest from every piece.
  const clear = spots.find((spot) => spot.room >= size);
  const { x, y } = clear ?? spots.reduce((best, spot) => (spot.room > best.room ? spot : best));
  return { x, y };
}

function placement({ x, y, rotation, mirrored }) {
  return { x, y, rotation, mirrored };
}

// Ask to lay `piece` as `changes` say (a move, a turn, a flip), kept inside the frame.
function relay(mosaic, piece, changes) {
  const size = mosaic.data.piece_size;
  const next = { ...placement(piece), ...changes };
  next.rotation = ((Math.round(next.rotation) % 360) + 360) % 360;
  next.x = inside(next.x, next.rotation, size);
  next.y = inside(next.y, next.rotation, size);
  if (Object.keys(next).every((name) => next[name] === piece[name])) {
    render(mosaic); // back where it was: nothing to ask
  } else {
    ask(mosaic, { action: "move", piece: piece.id, ...next });
  }
}

function ask(mosaic, request) {
  if (mosaic.data.disabled) return; // the round ended under the player's finger
  const last = mosaic.queue[mosaic.queue.length - 1];
  if (
    request.action === "move" &&
    last &&
    last.sentAt === undefined &&
    last.action === "move" &&
    last.piece === request.piece
  ) {
    // Key presses faster than the server answers: one move to where the piece ended up.
    Object.assign(last, placement(request));
  } else {
    mosaic.queue.push({ ...request, request: newId() });
  }
  render(mosaic);
  pump(mosaic);
}

function pump(mosaic) {
  if (!mosaic.box.isConnected) {
    dispose(mosaic);
    return;
  }
  const head = mosaic.queue[0];
  if (!head || busy()) return;
  if (head.sentAt !== undefined && performance.now() - head.sentAt < RETRY_MS) return;
  head.sentAt = performance.now();
  const { sentAt, ...request } = head;
  mosaic.trigger("request", request);
}

function dispose(mosaic) {
  clearInterval(mosaic.pumping);
}

function place(node, piece, size) {
  node.style.left = `${(piece.x - size / 2) * 100}%`;
  node.style.top = `${(piece.y - size / 2) * 100}%`;
  node.style.width = `${size * 100}%`;
  node.style.height = `${size * 100}%`;
  // Turned, then mirrored left to right (engine/critters/rules.py Placement): CSS applies
  // the rightmost transform first.
  const mirror = piece.mirrored ? "scaleX(-1) " : "";
  node.querySelector("img").style.transform = `${mirror}rotate(${piece.rotation}deg)`;
}

function picture(node, source) {
  let img = node.querySelector("img");
  if (!img) {
    img = element("img");
    img.alt = "";
    img.draggable = false;
    node.prepend(img);
  }
  if (img.getAttribute("src") !== source) img.setAttribute("src", source);
}

function renderPalette(mosaic, counts) {
  const { palette, texts } = mosaic.data;
  const kept = new Set();
  for (const entry of palette) {
    let button = mosaic.buttons.get(entry.kind);
    if (!button) {
      button = element("button", "take");
      button.type = "button";
      button.dataset.kind = entry.kind;
      const count = element("span", "count");
      count.setAttribute("aria-hidden", "true");
      button.append(count);
      mosaic.buttons.set(entry.kind, button);
    }
    mosaic.palette.append(button); // in the palette's order
    kept.add(entry.kind);
    const left = Math.max(0, counts.get(entry.kind) ?? 0);
    const template = left === 0 ? texts.none_left : left === 1 ? texts.take_last : texts.take;
    const name = fill(template, entry.label, left);
    picture(button, entry.picture);
    button.querySelector(".count").textContent = String(left);
    button.setAttribute("aria-label", name);
    button.title = name;
    button.disabled = left === 0;
  }
  for (const [kind, button] of mosaic.buttons) {
    if (!kept.has(kind)) {
      button.remove();
      mosaic.buttons.delete(kind);
    }
  }
}

function renderPieces(mosaic, pieces) {
  const { palette, piece_size: size, texts, disabled } = mosaic.data;
  const kinds = new Map(palette.map((entry) => [entry.kind, entry]));
  const kept = new Set();
  for (const [index, piece] of pieces.entries()) {
    const kind = kinds.get(piece.kind);
    if (!kind) continue;
    let node = mosaic.pieces.get(piece.key);
    if (!node) {
      node = element("div", "piece");
      mosaic.frame.append(node);
      mosaic.pieces.set(piece.key, node);
    }
    kept.add(piece.key);
    node.dataset.kind = piece.kind;
    node.classList.toggle("pending", piece.pending);
    if (piece.pending) node.dataset.request = piece.key.slice(2);
    else node.dataset.piece = String(piece.id);
    picture(node, kind.picture);
    const active = !disabled && !piece.pending;
    node.setAttribute("role", active ? "button" : "img");
    node.setAttribute(
      "aria-label",
      fill(disabled ? "{label}" : piece.pending ? texts.pending : texts.piece, kind.label, 0),
    );
    if (active) {
      node.tabIndex = 0;
      node.setAttribute("aria-describedby", "hint");
    } else {
      node.removeAttribute("tabindex");
      node.removeAttribute("aria-describedby");
    }
    if (!mosaic.drag || mosaic.drag.node !== node) {
      place(node, piece, size);
      // Later pieces lie on top: stacked by z-index, since moving a node in the page would
      // take the keyboard's focus off it.
      node.style.zIndex = String(index + 1);
    }
  }
  for (const [key, node] of mosaic.pieces) {
    if (kept.has(key)) continue;
    const focused = mosaic.root.activeElement === node;
    node.remove();
    mosaic.pieces.delete(key);
    if (focused) mosaic.frame.focus();
  }
}

function render(mosaic) {
  const { data } = mosaic;
  const shown = view(mosaic);
  mosaic.box.classList.toggle("disabled", data.disabled);
  mosaic.frame.classList.toggle("black", data.side === "black");
  mosaic.frame.setAttribute("aria-label", data.frame_label);
  mosaic.palette.setAttribute("aria-label", data.texts.palette);
  mosaic.hint.textContent = data.texts.keys;
  renderPalette(mosaic, shown.counts);
  renderPieces(mosaic, shown.pieces);
}

function shownPiece(mosaic, node) {
  const { pieces } = view(mosaic);
  return pieces.find((piece) => !piece.pending && String(piece.id) === node.dataset.piece);
}

// The piece under an event, if the player may handle it now.
function activePiece(mosaic, event) {
  const node = event.target.closest(".piece");
  if (!node || mosaic.data.disabled || node.classList.contains("pending")) return null;
  const piece = shownPiece(mosaic, node);
  return piece ? { node, piece } : null;
}

// A drag follows one finger (or the mouse). A second finger put down meanwhile twists the
// piece (turns it in SNAP degree steps) or, lifted without twisting or moving, flips it.
function onPointerDown(mosaic, event) {
  const drag = mosaic.drag;
  if (drag) {
    if (!drag.second) {
      drag.node.setPointerCapture(event.pointerId);
      const at = { x: event.clientX, y: event.clientY };
      const from = angle(drag.at, at);
      drag.second = { pointer: event.pointerId, start: at, at, from, base: drag.rotation };
      drag.moved = true; // two fingers are never a tap
    }
    return;
  }
  const hit = activePiece(mosaic, event);
  if (!hit) return;
  hit.node.setPointerCapture(event.pointerId);
  const { node, piece } = hit;
  const at = { x: event.clientX, y: event.clientY };
  mosaic.drag = { node, piece, pointer: event.pointerId, start: at, at, moved: false };
  Object.assign(mosaic.drag, placement(piece));
}

// The direction from one point to another, in degrees clockwise on the screen.
function angle(from, to) {
  return (Math.atan2(to.y - from.y, to.x - from.x) * 180) / Math.PI;
}

function onPointerMove(mosaic, event) {
  const drag = mosaic.drag;
  if (!drag) return;
  const at = { x: event.clientX, y: event.clientY };
  if (event.pointerId === drag.pointer) drag.at = at;
  else if (drag.second && event.pointerId === drag.second.pointer) drag.second.at = at;
  else return;
  const dx = drag.at.x - drag.start.x;
  const dy = drag.at.y - drag.start.y;
  if (!drag.moved && Math.hypot(dx, dy) < TAP_SLOP_PX) return;
  drag.moved = true;
  drag.node.classList.add("dragging");
  drag.node.style.zIndex = String(mosaic.pieces.size + 1); // above all while it moves
  const { piece, second } = drag;
  if (second) {
    const twist = ((angle(drag.at, second.at) - second.from + 540) % 360) - 180;
    const steps = Math.round(twist / SNAP);
    second.twisted ||= steps !== 0;
    // Clockwise as the player sees it: a mirrored piece's turn shows mirrored too.
    drag.rotation = second.base + steps * SNAP * (drag.mirrored ? -1 : 1);
  }
  const side = mosaic.frame.clientWidth;
  const size = mosaic.data.piece_size;
  drag.x = inside(piece.x + dx / side, drag.rotation, size);
  drag.y = inside(piece.y + dy / side, drag.rotation, size);
  place(drag.node, { ...piece, ...placement(drag) }, size);
}

function onPointerEnd(mosaic, event, released) {
  const drag = mosaic.drag;
  if (!drag) return;
  const { second } = drag;
  if (second && event.pointerId === second.pointer) {
    // The second finger lifted: the turn so far stays, the first finger may drag on.
    const still = Math.hypot(second.at.x - second.start.x, second.at.y - second.start.y);
    if (released && !second.twisted && still < TAP_SLOP_PX) {
      drag.mirrored = !drag.mirrored;
      place(drag.node, { ...drag.piece, ...placement(drag) }, mosaic.data.piece_size);
    }
    drag.second = null;
    return;
  }
  if (event.pointerId !== drag.pointer) return;
  mosaic.drag = null;
  drag.node.classList.remove("dragging");
  if (!released) {
    render(mosaic);
    return;
  }
  // The click a browser may send after this release is this gesture's, already handled.
  // Taps are read here, not from clicks: Chromium was seen to send no click for a tap soon
  // after a drag.
  mosaic.swallowClicksUntil = performance.now() + CLICK_AFTER_MS;
  if (drag.moved) relay(mosaic, drag.piece, placement(drag));
  else ask(mosaic, { action: "return", piece: drag.piece.id });
}

// A click with no press before it (a screen reader's activation) returns the piece too.
function onClick(mosaic, event) {
  if (performance.now() < mosaic.swallowClicksUntil) return;
  const hit = activePiece(mosaic, event);
  if (hit) ask(mosaic, { action: "return", piece: hit.piece.id });
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

function onKeyDown(mosaic, event) {
  const hit = activePiece(mosaic, event);
  if (!hit) return;
  const { piece } = hit;
  if (event.key === "Enter" || event.key === " ") {
    ask(mosaic, { action: "return", piece: piece.id });
  } else if (ARROWS[event.key]) {
    const [dx, dy] = ARROWS[event.key];
    relay(mosaic, piece, { x: piece.x + dx * STEP, y: piece.y + dy * STEP });
  } else if (event.key === "r" || event.key === "R") {
    // Clockwise as the player sees it: a mirrored piece's turn shows mirrored too.
    const turn = (event.shiftKey ? -TURN : TURN) * (piece.mirrored ? -1 : 1);
    relay(mosaic, piece, { rotation: piece.rotation + turn });
  } else if (event.key === "f" || event.key === "F") {
    relay(mosaic, piece, { mirrored: !piece.mirrored });
  } else {
    return;
  }
  event.preventDefault();
}

function onTake(mosaic, event) {
  const button = event.target.closest("button.take");
  if (!button || button.disabled || mosaic.data.disabled) return;
  const spot = freeSpot(mosaic);
  ask(mosaic, { action: "take", kind: button.dataset.kind, ...spot, rotation: 0, mirrored: false });
}

function create(root) {
  const box = element("div", "mosaic");
  const frame = element("div", "frame");
  frame.setAttribute("role", "group");
  frame.tabIndex = -1;
  const hint = element("span", "hint");
  hint.id = "hint";
  frame.append(hint);
  const palette = element("div", "palette");
  palette.setAttribute("role", "group");
  const layout = element("div", "layout");
  layout.append(frame, palette);
  box.append(layout);
  root.append(box);
  const mosaic = {
    root,
    box,
    frame,
    hint,
    palette,
    queue: [],
    pieces: new Map(),
    buttons: new Map(),
    swallowClicksUntil: 0,
  };
  frame.addEventListener("pointerdown", (event) => onPointerDown(mosaic, event));
  frame.addEventListener("pointermove", (event) => onPointerMove(mosaic, event));
  frame.addEventListener("pointerup", (event) => onPointerEnd(mosaic, event, true));
  frame.addEventListener("pointercancel", (event) => onPointerEnd(mosaic, event, false));
  frame.addEventListener("click", (event) => onClick(mosaic, event));
  frame.addEventListener("keydown", (event) => onKeyDown(mosaic, event));
  frame.addEventListener("contextmenu", (event) => event.preventDefault());
  palette.addEventListener("click", (event) => onTake(mosaic, event));
  mosaic.pumping = setInterval(() => pump(mosaic), 250);
  return mosaic;
}

export default function (component) {
  const { data, parentElement, setTriggerValue } = component;
  let mosaic = instances.get(parentElement);
  if (!mosaic) {
    mosaic = create(parentElement);
    instances.set(parentElement, mosaic);
  }
  mosaic.data = data;
  mosaic.trigger = setTriggerValue;
  const seen = new Set(data.seen);
  // Once play has stopped nothing more is asked: the server would refuse it anyway.
  mosaic.queue = data.disabled ? [] : mosaic.queue.filter((request) => !seen.has(request.request));
  render(mosaic);
  pump(mosaic);
  return () => {
    // Streamlit may call an older render's clean-up while the mosaic is still on the page
    // (its data changed again while the module loaded): that would stop the live canvas and
    // leave its taps "on the way" for good. Only a mosaic that has left the page stops.
    if (mosaic.box.isConnected) return;
    dispose(mosaic);
    instances.delete(parentElement);
  };
}
