"""The Engine's public surface is the pages' and the acceptance tests' contract (DESIGN.md,
"The service contract"): every public method keeps its name and its parameters (their names,
kinds and defaults) however the Engine is composed inside. New ways may be added beside them.

fixtures/engine_surface.txt holds it, one member a line as `surface()` writes it: the surface
at f69da8c, before the platform's second pass reshaped the Engine (issue 32), with the one
parameters added since (`games=`, the games an Engine runs, the registry's by default;
`robot_seconds=`, how long robots think; `avatar=`, the face a student picked at joining;
`drawing=`, the face a student drew instead).
A member added later is added there too, so it is kept from then on."""

from __future__ import annotations

import inspect
from pathlib import Path

from engine import Engine

PINNED = Path(__file__).parent / "fixtures" / "engine_surface.txt"
KINDS = {
    inspect.Parameter.POSITIONAL_ONLY: "",
    inspect.Parameter.POSITIONAL_OR_KEYWORD: "",
    inspect.Parameter.KEYWORD_ONLY: "*",
    inspect.Parameter.VAR_POSITIONAL: "*args:",
    inspect.Parameter.VAR_KEYWORD: "**",
}


def parameters(function: object) -> str:
    """A callable's parameters as a line: name, `*` before a keyword-only one, its default."""
    shown = []
    for p in inspect.signature(function).parameters.values():
        default = "" if p.default is p.empty else f"={p.default!r}"
        shown.append(f"{KINDS[p.kind]}{p.name}{default}")
    return ", ".join(shown)


def surface() -> list[str]:
    """Every public member of Engine (and its constructor), a line each."""
    rows = []
    for name in sorted(dir(Engine)):
        if name.startswith("_") and name != "__init__":
            continue
        member = inspect.getattr_static(Engine, name)
        function = member.__func__ if isinstance(member, classmethod | staticmethod) else member
        rows.append(
            f"{name}({parameters(function)})" if callable(function) else f"{name} (attribute)"
        )
    return rows


def test_every_public_member_keeps_its_name_and_parameters():
    now = set(surface())
    assert [line for line in PINNED.read_text().splitlines() if line not in now] == []


def test_the_design_s_contract_is_as_it_lists_it():
    """DESIGN.md's own list, keyword names as given there (each command may take more after)."""
    listed = {
        "__init__": "self, database_url='sqlite:///crossed_canvas.db', *clock=None, *seed=None",
        "create_game": "self, language='en', deck=None, durations=None",
        "join": "self, code, name",
        "start": "self, facilitator_token",
        "advance": "self, facilitator_token, *phase=None, *round=None",
        "pause": "self, facilitator_token",
        "resume": "self, facilitator_token",
        "tick": "self, code",
        "submit_fragment": "self, player_token, strokes, request_id",
        "choose": "self, player_token, option_id, request_id",
        "accuse": "self, player_token, signature, request_id",
        "public_view": "self, code",
        "player_view": "self, player_token",
        "facilitator_view": "self, facilitator_token",
    }
    for name, start in listed.items():
        assert parameters(getattr(Engine, name)).startswith(start), name
