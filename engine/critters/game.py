"""Canvas Critters as the engine runs it: two phase tables (the judged game of 3 to 6, and the
duel of 2), and what happens to its rows at the start and on entering or leaving a phase.

The pure rules (engine/critters/rules.py) decide; these hooks read and store. A game is created
as KIND and becomes DUEL_KIND at its start when two play.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from engine.critters import rules
from engine.critters.models import CritterGame, CritterRound, Guess, Holding, Mosaic, Ribbons
from engine.critters.themes import load_themes, theme_ids
from engine.declaration import (
    Answers,
    PhaseRule,
    PhaseTable,
    everyone_answered,
    nobody_answered,
    one_answer_decides,
)
from engine.models import Game, Player, id_of, primary_keys
from engine.table import Table

KIND = "canvas_critters"
DUEL_KIND = "critters_duel"
# The phase whose entry scores a round (both variants end their rounds with it).
SCORES = "scores"

# Moves (each allowed in the phases that list it; engine/critters/moves.py has them by name).
PICK_THEME, FINISH, TITLE, AWARD, GUESS = "pick_theme", "finish", "title", "award", "guess"
# The moves of building a mosaic; a phone is offered them together, as one action (BUILD).
TAKE_PIECE, MOVE_PIECE, RETURN_PIECE = "take_piece", "move_piece", "return_piece"
EXCHANGE_PIECE, CLEAR_MOSAIC, FLIP_CANVAS = "exchange_piece", "clear_mosaic", "flip_canvas"
PIECE_MOVES = (TAKE_PIECE, MOVE_PIECE, RETURN_PIECE, EXCHANGE_PIECE, CLEAR_MOSAIC, FLIP_CANVAS)
BUILD = "build"
# What a phase shows: every mosaic, their titles, the chosen themes (the duel's secrets), the
# ribbons and the round's scores.
MOSAICS_SHOWN, TITLES_SHOWN, THEMES_SHOWN, RIBBONS_SHOWN = "mosaics", "titles", "themes", "ribbons"
_BUILDING = frozenset({*PIECE_MOVES, FINISH})
# A choice's mark when the time-out picked its theme (CritterRound.choices).
TIMED_OUT = "timed_out"

# The judged game (3 to 6): the active player picks a theme, everyone builds until the first
# to finish flips the one-minute timer; a build that ends with nobody finished (its overall
# limit, or the teacher) goes straight to the titles: nobody flipped the timer (the ruling).
# Then ribbons in secret, then ribbons and scores turned over. Two in the lobby play the duel.
JUDGED = PhaseTable(
    lobby="lobby",
    round_phases=("theme", "build", "last_minute", "titles", "judging", "scores"),
    finished="finished",
    rules={
        "theme": PhaseRule(30, frozenset({PICK_THEME}), one_answer_decides),
        "build": PhaseRule(300, _BUILDING, one_answer_decides, skips_next=nobody_answered),
        "last_minute": PhaseRule(rules.FINISH_TIMER_SECONDS, _BUILDING, everyone_answered),
        "titles": PhaseRule(45, frozenset({TITLE}), everyone_answered, frozenset({MOSAICS_SHOWN})),
        "judging": PhaseRule(
            60, frozenset({AWARD}), everyone_answered, frozenset({MOSAICS_SHOWN, TITLES_SHOWN})
        ),
        "scores": PhaseRule(20, shows=frozenset({MOSAICS_SHOWN, TITLES_SHOWN, RIBBONS_SHOWN})),
    },
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MAX_PLAYERS,
)
# The duel (2-player rules): each picks a secret theme, both build against the one-minute
# timer, then each guesses the other's theme among four cards turned face up. The sand timer
# is flipped once both are ready (rule 4), so the duel's building is timed as the judged
# game's last minute: the same setting, paced alike, never the judged game's longer build.
DUEL = PhaseTable(
    lobby="lobby",
    round_phases=("theme", "build", "guess", "scores"),
    finished="finished",
    rules={
        "theme": PhaseRule(30, frozenset({PICK_THEME}), everyone_answered),
        "build": PhaseRule(
            rules.FINISH_TIMER_SECONDS, _BUILDING, everyone_answered, timed_as="last_minute"
        ),
        "guess": PhaseRule(45, frozenset({GUESS}), everyone_answered, frozenset({MOSAICS_SHOWN})),
        "scores": PhaseRule(20, shows=frozenset({MOSAICS_SHOWN, THEMES_SHOWN, RIBBONS_SHOWN})),
    },
    min_players=rules.MIN_PLAYERS,
    max_players=rules.MIN_PLAYERS,
)


def default_seconds() -> dict[str, float]:
    """Every phase length either variant may use (a game's pace is set before anyone knows
    how many will play): one setting per phase name, so the variants must agree on each,
    and a phase timed as another needs that setting."""
    merged = dict(JUDGED.default_seconds)
    for phase, seconds in DUEL.default_seconds.items():
        if merged.setdefault(phase, seconds) != seconds:
            raise ValueError(f"the two variants time {phase!r} differently")
    for phases in (JUDGED, DUEL):
        for phase in phases.round_phases:
            if merged.get(phases.timer_of(phase)) != phases.rules[phase].seconds:
                raise ValueError(f"{phase!r} is timed by a setting of another length")
    return merged


# ------------------------------------------------------------------ reading


def critter_game(session: Session, game: Game) -> CritterGame:
    return session.exec(select(CritterGame).where(CritterGame.game_id == game.id)).one()


def lobby_game(session: Session, game: Game) -> CritterGame:
    """The game's row as the lobby left it (the teacher's choices made there), or a new one
    with the rulebook's defaults; the start fills in the rest."""
    keep = session.exec(select(CritterGame).where(CritterGame.game_id == game.id)).first()
    return keep or CritterGame(game_id=id_of(game))


