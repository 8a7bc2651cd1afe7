"""Projections of a class: what the class projector and the teacher's class page show.

Built from each table's own views alone (its game's declaration's "public" and "facilitator"
views), so a class view can hold no secret a table's view would not: the projector's class
view is each table's public view side by side, plus names already public and, at the end, the
podium. Everything game-specific (table sizes, the lobby and the end, the views) comes from
the class's game's declaration: these views name no game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.classes import seating, showcase
from engine.declaration import GameDeclaration
from engine.models import Classroom

# The class podium shows every student with one of this many best totals (ties share).
BEST_PLACES = 3


@dataclass(frozen=True)
class ClassFacts:
    """The class row without its key's hash."""

    code: str
    game: str
    language: str
    sitting: int
    durations: dict[str, float | None]
    name_filter: bool
    faces: bool

    @classmethod
    def of(cls, room: Classroom) -> ClassFacts:
        return cls(
            code=room.code,
            game=room.game,
            language=room.language,
            sitting=room.sitting,
            durations=dict(room.durations),
            name_filter=room.name_filter,
            faces=room.faces,
        )


def class_public_view(
    room: ClassFacts, snaps: Sequence[Any], now: float, game: GameDeclaration
) -> dict[str, Any]:
    """The class projector: every current table's public view, who waits, and the podium.
    `snaps` are the tables' snapshots (`game.read`), `game` the class's game."""
    tables = _seated([_table(snap, game.views["public"](snap, now)) for snap in snaps], game)
    return _class(room, tables, game, snaps)


def class_view(
    room: ClassFacts, snaps: Sequence[Any], now: float, game: GameDeclaration
) -> dict[str, Any]:
    """The teacher's class page: each table's facilitator view (safe to project, as on the
    table's own page) with its state at a glance, and what the class may do next."""
    tables = _seated([_table(snap, game.views["facilitator"](snap, now)) for snap in snaps], game)
    lobby = game.table.lobby
    started = any(t["view"]["phase"] != lobby for t in tables)
    fewest, most = game.class_sizes
    for entry in tables:
        entry |= _at_a_glance(entry["view"], started, lobby, fewest, most)
    view = _class(room, tables, game, snaps)
    view["durations"] = dict(room.durations)
    view["name_filter"] = room.name_filter
    view["can_start"] = any(t["can_start"] for t in tables)
    view["can_play_next"] = view["podium"] is not None
    # How many tables the teacher may choose while no table has started (every count whose
    # tables all fit the game's sizes), and the room each lobby table has for a moved student.
    seated = sum(len(t["players"]) for t in tables)
    counts = [] if started else seating.table_counts(seated, fewest, most)
    view["table_counts"] = counts
    # The sizes each count gives ([[12], [6, 6]] for 12 students), for the teacher to pick from.
    view["table_plans"] = [seating.table_sizes(seated, fewest, most, count) for count in counts]
    return view


def _seated(tables: list[dict[str, Any]], game: GameDeclaration) -> list[dict[str, Any]]:
    """The tables anyone sits at: a lobby left empty (its last student removed on the table's
    own page) is no table of the class on any page."""
    return [t for t in tables if t["view"]["players"] or t["view"]["phase"] != game.table.lobby]


def _table(snap: Any, view: dict[str, Any]) -> dict[str, Any]:
    return {"table": snap.game.table, "code": snap.game.code, "view": view}


def _class(
    room: ClassFacts, tables: list[dict[str, Any]], game: GameDeclaration, snaps: Sequence[Any]
) -> dict[str, Any]:
    lobby = game.table.lobby
    started = any(t["view"]["phase"] != lobby for t in tables)
    fewest, most = game.class_sizes
    return {
        # The game its tables play, as every game's view says it.
        "game": room.game,
        "code": room.code,
        "language": room.language,
        "sitting": room.sitting,
        # Faces beside names (Classroom.faces, the teacher's switch, as a game's view says).
        "faces": room.faces,
        "tables": tables,
        # Students at a table not started while others play: latecomers, seen by everyone.
        "waiting": [
            name
            for t in tables
            if started and t["view"]["phase"] == lobby
            for name in t["view"]["players"]
        ],
        "podium": _podium(tables, lobby, game.table.finished, game.class_per_round),
        # The table whose showcase (its reveal) the class projector shows now, None when none
        # is in one: the first there; the others wait their turn (classes/showcase.py).
        "projector": next(
            iter(showcase.projector_queue(showcase.showing((snap.game for snap in snaps), game))),
            None,
        ),
        # The game's table sizes (a table's reveal fills the projector at the largest).
        "fewest_per_table": fewest,
        "most_per_table": most,
    }


def _at_a_glance(
    view: dict[str, Any], started_elsewhere: bool, lobby_phase: str, fewest: int, most: int
) -> dict[str, Any]:
    lobby = view["phase"] == lobby_phase
    return {
        "phase": view["phase"],
        "round": view["round"],
        "rounds": view["rounds"],
        "seconds_left": view["seconds_left"],
        "paused": view["paused"],
        "locked": view["locked"],
        "players": list(view["players"]),
        "ready": view["ready"],
        "can_start": lobby and fewest <= len(view["players"]) <= most,
        "waiting": lobby and started_elsewhere,
    }


def _podium(
    tables: list[dict[str, Any]], lobby: str, finished: str, per_round: bool = True
) -> dict[str, Any] | None:
    """Once every table that started has finished: each table's winners, and the class's best
    across tables (the students with one of the BEST_PLACES highest scores). The class's lowest
    score is never among them unless everyone shares it: a podium names the best, never who
    came last.

    A score is a total, unless the tables played different numbers of rounds (a table's size
    sets them) and the game says a round is a share of it (`per_round`): then the class ranks
    points per round, one decimal (`by_round`), while each table keeps its own totals and
    winners."""
    played = [t for t in tables if t["view"]["phase"] != lobby]
    if not played or any(t["view"]["phase"] != finished for t in played):
        return None
    by_round = per_round and len({t["view"]["rounds"] for t in played}) > 1
    scores = [
        {
            "name": name,
            "table": t["table"],
            "total": total,
            "rounds": t["view"]["rounds"],
            "per_round": points_per_round(total, t["view"]["rounds"]),
        }
        for t in played
        for name, total in t["view"]["totals"].items()
    ]
    measure = "per_round" if by_round else "total"
    distinct = sorted({s[measure] for s in scores}, reverse=True)
    best = distinct[: min(BEST_PLACES, max(1, len(distinct) - 1))]
    return {
        "tables": [
            {
                "table": t["table"],
                "winners": t["view"]["winners"],
                "avatars": t["view"]["avatars"],
                "totals": t["view"]["totals"],
                "rounds": t["view"]["rounds"],
            }
            for t in played
        ],
        "by_round": by_round,
        "best": sorted(
            (s for s in scores if s[measure] in best),
            key=lambda s: (-s[measure], s["table"], s["name"]),
        ),
    }


def points_per_round(total: int, rounds: int) -> float:
    """A total over the rounds its table played, to one decimal (0 rounds: the total)."""
    return round(total / rounds, 1) if rounds else float(total)
