"""Canvas Critters' rows as its hooks, moves, commands and views read them (the game's row,
the current round, its mosaics and pieces, the totals, the answers the phase waits for), and
the rounds a game plays, settled at its scores and when the teacher changes the tie rule."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from engine.critters import rules
from engine.critters.models import CritterGame, CritterRound, Guess, Holding, Mosaic, Ribbons
from engine.declaration import Answers
from engine.models import Game, Player, id_of, primary_keys
from engine.table import Table


def critter_game(session: Session, game: Game) -> CritterGame:
    return session.exec(select(CritterGame).where(CritterGame.game_id == game.id)).one()


def lobby_game(session: Session, game: Game) -> CritterGame:
    """The game's row as the lobby left it (the teacher's choices made there), or a new one
    with the rulebook's defaults; the start fills in the rest."""
    keep = session.exec(select(CritterGame).where(CritterGame.game_id == game.id)).first()
    return keep or CritterGame(game_id=id_of(game))


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
    """The answers the current phase waits for, and who gave them (the views' readiness):
    the theme, the first finished mosaic (then every one), every title, every giver's
    ribbons, both guesses."""
    session, game = table.session, table.game
    phase = game.phase
    if not (rules.JUDGED.running(phase) or rules.DUEL.running(phase)):
        return Answers()
    rnd = current_round(session, game)
    if phase == "theme":
        picked = [int(p) for p, choice in rnd.choices.items() if choice["theme"]]
        return Answers.of(picked, len(rnd.choices), decided=len(picked) == len(rnd.choices))
    made = list(mosaics(session, rnd).values())
    if phase in ("build", "last_minute"):
        done = [m.player_id for m in made if m.finished_at is not None]
        return Answers.of(done, len(made), decided=bool(done))
    if phase == "titles":
        return Answers.of([m.player_id for m in made if m.title is not None], len(made))
    if phase == "judging":
        givers = session.exec(select(Ribbons.giver_id).where(Ribbons.round_id == rnd.id)).all()
        return Answers.of(givers, len(panel(rnd, table.players()).givers))
    if phase == "guess":
        guessed = session.exec(select(Guess.player_id).where(Guess.round_id == rnd.id)).all()
        return Answers.of(guessed, len(rnd.choices))
    return Answers()
