"""A tiny page for the mosaic browser tests (not part of the app).

Shows ``ui.mosaic.mosaic`` over a pile and pieces kept in session state, a stand-in for the
engine: a take moves a piece from the pile to the canvas, a return puts it back, a move
moves it to the top of the pieces; a request id already applied is not applied again.
Under it, as JSON in containers keyed ``probe_state`` (pile and pieces) and ``probe_log``
(every request the component returned); the engine's message in ``probe_message``.

Query parameters: ``lose=1`` (every take loses the race: someone took the last of that
kind), ``delay`` (seconds the stand-in takes to answer), ``start`` (kinds already on the
canvas, comma-separated, e.g. ``turtle,fox``), ``disabled=1``, ``lang=es``, ``fragment=1``
(the mosaic and its engine in an ``st.fragment``; ``probe_page_runs`` counts whole-page
runs), ``rerun=0`` (the page does not rerun after applying a request).
"""

import json
import sys
import time
from pathlib import Path

import streamlit as st

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine.critters.rules import PIECE_SIZE  # noqa: E402
from ui.critters.mosaic import mosaic, svg_picture  # noqa: E402

# The pile of Canvas Critters, with stand-in pictures from the deck's images (no giraffe or
# penguin there: a zebra and a dove stand in).
PILE = {
    "giraffe": (12, "1f993"),
    "turtle": (12, "1f422"),
    "penguin": (12, "1f54a"),
    "shark": (12, "1f988"),
    "fox": (12, "1f98a"),
    "crab": (12, "1f980"),
    "elephant": (5, "1f418"),
    "flamingo": (5, "1f9a9"),
    "octopus": (5, "1f419"),
    "whale": (5, "1f40b"),
    "snake": (5, "1f40d"),
    "rhino": (5, "1f98f"),
}
LABELS = {
    "en": {kind: kind for kind in PILE},
    "es": dict(
        zip(
            PILE,
            (
                "jirafa",
                "tortuga",
                "pingüino",
                "tiburón",
                "zorro",
                "cangrejo",
                "elefante",
                "flamenco",
                "pulpo",
                "ballena",
                "serpiente",
                "rinoceronte",
            ),
            strict=True,
        )
    ),
}
TEXTS = {
    "en": {
        "take": "Take a {label}, {count} left",
        "take_last": "Take the last {label}",
        "none_left": "No {label} left",
        "piece": "{label}, tap to return",
        "pending": "{label}, on its way",
        "keys": "Enter returns it to the pile, arrow keys move it, R turns it, F flips it",
        "palette": "The pile",
        "frame": "Your canvas",
        "lost": "Someone else took the last {label}.",
    },
    "es": {
        "take": "Tomar: {label} (quedan {count})",
        "take_last": "Tomar: {label} (el último)",
        "none_left": "No quedan: {label}",
        "piece": "{label}, toca para devolver",
        "pending": "{label}, en camino",
        "keys": "Intro la devuelve al montón, las flechas la mueven, R la gira, F la voltea",
        "palette": "El montón",
        "frame": "Tu lienzo",
        "lost": "Otra persona se llevó: {label}.",
    },
}

params = st.query_params
language = params.get("lang", "en")
labels, texts = LABELS[language], TEXTS[language]
options = {
    "delay": float(params.get("delay", 0)),
    "lose": params.get("lose") == "1",
    "disabled": params.get("disabled") == "1",
    "rerun": params.get("rerun") != "0",
    "fragment": params.get("fragment") == "1",
}
if "game" not in st.session_state:
    starting = [kind for kind in params.get("start", "").split(",") if kind]
    pile = {kind: count for kind, (count, _) in PILE.items()}
    pieces = []
    for number, kind in enumerate(starting):
        pile[kind] -= 1
        x, y = 0.2 + 0.3 * (number % 3), 0.2 + 0.3 * (number // 3)
        pieces.append({"id": number + 1, "kind": kind, "x": x, "y": y})
    st.session_state.game = {
        "pile": pile,
        "pieces": pieces,
        "log": [],
        "applied": set(),
        "message": "",
        "next_id": len(starting) + 1,
    }
# Read once, before the mosaic: every read or write of st.session_state (or the query
# parameters) is a point where Streamlit may stop a run for a newer one, and nothing may
# stop it between the mosaic's request and the (stand-in) engine applying it.
game = st.session_state.game


def apply(request: dict) -> str:
    """What the engine would do with `request`, and its message ("" when all went well)."""
    if request["request"] in game["applied"]:
        return ""
    game["applied"].add(request["request"])
    time.sleep(options["delay"])
    pile, pieces = game["pile"], game["pieces"]
    if request["action"] == "take":
        kind = request["kind"]
        if options["lose"]:
            pile[kind] = 0
        if pile[kind] == 0:
            return texts["lost"].format(label=labels[kind])
        pile[kind] -= 1
        pieces.append({"id": game["next_id"], "kind": kind, "x": request["x"], "y": request["y"]})
        game["next_id"] += 1
        return ""
    (piece,) = [p for p in pieces if p["id"] == request["piece"]]
    pieces.remove(piece)
    if request["action"] == "move":  # a piece moved goes on top
        piece.update({name: request[name] for name in ("x", "y", "rotation", "mirrored")})
        pieces.append(piece)
    else:
        pile[piece["kind"]] += 1
    return ""


def board() -> None:
    """The mosaic, with the stand-in engine behind it, and what the tests read."""
    request = mosaic(
        "probe",
        palette=[
            {
                "kind": kind,
                "label": labels[kind],
                "count": game["pile"][kind],
                "picture": svg_picture(ROOT / "data" / "images" / f"{code}.svg"),
            }
            for kind, (_, code) in PILE.items()
        ],
        pieces=game["pieces"],
        piece_size=PIECE_SIZE,
        frame_label=texts["frame"],
        texts=texts,
        disabled=options["disabled"],
    )
    if request:
        game["message"] = apply(request)
        game["log"].append(request)
        if options["rerun"]:
            st.rerun(scope="fragment" if options["fragment"] else "app")
    with st.container(key="probe_message"):
        st.text(game["message"])
    with st.container(key="probe_state"):
        st.text(json.dumps({"pile": game["pile"], "pieces": game["pieces"]}))
    with st.container(key="probe_log"):
        st.text(json.dumps(game["log"]))


st.title("Mosaic probe")
st.session_state.page_runs = st.session_state.get("page_runs", 0) + 1
with st.container(key="probe_page_runs"):
    st.text(f"page runs: {st.session_state.page_runs}")
if options["fragment"]:
    st.fragment(board)()
else:
    board()
