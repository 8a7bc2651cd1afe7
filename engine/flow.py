"""The phase walk: one bounded loop that moves any declared game (engine/declaration.py) on
through its phases, at their deadlines or as soon as everyone answered."""

from __future__ import annotations

from collections.abc import Callable

from engine.declaration import GameDeclaration
from engine.errors import RuleError
from engine.models import Game
from engine.table import Table


def start(
    table: Table,
    game_rules: GameDeclaration,
    now: float,
    *,
    resolve: Callable[[Game], GameDeclaration],
) -> None:
    """Close the lobby and open the first round, once enough players have joined. The game's
    setup may settle which of its variants is played (two play Canvas Critters' duel):
    `resolve` then gives that variant's declaration."""
    phases = game_rules.table
    if table.game.phase != phases.lobby:
        raise RuleError("error.already_started")
    if len(table.players()) < phases.min_players:
        raise RuleError("error.too_few_players", fewest=phases.min_players)
    game_rules.setup(table)
    enter_next_phase(table, resolve(table.game), now)


def is_due(game: Game, game_rules: GameDeclaration, now: float) -> bool:
    """Whether the game's current phase has run out of time (never in the lobby or once
    finished, never while paused)."""
    return (
        game_rules.table.running(game.phase)
        and not game.paused
        and game.deadline is not None
        and game.deadline <= now
    )


def walk(table: Table, game_rules: GameDeclaration, until: float) -> None:
    """Every phase whose deadline passed by `until`, each started at the last one's deadline
    (no skips, no drift)."""
    game = table.game
    for _step in range(game_rules.table.most_steps(game.rounds)):
        if game.deadline is None or not is_due(game, game_rules, until):
            return
        enter_next_phase(table, game_rules, game.deadline)
    raise RuntimeError(f"game {game.code}: catch-up did not settle")


def end_phase_if_complete(table: Table, game_rules: GameDeclaration, now: float) -> None:
    """After a player's answer: the phase ends now if it was the last one it waited for."""
    if game_rules.table.ends_early(table.game.phase, game_rules.answers(table)):
        enter_next_phase(table, game_rules, now)


def enter_next_phase(table: Table, game_rules: GameDeclaration, start: float) -> None:
    """Leave the current phase and enter the next at `start` (or the one after it, when the
    phase's rule skips it given the answers it ended with; or the end, when the game says it
    is over), with the hooks the game declares and the next phase's full length (held whole
    while the game is paused)."""
    game, phases = table.game, game_rules.table
    leave = game_rules.on_exit.get(game.phase)
    if leave is not None:
        leave(table)
    skip = phases.skips_next(game.phase, lambda: game_rules.answers(table))
    following = phases.next_phase(game.phase, game.round, game.rounds, skip=skip)
    if (
        game_rules.finished is not None
        and game.phase != phases.lobby
        and game_rules.finished(table)
    ):
        following = phases.finished
    if following == phases.round_phases[0]:
        game.round += 1
    game.phase = following
    game.phase_started_at = start
    enter = game_rules.on_entry.get(following)
    if enter is not None:
        enter(table)
    length = game.durations.get(phases.timer_of(following))
    if following == phases.finished:
        # A finished game has no clock: never left "paused" with nothing to resume.
        game.paused, game.paused_left = False, None
    if game.paused:
        # Advanced while paused: the new phase waits, whole, for resume.
        game.paused_left, game.deadline = length, None
    else:
        game.deadline = None if length is None else start + length
    game.version += 1
