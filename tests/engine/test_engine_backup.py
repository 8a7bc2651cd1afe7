"""A game database to one file and back (engine/backup.py, `crossed-canvas backup/restore`):
restored into an empty database, every game, drawing and teacher's deck is as it was, and play
goes on; a damaged, truncated or foreign file, or a database that is not empty, is refused with
a message saying why, and nothing changes."""

from __future__ import annotations

import io

import pytest
from cc_support import Table, seat_table, strokes

from engine import Engine, FakeClock
from engine.backup import BackupRefused, back_up, restore
from tests import deck_samples as samples
from tests.kit import rid

TEACHER = "teacher-browser-0123456789"


@pytest.fixture
def empty_url(file_url, request, tmp_path) -> str:
    """A second new database on the same kind of server as `file_url`."""
    if file_url.startswith("sqlite"):
        return f"sqlite:///{tmp_path / 'restored.db'}"
    return request.getfixturevalue("postgres_server").new_database()


def dump(engine: Engine) -> str:
    out = io.StringIO()
    back_up(engine.door.db, out)
    return out.getvalue()


def seen(table: Table) -> dict:
    """Everything the facilitator, the projector and each player sees of the game."""
    return {
        "public": table.public(),
        "facilitator": table.facilitator(),
        "players": {name: table.view(name) for name in table.tokens},
    }


def played(engine: Engine, clock: FakeClock) -> Table:
    """A game on a teacher's own deck (with pictures), in its first round's first pulse, with
    every artist's drawing in but the last one's; and a second game, in the lobby."""
    deck = engine.upload_deck(TEACHER, "Sample", *samples.upload(pictures=True))
    game = engine.create_game(deck=deck, browser=TEACHER)
    table = Table(engine, clock, game.code, game.facilitator_token)
    for name in ["Ana", "Ben", "Carmen", "Dario", "Elif"]:
        table.tokens[name] = engine.join(game.code, name)
    engine.start(game.facilitator_token)
    table.advance_to("pulse1")
    for name in table.artists()[:-1]:
        table.submit(name, 2)
    seat_table(engine, clock, 3, start=False)
    return table


def test_a_restored_database_holds_the_same_games_drawings_and_decks(file_url, empty_url):
    clock = FakeClock()
    source = Engine(file_url, clock=clock, seed=3)
    table = played(source, clock)
    before, backup = seen(table), dump(source)
    drawn = [len(before["players"][name]["fragments"]) for name in table.artists()]
    assert drawn == [1, 1, 1, 0]

    restored = Engine(empty_url, clock=clock)
    assert restore(restored.door.db, io.StringIO(backup)) == backup.count("\n") - 2
    assert dump(restored) == backup  # every row of every table
    table.engine = restored
    assert seen(table) == before
    assert [deck["title"] for deck in restored.decks(TEACHER)] == ["Sample"]
    # Play goes on, and new rows take new ids (PostgreSQL's sequences continue past the
    # restored ones).
    restored.submit_fragment(table.tokens[table.artists()[-1]], strokes(1, 0.3), rid())
    assert table.phase() == "merge"
    new = restored.create_game(deck=restored.decks(TEACHER)[0]["id"], browser=TEACHER)
    restored.join(new.code, "Zoe")
    assert restored.public_view(new.code)["players"] == ["Zoe"]


def damaged(backup: str) -> dict[str, str]:
    """Files a restore must refuse, by the key of the refusal."""
    lines = backup.splitlines(keepends=True)
    row = next(i for i, line in enumerate(lines) if '"table": "player"' in line)
    changed = lines.copy()
    changed[row] = changed[row].replace('"Ana"', '"Ann"')
    return {
        "error.backup.no_header": "",
        "error.backup.foreign": '{"format": "something else"}\n',
        "error.backup.checksum": "".join(changed),
        "error.backup.cut_short": "".join(lines[:-1]),
        "error.backup.damaged_line": "".join([*lines[:2], "{not json\n", *lines[2:]]),
        "error.backup.format_version": backup.replace('"version": 1', '"version": 99', 1),
        "error.backup.unknown_table": "".join(
            [*lines[:1], '{"table": "score", "row": {}}\n', *lines[1:]]
        ),
    }


def test_a_damaged_or_foreign_file_or_a_database_in_use_is_refused_and_nothing_changes(
    file_url, empty_url
):
    clock = FakeClock()
    source = Engine(file_url, clock=clock, seed=4)
    played(source, clock)
    backup = dump(source)
    target = Engine(empty_url, clock=clock)
    empty = dump(target)
    for key, text in damaged(backup).items():
        with pytest.raises(BackupRefused) as refused:
            restore(target.door.db, io.StringIO(text))
        assert refused.value.key == key
        assert dump(target) == empty, key
    with pytest.raises(BackupRefused) as refused:
        restore(source.door.db, io.StringIO(backup))
    assert refused.value.message("es") == (
        "La base de datos no está vacía (la tabla storeddeck tiene filas): restaura en una base "
        "de datos nueva."
    )
    assert dump(source) == backup
