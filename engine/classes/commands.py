"""A whole class on one code: the class's commands and views, each one transaction over the
class's row and its current tables (ordinary games), so every table's own page and command
works unchanged."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlmodel import Session, and_, col, func, select

from engine import avatars, robots, storage
from engine.classes import seating
from engine.classes import views as class_views
from engine.classes.following import follow_tables, table_number, waiting_showcases
from engine.classes.seating import Seat
from engine.declaration import GameDeclaration
from engine.door import (
    Door,
    NewGame,
    Progress,
    T,
    checked_settings,
    is_whole,
    meant,
    pause_clock,
    resume_clock,
)
from engine.errors import RuleError
from engine.models import (
    Classroom,
    Game,
    Player,
    id_of,
    primary_keys,
)
from engine.robot_commands import seat_robots
from engine.seats import (
    acceptable_name,
    add_allowed_name,
    browser_key,
    seat,
    seat_again,
    switch_name_filter,
)
from engine.storage import delete_classes
from engine.strokes import Point
from engine.tokens import derived_token, new_token, same_hash, token_hash, well_formed

# Stands for the joining student in a seating plan (players' ids start at 1).
NEWCOMER = 0


class Classes:
    """The classes part of `Engine`: a class's commands and views, through the door."""

    def __init__(self, door: Door) -> None:
        self.door = door

    def create_class(
        self,
        language: str = "en",
        deck: str | Path | None = None,
        durations: Mapping[str, float | None] | None = None,
        *,
        browser: str | None = None,
        game: str | None = None,
    ) -> NewGame:
        """A whole class on one code: students join it like a game's and are seated at tables,
        each table an ordinary game of the class's current sitting. `game` is any game whose
        declaration says `as_class` (None: the first the home page offers); a variant (the
        duel) or another game is refused by name. Returns the class code and the class key
        (`facilitator_token`), which runs every table (`table_key`)."""
        kind = self._class_game_named(game)
        phase_seconds = checked_settings(language, durations, kind)
        key = new_token()

        def create(session: Session) -> NewGame:
            now = self.door.clock()
            deck_name = self.door.decks.name_for(session, deck, browser, now, kind.decks)
            room = self.door.draw_code(
                session,
                lambda code: Classroom(
                    code=code,
                    facilitator_hash=token_hash(key),
                    language=language,
                    game=kind.name,
                    deck=deck_name,
                    durations=phase_seconds,
                    created_at=now,
                    touched_at=now,
                ),
            )
            return NewGame(room.code, key)

        return self.door.db.write(create)

    def _class_game_named(self, game: str | None) -> GameDeclaration:
        """The game a new class plays, refused clearly when a class cannot play it."""
        if game is None:
            return next(g for g in self.door.games.values() if g.offered and g.as_class)
        found = self.door.games.get(game) if isinstance(game, str) else None
        if found is None:
            raise RuleError("error.unknown_game")
        if not (found.offered and found.as_class):
            raise RuleError("error.class.not_for_class")
        return found

    def _class_game(self, room: Classroom) -> GameDeclaration:
        """The declaration of the game a class's tables play."""
        return self.door.games[room.game]

    def join(
        self,
        class_code: str,
        name: str,
        browser: str | None,
        avatar: str | None = None,
        drawing: Sequence[Sequence[Point]] | None = None,
    ) -> str:
        """Seat a student at a table of the class's sitting that has not started (one the
        teacher did not lock), opening tables as needed; the open tables are then rebalanced
        (classes/seating.py): the fewest that fit, as even as possible, moving only the latest
        students the teacher did not move. Once a table has started, every latecomer sits at
        one latecomers' table (a new one once that has started or is full): the teacher starts
        it once it has enough, or it becomes a table of the class's next game. Names are
        unique in the whole class; a browser holds one seat. `avatar`: the face the student
        picked (checked; held at their table, worn in another colour), else one nobody at
        their table holds; `drawing`: the face they drew (checked)."""

        seat_key = browser_key(browser)

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> str:
            rosters = {game.id: storage.players(session, game) for game in tables}
            everyone = [player for game in tables for player in rosters[game.id]]
            seated = next((p for p in everyone if seat_key and p.browser == seat_key), None)
            label = f"{room.code}:{room.sitting}"
            if seated is not None:
                return seat_again(session, seated, browser, label)
            if seat_key is not None and any(seat_key in game.banned for game in tables):
                raise RuleError("error.removed_from_game")
            cleaned = acceptable_name(room, everyone, name)
            kind = self._class_game(room)
            fewest, most = kind.class_sizes
            open_tables = {
                table_number(g): g for g in tables if g.phase == kind.table.lobby and not g.locked
            }
            new_numbers = itertools.count(max((g.table or 0 for g in tables), default=0) + 1)
            if any(g.phase != kind.table.lobby for g in tables):
                sizes = {n: len(rosters[g.id]) for n, g in open_tables.items()}
                late = seating.latecomers_table(sizes, most)
                number = next(new_numbers) if late is None else late
                plan = {number: [NEWCOMER]}  # a latecomer: nobody else moves
            else:
                plan = seating.arrange(
                    {
                        n: [Seat(id_of(p), p.pinned) for p in rosters[g.id]]
                        for n, g in open_tables.items()
                    },
                    [NEWCOMER],
                    new_numbers,
                    fewest=fewest,
                    most=most,
                    count=room.table_count,
                )
            for number in sorted(plan.keys() - open_tables.keys()):
                open_tables[number] = self._new_table(session, room, number, now)
                tables.append(open_tables[number])
            placed = {pid: open_tables[n] for n, ids in plan.items() for pid in ids}
            token = seat(
                session,
                placed[NEWCOMER],
                cleaned,
                browser,
                label,
                avatar,
                recolour=True,
                drawing=drawing,
            )
            arrived = [
                self._move(session, player, game, placed[id_of(player)])
                for game in list(open_tables.values())
                for player in rosters.get(game.id, [])
                if placed.get(id_of(player), game).id != game.id
            ]
            self._faces_apart(session, arrived)
            return token

        return self.write_class(self.room_by_code(class_code), act, readiness=True)

    def move_player(self, class_key: str, name: str, table: int) -> None:
        """Move a student to another table of the class, both not started yet; the student is
        pinned there (a later join's rebalancing leaves them). A table never goes over the
        game's most players; a table the move leaves empty (a latecomer seated at a waiting
        table) is gone."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            kind = self._class_game(room)
            (to,) = chosen_tables(tables, table)
            found = [(p, g) for g in tables for p in storage.players(session, g)]
            player = storage.named([p for p, _ in found], name)
            if player is None:
                raise RuleError("error.unknown_player")
            if player.robot:  # its link is made from its table's seed and seat
                raise RuleError("error.class.robot_stays", name=player.name)
            source = next(g for p, g in found if p.id == player.id)
            for game in (source, to):
                if game.phase != kind.table.lobby:
                    raise RuleError("error.class.table_started", table=game.table)
            if source.id != to.id:
                _, most = kind.class_sizes
                if sum(g.id == to.id for _, g in found) >= most:
                    raise RuleError("error.class.table_full", table=to.table, most=most)
                self._faces_apart(session, [self._move(session, player, source, to)])
                if not any(g.id == source.id and p.id != player.id for p, g in found):
                    self._drop_table(session, room, tables, source)
            player.pinned = True
            session.add(player)

        self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def set_table_count(self, class_key: str, count: int) -> None:
        """Seat the class at `count` tables, as even as possible, before any table starts (a
        class of 12 as two tables of 6); later joins keep that many while they hold everyone.
        Only counts whose tables all fit the game's sizes are taken (`seating.table_counts`);
        another is refused, naming the counts that fit. Everyone is seated again (the moves
        the teacher made before are undone), the earliest joined staying where they sat."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            kind = self._class_game(room)
            if any(g.phase != kind.table.lobby for g in tables):
                raise RuleError("error.class.count_after_start")
            rosters = {table_number(g): storage.players(session, g) for g in tables}
            if any(p.robot for roster in rosters.values() for p in roster):
                raise RuleError("error.class.count_with_robots")  # reseating would move them
            students = sum(len(roster) for roster in rosters.values())
            fewest, most = kind.class_sizes
            fits = seating.table_counts(students, fewest, most)
            sizes = {"students": students, "fewest": fewest, "most": most}
            if not fits:
                raise RuleError("error.class.table_count_none", **sizes)
            if not (is_whole(count) and count in fits):
                raise RuleError(
                    "error.class.table_count",
                    count=count if is_whole(count) else storage.shown(str(count)),
                    fewest_tables=fits[0],
                    most_tables=fits[-1],
                    **sizes,
                )
            by_number = {table_number(g): g for g in tables}
            plan = seating.reseat(
                {n: [Seat(id_of(p)) for p in roster] for n, roster in rosters.items()},
                count,
                itertools.count(max(by_number, default=0) + 1),
            )
            for number in sorted(plan.keys() - by_number.keys()):
                by_number[number] = self._new_table(session, room, number, now)
                tables.append(by_number[number])
            placed = {pid: by_number[n] for n, ids in plan.items() for pid in ids}
            arrived = []
            for number, roster in rosters.items():
                for player in roster:
                    if placed[id_of(player)].id != by_number[number].id:
                        to = placed[id_of(player)]
                        arrived.append(self._move(session, player, by_number[number], to))
                    player.pinned = False
                    session.add(player)
            self._faces_apart(session, arrived)
            for number, ids in plan.items():
                if not ids:  # a table the choice left empty is gone
                    self._drop_table(session, room, tables, by_number[number])
            room.table_count = count
            room.version += 1
            room.stage += 1

        self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def fill_table_with_robots(self, class_key: str, table: int) -> list[str]:
        """Seat robots at one table of the class still in its lobby and short of the game's
        fewest players (latecomers too few to start), up to that fewest; returns their names,
        unique in the class. Refused for a table that started or already has enough. The
        robots stay at that table (pinned) and the teacher starts it as any other."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> list[str]:
            kind = self._class_game(room)
            (game,) = chosen_tables(tables, table)
            if game.phase != kind.table.lobby:
                raise RuleError("error.class.robots_after_start", table=game.table)
            fewest, _ = kind.class_sizes
            roster = storage.players(session, game)
            if len(roster) >= fewest:
                raise RuleError("error.class.table_not_short", table=game.table, count=len(roster))
            everyone = [p.name for g in tables for p in storage.players(session, g)]
            names = robots.robot_names(everyone, fewest - len(roster))
            seat_robots(session, game, names)
            game.version += 1
            return names

        return self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def start_tables(self, class_key: str, table: int | None = None) -> list[int]:
        """Start one table, or every table of the sitting that can (the game's class sizes:
        5 to 12 at Crossed Canvas, 3 to 6 at Canvas Critters); returns the tables started. A
        table with too few is refused by name when it was the one meant or when no table could
        start; otherwise it waits (its students stay seated)."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> list[int]:
            kind = self._class_game(room)
            fewest, _ = kind.class_sizes
            waiting = [g for g in chosen_tables(tables, table) if g.phase == kind.table.lobby]
            if table is not None and not waiting:
                raise RuleError("error.already_started")
            sizes = {g.id: len(storage.players(session, g)) for g in waiting}
            ready = [g for g in waiting if sizes[g.id] >= fewest]
            small = [g for g in waiting if 0 < sizes[g.id] < fewest]
            if not ready:
                if not small:
                    raise RuleError("error.class.nothing_to_start")
                raise RuleError(
                    "error.class.too_few_at_table",
                    table=small[0].table,
                    count=sizes[small[0].id],
                    fewest=fewest,
                )
            for game in ready:
                self.door.start(session, game, now)
            return [table_number(g) for g in ready]

        return self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def pause_tables(
        self,
        class_key: str,
        table: int | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> list[int]:
        """Pause one table, or every running table not paused yet; returns the tables paused.
        `phase` (and `round`) guard as on `pause`: a table no longer there is left alone."""
        return self._timer_tables(class_key, table, phase, round, pause_clock, clock=True)

    def resume_tables(
        self,
        class_key: str,
        table: int | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> list[int]:
        """Resume one table, or every paused table; returns the tables resumed."""
        return self._timer_tables(class_key, table, phase, round, resume_clock, clock=True)

    def advance_tables(
        self,
        class_key: str,
        table: int | None = None,
        *,
        phase: str | None = None,
        round: int | None = None,
        drawn: Mapping[int, tuple[str, int]] | None = None,
    ) -> list[int]:
        """End the current phase at one table, or at every running table (only those in
        `phase`, when given: a double click ends one phase, never two); returns the tables.
        `drawn` ({table: (phase, round)}, what the teacher's page showed) guards each table
        on its own: a table no longer in the phase drawn for it, or not drawn, is left.
        Every table's showcase is seen: ending every table's phase ends only the showcase on
        the class projector, the tables waiting for it stay in theirs, the next taking the
        projector for its whole length (`follow_tables`); a table's own button ends its own."""
        return self._timer_tables(
            class_key, table, phase, round, self.door.advance, drawn, unseen_stay=table is None
        )

    def _timer_tables(
        self,
        class_key: str,
        table: int | None,
        phase: str | None,
        round_number: int | None,
        act: Callable[[Session, Game, float], None],
        drawn: Mapping[int, tuple[str, int]] | None = None,
        *,
        clock: bool = False,
        unseen_stay: bool = False,
    ) -> list[int]:
        """A facilitator's timer command on one table (refused as on that table's own page),
        or on every table it applies to (the others are skipped), in one transaction;
        `clock`, one that changes only the clock (see `Door.write_game`); `unseen_stay`, one
        that leaves the tables whose showcase waits for the class projector."""

        def each(session: Session, room: Classroom, tables: list[Game], now: float) -> list[int]:
            done = []
            waiting = waiting_showcases(tables, self._class_game(room)) if unseen_stay else set()
            for game in chosen_tables(tables, table):
                if not meant(game, phase, round_number) or table_number(game) in waiting:
                    continue
                if drawn is not None and (game.phase, game.round) != tuple(
                    drawn.get(table_number(game), ())
                ):
                    continue
                version = game.version
                try:
                    act(session, game, now)
                except RuleError:
                    # Every timer act checks before it changes anything: nothing to undo.
                    if table is not None:
                        raise
                if game.version != version:
                    done.append(table_number(game))
            return done

        return self.write_class(
            self._room_by_key(class_key), each, class_key=class_key, clock=clock
        )

    def set_class_name_filter(self, class_key: str, on: bool = True) -> None:
        """Turn the name filter on or off for the class and its current tables."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            holders: list[Game | Classroom] = [room, *tables]
            for holder in holders:
                switch_name_filter(holder, on)

        self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def set_class_faces(self, class_key: str, on: bool = True) -> None:
        """Faces beside names on or off for the class, its current tables and those it makes
        next (`Faces.set_faces` for one game)."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            holders: list[Game | Classroom] = [room, *tables]
            for holder in holders:
                avatars.switch_faces(holder, on)

        self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def allow_class_name(self, class_key: str, name: str) -> None:
        """Let a real name the filter refuses by mistake join the class (and its tables)."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> None:
            holders: list[Game | Classroom] = [room, *tables]
            for holder in holders:
                add_allowed_name(holder, name)

        self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def next_class_game(self, class_key: str, *, sitting: int | None = None) -> int:
        """Once every table that started has finished, the class's next game: a new sitting.
        Each finished table points its players to the class code (`next_game`), so "join the
        next game" on a phone reseats them; students still waiting in a lobby move on with
        their table. Returns the new sitting. A second click (or one naming a `sitting` that
        is over) finds it made and changes nothing."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> int:
            phases = self._class_game(room).table
            lobby, finished = phases.lobby, phases.finished
            started = [g for g in tables if g.phase != lobby]
            if (sitting is not None and sitting != room.sitting) or (
                not started and room.sitting > 1
            ):
                return room.sitting
            if not started or any(g.phase != finished for g in started):
                raise RuleError("error.class.not_finished")
            before = self._class_progress(session, room)
            for game in started:
                if game.next_code is None:
                    game.next_code = room.code
                    game.version += 1
            room.sitting += 1
            waiting = [g for g in tables if g.phase == lobby and storage.players(session, g)]
            for number, game in enumerate(waiting, start=1):
                game.sitting, game.table = room.sitting, number
                game.latecomers = game.others_finished = False  # the new game's first tables
                game.version += 1
                game.stage = game.version
            # The class's stream follows the sum over its current tables: fold the tables
            # left behind into the class's own counts, so that sum never goes back.
            room.version = before.version + 1 - sum(g.version for g in waiting)
            room.stage = before.stage + 1 - sum(g.stage for g in waiting)
            return room.sitting

        return self.write_class(self._room_by_key(class_key), act, class_key=class_key)

    def table_key(self, class_key: str, table_code: str) -> str:
        """The facilitator token of one of the class's tables (any sitting), derived from the
        class key: the class page opens a table's own facilitator page with it."""

        def act(session: Session, room: Classroom, tables: list[Game], now: float) -> str:
            game = storage.game_by_code(session, table_code)
            if game.classroom_id != room.id:
                raise RuleError("error.unknown_code", code=storage.shown(table_code))
            self.bind_table_key(game, class_key)
            return derived_token(class_key, game.code)

        return self.write_class(self._room_by_key(class_key), act, class_key=class_key, touch=False)

    def delete_class(self, class_key: str) -> None:
        """Delete the class and every table it ever had, names included, now."""

        def delete(session: Session) -> list[int]:
            room = self.door.locked(session, self._room_by_key(class_key)(session))
            ids = primary_keys(
                session.exec(select(Game.id).where(Game.classroom_id == room.id)).all()
            )
            session.expunge(room)
            delete_classes(session, [id_of(room)], self.door.games.values())
            return ids

        self.door.snapshots.forget(self.door.db.write(delete))

    def class_public_view(self, code: str, *, browser: str | None = None) -> dict[str, Any]:
        """The class projector's view: every table's public view, never more (R11)."""
        return self.door.guarded(
            browser,
            lambda: class_views.class_public_view(*self._class_snapshots(self.room_by_code(code))),
        )

    def class_view(self, class_key: str, *, browser: str | None = None) -> dict[str, Any]:
        """The teacher's class page: the public class view with each table's facilitator view
        (safe to project, like it) and its state at a glance."""
        return self.door.guarded(
            browser,
            lambda: class_views.class_view(*self._class_snapshots(self._room_by_key(class_key))),
        )

    def _class_snapshots(
        self, find: Callable[[Session], Classroom]
    ) -> tuple[class_views.ClassFacts, list[Any], float, GameDeclaration]:
        """The class, a snapshot of each current table, the time and the class's game, read
        together."""

        def read(
            session: Session, room: Classroom, tables: list[Game], now: float
        ) -> tuple[class_views.ClassFacts, list[Any], float, GameDeclaration]:
            snaps = [self.door.snapshot(session, game) for game in tables]
            return class_views.ClassFacts.of(room), snaps, now, self._class_game(room)

        return self.read_class(find, read)

    def read_class(
        self,
        find: Callable[[Session], Classroom],
        read: Callable[[Session, Classroom, list[Game], float], T],
    ) -> T:
        """`read` of the class and its current tables in one snapshot, tables with a deadline
        passed caught up first (as `Door.view` does for one game)."""
        for attempt in range(3):
            with self.door.db.read() as session:
                room = find(session)
                tables = self.sitting_tables(session, room)
                now = self.door.clock()
                due = [g.code for g in tables if self.door.needs_catch_up(g, now)]
                if attempt == 2 or not due:
                    return read(session, room, tables, now)
            for code in due:
                self.door.tick(code)
        raise AssertionError("unreachable")

    def write_class(
        self,
        find: Callable[[Session], Classroom],
        act: Callable[[Session, Classroom, list[Game], float], T],
        *,
        class_key: str | None = None,
        touch: bool = True,
        readiness: bool = False,
        clock: bool = False,
    ) -> T:
        """One class command in one write transaction: the class's row locked first, then its
        current tables (in table order), each caught up with the clock and settled as a
        game's own command would be (`Door.open`, `Door.settle`). `act` may add tables to the list
        it is given. With the class key, every table's facilitator token is bound to it."""

        def run(session: Session) -> tuple[T, list[str]]:
            room = self.door.locked(session, find(session))
            now = self.door.clock()
            tables = self.sitting_tables(session, room, lock=not self.door.db.is_sqlite)
            before = {g.id: self.door.open(session, g, now, touch=touch) for g in tables}
            room_version = room.version
            result = act(session, room, tables, now)
            kind = self._class_game(room)
            left = any(
                b.phase[0] in kind.showcase and g.phase not in kind.showcase
                for g in tables
                if (b := before.get(g.id)) is not None
            )
            current = [g for g in tables if g.sitting == room.sitting]
            follow_tables(current, kind, now if left else None)
            if class_key is not None:
                for game in tables:
                    self.bind_table_key(game, class_key)
            changed = [
                g.code
                for g in tables
                if self.door.settle(session, g, before.get(g.id), readiness=readiness, clock=clock)
            ]
            if touch:
                room.touched_at = now
            if room.version != room_version:
                changed.append(room.code)
                self.door.notify(session, room.code)
            return result, changed

        result, changed = self.door.db.write(run)
        self.door.publish(changed)
        return result

    def _new_table(self, session: Session, room: Classroom, number: int, now: float) -> Game:
        """A new table (a game in its lobby) of the class's sitting; no token: `bind_table_key`."""
        new = self.door.new_game(
            session,
            room.language,
            room.deck,
            dict(room.durations),
            now,
            room.game,
            classroom_id=id_of(room),
            sitting=room.sitting,
            table=number,
            name_filter=room.name_filter,
            allowed_names=list(room.allowed_names),
            faces=room.faces,
        )
        return session.exec(select(Game).where(Game.code == new.code)).one()

    def _drop_table(
        self, session: Session, room: Classroom, tables: list[Game], game: Game
    ) -> None:
        """Delete a table nobody sits at any more, its counts folded into the class's, so the
        class's stream (the sum over its current tables) never goes back."""
        room.version += game.version
        room.stage += game.stage
        tables.remove(game)
        self.door.delete(session, game)

    @staticmethod
    def bind_table_key(game: Game, class_key: str) -> None:
        """Make the table's facilitator token the one derived from the class key (a table a
        student's join opened has none anyone holds until the key's holder comes)."""
        digest = token_hash(derived_token(class_key, game.code))
        if game.facilitator_hash != digest:
            game.facilitator_hash = digest

    def _move(self, session: Session, player: Player, source: Game, to: Game) -> Game:
        """Move a student between two lobby tables of one class; their token stays valid and
        both tables' pages redraw (stage). Returns the table they sit at now, whose faces
        `_faces_apart` checks once every move of the command is made."""
        seats = session.exec(select(Player.seat).where(Player.game_id == to.id)).all()
        player.game_id, player.seat = id_of(to), max(seats, default=0) + 1
        session.add(player)
        session.flush()
        for game in (source, to):
            game.version += 1
            game.stage = game.version
        return to

    @staticmethod
    def _faces_apart(session: Session, tables: Sequence[Game]) -> None:
        """No two students alike at a table students just moved to: one who arrived wearing
        a face held there takes the same animal in another colour (engine/avatars.py
        `keep_apart`), which their phone shows beside their name. Checked after all of a
        command's moves, so a face held by someone who moved on changes nobody's."""
        for table in {id_of(table): table for table in tables}.values():
            for player in avatars.keep_apart(storage.players(session, table)):
                session.add(player)

    @staticmethod
    def sitting_tables(session: Session, room: Classroom, *, lock: bool = False) -> list[Game]:
        """The class's current tables, in table order (locked for a write on PostgreSQL)."""
        query = (
            select(Game)
            .where(Game.classroom_id == room.id, Game.sitting == room.sitting)
            .order_by(col(Game.table))
        )
        if lock:
            query = query.with_for_update().execution_options(populate_existing=True)
        return list(session.exec(query))

    def classmates(self, session: Session, game: Game) -> list[Player]:
        """The players at the other tables of this table's sitting (none for a game of its
        own): names are unique in the whole class."""
        if game.classroom_id is None:
            return []
        return list(
            session.exec(
                select(Player)
                .join(Game, col(Game.id) == col(Player.game_id))
                .where(
                    Game.classroom_id == game.classroom_id,
                    Game.sitting == game.sitting,
                    Game.id != game.id,
                )
            )
        )

    @staticmethod
    def _class_progress(session: Session, room: Classroom) -> Progress:
        return class_versions(session, [room.code])[room.code]

    @staticmethod
    def _room_by_key(class_key: str) -> Callable[[Session], Classroom]:
        def find(session: Session) -> Classroom:
            room = None
            if well_formed(class_key):
                digest = token_hash(class_key)
                room = session.exec(
                    select(Classroom).where(Classroom.facilitator_hash == digest)
                ).first()
            if room is None or not same_hash(room.facilitator_hash, class_key):
                raise RuleError("error.bad_facilitator_token")
            return room

        return find

    @staticmethod
    def room_by_code(code: str) -> Callable[[Session], Classroom]:
        def find(session: Session) -> Classroom:
            normalised = storage.normal_code(code)
            room = (
                session.exec(select(Classroom).where(Classroom.code == normalised)).first()
                if normalised
                else None
            )
            if room is None:
                raise RuleError("error.unknown_code", code=storage.shown(code))
            return room

        return find

    def room_of_code(self, session: Session, code: str) -> Classroom | None:
        """The class a code names, itself or through one of its tables; None for a game of
        its own; an unknown code is refused."""
        try:
            return self.room_by_code(code)(session)
        except RuleError:
            game = storage.game_by_code(session, code)
        return None if game.classroom_id is None else session.get(Classroom, game.classroom_id)


def chosen_tables(tables: Sequence[Game], table: object) -> list[Game]:
    """Every table of the sitting (`table` None), or the one numbered `table`."""
    if table is None:
        return list(tables)
    found = [g for g in tables if is_whole(table) and g.table == table]
    if not found:
        raise RuleError("error.class.unknown_table", table=storage.shown(str(table)))
    return found


def class_versions(session: Session, codes: Sequence[str]) -> dict[str, Progress]:
    """Each class's progress: its own version (and stage) plus those of its current tables, so
    one stream moves whenever the class or any of its tables changes."""
    tables = and_(Game.classroom_id == Classroom.id, Game.sitting == Classroom.sitting)
    rows = session.exec(
        select(
            Classroom.code,
            Classroom.version + func.coalesce(func.sum(Game.version), 0),
            Classroom.stage + func.coalesce(func.sum(Game.stage), 0),
        )
        .select_from(Classroom)
        .outerjoin(Game, tables)
        .where(col(Classroom.code).in_(codes))
        .group_by(col(Classroom.id))
    ).all()
    return {code: Progress(int(version), int(stage)) for code, version, stage in rows}


def class_status(
    session: Session, room: Classroom, tables: Sequence[Game], now: float
) -> dict[str, Any]:
    """A class's status as `status` gives a game's: its progress, no phase or clock of its own."""
    progress = class_versions(session, [room.code])[room.code]
    return {
        "version": progress.version,
        "stage": progress.stage,
        "phase": None,
        "paused": False,
        "seconds_left": None,
        "sitting": room.sitting,
    }
