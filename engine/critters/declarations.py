"""Canvas Critters' two declarations (engine/declaration.py): the judged game and the duel,
each its phase table with its hooks (engine/critters/game.py), its moves (moves.py) and
views."""

from __future__ import annotations

from engine.critters import rules, views
from engine.critters.bots import BOT
from engine.critters.commands import COMMANDS
from engine.critters.drafts import JUDGING, give_drafts, in_progress
from engine.critters.game import (
    DUEL,
    DUEL_KIND,
    JUDGED,
    KIND,
    SCORES,
    answers,
    carry_choices,
    default_seconds,
    open_round,
    score_round,
    settle_themes,
    setup,
    turn_up_cards,
)
from engine.critters.models import forget
from engine.critters.moves import MOVES
from engine.declaration import GameDeclaration, View

VIEWS: dict[str, View] = {
    "public": views.public_view,
    "player": views.player_view,
    "facilitator": views.facilitator_view,
}
# The duel is Canvas Critters for two: the same name.
TITLES = {"en": "Canvas Critters", "es": "Lienzo de bichos"}
CANVAS_CRITTERS = GameDeclaration(
    name=KIND,
    titles=TITLES,
    table=JUDGED,
    setup=setup,
    answers=answers,
    read=views.read_snapshot,
    views=VIEWS,
    forget=forget,
    carry=carry_choices,
    moves=MOVES,
    commands=COMMANDS,
    bot=BOT,
    # Ribbons picked and never given: a complete set is given as judging ends (the ruling).
    on_exit={"theme": settle_themes, JUDGING: give_drafts},
    on_entry={"theme": open_round, SCORES: score_round},
    private=in_progress,
    # One pace for both variants: it is set before anyone knows how many will play.
    settings=default_seconds(),
    # A whole class plays the judged game at tables of 3 to 6, never the duel.
    as_class=True,
    showcase=frozenset({SCORES}),
    class_fewest=rules.JUDGED_MIN_PLAYERS,
)
CRITTERS_DUEL = GameDeclaration(
    name=DUEL_KIND,
    titles=TITLES,
    table=DUEL,
    setup=setup,
    answers=answers,
    read=views.read_snapshot,
    views=VIEWS,
    forget=forget,
    carry=carry_choices,
    moves=MOVES,
    commands=COMMANDS,
    bot=BOT,
    on_exit={"theme": settle_themes},
    on_entry={"theme": open_round, "guess": turn_up_cards, SCORES: score_round},
    created_as=KIND,
)
