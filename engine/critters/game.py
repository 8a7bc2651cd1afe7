"""Canvas Critters as the engine runs it: what happens to its rows at the start and on
entering or leaving a phase, the answers a phase waits for, and its two declarations, the
judged game and the duel (its phase tables: rules.py).

The pure rules (engine/critters/rules.py) decide; these hooks read and store (rows.py).
"""

from __future__ import annotations

from dataclasses import replace

from sqlmodel import Session, select

from engine.critters import rows, rules, views
from engine.critters.bots import BOT
from engine.critters.commands import COMMANDS
from engine.critters.drafts import JUDGING, give_drafts, in_progress
from engine.critters.models import CritterRound, Guess, Mosaic, Ribbons, forget
from engine.critters.moves import MOVES
from engine.critters.rows import (
    critter_game,
    current_round,
    lobby_game,
    settle_rounds,
    totals,
)
from engine.critters.rules import DUEL, DUEL_KIND, JUDGED, KIND, SCORES, TIMED_OUT, default_seconds
from engine.critters.themes import load_themes, theme_ids
from engine.declaration import GameDeclaration, View
from engine.models import Game, id_of
from engine.table import Table


def carry_choices(session: Session, finished: Game, new: Game) -> None:
    """Play again: the next game names ribbons' givers, or not, as this one did."""
    if not lobby_game(session, finished).givers_named:
        keep = lobby_game(session, new)
        keep.givers_named = False
        session.add(keep)


def setup(table: Table) -> None:
    """The start: two play the duel; otherwise a random first active player. The theme deck
    is shuffled once for the game (Setup, steps 5 and 6); a tie is shared in the duel and
    played off otherwise, until the facilitator chooses."""
    game, count = table.game, len(table.players())
    duel = rules.is_duel(count)
    cards = [card.id for card in load_themes()]
    keep = lobby_game(table.session, game)
    keep.duel = duel
    keep.first_active = 0 if duel else rules.first_active(count, table.rng("first"))
    keep.deck = rules.shuffled_deck(cards, table.rng("deck"))
    keep.tie_rule = rules.default_tie_rule(duel).value
    table.session.add(keep)
    game.rounds = rules.rounds_for(count)
    if duel:
        game.kind = DUEL_KIND


def open_round(table: Table) -> None:
    """A new round: the active player (or, in the duel, each player) draws a theme card; in a
    tie-break round only the tied players build."""
    session, game = table.session, table.game
    keep = critter_game(session, game)
    players = table.players()
    everyone = [id_of(p) for p in players]
    rng = table.rng(f"round:{game.round}")
    cards = [card.id for card in load_themes()]
    tied: list[int] = []
    if game.round > rules.rounds_for(len(players)):
        tied = rules.tie_break_players(totals(session, game), duel=keep.duel)
    if keep.duel:
        choosers = everyone
    else:
        choosers = [everyone[rules.active_seat(keep.first_active, game.round, len(players))]]
    drawn, keep.deck = rules.draw(keep.deck, len(choosers), cards, rng)
    session.add(keep)
    rnd = CritterRound(
        game_id=id_of(game),
        number=game.round,
        active_id=None if keep.duel else choosers[0],
        choices={
            str(p): {"card": card, "theme": None} for p, card in zip(choosers, drawn, strict=True)
        },
        tied=tied,
    )
    session.add(rnd)
    session.flush()
    for player_id in tied or everyone:
        session.add(Mosaic(round_id=id_of(rnd), player_id=player_id))
    session.flush()


def settle_themes(table: Table) -> None:
    """Time ran out on a theme not picked: the card's first theme is the round's, marked so
    (its chooser is told why it is that one)."""
    rnd = current_round(table.session, table.game)
    themes = theme_ids()
    rnd.choices = {
        player: choice
        if choice["theme"]
        else choice | {"theme": themes[choice["card"]][0], TIMED_OUT: True}
        for player, choice in rnd.choices.items()
    }
    table.session.add(rnd)


def turn_up_cards(table: Table) -> None:
    """The duel's guessing: both secret cards shuffled in with two from the deck's top."""
    session, game = table.session, table.game
    keep, rnd = critter_game(session, game), current_round(session, game)
    secret = [choice["card"] for choice in rnd.choices.values()]
    cards = [card.id for card in load_themes()]
    rnd.face_up, keep.deck = rules.guess_cards(
        secret, keep.deck, cards, table.rng(f"face_up:{game.round}")
    )
    session.add_all([rnd, keep])


def score_round(table: Table) -> None:
    """Turn the ribbons (or guesses) over and store the round's scores, once; after the last
    regular round, kept golden ribbons cost 5; a tie for the lead then adds a round (a
    tie-break), unless the facilitator chose to share the victory."""
    session, game = table.session, table.game
    keep, rnd = critter_game(session, game), current_round(session, game)
    if rnd.scores is not None:
        return
    players = table.players()
    everyone = [id_of(p) for p in players]
    if keep.duel:
        guesses = {
            g.player_id: rules.Guess(g.ribbon, g.card, g.theme)
            for g in session.exec(select(Guess).where(Guess.round_id == rnd.id))
        }
        secrets = {int(p): (c["card"], c["theme"]) for p, c in rnd.choices.items()}
        scores = rules.duel_round_scores(guesses, secrets)
    else:
        given = [
            rules.Award(r.giver_id, tuple((value, to) for value, to in r.ribbons), r.golden)
            for r in session.exec(select(Ribbons).where(Ribbons.round_id == rnd.id))
        ]
        scores = rules.round_scores(given, everyone)
        keep.golden_given = sorted(set(keep.golden_given) | rules.golden_given(given))
        if game.round == rules.rounds_for(len(players)):
            scores = rules.less_kept_golden(scores, set(everyone) - set(keep.golden_given))
    rnd.scores = {str(p): points for p, points in scores.items()}
    session.add_all([rnd, keep])
    session.flush()
    settle_rounds(session, game, keep, len(players))


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
    answers=rows.answers,
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
# The duel is the judged game for two but for its table and what its phases do on the way
# (a theme guessed, no judging); what only the judged game declares is set back to the
# defaults (ribbon drafts, its pace, a class's tables and showcase).
CRITTERS_DUEL = replace(
    CANVAS_CRITTERS,
    name=DUEL_KIND,
    table=DUEL,
    on_exit={"theme": settle_themes},
    on_entry={"theme": open_round, "guess": turn_up_cards, SCORES: score_round},
    private=None,
    settings=None,
    as_class=False,
    showcase=frozenset(),
    class_fewest=None,
    created_as=KIND,
)
