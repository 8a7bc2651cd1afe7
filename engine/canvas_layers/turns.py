"""Canvas Layers' phase table and its stored state: what game.py's hooks, the commands and the
views share (so the views need not import the declaration that names them).

A game is one long round of turns: each turn is a round of one phase, "turn", that the move
of the player whose turn it is ends at once. The game decides its own end (everyone has three
paintings, and a tie's pick is made): the declaration's `finished` hook, not a round count.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session, select

from engine.canvas_layers import rules
from engine.canvas_layers.cards import DEFAULT_SCORING
from engine.canvas_layers.models import LayersGame
from engine.declaration import PhaseRule, PhaseTable, one_answer_decides
from engine.models import Game, id_of

KIND = "canvas_layers"
TURN = "turn"
# Moves: take a card, complete a painting, pick the winner of a tie (the best-placed player
# outside it, once everyone has three paintings).
TAKE, COMPLETE, PICK = "take", "complete", "pick"
# The rulings: a turn lasts the pace's length, 30 s by default (none when untimed).
TURN_SECONDS = 30.0
# More turns than any game can take: each player takes at most 11 cards (9 painted, 2 left
# in a hand of 5) and completes 3 paintings; then one pick. The game ends before by itself.
TURNS_EACH = 14

TABLE = PhaseTable(
    lobby="lobby",
    round_phases=(TURN,),
    finished="finished",
    rules={TURN: PhaseRule(TURN_SECONDS, frozenset({TAKE, COMPLETE, PICK}), one_answer_decides)},
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
)


def max_turns(players: int) -> int:
    return players * TURNS_EACH + 1


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
