"""The Engine's public surface in one place: the names DESIGN.md's contract binds (the pages'
and the acceptance tests', pinned by tests/engine/test_engine_surface.py), each one line over
the part that does it (engine/service.py builds the parts), and the games' moves and commands
by their contract names, each one line over the door's `move` or `command`, which play any
game's moves and commands by the names its declaration gives them. A new game adds nothing
here: its pages call `move` and `command` by name."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Concatenate, ParamSpec, TypeVar

from engine.avatar_commands import Faces
from engine.canvas_layers.commands import SAVE_PAINTING_DRAFT, SET_SCORING
from engine.canvas_layers.rules import COMPLETE, PICK, TAKE
from engine.classes.commands import Classes
from engine.critters.commands import SAVE_RIBBON_DRAFT, SET_GIVERS_NAMED, SET_TIE_RULE
from engine.critters.rules import (
    AWARD,
    CLEAR_MOSAIC,
    EXCHANGE_PIECE,
    FINISH,
    FLIP_CANVAS,
    GUESS,
    MOVE_PIECE,
    PICK_THEME,
    RETURN_PIECE,
    TAKE_PIECE,
    TITLE,
)
from engine.crossed_canvas.commands import HIDE_FRAGMENT, SAVE_DRAFT, SEE_ROLE
from engine.crossed_canvas.rules import ACCUSE, CHOOSE, DRAW, SentStrokes
from engine.door import Door
from engine.hosting import Host
from engine.keeper import Keeper
from engine.lobby import Lobby
from engine.queries import Views
from engine.robot_commands import Robots

P = ParamSpec("P")
R = TypeVar("R")


def forwarded(
    part: str, method: Callable[Concatenate[Any, P], R]
) -> Callable[Concatenate[Any, P], R]:
    """`method` of the Engine's `part`, as the Engine's own: same name, parameters and
    docstring (what the surface test and `help(Engine)` read), called on the part."""

    @functools.wraps(method)
    def forward(engine: Any, /, *args: P.args, **kwargs: P.kwargs) -> R:
        bound: Callable[P, R] = getattr(getattr(engine, part), method.__name__)
        return bound(*args, **kwargs)

    return forward


class Contract:
    """Every public method of `Engine`, by the part that does it. Each game move takes the
    phase (and round) the page showed: once that is over, the move is refused, never applied
    to the next phase. What each does is its function's docstring in its game's moves.py or
    commands.py."""

    door: Door
    classes: Classes
    lobby: Lobby
    host: Host
    views: Views
    keeper: Keeper
    robots: Robots
    faces: Faces

    tick = forwarded("door", Door.tick)
    move = forwarded("door", Door.move)
    command = forwarded("door", Door.command)

    create_class = forwarded("classes", Classes.create_class)
    move_player = forwarded("classes", Classes.move_player)
    set_table_count = forwarded("classes", Classes.set_table_count)
    fill_table_with_robots = forwarded("classes", Classes.fill_table_with_robots)
    start_tables = forwarded("classes", Classes.start_tables)
    pause_tables = forwarded("classes", Classes.pause_tables)
    resume_tables = forwarded("classes", Classes.resume_tables)
    advance_tables = forwarded("classes", Classes.advance_tables)
    set_class_name_filter = forwarded("classes", Classes.set_class_name_filter)
    set_class_faces = forwarded("classes", Classes.set_class_faces)
    allow_class_name = forwarded("classes", Classes.allow_class_name)
    next_class_game = forwarded("classes", Classes.next_class_game)
    table_key = forwarded("classes", Classes.table_key)
    delete_class = forwarded("classes", Classes.delete_class)
    class_public_view = forwarded("classes", Classes.class_public_view)
    class_view = forwarded("classes", Classes.class_view)

    join = forwarded("lobby", Lobby.join)
    seated_name = forwarded("lobby", Lobby.seated_name)
    remove_player = forwarded("lobby", Lobby.remove_player)
    rename_player = forwarded("lobby", Lobby.rename_player)
    set_name_filter = forwarded("lobby", Lobby.set_name_filter)
    allow_name = forwarded("lobby", Lobby.allow_name)
    lock_lobby = forwarded("lobby", Lobby.lock_lobby)
    player_token = forwarded("lobby", Lobby.player_token)

    create_game = forwarded("host", Host.create_game)
    play_again = forwarded("host", Host.play_again)
    show_round = forwarded("host", Host.show_round)
    delete_game = forwarded("host", Host.delete_game)
    start = forwarded("host", Host.start)
    advance = forwarded("host", Host.advance)
    pause = forwarded("host", Host.pause)
    resume = forwarded("host", Host.resume)
    extend = forwarded("host", Host.extend)
    upload_deck = forwarded("host", Host.upload_deck)
    decks = forwarded("host", Host.decks)

    public_view = forwarded("views", Views.public_view)
    player_view = forwarded("views", Views.player_view)
    facilitator_view = forwarded("views", Views.facilitator_view)
    status = forwarded("views", Views.status)
    versions = forwarded("views", Views.versions)
    watch_key = forwarded("views", Views.watch_key)
    game_code = forwarded("views", Views.game_code)

    keep = forwarded("keeper", Keeper.keep)
    purge = forwarded("keeper", Keeper.purge)
    listen_to_other_servers = forwarded("keeper", Keeper.listen_to_other_servers)

    add_robots = forwarded("robots", Robots.add_robots)
    play_robots = forwarded("robots", Robots.play_robots)

    set_avatar = forwarded("faces", Faces.set_avatar)
    draw_avatar = forwarded("faces", Faces.draw_avatar)
    hide_avatar = forwarded("faces", Faces.hide_avatar)
    hidden_avatars = forwarded("faces", Faces.hidden_avatars)
    set_faces = forwarded("faces", Faces.set_faces)
    drawn_avatar = forwarded("faces", Faces.drawn_avatar)

    def submit_fragment(
        self,
        player_token: str,
        strokes: SentStrokes,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """Lock this artist's strokes for the current pulse (R4, R5).

        `phase` and `round` (here and in `choose` and `accuse`) name what the page showed when
        the player acted: once that is over, the action is refused, never counted in the next
        phase (a pulse-1 drawing arriving in pulse 2)."""
        answer: dict[str, Any] = self.door.move(
            player_token, DRAW, request_id, phase=phase, round=round, strokes=strokes
        )
        return answer

    def choose(
        self,
        player_token: str,
        option_id: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """The Curator locks one of the four options; the choice phase ends at once (R6)."""
        answer: str = self.door.move(
            player_token, CHOOSE, request_id, phase=phase, round=round, option_id=option_id
        )
        return answer

    def accuse(
        self,
        player_token: str,
        signature: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Cast this player's one secret vote for a signature (R7)."""
        answer: str = self.door.move(
            player_token, ACCUSE, request_id, phase=phase, round=round, signature=signature
        )
        return answer

    def pick_theme(
        self, player_token: str, theme: str, *, phase: str | None = None, round: int | None = None
    ) -> str:
        """The active player (in the duel: each player, in secret) picks a theme."""
        answer: str = self.door.move(
            player_token, PICK_THEME, phase=phase, round=round, theme=theme
        )
        return answer

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
        """Take one piece of `kind` from the pile onto this player's canvas at (x, y);
        returns the piece's id. A retried request returns the piece it took; when none of
        that kind is left, the player is told so."""
        answer: str = self.door.move(
            player_token,
            TAKE_PIECE,
            request_id,
            phase=phase,
            round=round,
            kind=kind,
            x=x,
            y=y,
            rotation=rotation,
            mirrored=mirrored,
        )
        return answer

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
        self.door.move(
            player_token,
            MOVE_PIECE,
            phase=phase,
            round=round,
            piece=piece,
            x=x,
            y=y,
            rotation=rotation,
            mirrored=mirrored,
        )

    def return_piece(
        self, player_token: str, piece: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Put one of this player's pieces back in the pile (rule 5)."""
        self.door.move(player_token, RETURN_PIECE, phase=phase, round=round, piece=piece)

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
        """Swap one of this player's pieces for one of `kind` from the pile (rule 5); returns
        the new piece's id."""
        answer: str = self.door.move(
            player_token,
            EXCHANGE_PIECE,
            request_id,
            phase=phase,
            round=round,
            piece=piece,
            kind=kind,
        )
        return answer

    def clear_mosaic(
        self, player_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Start again: every piece of this player's goes back in the pile (Art Tip)."""
        self.door.move(player_token, CLEAR_MOSAIC, phase=phase, round=round)

    def flip_canvas(
        self, player_token: str, side: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """Build on the white or the black side of the canvas (Art Tip)."""
        self.door.move(player_token, FLIP_CANVAS, phase=phase, round=round, side=side)

    def finish_mosaic(
        self, player_token: str, *, phase: str | None = None, round: int | None = None
    ) -> None:
        """This player's mosaic is done; the first to finish starts the one-minute timer."""
        self.door.move(player_token, FINISH, phase=phase, round=round)

    def title_mosaic(
        self, player_token: str, title: str, *, phase: str | None = None, round: int | None = None
    ) -> str:
        """Give this player's mosaic its title; returns the title as shown."""
        answer: str = self.door.move(player_token, TITLE, phase=phase, round=round, title=title)
        return answer

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
        """Place this player's ribbons in secret ({value: player name}), and their golden
        ribbon if they give it now; returns them. Nobody sees any until everyone has
        awarded (the scores)."""
        answer: dict[str, Any] = self.door.move(
            player_token,
            AWARD,
            request_id,
            phase=phase,
            round=round,
            ribbons=ribbons,
            golden=golden,
        )
        return answer

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
        """The duel's guess of the opponent's theme: the +1 ribbon under a card, or the +3
        ribbon on one of its themes."""
        answer: dict[str, Any] = self.door.move(
            player_token,
            GUESS,
            request_id,
            phase=phase,
            round=round,
            ribbon=ribbon,
            card=card,
            theme=theme,
        )
        return answer

    def take_card(
        self,
        player_token: str,
        position: int,
        card: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """Take the card `card` lying at `position` of the row (1 on the left), paying one
        token onto each card to its left and gaining those on it."""
        answer: dict[str, Any] = self.door.move(
            player_token,
            TAKE,
            request_id,
            phase=phase,
            round=round,
            position=position,
            card=card,
        )
        return answer

    def complete_painting(
        self,
        player_token: str,
        cards: list[str] | tuple[str, ...],
        background: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """Layer three cards of the hand, bottom first, over one unused background; the
        painting takes its ribbons at once."""
        answer: dict[str, Any] = self.door.move(
            player_token,
            COMPLETE,
            request_id,
            phase=phase,
            round=round,
            cards=cards,
            background=background,
        )
        return answer

    def pick_winner(
        self,
        player_token: str,
        name: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """The best-placed player outside a tie picks its winner among the tied, by name."""
        answer: dict[str, Any] = self.door.move(
            player_token, PICK, request_id, phase=phase, round=round, name=name
        )
        return answer

    def save_draft(self, player_token: str, strokes: SentStrokes) -> int:
        """Keep this artist's finished strokes for the current pulse (Crossed Canvas)."""
        kept: int = self.door.command(player_token, SAVE_DRAFT, strokes=strokes)
        return kept

    def see_role(self, player_token: str) -> bool:
        """The player opened their role card (Crossed Canvas); whether it counted."""
        counted: bool = self.door.command(player_token, SEE_ROLE)
        return counted

    def hide_fragment(
        self,
        facilitator_token: str,
        *,
        round: int,
        signature: str,
        pulse: int,
        hidden: bool = True,
    ) -> None:
        """Hide one artist's fragment (Crossed Canvas), or show it again."""
        self.door.command(
            facilitator_token,
            HIDE_FRAGMENT,
            round=round,
            signature=signature,
            pulse=pulse,
            hidden=hidden,
        )

    def save_ribbon_draft(
        self, player_token: str, ribbons: Mapping[int, str], golden: str | None = None
    ) -> None:
        """Keep this giver's ribbons as picked so far (Canvas Critters)."""
        self.door.command(player_token, SAVE_RIBBON_DRAFT, ribbons=ribbons, golden=golden)

    def set_givers_named(self, facilitator_token: str, named: bool) -> None:
        """In the lobby: whether the ribbons turned over name their givers (Canvas Critters)."""
        self.door.command(facilitator_token, SET_GIVERS_NAMED, named=named)

    def set_tie_rule(self, facilitator_token: str, tie_rule: str) -> None:
        """How a tie for the lead ends, "play_off" or "share" (Canvas Critters)."""
        self.door.command(facilitator_token, SET_TIE_RULE, tie_rule=tie_rule)

    def set_scoring(self, facilitator_token: str, scoring: list[str] | tuple[str, ...]) -> None:
        """In the lobby: the four scoring cards the game is played with (Canvas Layers)."""
        self.door.command(facilitator_token, SET_SCORING, scoring=scoring)

    def save_painting_draft(
        self, player_token: str, cards: list[str] | tuple[str, ...], background: str | None
    ) -> None:
        """Keep the painting this player is arranging (Canvas Layers)."""
        self.door.command(player_token, SAVE_PAINTING_DRAFT, cards=cards, background=background)
