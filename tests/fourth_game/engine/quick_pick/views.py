"""Quick Pick's views, the only way its data leaves the engine: everyone sees who has picked;
a pick is its owner's alone until the tally shows the round's picks to all."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import col, select

from engine.declaration import Answers
from engine.models import Player, id_of
from engine.table import Table
from engine.view_parts import GameFacts, facilitator_actions, game_header, readiness
from tests.fourth_game.engine.quick_pick import rules
from tests.fourth_game.engine.quick_pick.models import QuickPick


@dataclass(frozen=True)
class Snapshot:
    """Every row the views need, read at one version: picks by round, by player name."""

    game: GameFacts
    players: list[Player]
    picks: dict[int, dict[str, str]]

    def shown_rounds(self) -> list[int]:
        """The rounds whose picks everyone may see: the ones before this one, and this one
        in its tally (every one once finished)."""
        now = self.game.round
        shown = rules.TABLE.shows(self.game.phase, rules.PICKS)
        return [r for r in sorted(self.picks) if r < now or shown]


def read_snapshot(table: Table) -> Snapshot:
    names = {id_of(p): p.name for p in table.players()}
    rows = table.session.exec(
        select(QuickPick).where(col(QuickPick.game_id) == id_of(table.game))
    ).all()
    picks: dict[int, dict[str, str]] = {}
    for row in rows:
        picks.setdefault(row.round, {})[names[row.player_id]] = row.colour
    return Snapshot(GameFacts.of(table.game), table.players(), picks)


def answered(snap: Snapshot) -> Answers:
    """The pick waits for every player's colour: the answers that end it and the views'
    readiness alike (game.py's `answers` reads them from a snapshot)."""
    if snap.game.phase != rules.PICK:
        return Answers()
    picked = snap.picks.get(snap.game.round, {})
    return Answers.of([id_of(p) for p in snap.players if p.name in picked], len(snap.players))


def _history(snap: Snapshot) -> list[dict[str, Any]]:
    return [
        {"round": r, "picks": snap.picks[r], "awards": rules.points(snap.picks[r])}
        for r in snap.shown_rounds()
    ]


def public_view(snap: Snapshot, now: float) -> dict[str, Any]:
    game = snap.game
    totals = {p.name: 0 for p in snap.players}
    for entry in _history(snap):
        for name, points in entry["awards"].items():
            totals[name] += points
    best = max(totals.values(), default=0)
    answers = answered(snap)
    return game_header(game, snap.players, now) | {
        "totals": totals,
        "winners": (
            [n for n, p in totals.items() if p == best]
            if game.phase == rules.TABLE.finished
            else []
        ),
        "ready": readiness(answers),
        "picked": [p.name for p in snap.players if p.id in answers.who],
        "rounds_shown": _history(snap),
    }


def player_view(snap: Snapshot, player: Player, now: float, private: None = None) -> dict[str, Any]:
    view = public_view(snap, now)
    mine = snap.picks.get(snap.game.round, {}).get(player.name)
    picking = snap.game.phase == rules.PICK
    actions = {rules.PICK_MOVE: {"colours": list(rules.COLOURS)}} if picking and not mine else {}
    return view | {"name": player.name, "my_pick": mine, "actions": actions}


def facilitator_view(snap: Snapshot, now: float) -> dict[str, Any]:
    game = snap.game
    return public_view(snap, now) | {
        "actions": facilitator_actions(game, rules.TABLE, len(snap.players)),
        "min_players": rules.TABLE.min_players,
        "durations": game.durations,
        "name_filter": game.name_filter,
        "allowed_names": game.allowed_names,
        "history": _history(snap),
    }
