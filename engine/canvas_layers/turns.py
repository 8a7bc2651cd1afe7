"""Canvas Layers' stored state: its one row, the rules' state as JSON and who acts now, what
game.py's hooks, the moves, the commands and the views share (its phase table: rules.py)."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from engine.canvas_layers import rules
from engine.canvas_layers.cards import DEFAULT_SCORING
from engine.canvas_layers.models import LayersGame
from engine.models import Game, id_of

# ------------------------------------------------------------------ the state as JSON


def to_json(state: rules.State) -> dict[str, Any]:
    return {
        "scoring": list(state.scoring),
        "deck": list(state.deck),
        "market": [[slot.card, slot.tokens] for slot in state.market],
        "painters": [
            {
                "hand": list(painter.hand),
                "tokens": painter.tokens,
                "backgrounds": list(painter.backgrounds),
                "paintings": [
                    {
                        "background": painting.background,
                        "cards": list(painting.cards),
                        "ribbons": [[card, count] for card, count in painting.ribbons],
                    }
                    for painting in painter.paintings
                ],
            }
            for painter in state.painters
        ],
        "first": state.first,
        "turn": state.turn,
    }


def from_json(data: dict[str, Any]) -> rules.State:
    return rules.State(
        scoring=tuple(data["scoring"]),
        deck=tuple(data["deck"]),
        market=tuple(rules.MarketCard(card, tokens) for card, tokens in data["market"]),
        painters=tuple(
            rules.Painter(
                hand=tuple(painter["hand"]),
                tokens=painter["tokens"],
                backgrounds=tuple(painter["backgrounds"]),
                paintings=tuple(
                    rules.Painting(
                        painting["background"],
                        tuple(painting["cards"]),
                        tuple((card, count) for card, count in painting["ribbons"]),
                    )
                    for painting in painter["paintings"]
                ),
            )
            for painter in data["painters"]
        ),
        first=data["first"],
        turn=data["turn"],
    )


def layers_game(session: Session, game: Game) -> LayersGame:
    return session.exec(select(LayersGame).where(LayersGame.game_id == game.id)).one()


# In the lobby the game's row holds only the scoring cards the facilitator picked
# ({"scoring": [...]}); the start replaces it with the whole state.


def lobby_game(session: Session, game: Game) -> LayersGame:
    """The lobby's row, made with the first game's four scoring cards if none is yet."""
    keep = session.exec(select(LayersGame).where(LayersGame.game_id == game.id)).first()
    if keep is None:
        keep = LayersGame(game_id=id_of(game), state={"scoring": list(DEFAULT_SCORING)})
    return keep


def started(data: dict[str, Any]) -> bool:
    """Whether a stored state is a game's (not the lobby's scoring cards alone)."""
    return "painters" in data


def acting(state: rules.State, picked: int | None) -> int | None:
    """The seat who must act now: the painter whose turn it is, or, once everyone has three
    paintings and a tie needs it, the player who picks the winner (None: nobody, it is over)."""
    if state.turn is not None:
        return state.turn
    result = rules.outcome(state)
    return result.picker if picked is None else None


def winners(state: rules.State, picked: int | None) -> tuple[int, ...]:
    """The winning seats of a game everyone has finished painting (empty until a pick)."""
    if picked is not None:
        return (picked,)
    return rules.outcome(state).winners
