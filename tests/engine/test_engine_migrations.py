"""Upgrades: an Engine started on a database an earlier version made migrates it and carries
on (a teacher's decks, a running game); a new database gets exactly the schema the migrations
build; app servers starting together on one database queue; a database too old for the
migrations, or from a newer version, is refused clearly and left as it was. On SQLite and on
PostgreSQL."""

from __future__ import annotations

import ast
import base64
import json
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.script import ScriptDirectory
from cc_support import Table
from sqlalchemy import MetaData, create_engine, inspect, text
from sqlalchemy.engine import Connection

from engine import Engine, FakeClock
from engine.migrations import alembic_config

FIXTURE = json.loads((Path(__file__).parent / "fixtures" / "baseline_game.json").read_text())
# Oldest first: the baseline (the schema of commit 28a1419), then each later revision.
REVISIONS = [
    script.revision
    for script in reversed(list(ScriptDirectory.from_config(alembic_config()).walk_revisions()))
]
BASELINE, HEAD = REVISIONS[0], REVISIONS[-1]
REVISION_FILES = sorted(
    Path(script.path) for script in ScriptDirectory.from_config(alembic_config()).walk_revisions()
)


@dataclass
class NewDatabases:
    """Makes fresh databases of one backend, each call the address of a new one."""

    backend: str
    make: Callable[[], str]

    def __call__(self) -> str:
        return self.make()


@pytest.fixture(params=["sqlite", "postgresql"])
def new_url(request, tmp_path) -> NewDatabases:
    """Makes fresh databases on disk: SQLite files, or new databases on a throwaway
    PostgreSQL."""
    if request.param == "sqlite":
        names = iter(range(1, 100))
        return NewDatabases("sqlite", lambda: f"sqlite:///{tmp_path / f'crossed{next(names)}.db'}")
    return NewDatabases("postgresql", request.getfixturevalue("postgres_server").new_database)


@contextmanager
def connected(url: str) -> Iterator[Connection]:
    """One transaction on the database, as a tool outside the app would open it."""
    engine = create_engine(url)
    try:
        with engine.begin() as connection:
            yield connection
    finally:
        engine.dispose()


def made_by_an_earlier_version(url: str, revision: str, *, with_rows: bool = False) -> None:
    """The database as a version whose schema is `revision` left it; before the migrations
    began (the baseline and after it, until they did) no version kept an alembic_version table.
    `with_rows`: what the baseline version's own engine wrote in a game (fixtures/)."""
    with connected(url) as connection:
        command.upgrade(alembic_config(connection), revision)
        connection.execute(text("DROP TABLE alembic_version"))
        if with_rows:
            insert_fixture_rows(connection)


def insert_fixture_rows(connection: Connection) -> None:
    found = MetaData()
    found.reflect(connection)
    for table in found.sorted_tables:
        binary = [c.name for c in table.columns if c.type.python_type is bytes]
        rows = [
            {key: base64.b64decode(value) if key in binary else value for key, value in row.items()}
            for row in FIXTURE["rows"].get(table.name, [])
        ]
        if rows:
            connection.execute(table.insert(), rows)
            if connection.dialect.name == "postgresql":  # ids given: move the sequence past them
                connection.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table.name}', 'id'), "
                        f"(SELECT max(id) FROM {table.name}))"
                    )
                )


def revision_of(url: str) -> str | None:
    with connected(url) as connection:
        return connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one()


def schema(url: str) -> dict[str, Any]:
    """Everything the database says of its tables: columns (type, nullability, default),
    primary key, indexes, unique constraints and foreign keys."""
    with connected(url) as connection:
        found = inspect(connection)
        return {
            name: {
                "columns": {
                    c["name"]: (repr(c["type"]), c["nullable"], c.get("default"))
                    for c in found.get_columns(name)
                },
                "primary key": found.get_pk_constraint(name)["constrained_columns"],
                "indexes": sorted(
                    (i["name"], i["column_names"], bool(i["unique"]))
                    for i in found.get_indexes(name)
                ),
                "unique": sorted(
                    (u["name"] or "", u["column_names"]) for u in found.get_unique_constraints(name)
                ),
                "foreign keys": sorted(
                    (
                        f["name"] or "",
                        f["constrained_columns"],
                        f["referred_table"],
                        f["referred_columns"],
                    )
                    for f in found.get_foreign_keys(name)
                ),
            }
            for name in found.get_table_names()
            if name != "alembic_version"
        }


#: The schema an Engine gives a new database, by backend (`new_schema`).
_NEW_SCHEMAS: dict[str, dict[str, Any]] = {}


def new_schema(new_url: NewDatabases) -> dict[str, Any]:
    """The schema an Engine gives a new database of `new_url`'s backend, made and read once
    per backend: every upgrade from a revision is compared with it, the same for all."""
    if new_url.backend not in _NEW_SCHEMAS:
        url = new_url()
        Engine(url)
        assert revision_of(url) == HEAD
        _NEW_SCHEMAS[new_url.backend] = schema(url)
    return _NEW_SCHEMAS[new_url.backend]


def upgraded_engine(url: str) -> tuple[Engine, FakeClock]:
    clock = FakeClock(FIXTURE["clock"])
    return Engine(url, clock=clock), clock


def test_the_migrations_build_exactly_the_schema_of_a_new_database(new_url):
    migrated = new_url()
    with connected(migrated) as connection:
        command.upgrade(alembic_config(connection), "head")
    wanted = new_schema(new_url)  # a new database: the models' tables, at the newest revision
    assert revision_of(migrated) == HEAD
    assert {"game", "player", "storeddeck", "deckpicture", "classroom"} <= set(wanted)
    assert schema(migrated) == wanted


