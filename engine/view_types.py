"""The keys every game's views share, as types: what a page may read of any game's view
without asking its game. The views stay plain dicts (DESIGN.md); these say which keys they
hold, so a page reading a key its view lacks fails the type check (mypy), and
tests/engine/test_view_types.py holds each game's views to them at run time.

A game's own keys (a round's fragments, a mosaic, a painter's hand) are its page parts' to
read, through the registry (ui/games.py). No `from __future__ import annotations` here: under
it Python 3.11 does not see `NotRequired`, and the keys tests read `__optional_keys__`."""

from typing import Any, NotRequired, TypedDict


class GameHeader(TypedDict):
    """What every game's view opens with (view_parts.game_header): where the game is and who
    plays it."""

    game: str
    code: str
    language: str
    phase: str
    round: int
    rounds: int
    version: int
    stage: int
    seconds_left: float | None
    paused: bool
    interrupted: bool
    locked: bool
    players: list[str]
    robots: list[str]
    # Faces on (Game.faces); off, `avatars` is empty.
    faces: bool
    # {player name: face id} (engine/avatars.py), every player's: an animal's, a robot's, or
    # "drawn-<key>" for a face the player drew (not hidden by the teacher).
    avatars: dict[str, str]
    next_game: str | None
    table: int | None
    latecomers: bool
    others_finished: bool


class GameView(GameHeader):
    """Anyone's view of any game (`Engine.public_view`): the header, the standings and who
    is done with the current step."""

    totals: dict[str, int]
    winners: list[str]
    # How many are done with the current step ({"done", "total"}), None where none is asked.
    ready: dict[str, int] | None
    # Once finished: every round kept for the gallery, and the one the projector shows (a game
    # of turns has no rounds to keep, and shows its painters by seat from the start).
    gallery: NotRequired[list[dict[str, Any]]]
    shown_round: NotRequired[int | None]


class PlayerView(GameView):
    """One player's view of any game (`Engine.player_view`)."""

    name: str
    # The moves this player may make now, by move, with what the page needs to offer them.
    actions: dict[str, Any]


class FacilitatorView(GameView):
    """The teacher's view of any game (`Engine.facilitator_view`), safe to project."""

    # The facilitator's commands allowed now (view_parts.facilitator_actions).
    actions: list[str]
    min_players: int
    durations: dict[str, float | None]
    name_filter: bool
    allowed_names: list[str]
    # The rounds (or turns) already revealed, for the results file.
    history: list[dict[str, Any]]
