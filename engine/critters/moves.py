"""Canvas Critters' moves (both variants' declarations' `moves`, by the names their phase
tables list): each a plain function of the round it is made in, checked by the pure rules
(engine/critters/rules.py) once the door's one gate has let it through (engine/door.py). The
game's row lock decides races: of two players tapping the last fox, the first to commit has
it and the other is told it is gone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from sqlmodel import Session, select

from engine import storage
from engine.critters import drafts, rows, rules
from engine.critters.models import CritterRound, Guess, Holding, Mosaic, Ribbons
from engine.critters.themes import theme_ids
from engine.declaration import Move
from engine.errors import RuleError
from engine.models import Game, Player, id_of
from engine.table import Table

T = TypeVar("T")


def pick_theme(table: Table, rnd: CritterRound, player: Player, now: float, *, theme: str) -> str:
    """The active player (in the duel: each player, in secret) picks one theme of the card
    they drew. Picking the same theme again changes nothing (a double click)."""
    mine = rnd.choices.get(str(player.id))
    if mine is None:
        raise RuleError("error.critters.not_your_pick")
    if theme not in theme_ids()[mine["card"]]:
        raise RuleError("error.critters.unknown_theme")
    if mine["theme"] == theme:
        return theme
    if mine["theme"] is not None:
        raise RuleError("error.critters.theme_chosen")
    rnd.choices = {**rnd.choices, str(player.id): mine | {"theme": theme}}
    table.session.add(rnd)
    return _changed(table.game, theme)


def take_piece(
    table: Table,
    rnd: CritterRound,
    player: Player,
    now: float,
    *,
    request_id: str,
    kind: str,
    x: float,
    y: float,
    rotation: float = 0,
    mirrored: bool = False,
) -> str:
    """One piece of `kind` from the pile onto the player's canvas (rule 1: one at a time);
    returns the piece's id."""
    session = table.session
    _builder(session, rnd, player)
    held = rows.holdings(session, rnd)
    pieces = rows.table_of(held)
    free = _free_piece(pieces, kind)
    placement = rules.validate_placement(x, y, rotation, mirrored)
    builders = rows.builders(rnd, table.players())
    rules.take_piece(pieces, id_of(player), free, placement, builders=[id_of(p) for p in builders])
    session.add(_holding(rnd, player, free, placement, held, request_id))
    return _changed(table.game, free)


def move_piece(
    table: Table,
    rnd: CritterRound,
    player: Player,
    now: float,
    *,
    piece: str,
    x: float,
    y: float,
    rotation: float = 0,
    mirrored: bool = False,
) -> None:
    """One of the player's pieces moved (turned, mirrored); it goes on top."""
    session = table.session
    _builder(session, rnd, player)
    holding = _held_by(session, rnd, player, piece)
    placement = rules.validate_placement(x, y, rotation, mirrored)
    top = max((h.layer for h in rows.holdings(session, rnd)), default=0)
    holding.x, holding.y = placement.x, placement.y
    holding.rotation, holding.mirrored = placement.rotation, placement.mirrored
    holding.layer = top + 1
    session.add(holding)
    _changed(table.game, None)


def return_piece(
    table: Table, rnd: CritterRound, player: Player, now: float, *, piece: str
) -> None:
    """One of the player's pieces back in the pile (rule 5); one already back stays there
    (a double tap)."""
    session = table.session
    _builder(session, rnd, player)
    rules.piece_kind(piece)
    if rows.table_of(rows.holdings(session, rnd)).get(piece) is None:
        return
    session.delete(_held_by(session, rnd, player, piece))
    _changed(table.game, None)


def exchange_piece(
    table: Table,
    rnd: CritterRound,
    player: Player,
    now: float,
    *,
    request_id: str,
    piece: str,
    kind: str,
) -> str:
    """One of the player's pieces swapped for one of `kind` from the pile (rule 5), laid
    where the old one lay; returns the new piece's id. All or nothing."""
    session = table.session
    _builder(session, rnd, player)
    holding = _held_by(session, rnd, player, piece)
    pieces = rows.table_of(rows.holdings(session, rnd))
    free = _free_piece(pieces, kind)
    rules.exchange_piece(pieces, id_of(player), piece, free)
    holding.piece, holding.request_id = free, request_id
    session.add(holding)
    return _changed(table.game, free)


