"""Canvas Layers' commands that are no moves through the gate, declared by name
(`CANVAS_LAYERS.commands`) and played by `Door.command`: the four scoring cards the
facilitator picks in the lobby, and a painter's private draft."""

from __future__ import annotations

from engine.canvas_layers import drafts, rules, turns
from engine.declaration import Command, require_lobby
from engine.errors import RuleError
from engine.models import Player
from engine.table import Table


def set_scoring(
    table: Table, player: None, now: float, *, scoring: list[str] | tuple[str, ...]
) -> None:
    """In the lobby: the four scoring cards the game will be played with (the first
    game's four until the facilitator picks others)."""
    game = table.game
    if game.kind != rules.KIND:
        raise RuleError("error.layers.no_scoring")
    require_lobby(game)
    picked = rules.check_scoring(scoring)
    keep = turns.lobby_game(table.session, game)
    if tuple(keep.state["scoring"]) != picked:
        keep.state = {"scoring": list(picked)}
        table.session.add(keep)
        game.version += 1


def save_painting_draft(
    table: Table,
    player: Player,
    now: float,
    *,
    cards: list[str] | tuple[str, ...],
    background: str | None,
) -> None:
    """Keep the painting this player is arranging from their hand (up to three cards,
    bottom first, and a background or None) in place of their last one, on any turn:
    their own turn can then be one tap. Private to its owner, so it changes no version."""
    drafts.save(table, player, cards, background)


SET_SCORING, SAVE_PAINTING_DRAFT = "set_scoring", "save_painting_draft"
COMMANDS = {
    SET_SCORING: Command(set_scoring, "facilitator"),
    SAVE_PAINTING_DRAFT: Command(save_painting_draft, "player", readiness=True),
}