def test_the_migrations_go_down_to_the_baseline_and_up_again(new_url):
    url = new_url()
    Engine(url)
    wanted = schema(url)
    with connected(url) as connection:
        command.downgrade(alembic_config(connection), BASELINE)
    assert revision_of(url) == BASELINE
    assert "classroom" not in schema(url) and "stage" not in schema(url)["game"]["columns"]
    with connected(url) as connection:
        command.upgrade(alembic_config(connection), "head")
    assert schema(url) == wanted


def test_a_school_upgrading_from_the_baseline_keeps_its_decks_and_running_game(new_url):
    url = new_url()
    made_by_an_earlier_version(url, BASELINE, with_rows=True)
    engine, clock = upgraded_engine(url)
    assert revision_of(url) == HEAD

    (deck,) = engine.decks(FIXTURE["teacher"])
    assert (deck["id"], deck["title"], deck["pictures"]) == (FIXTURE["deck"], "Sample", True)
    table = Table(engine, clock, FIXTURE["code"], FIXTURE["facilitator"], FIXTURE["players"])
    before = FIXTURE["public"]
    now = table.public()
    for key in ("phase", "round", "players", "seconds_left", "totals", "signatures"):
        assert now[key] == before[key], key
    with connected(url) as connection:
        game = connection.execute(text("SELECT version, stage FROM game")).one()
        assert game.stage == game.version  # every page redraws whole at the next change
    assert [h["round"] for h in table.facilitator()["history"]] == [1]

    # Round 2 goes on: its artists draw, the pulse ends, the facilitator moves it along.
    table.submit_all()
    assert table.phase() == "merge"
    assert len(table.public()["fragments"]) == len(table.artists())
    table.advance_to("pulse2")

    # The uploaded deck plays, pictures and all, in a new game and in a class (a new table).
    game = engine.create_game("en", FIXTURE["deck"], browser=FIXTURE["teacher"])
    fresh = Table(engine, clock, game.code, game.facilitator_token)
    for name in FIXTURE["players"]:
        fresh.tokens[name] = engine.join(game.code, name)
    engine.start(game.facilitator_token)
    fresh.advance_to("pulse1")
    loyal = fresh.with_role("loyal")[0]
    assert fresh.view(loyal)["target"]["image"].startswith("data:image/png;base64,")
    room = engine.create_class("en", FIXTURE["deck"], browser=FIXTURE["teacher"])
    for name in FIXTURE["players"]:
        engine.join(room.code, name)
    assert engine.start_tables(room.facilitator_token) == [1]


@pytest.mark.parametrize("revision", REVISIONS)
def test_a_database_made_before_the_migrations_is_upgraded_from_where_it_was(new_url, revision):
    url = new_url()
    made_by_an_earlier_version(url, revision)  # HEAD: made by main before the migrations
    Engine(url)
    assert revision_of(url) == HEAD
    assert schema(url) == new_schema(new_url)


@pytest.mark.parametrize("old", [False, True], ids=["new database", "baseline database"])
def test_two_servers_starting_together_on_one_database_both_start(new_url, old):
    url = new_url()
    if old:
        made_by_an_earlier_version(url, BASELINE, with_rows=True)
    together = threading.Barrier(2)

    def start() -> Engine:
        together.wait()
        return upgraded_engine(url)[0]

    with ThreadPoolExecutor(2) as servers:
        started = [servers.submit(start) for _ in range(2)]
        one, two = (server.result() for server in started)
    assert revision_of(url) == HEAD
    if old:
        assert one.decks(FIXTURE["teacher"]) == two.decks(FIXTURE["teacher"])
        assert one.public_view(FIXTURE["code"])["totals"] == FIXTURE["public"]["totals"]
    game = one.create_game()
    two.join(game.code, "Ana")
    assert one.public_view(game.code)["players"] == ["Ana"]


def test_a_database_older_than_the_baseline_is_refused_clearly_and_left_alone(new_url):
    url = new_url()
    with connected(url) as connection:  # the very first version's game table, say
        connection.execute(
            text("CREATE TABLE game (id INTEGER PRIMARY KEY, facilitator_token TEXT)")
        )
    before = schema(url)
    with pytest.raises(RuntimeError, match="older version of Crossed Canvas .*lacks .*code"):
        Engine(url)
    assert schema(url) == before  # no table added, no alembic_version


def test_a_database_from_a_newer_version_is_refused_clearly(new_url):
    url = new_url()
    Engine(url)
    with connected(url) as connection:
        connection.execute(text("UPDATE alembic_version SET version_num = 'f00dfeedbeef'"))
    with pytest.raises(RuntimeError, match="newer version of Crossed Canvas"):
        Engine(url)
    assert revision_of(url) == "f00dfeedbeef"


@pytest.mark.parametrize("path", REVISION_FILES, ids=lambda path: path.name)
def test_a_revision_imports_no_live_code(path):
    """A revision is history: what it does must not change when the engine's code does, so it
    imports Alembic, SQLAlchemy and the standard library only (import-linter does not see the
    revisions: their folder is no package)."""
    tree = ast.parse(path.read_text())
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    roots = {name.split(".")[0] for name in imported}
    assert not roots - {"alembic", "sqlalchemy", *sys.stdlib_module_names}
