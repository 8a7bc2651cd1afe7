"""Who sits where, under which name, behind which link: the rows a join, a rejoin and a rename
write, shared by a game's lobby (engine/service.py) and a class's (engine/classes/), so both
check a name and hand out a seat's link the same way (R1 names).
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, select

from engine import avatars, name_filter, names
from engine.errors import RuleError
from engine.models import Classroom, Game, Player, id_of
from engine.strokes import Point
from engine.tokens import derived_token, new_token, token_hash, well_formed


def seat(
    session: Session,
    game: Game,
    name: str,
    browser: str | None,
    label: str,
    avatar: str | None = None,
    *,
    recolour: bool = False,
    drawing: Sequence[Sequence[Point]] | None = None,
) -> str:
    """A new player (name already checked) at the end of the game's roster; their token
    (`seat_token`: `label` names the game or class sitting joined). `avatar`: the face the
    student picked (checked), refused if another at the table holds it (with `recolour`,
    worn in another colour: `avatars.unheld`), else the seat's or the next one nobody at the
    table holds. `drawing`: the face the student drew (checked), worn instead."""
    token = seat_token(browser, label)
    number = next_seat(session, game)
    others = session.exec(select(Player).where(Player.game_id == game.id)).all()
    avatar = avatars.unheld(avatar, number, others, recolour=recolour)
    player = Player(
        game_id=id_of(game),
        seat=number,
        name=name,
        name_key=names.name_key(name),
        token_hash=token_hash(token),
        browser=browser_key(browser),
        avatar=avatar,
    )
    if drawing is not None:
        avatars.wear_drawing(player, drawing)
    session.add(player)
    game.version += 1
    return token


def next_seat(session: Session, game: Game) -> int:
    """The seat after the last one of the game's roster."""
    seats = session.exec(select(Player.seat).where(Player.game_id == game.id)).all()
    return max(seats, default=0) + 1


def seat_again(session: Session, player: Player, browser: str | None, label: str) -> str:
    """The seat of a browser joining again: its own link, unchanged, so every tab showing it
    stays live; made the seat's link again if another was issued since (a teacher's new link),
    which that retires."""
    token = seat_token(browser, label)
    if player.token_hash != token_hash(token):
        player.token_hash = token_hash(token)
        session.add(player)
    return token


def new_player_link(session: Session, player: Player) -> str:
    """A fresh token for a seat (the teacher's "new link"): the old one stops working."""
    token = new_token()
    player.token_hash = token_hash(token)
    session.add(player)
    return token


def acceptable_name(holder: Game | Classroom, others: Sequence[Player], name: object) -> str:
    """A name as a join or a rename takes it: cleaned (R1), not refused by the game's (or
    class's) name filter unless the facilitator allowed it, and not like any other's."""
    cleaned = names.clean_name(name)
    key = names.name_key(cleaned)
    if (
        holder.name_filter
        and name_filter.refuses(cleaned)
        and all(names.name_key(allowed) != key for allowed in holder.allowed_names)
    ):
        raise RuleError("error.name_refused")
    if any(p.name_key == key for p in others):
        raise RuleError("error.name_taken", name=cleaned)
    return cleaned


def switch_name_filter(holder: Game | Classroom, on: bool) -> None:
    if holder.name_filter != bool(on):
        holder.name_filter = bool(on)
        holder.version += 1


def add_allowed_name(holder: Game | Classroom, name: object) -> None:
    cleaned = names.clean_name(name)
    key = names.name_key(cleaned)
    if all(names.name_key(allowed) != key for allowed in holder.allowed_names):
        holder.allowed_names = [*holder.allowed_names, cleaned]
        holder.version += 1


def browser_key(browser: object) -> str | None:
    """What is stored of a browser-session id: its hash; None when there is no usable id."""
    return token_hash(browser) if well_formed(browser) else None


def seat_token(browser: str | None, label: str) -> str:
    """A seat's personal token. Joined from a browser session, it is made from that
    session's id (stored only as a hash) and `label` (the game's code, or the class's code and
    sitting): that browser alone can show the same link again, in another tab, without
    retiring it. Without an id, a random one."""
    return derived_token(browser, f"seat:{label}") if well_formed(browser) else new_token()