def carry_choices(session: Session, finished: Game, new: Game) -> None:
    """Play again: the next game names ribbons' givers, or not, as this one did."""
    if not lobby_game(session, finished).givers_named:
        keep = lobby_game(session, new)
        keep.givers_named = False
        session.add(keep)


def current_round(session: Session, game: Game) -> CritterRound:
    return session.exec(
        select(CritterRound).where(
            CritterRound.game_id == game.id, CritterRound.number == game.round
        )
    ).one()


def builders(rnd: CritterRound, players: Sequence[Player]) -> list[Player]:
    """Who makes a mosaic this round: everyone, or the tied players of a tie-break."""
    return [p for p in players if not rnd.tied or p.id in rnd.tied]


def panel(rnd: CritterRound, players: Sequence[Player]) -> rules.Judging:
    """Who awards ribbons this round and to whom (rules.judging)."""
    return rules.judging([id_of(p) for p in players], rnd.tied)


def mosaics(session: Session, rnd: CritterRound) -> dict[int, Mosaic]:
    return {m.player_id: m for m in session.exec(select(Mosaic).where(Mosaic.round_id == rnd.id))}


def holdings(session: Session, rnd: CritterRound) -> list[Holding]:
    """The pieces out of the pile this round, bottom to top."""
    query = select(Holding).where(Holding.round_id == rnd.id).order_by(col(Holding.layer))
    return list(session.exec(query))


def table_of(held: Sequence[Holding]) -> dict[str, rules.Held]:
    """Stored holdings as the pure rules see the table (rules.Table), bottom to top."""
    return {
        h.piece: rules.Held(h.player_id, rules.Placement(h.x, h.y, h.rotation, h.mirrored))
        for h in held
    }


def totals(session: Session, game: Game) -> dict[int, int]:
    """Everyone's points: every round turned over so far, less any golden ribbon kept past
    the last regular round (Don't Be So Judgmental)."""
    players = primary_keys(session.exec(select(Player.id).where(Player.game_id == game.id)).all())
    sums = dict.fromkeys(players, 0)
    for scores in session.exec(
        select(CritterRound.scores).where(
            CritterRound.game_id == game.id, col(CritterRound.scores).is_not(None)
        )
    ):
        for player_id, points in (scores or {}).items():  # never None: the query says so
            sums[int(player_id)] = sums.get(int(player_id), 0) + points
    return sums


# ------------------------------------------------------------------ hooks


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


def settle_rounds(session: Session, game: Game, keep: CritterGame, players: int) -> None:
    """At a round's scores, once every planned round is played: one round more when a tie for
    the lead is left to play off, none when the game is over. Asked again when the facilitator
    changes the tie rule at those scores, so the round the scores' button leads to is the one
    played (sharing the victory takes back a tie-break not yet begun)."""
    if game.round < rules.rounds_for(players):
        return
    over = rules.game_over(
        rounds_played=game.round,
        players=players,
        totals=totals(session, game),
        tie_rule=rules.TieRule(keep.tie_rule),
    )
    game.rounds = game.round + (0 if over else 1)


def answers(table: Table) -> Answers:
    """The answers the current phase waits for: the theme, the first finished mosaic (then
    every one), every title, every giver's ribbons, both guesses."""
    session, game = table.session, table.game
    rnd = current_round(session, game)
    phase = game.phase
    if phase == "theme":
        picked = sum(1 for choice in rnd.choices.values() if choice["theme"])
        return Answers(picked, len(rnd.choices), decided=picked == len(rnd.choices))
    made = list(mosaics(session, rnd).values())
    if phase in ("build", "last_minute"):
        done = sum(1 for m in made if m.finished_at is not None)
        return Answers(done, len(made), decided=done > 0)
    if phase == "titles":
        return Answers(sum(1 for m in made if m.title is not None), len(made))
    if phase == "judging":
        awarded = session.exec(select(Ribbons.id).where(Ribbons.round_id == rnd.id)).all()
        return Answers(len(awarded), len(panel(rnd, table.players()).givers))
    if phase == "guess":
        guessed = session.exec(select(Guess.id).where(Guess.round_id == rnd.id)).all()
        return Answers(len(guessed), len(rnd.choices))
    return Answers()