def clear_mosaic(table: Table, rnd: CritterRound, player: Player, now: float) -> None:
    """Every piece of the player's back in the pile: starting again (Art Tip)."""
    session = table.session
    _builder(session, rnd, player)
    mine = [h for h in rows.holdings(session, rnd) if h.player_id == player.id]
    for holding in mine:
        session.delete(holding)
    if mine:
        _changed(table.game, None)


def flip_canvas(table: Table, rnd: CritterRound, player: Player, now: float, *, side: str) -> None:
    """Building on the white or the black side of the canvas (Art Tip)."""
    mosaic = _builder(table.session, rnd, player)
    chosen = rules.validate_side(side)
    if mosaic.side != chosen:
        mosaic.side = chosen
        table.session.add(mosaic)
        _changed(table.game, None)


def finish_mosaic(table: Table, rnd: CritterRound, player: Player, now: float) -> None:
    """The player's mosaic is done (at least 7 pieces, all in the frame) and can no longer
    change. The first to finish starts the one-minute timer."""
    session = table.session
    mosaic = _mosaic_of(session, rnd, player)
    if mosaic.finished_at is not None:
        return
    pieces = rows.table_of(rows.holdings(session, rnd))
    rules.check_mosaic(rules.mosaic_of(pieces, id_of(player)))
    mosaic.finished_at = now
    session.add(mosaic)
    _changed(table.game, None)


def title_mosaic(table: Table, rnd: CritterRound, player: Player, now: float, *, title: str) -> str:
    """The player's mosaic's title (the game's name filter applies), changeable until the
    titles are shown; returns the title as shown."""
    mosaic = _mosaic_of(table.session, rnd, player)
    cleaned = rules.clean_title(title, filter_words=table.game.name_filter)
    if mosaic.title != cleaned:
        mosaic.title = cleaned
        table.session.add(mosaic)
        _changed(table.game, None)
    return cleaned


def award_ribbons(
    table: Table,
    rnd: CritterRound,
    player: Player,
    now: float,
    *,
    request_id: str,
    ribbons: Mapping[int, str],
    golden: str | None = None,
) -> dict[str, Any]:
    """The player's ribbons placed in secret ({value: player name}, every ribbon, never on
    their own mosaic, never two to one player), and their golden ribbon if they give it
    now; returns them."""
    session, game = table.session, table.game
    players = table.players()
    drafts.refuse_if_given(session, rnd, player, players)
    if not isinstance(ribbons, Mapping):
        raise RuleError("error.critters.awards_malformed")
    by_id = {value: drafts.receiver_id(players, name) for value, name in ribbons.items()}
    keep = rows.critter_game(session, game)
    award = rules.validate_awards(
        rows.panel(rnd, players),
        id_of(player),
        by_id,
        None if golden is None else drafts.receiver_id(players, golden),
        golden_available=player.id not in keep.golden_given,
    )
    row = Ribbons(
        round_id=id_of(rnd),
        giver_id=id_of(player),
        ribbons=[list(pair) for pair in award.ribbons],
        golden=award.golden,
        request_id=request_id,
    )
    session.add(row)
    draft = drafts.own_draft(session, rnd, player)
    if draft is not None:  # given: the picks behind it are no draft any more
        session.delete(draft)
    return _changed(game, _ribbons_result(row))


def guess_theme(
    table: Table,
    rnd: CritterRound,
    player: Player,
    now: float,
    *,
    request_id: str,
    ribbon: int,
    card: str,
    theme: str | None = None,
) -> dict[str, Any]:
    """The duel's guess of the opponent's theme (2-player rule 7): the +1 ribbon under a
    card, or the +3 ribbon on one of its themes; never on the player's own card."""
    session = table.session
    mine = (Guess.round_id == rnd.id, Guess.player_id == player.id)
    if session.exec(select(Guess.id).where(*mine)).first():
        raise RuleError("error.critters.already_guessed")
    themes = theme_ids()
    own = rnd.choices[str(player.id)]["card"]
    if card == own:
        raise RuleError("error.critters.guess_own_card")
    face_up = {shown: themes[shown] for shown in rnd.face_up}
    guess = rules.validate_guess(ribbon, card, theme, face_up=face_up)
    row = Guess(
        round_id=id_of(rnd),
        player_id=id_of(player),
        ribbon=guess.ribbon,
        card=guess.card,
        theme=guess.theme,
        request_id=request_id,
    )
    session.add(row)
    return _changed(table.game, _guess_result(row))


# ------------------------------------------------------------------ what a retry answers


