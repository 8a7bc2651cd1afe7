"""A painting a painter arranges from their hand while the others play (issue 41), kept as a
drawing's draft is in Crossed Canvas: replaced at each change, seen by its owner alone,
changing no version. On their own turn the phone opens on it, so painting it is one tap;
it is never played for them (a turn that runs out follows the rulings)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from engine.canvas_layers import rules, turns
from engine.canvas_layers.models import LayersDraft
from engine.canvas_layers.views import LayersSnapshot
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.table import Table


def save(table: Table, player: Player, cards: object, background: object) -> None:
    """Keep `player`'s arrangement (at most three cards of their hand, bottom first, and one
    of their unused backgrounds or None) in place of their last one; one the rules could
    never paint is refused now, as Confirm would refuse it."""
    session, game = table.session, table.game
    if game.kind != rules.KIND or game.phase != rules.TURN:
        raise RuleError("error.layers.no_draft_now")
    state = turns.from_json(turns.layers_game(session, game).state)
    seat = next(seat for seat, p in enumerate(table.players()) if p.id == player.id)
    painter = state.painters[seat]
    layers = rules.checked_layers(painter, cards, whole=False)
    chosen = None if background is None else rules.checked_background(painter, background)
    draft = own_draft(session, game.id, player) or LayersDraft(
        game_id=id_of(game), player_id=id_of(player), cards=[]
    )
    draft.cards, draft.background = list(layers), chosen
    session.add(draft)


def in_progress(table: Table, snap: LayersSnapshot, player: Player) -> dict[str, Any] | None:
    """The player's arrangement as it stands now, for their own view alone: the cards still
    in their hand (a painting or a turn played for them may have used some) and the
    background while it is unused. Read apart from the shared snapshot."""
    if snap.state is None:
        return None
    draft = own_draft(table.session, table.game.id, player)
    if draft is None:
        return None
    painter = snap.state.painters[snap.seat_of(player)]
    cards = [card for card in draft.cards if card in painter.hand]
    background = draft.background if draft.background in painter.unused_backgrounds else None
    return {"cards": cards, "background": background}


def own_draft(session: Session, game_id: int | None, player: Player) -> LayersDraft | None:
    mine = (LayersDraft.game_id == game_id, LayersDraft.player_id == player.id)
    return session.exec(select(LayersDraft).where(*mine)).first()
