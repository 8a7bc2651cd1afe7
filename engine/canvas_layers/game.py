"""Canvas Layers as the engine runs it: its hooks on stored rows and its declaration.

The pure rules (engine/canvas_layers/rules.py) decide; these hooks read and store the one
state row (engine/canvas_layers/models.py). Each turn is a round of one phase (turns.py); a
turn that ends without its move (its time ran out, or the facilitator ended it) is played
for its player as the rulings say.
"""

from __future__ import annotations

from sqlmodel import Session

from engine.canvas_layers import drafts, rules, turns, views
from engine.canvas_layers.bots import BOT
from engine.canvas_layers.commands import COMMANDS
from engine.canvas_layers.models import forget
from engine.canvas_layers.moves import MOVES
from engine.declaration import Answers, GameDeclaration
from engine.models import Game
from engine.table import Table


def setup(table: Table) -> None:
    """The start: backgrounds, tokens, the shuffled deck, the row and the first player drawn,
    from the game's seed, with the scoring cards picked in the lobby."""
    game = table.game
    keep = turns.lobby_game(table.session, game)
    state = rules.setup(len(table.players()), table.rng("setup"), keep.state["scoring"])
    keep.state = turns.to_json(state)
    table.session.add(keep)
    game.rounds = rules.max_turns(len(table.players()))


def carry_choices(session: Session, finished: Game, new: Game) -> None:
    """Play again: the next game is played with this one's four scoring cards."""
    keep = turns.lobby_game(session, new)
    keep.state = {
        "scoring": list(turns.from_json(turns.layers_game(session, finished).state).scoring)
    }
    session.add(keep)


def answers(table: Table) -> Answers:
    """A turn waits for one move: the acting player's."""
    keep = turns.layers_game(table.session, table.game)
    moved = keep.moved_turn == table.game.round
    return Answers(int(moved), 1, decided=moved)


def play_for_the_absent(table: Table) -> None:
    """A turn that ends without its move: the rulings' move is made for the painter (the free
    card, or the three oldest cards painted); a pick not made names the first of the tied in
    turn order (their ranking once points and tokens are level)."""
    session, game = table.session, table.game
    keep = turns.layers_game(session, game)
    if keep.moved_turn == game.round:
        return
    state = turns.from_json(keep.state)
    if state.turn is not None:
        seat = state.turn
        action = rules.timed_out_action(state)
        after = rules.apply(state, seat, action)
        keep.state = turns.to_json(after)
        keep.last_painter = seat if isinstance(action, rules.Complete) else None
        done: dict[str, int | str] = {"turn": game.round}
        if isinstance(action, rules.Take):
            done |= {"card": action.card, "tokens": state.market[0].tokens}
        else:
            done["painting"] = len(after.painters[seat].paintings)
        keep.played_for = (keep.played_for or {}) | {str(seat): done}
    elif keep.picked is None:
        result = rules.outcome(state)
        if result.picker is not None:
            keep.picked = result.tied[0]
    keep.moved_turn = game.round
    session.add(keep)


def finished(table: Table) -> bool:
    """Over once everyone has three paintings and any tie's pick is made."""
    keep = turns.layers_game(table.session, table.game)
    state = turns.from_json(keep.state)
    return turns.acting(state, keep.picked) is None


CANVAS_LAYERS = GameDeclaration(
    name=rules.KIND,
    titles={"en": "Canvas Layers", "es": "Lienzo en capas"},
    table=rules.TABLE,
    setup=setup,
    answers=answers,
    read=views.read_snapshot,
    views={
        "public": views.public_view,
        "player": views.player_view,
        "facilitator": views.facilitator_view,
    },
    forget=forget,
    carry=carry_choices,
    moves=MOVES,
    commands=COMMANDS,
    bot=BOT,
    on_exit={rules.TURN: play_for_the_absent},
    private=drafts.in_progress,
    finished=finished,
    as_class=True,
    class_per_round=False,
    gallery_by_player=True,
    settings={rules.TURN: rules.TURN_SECONDS},
)
