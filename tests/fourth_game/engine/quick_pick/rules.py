"""Quick Pick's rules, pure: its phase table and a round's points."""

from __future__ import annotations

from collections.abc import Mapping

from engine.declaration import FINISHED, LOBBY, PhaseRule, PhaseTable, everyone_answered

KIND = "quick_pick"
PICK, TALLY = "pick", "tally"
#: The one move: a colour picked, in secret until the tally.
PICK_MOVE = "pick"
#: What the tally makes public: everyone's pick of the round.
PICKS = "picks"
COLOURS = ("red", "green", "blue")
#: Rounds a game plays unless the teacher chose otherwise in the lobby (`set_rounds`).
ROUNDS = 2
MOST_ROUNDS = 3

TABLE = PhaseTable(
    lobby=LOBBY,
    round_phases=(PICK, TALLY),
    finished=FINISHED,
    rules={
        PICK: PhaseRule(30.0, moves=frozenset({PICK_MOVE}), ends_early=everyone_answered),
        TALLY: PhaseRule(10.0, shows=frozenset({PICKS})),
    },
    min_players=2,
    max_players=6,
)


def points(picks: Mapping[str, str]) -> dict[str, int]:
    """A point for each other player who picked the same colour (by player name)."""
    return {
        name: sum(1 for other, theirs in picks.items() if other != name and theirs == colour)
        for name, colour in picks.items()
    }
