"""Canvas Layers' projections: the only way its data leaves the engine.

Everyone (the projector too) sees the row with its tokens and costs, the scoring cards, whose
turn it is, each player's tokens, hand size, paintings, ribbons and score, the painting just
completed and, at the end, the podium. A hand is seen on its owner's phone alone; the deck's
order by nobody. A player's view adds their hand and the moves they may make now, each
completion with the ribbons and bonus it would take.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import select

from engine.canvas_layers import rules, turns
from engine.canvas_layers.cards import DEFAULT_SCORING
from engine.canvas_layers.models import LayersGame
from engine.models import Player
from engine.table import Table
from engine.view_parts import GameFacts, facilitator_actions, game_header


@dataclass(frozen=True)
class LayersSnapshot:
    """Every row the views need, read in one transaction at one version."""

    game: GameFacts
    players: list[Player]
    state: rules.State | None  # None in the lobby
    last_painter: int | None = None
    picked: int | None = None
    scoring: tuple[str, ...] = DEFAULT_SCORING  # the lobby's pick, then the game's
    played_for: dict[str, Any] | None = None  # LayersGame.played_for

    def seat_of(self, player: Player) -> int:
        return next(seat for seat, p in enumerate(self.players) if p.id == player.id)


def read_snapshot(table: Table) -> LayersSnapshot:
    session, game = table.session, table.game
    keep = session.exec(select(LayersGame).where(LayersGame.game_id == game.id)).first()
    players = table.players()
    if keep is None:
        return LayersSnapshot(GameFacts.of(game), players, None)
    if not turns.started(keep.state):
        return LayersSnapshot(
            GameFacts.of(game), players, None, scoring=tuple(keep.state["scoring"])
        )
    state = turns.from_json(keep.state)
    facts = GameFacts.of(game)
    return LayersSnapshot(
        facts, players, state, keep.last_painter, keep.picked, played_for=keep.played_for
    )


def _painting(painting: rules.Painting, language: str) -> dict[str, Any]:
    return {
        "background": painting.background,
        "cards": list(painting.cards),
        "title": rules.title(painting.cards, language),
        "ribbons": dict(painting.ribbons),
        "bonus": rules.bonus_points(rules.shown(painting.cards)),
    }


def public_view(snap: LayersSnapshot, now: float) -> dict[str, Any]:
    """What the projector may show at any moment."""
    game, state = snap.game, snap.state
    view: dict[str, Any] = game_header(game, snap.players, now) | {
        "market": [],
        "scoring": list(snap.scoring),
        "deck_left": 0,
        # Who is done with a phase: nobody waits on several at once in a game of turns.
        "ready": None,
        "turn": None,
        "picker": None,
        "painters": [],
        "last_painting": None,
        "podium": None,
        "totals": {},
        "winners": [],
        # Once the game is over, the painter (by seat, from 1) whose paintings the projector
        # shows, the teacher stepping through them (Engine.show_round); None: the podium.
        "shown_round": game.shown_round,
    }
    if state is None:
        return view
    names = [p.name for p in snap.players]
    points = rules.scores(state)
    acting = turns.acting(state, snap.picked)
    view |= {
        "market": [
            {
                "position": position,
                "card": slot.card,
                "tokens": slot.tokens,
                "cost": rules.cost(position),
            }
            for position, slot in enumerate(state.market, start=1)
        ],
        "scoring": list(state.scoring),
        "deck_left": len(state.deck),
        "turn": None if state.turn is None else names[state.turn],
        "picker": None if state.turn is not None or acting is None else names[acting],
        "painters": [
            {
                "name": names[seat],
                "tokens": painter.tokens,
                "hand_size": len(painter.hand),
                "backgrounds_left": len(painter.unused_backgrounds),
                "paintings": [_painting(p, game.language) for p in painter.paintings],
                "ribbons": painter.ribbons(),
                "score": points[seat],
            }
            for seat, painter in enumerate(state.painters)
        ],
        "totals": {names[seat]: points[seat] for seat in range(len(names))},
    }
    if snap.last_painter is not None:
        last = state.painters[snap.last_painter].paintings[-1]
        view["last_painting"] = {"name": names[snap.last_painter]} | _painting(last, game.language)
    if state.over:
        result = rules.outcome(state)
        view["podium"] = {
            "ranking": [{"name": names[seat], "score": points[seat]} for seat in result.ranking],
            "tied": [names[seat] for seat in result.tied] if len(result.tied) > 1 else [],
        }
        view["winners"] = [names[seat] for seat in turns.winners(state, snap.picked)]
    return view


def _actions(state: rules.State, seat: int) -> dict[str, list[dict[str, Any]]]:
    """The moves `seat` may make now, by move (as every game's views list them): each card
    it may take with its cost, each completion with the ribbons and bonus it would take."""
    painter = state.painters[seat]
    listed: dict[str, list[dict[str, Any]]] = {}
    for action in rules.legal_actions(state, seat):
        if isinstance(action, rules.Take):
            listed.setdefault(rules.TAKE, []).append(
                {
                    "position": action.position,
                    "card": action.card,
                    "cost": rules.cost(action.position),
                }
            )
            continue
        slots = rules.shown(action.cards)
        listed.setdefault(rules.COMPLETE, []).append(
            {
                "cards": list(action.cards),
                "background": action.background,
                "ribbons": dict(rules.painting_ribbons(state.scoring, slots, painter.ribbons())),
                "bonus": rules.bonus_points(slots),
            }
        )
    return listed


def player_view(
    snap: LayersSnapshot, player: Player, now: float, private: object = None
) -> dict[str, Any]:
    """One phone: everything public, plus this player's hand and their moves now;
    `private`: the painting they are arranging from their hand (drafts.py), which no other
    view ever holds."""
    view = public_view(snap, now) | {
        "name": player.name,
        "painting_draft": private,
        "hand": [],
        "tokens": None,
        "backgrounds": [],
        "actions": {},
        "played_for_you": None,
    }
    state = snap.state
    if state is None:
        return view
    seat = snap.seat_of(player)
    painter = state.painters[seat]
    view |= {
        "hand": list(painter.hand),
        "tokens": painter.tokens,
        "backgrounds": list(painter.unused_backgrounds),
        # The turn the engine played for this painter, until their own next move: the card
        # it took (public: it lay in the row) or the painting it completed (public too).
        "played_for_you": (snap.played_for or {}).get(str(seat)),
    }
    if snap.game.paused or snap.game.phase != rules.TURN:
        return view
    if state.turn == seat:
        view["actions"] = _actions(state, seat)
    elif turns.acting(state, snap.picked) == seat:
        tied = rules.outcome(state).tied
        view["actions"] = {rules.PICK: [snap.players[s].name for s in tied]}
    return view


def facilitator_view(snap: LayersSnapshot, now: float) -> dict[str, Any]:
    """The teacher's view: public (safe to project), plus the commands they may give and
    the game's history: every painting completed so far, painter by painter (what the
    results CSV and the gallery hold)."""
    view = public_view(snap, now)
    history = [
        {"painter": painter["name"], "number": number} | painting
        for painter in view["painters"]
        for number, painting in enumerate(painter["paintings"], start=1)
    ]
    return view | {
        "min_players": rules.TABLE.min_players,
        "actions": facilitator_actions(snap.game, rules.TABLE, len(snap.players)),
        "durations": dict(snap.game.durations),
        "name_filter": snap.game.name_filter,
        "allowed_names": list(snap.game.allowed_names),
        "history": history,
    }
