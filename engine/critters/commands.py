"""Canvas Critters' moves through the door: each one write transaction on the player's game,
checked by the pure rules (engine/critters/rules.py), and refused unless the current phase
allows it. The game's row lock decides races: of two players tapping the last fox, the first
to commit has it and the other is told it is gone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from sqlmodel import Session, select

from engine import storage
from engine.critters import game as critters
from engine.critters import rules, views
from engine.critters.models import CritterRound, Guess, Holding, Mosaic, Ribbons
from engine.critters.themes import theme_ids
from engine.door import Door
from engine.errors import RuleError
from engine.models import Game, Player

T = TypeVar("T")
Move = Callable[[Session, Game, CritterRound, Player, float], T]


class CritterCommands(Door):
    """The Canvas Critters half of `Engine`. Each move takes the phase (and round) the page
    showed, like Crossed Canvas's: once that is over, the move is refused, never applied to
    the next phase."""

    def pick_theme(
        self, player_token: str, theme: str, *, phase: str | None = None, round: int | None = None
    ) -> str:
        """The active player (in the duel: each player, in secret) picks one theme of the
        card they drew. Picking the same theme again changes nothing (a double click)."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
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
            session.add(rnd)
            return _changed(game, theme)

        return self._player_move(player_token, critters.PICK_THEME, act, phase, round)

    def take_piece(
        self,
        player_token: str,
        kind: str,
        x: float,
        y: float,
        request_id: str,
        *,
        rotation: float = 0,
        mirrored: bool = False,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Take one piece of `kind` from the pile onto this player's canvas at (x, y) (rule
        1: one at a time); returns the piece's id. A retried request returns the piece it
        took; when none of that kind is left, the player is told so."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            self._builder(session, rnd, player)
            held = critters.holdings(session, rnd)
            table = critters.table_of(held)
            free = _free_piece(table, kind)
            placement = rules.validate_placement(x, y, rotation, mirrored)
            builders = critters.builders(rnd, storage.players(session, game))
            rules.take_piece(table, player.id, free, placement, builders=[p.id for p in builders])
            session.add(_holding(rnd, player, free, placement, held, request_id))
            return _changed(game, free)

        return self._player_move(
            player_token, critters.BUILD, act, phase, round, _piece_taken(request_id)
        )

    def move_piece(
        self,
        player_token: str,
        piece: str,
        x: float,
        y: float,
        *,
        rotation: float = 0,
        mirrored: bool = False,
        phase: str | None = None,
        round: int | None = None,
    ) -> None:
        """Move one of this player's pieces (turned, mirrored); it goes on top."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            self._builder(session, rnd, player)
            holding = _held_by(session, rnd, player, piece)
            placement = rules.validate_placement(x, y, rotation, mirrored)
            top = max((h.layer for h in critters.holdings(session, rnd)), default=0)
            holding.x, holding.y = placement.x, placement.y
            holding.rotation, holding.mirrored = placement.rotation, placement.mirrored
            holding.layer = top + 1
            session.add(holding)
            _changed(game, None)

        self._player_move(player_token, critters.BUILD, act, phase, round)

    def return_piece(
        self, player_token: str, piece: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Put one of this player's pieces back in the pile (rule 5). A piece already back
        in the pile stays there (a double tap)."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            self._builder(session, rnd, player)
            rules.piece_kind(piece)
            if critters.table_of(critters.holdings(session, rnd)).get(piece) is None:
                return
            session.delete(_held_by(session, rnd, player, piece))
            _changed(game, None)

        self._player_move(player_token, critters.BUILD, act, phase, round)

    def exchange_piece(
        self,
        player_token: str,
        piece: str,
        kind: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Swap one of this player's pieces for one of `kind` from the pile (rule 5), laid
        where the old one lay; returns the new piece's id. All or nothing."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            self._builder(session, rnd, player)
            holding = _held_by(session, rnd, player, piece)
            table = critters.table_of(critters.holdings(session, rnd))
            free = _free_piece(table, kind)
            rules.exchange_piece(table, player.id, piece, free)
            holding.piece, holding.request_id = free, request_id
            session.add(holding)
            return _changed(game, free)

        return self._player_move(
            player_token, critters.BUILD, act, phase, round, _piece_taken(request_id)
        )

    def clear_mosaic(
        self, player_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Start again: every piece of this player's goes back in the pile (Art Tip)."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            self._builder(session, rnd, player)
            mine = [h for h in critters.holdings(session, rnd) if h.player_id == player.id]
            for holding in mine:
                session.delete(holding)
            if mine:
                _changed(game, None)

        self._player_move(player_token, critters.BUILD, act, phase, round)

    def flip_canvas(
        self, player_token: str, side: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Build on the white or the black side of the canvas (Art Tip)."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            mosaic = self._builder(session, rnd, player)
            chosen = rules.validate_side(side)
            if mosaic.side != chosen:
                mosaic.side = chosen
                session.add(mosaic)
                _changed(game, None)

        self._player_move(player_token, critters.BUILD, act, phase, round)

    def finish_mosaic(
        self, player_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """This player's mosaic is done (at least 7 pieces, all in the frame): it can no
        longer change. The first to finish starts the one-minute timer."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            mosaic = self._mosaic_of(session, rnd, player)
            if mosaic.finished_at is not None:
                return
            table = critters.table_of(critters.holdings(session, rnd))
            rules.check_mosaic(rules.mosaic_of(table, player.id))
            mosaic.finished_at = now
            session.add(mosaic)
            _changed(game, None)

        self._player_move(player_token, critters.FINISH, act, phase, round)

    def title_mosaic(
        self, player_token: str, title: str, *, phase: str | None = None, round: int | None = None
    ) -> str:
        """Give this player's mosaic its title (the game's name filter applies); it may be
        changed until the titles are shown. Returns the title as shown."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            mosaic = self._mosaic_of(session, rnd, player)
            cleaned = rules.clean_title(title, filter_words=game.name_filter)
            if mosaic.title != cleaned:
                mosaic.title = cleaned
                session.add(mosaic)
                _changed(game, None)
            return cleaned

        return self._player_move(player_token, critters.TITLE, act, phase, round)

    def award_ribbons(
        self,
        player_token: str,
        ribbons: Mapping[int, str],
        request_id: str,
        *,
        golden: str | None = None,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """Place this player's ribbons in secret ({value: player name}, every ribbon, never
        one's own mosaic, never two to one player), and their golden ribbon if they give it
        now; returns them. Nobody sees any until everyone has awarded (the scores)."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
            players = storage.players(session, game)
            mine = (Ribbons.round_id == rnd.id, Ribbons.giver_id == player.id)
            placed = session.exec(select(Ribbons).where(*mine)).first()
            if placed is not None:  # by another request: another tab or device
                names = {p.id: p.name for p in players}
                given = views.given_text(views.given_by(names.__getitem__, placed))
                raise RuleError("error.critters.already_awarded", ribbons=given)
            if not isinstance(ribbons, Mapping):
                raise RuleError("error.critters.awards_malformed")
            by_id = {value: _receiver(players, name) for value, name in ribbons.items()}
            keep = critters.critter_game(session, game)
            award = rules.validate_awards(
                critters.panel(rnd, players),
                player.id,
                by_id,
                None if golden is None else _receiver(players, golden),
                golden_available=player.id not in keep.golden_given,
            )
            row = Ribbons(
                round_id=rnd.id,
                giver_id=player.id,
                ribbons=[list(pair) for pair in award.ribbons],
                golden=award.golden,
                request_id=request_id,
            )
            session.add(row)
            return _changed(game, _ribbons_result(row))

        def earlier(session: Session, player: Player) -> dict[str, Any] | None:
            row = storage.earlier(session, Ribbons, Ribbons.giver_id, player, request_id)
            return None if row is None else _ribbons_result(row)

        return self._player_move(player_token, critters.AWARD, act, phase, round, earlier)

    def guess_theme(
        self,
        player_token: str,
        ribbon: int,
        card: str,
        request_id: str,
        *,
        theme: str | None = None,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """The duel's guess of the opponent's theme (2-player rule 7): the +1 ribbon under a
        card, or the +3 ribbon on one of its themes; never on one's own card, which cannot
        be the opponent's."""

        def act(session: Session, game: Game, rnd: CritterRound, player: Player, now: float):  # type: ignore[no-untyped-def]
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
                round_id=rnd.id,
                player_id=player.id,
                ribbon=guess.ribbon,
                card=guess.card,
                theme=guess.theme,
                request_id=request_id,
            )
            session.add(row)
            return _changed(game, _guess_result(row))

        def earlier(session: Session, player: Player) -> dict[str, Any] | None:
            row = storage.earlier(session, Guess, Guess.player_id, player, request_id)
            return None if row is None else _guess_result(row)

        return self._player_move(player_token, critters.GUESS, act, phase, round, earlier)

    def set_tie_rule(self, facilitator_token: str, tie_rule: str) -> None:
        """Once the game has started and until it ends: a tie for the lead is played off (the
        rulebook's "play_off") or the victory shared ("share")."""

        def act(session: Session, game: Game, now: float) -> None:
            if game.kind not in (critters.KIND, critters.DUEL_KIND):
                raise RuleError("error.critters.no_tie_rule")
            self._require_running(game)
            try:
                chosen = rules.TieRule(tie_rule)
            except ValueError:
                raise RuleError("error.critters.no_tie_rule") from None
            keep = critters.critter_game(session, game)
            if keep.tie_rule != chosen:
                keep.tie_rule = chosen.value
                session.add(keep)
                if game.phase == critters.SCORES:
                    critters.settle_rounds(session, game, keep, len(storage.players(session, game)))
                game.version += 1

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)

    # ------------------------------------------------------------------ plumbing

    def _player_move(
        self,
        player_token: str,
        move: str,
        act: Move[T],
        phase: str | None,
        round_number: int | None,
        earlier: Callable[[Session, Player], T | None] | None = None,
    ) -> T:
        """One player's move through the door's one gate (`Door._gated_move`), with the round the
        move is made in; `earlier` finds what a retried request did (it answers first, even
        once the phase is over)."""

        def in_round(session: Session, game: Game, player: Player, now: float) -> T:
            return act(session, game, critters.current_round(session, game), player, now)

        return self._gated_move(player_token, move, in_round, (phase, round_number), earlier)

    @staticmethod
    def _mosaic_of(session: Session, rnd: CritterRound, player: Player) -> Mosaic:
        """This player's mosaic this round; in a tie-break only the tied have one."""
        mosaic = critters.mosaics(session, rnd).get(player.id)
        if mosaic is None:
            raise RuleError("error.critters.not_building")
        return mosaic

    def _builder(self, session: Session, rnd: CritterRound, player: Player) -> Mosaic:
        """The mosaic of a player who may still change it: finished ones never change."""
        mosaic = self._mosaic_of(session, rnd, player)
        if mosaic.finished_at is not None:
            raise RuleError("error.critters.finished")
        return mosaic


def _piece_taken(request_id: str) -> Callable[[Session, Player], str | None]:
    """What a retried take or exchange answers: the piece its first try took."""

    def earlier(session: Session, player: Player) -> str | None:
        row = storage.earlier(session, Holding, Holding.player_id, player, request_id)
        return None if row is None else row.piece

    return earlier


def _changed(game: Game, result: T) -> T:
    """A move that changed the game: every page following it learns so."""
    game.version += 1
    return result


def _free_piece(table: rules.Table, kind: object) -> str:
    """The first piece of `kind` still in the pile; refused when the kind is unknown or gone."""
    if kind not in rules.PILE:
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
        round_id=rnd.id,
        player_id=player.id,
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


def _receiver(players: list[Player], name: object) -> int:
    player = storage.named(players, name)
    if player is None:
        raise RuleError("error.critters.cannot_receive")
    return player.id


def _ribbons_result(row: Ribbons) -> dict[str, Any]:
    return {"ribbons": [list(pair) for pair in row.ribbons], "golden": row.golden}


def _guess_result(row: Guess) -> dict[str, Any]:
    return {"ribbon": row.ribbon, "card": row.card, "theme": row.theme}
