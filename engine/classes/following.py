"""How a class's tables follow one another (any command on one table may move the others): a
table in its lobby while others play is the latecomers', and a table whose showcase waits for
the class projector stays in it. The door calls `SITTING`'s `lock_class_of` and `followers`
around every table's own command (the Engine hands it over: the door names no class); the
class's commands call `follow_tables` after theirs."""

from __future__ import annotations

from collections.abc import Sequence

from sqlmodel import Session, col, select

from engine.classes import showcase
from engine.declaration import GameDeclaration
from engine.models import Classroom, Game


class Sitting:
    """How a command on one table of a class moves the others of its sitting (the door's
    `Sitting`)."""

    @staticmethod
    def lock_class_of(session: Session, game: Game, *, lock: bool) -> None:
        """A command on a class's table may go on to lock the sitting's other tables
        (`followers`): it locks the class's row first (`lock`: on PostgreSQL), as a class command
        does, so two tables' commands never hold one table each while waiting for the other's."""
        if game.classroom_id is not None and lock:
            session.exec(
                select(Classroom.id).where(Classroom.id == game.classroom_id).with_for_update()
            ).one()

    @staticmethod
    def followers(
        session: Session,
        game: Game,
        before: tuple[object, ...],
        now: float,
        kind: GameDeclaration,
        *,
        lock: bool,
    ) -> list[Game]:
        """A class's table that changed phase (`before`: its phase and round before the
        command), or is in its showcase, moves its sitting's other tables (`follow_tables`):
        they are read in table order (`lock`: locked, its class's row is already,
        `lock_class_of`); returns those it changed, for the door to settle."""
        moved = before != (game.phase, game.round)
        if game.classroom_id is None or not (moved or game.phase in kind.showcase):
            return []
        query = (
            select(Game)
            .where(
                Game.classroom_id == game.classroom_id,
                Game.sitting == game.sitting,
                Game.id != game.id,
            )
            .order_by(col(Game.table))
        )
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        others = list(session.exec(query))
        left = before[0] in kind.showcase and game.phase not in kind.showcase
        followed = follow_tables([game, *others], kind, now if left else None)
        return [g for g in followed if g is not game]


SITTING = Sitting()


def follow_tables(
    tables: Sequence[Game], kind: GameDeclaration, showcase_left: float | None = None
) -> list[Game]:
    """What the state of a sitting's tables asks of the others, after any change: a table in
    its lobby while others play is the latecomers' (their phones say why they wait), and says
    when every table that played has finished; a table whose showcase waits for the class
    projector stays in it until it has had its whole length there (classes/showcase.py;
    `showcase_left`: when a table just left its showcase, which the next then has whole).
    Returns the tables changed, each with its version moved."""
    lobby, finished = kind.table.lobby, kind.table.finished
    started = [g for g in tables if g.phase != lobby]
    over = bool(started) and all(g.phase == finished for g in started)
    changed: dict[int, Game] = {}
    for game in tables:
        if (
            started
            and game.phase == lobby
            and (game.latecomers, game.others_finished)
            != (
                True,
                over,
            )
        ):
            game.latecomers, game.others_finished = True, over
            changed[id(game)] = game
    by_number = {table_number(g): g for g in tables}
    for number, end in showcase.queued_ends(showcase.showing(tables, kind), showcase_left).items():
        by_number[number].deadline = end
        changed[id(by_number[number])] = by_number[number]
    for game in changed.values():
        game.version += 1
    return list(changed.values())


def waiting_showcases(tables: Sequence[Game], kind: GameDeclaration) -> set[int]:
    """The tables whose showcase waits for the class projector (another table's shows)."""
    return set(showcase.projector_queue(showcase.showing(tables, kind))[1:])


def table_number(game: Game) -> int:
    """A class's table's number in its sitting: every table of a class has one (a game of
    its own has none, and no class command sees it)."""
    if game.table is None:
        raise ValueError(f"game {game.code} is not a class's table")
    return game.table