def piece_taken(session: Session, player: Player, request_id: str) -> str | None:
    """A retried take or exchange: the piece its first try took."""
    row = storage.earlier(session, Holding, Holding.player_id, player, request_id)
    return None if row is None else row.piece


def ribbons_placed(session: Session, player: Player, request_id: str) -> dict[str, Any] | None:
    row = storage.earlier(session, Ribbons, Ribbons.giver_id, player, request_id)
    return None if row is None else _ribbons_result(row)


def guess_made(session: Session, player: Player, request_id: str) -> dict[str, Any] | None:
    row = storage.earlier(session, Guess, Guess.player_id, player, request_id)
    return None if row is None else _guess_result(row)


def in_round(
    play: Callable[..., Any], earlier: Callable[[Session, Player, str], Any] | None = None
) -> Move:
    """A move made in the current round: `play(table, round, player, now, **args)`."""

    def act(table: Table, player: Player, now: float, **args: Any) -> Any:
        return play(table, rows.current_round(table.session, table.game), player, now, **args)

    return Move(act, earlier)


#: Both variants' moves: the judged game never allows the duel's guess, nor the duel the
#: judged game's titles and ribbons (their phase tables say which phase allows which).
MOVES: dict[str, Move] = {
    rules.PICK_THEME: in_round(pick_theme),
    rules.TAKE_PIECE: in_round(take_piece, piece_taken),
    rules.MOVE_PIECE: in_round(move_piece),
    rules.RETURN_PIECE: in_round(return_piece),
    rules.EXCHANGE_PIECE: in_round(exchange_piece, piece_taken),
    rules.CLEAR_MOSAIC: in_round(clear_mosaic),
    rules.FLIP_CANVAS: in_round(flip_canvas),
    rules.FINISH: in_round(finish_mosaic),
    rules.TITLE: in_round(title_mosaic),
    rules.AWARD: in_round(award_ribbons, ribbons_placed),
    rules.GUESS: in_round(guess_theme, guess_made),
}


# ------------------------------------------------------------------ plumbing


def _mosaic_of(session: Session, rnd: CritterRound, player: Player) -> Mosaic:
    """This player's mosaic this round; in a tie-break only the tied have one."""
    mosaic = rows.mosaics(session, rnd).get(id_of(player))
    if mosaic is None:
        raise RuleError("error.critters.not_building")
    return mosaic


def _builder(session: Session, rnd: CritterRound, player: Player) -> Mosaic:
    """The mosaic of a player who may still change it: finished ones never change."""
    mosaic = _mosaic_of(session, rnd, player)
    if mosaic.finished_at is not None:
        raise RuleError("error.critters.finished")
    return mosaic


def _changed(game: Game, result: T) -> T:
    """A move that changed the game: every page following it learns so."""
    game.version += 1
    return result


def _free_piece(table: rules.Table, kind: object) -> str:
    """The first piece of `kind` still in the pile; refused when the kind is unknown or gone."""
    if not isinstance(kind, str) or kind not in rules.PILE:
        raise RuleError("error.critters.unknown_piece")
    pieces = (rules.piece_id(kind, n) for n in range(1, rules.PILE[kind] + 1))
    free = next((piece for piece in pieces if piece not in table), None)
    if free is None:
        raise RuleError("error.critters.none_left")
    return free


def _holding(
    rnd: CritterRound,
    player: Player,
    piece: str,
    placement: rules.Placement,
    held: list[Holding],
    request_id: str,
) -> Holding:
    """A newly taken piece, on top of every other."""
    return Holding(
        round_id=id_of(rnd),
        player_id=id_of(player),
        piece=piece,
        x=placement.x,
        y=placement.y,
        rotation=placement.rotation,
        mirrored=placement.mirrored,
        layer=max((h.layer for h in held), default=0) + 1,
        request_id=request_id,
    )


def _held_by(session: Session, rnd: CritterRound, player: Player, piece: object) -> Holding:
    rules.piece_kind(piece)
    holding = session.exec(
        select(Holding).where(Holding.round_id == rnd.id, Holding.piece == piece)
    ).first()
    if holding is None or holding.player_id != player.id:
        raise RuleError("error.critters.not_your_piece")
    return holding


def _ribbons_result(row: Ribbons) -> dict[str, Any]:
    return {"ribbons": [list(pair) for pair in row.ribbons], "golden": row.golden}


def _guess_result(row: Guess) -> dict[str, Any]:
    return {"ribbon": row.ribbon, "card": row.card, "theme": row.theme}
