"""Canvas Critters' commands that are no moves through the gate, declared by name (both
variants' `commands`) and played by `Door.command`: a giver's private ribbon draft, and the
facilitator's two choices (whether ribbons name their givers, how a tie for the lead ends)."""

from __future__ import annotations

from collections.abc import Mapping

from engine import storage
from engine.critters import drafts, rows, rules
from engine.declaration import Command, require_lobby, require_running
from engine.errors import RuleError
from engine.models import Player
from engine.table import Table


def save_ribbon_draft(
    table: Table, player: Player, now: float, *, ribbons: Mapping[int, str], golden: str | None
) -> None:
    """Keep this giver's ribbons as picked so far on their phone ({value: player name},
    some may be missing), in place of their last picks: a complete set is given for them
    if judging ends before they give it (drafts.py). Private to its owner, so it changes
    no version."""
    drafts.save(table, player, ribbons, golden)


def set_givers_named(table: Table, player: None, now: float, *, named: bool) -> None:
    """In the lobby: whether the ribbons turned over name who gave each (the rulebook's
    way, and the default) or say only what each mosaic received, for a class that would
    rather not know. Fixed once the game starts: names hidden are never shown later."""
    game = table.game
    if game.kind not in (rules.KIND, rules.DUEL_KIND):
        raise RuleError("error.critters.no_givers_option")
    require_lobby(game)
    keep = rows.lobby_game(table.session, game)
    if keep.givers_named != bool(named):
        keep.givers_named = bool(named)
        table.session.add(keep)
        game.version += 1


def set_tie_rule(table: Table, player: None, now: float, *, tie_rule: str) -> None:
    """Once the game has started and until it ends: a tie for the lead is played off (the
    rulebook's "play_off") or the victory shared ("share")."""
    session, game = table.session, table.game
    if game.kind not in (rules.KIND, rules.DUEL_KIND):
        raise RuleError("error.critters.no_tie_rule")
    require_running(game)
    try:
        chosen = rules.TieRule(tie_rule)
    except ValueError:
        raise RuleError("error.critters.no_tie_rule") from None
    keep = rows.critter_game(session, game)
    if keep.tie_rule != chosen:
        keep.tie_rule = chosen.value
        session.add(keep)
        if game.phase == rules.SCORES:
            rows.settle_rounds(session, game, keep, len(storage.players(session, game)))
        game.version += 1


SAVE_RIBBON_DRAFT, SET_GIVERS_NAMED, SET_TIE_RULE = (
    "save_ribbon_draft",
    "set_givers_named",
    "set_tie_rule",
)
COMMANDS = {
    SAVE_RIBBON_DRAFT: Command(save_ribbon_draft, "player", readiness=True),
    SET_GIVERS_NAMED: Command(set_givers_named, "facilitator"),
    SET_TIE_RULE: Command(set_tie_rule, "facilitator"),
}
