"""Who may reach a game, and what is kept of it: hashed tokens, a private database file, the
lobby's lock, removed players, one seat per browser session, limited guesses, garbage in
codes and tokens, retention and deletion, and timer commands that name their phase."""

from __future__ import annotations

import stat

import pytest
from cc_support import fingerprint, row_counts, seat_table, strokes
from sqlalchemy import text

from engine import Engine, FakeClock
from tests.kit import refused, rid

BROWSER_A = "browserA-0123456789abcdef"
BROWSER_B = "browserB-0123456789abcdef"
NAMES = ["Ana", "Ben", "Carmen", "Dario", "Elif", "Femi"]


def every_stored_value(engine: Engine) -> str:
    """Every cell of every table, as one text to search."""
    with engine.door.db.engine.connect() as connection:
        tables = connection.execute(
            text("SELECT name FROM sqlite_master WHERE type='table'")
            if engine.door.db.is_sqlite
            else text("SELECT tablename FROM pg_tables WHERE schemaname='public'")
        ).scalars()
        return repr(
            [connection.execute(text(f'SELECT * FROM "{name}"')).all() for name in list(tables)]
        )


# ---------------------------------------------------------------- secrets at rest


def test_the_database_holds_no_token_only_hashes(file_url):
    clock = FakeClock()
    engine = Engine(file_url, clock=clock, seed=1)
    table = seat_table(engine, clock, 5)
    reissued = engine.player_token(table.fac, "Ana")
    stored = every_stored_value(engine)
    for token in [table.fac, reissued, *table.tokens.values()]:
        assert token not in stored


def test_the_sqlite_file_and_its_journal_are_private_to_their_owner(tmp_path, clock):
    engine = Engine(f"sqlite:///{tmp_path / 'class.db'}", clock=clock)
    seat_table(engine, clock, 5)
    files = sorted(tmp_path.glob("class.db*"))
    assert [f.name for f in files][:2] == ["class.db", "class.db-shm"]
    for path in files:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name


def test_an_existing_database_file_is_made_private(tmp_path, clock):
    path = tmp_path / "old.db"
    Engine(f"sqlite:///{path}", clock=clock)
    path.chmod(0o644)
    Engine(f"sqlite:///{path}", clock=clock)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_new_link_for_a_student_retires_the_old_one(table):
    old = table.tokens["Ana"]
    new = table.engine.player_token(table.fac, "Ana")
    assert new != old
    refused("error.bad_player_token", table.engine.player_view, old)
    view = table.engine.player_view(new)
    assert view["name"] == "Ana" and view["role"] is not None


# ---------------------------------------------------------------- the lobby


def test_a_locked_lobby_refuses_joins_and_changes_nothing(engine, clock):
    table = seat_table(engine, clock, 5, start=False)
    engine.lock_lobby(table.fac)
    assert table.public()["locked"] is True
    before = fingerprint(table)
    refused("error.lobby_locked", engine.join, table.code, "Zed")
    assert fingerprint(table) == before
    engine.lock_lobby(table.fac, False)
    engine.join(table.code, "Zed")
    assert table.public()["players"][-1] == "Zed"


def test_a_removed_player_cannot_rejoin_from_that_browser(engine, clock):
    table = seat_table(engine, clock, 5, start=False)
    engine.join(table.code, "Intruder", browser=BROWSER_A)
    engine.remove_player(table.fac, "Intruder")
    assert "Intruder" not in table.public()["players"]
    before = fingerprint(table)
    refused("error.removed_from_game", engine.join, table.code, "Intruder2", browser=BROWSER_A)
    assert fingerprint(table) == before
    engine.join(table.code, "Intruder", browser=BROWSER_B)  # another student's browser may


def test_one_browser_holds_one_seat_and_joining_again_returns_it(engine, clock):
    """Joining again from the browser that holds a seat (another tab, Back) returns the same
    link: the first tab's stays live. Only that browser is told it is seated, or gets it."""
    table = seat_table(engine, clock, 4, start=False)
    first = engine.join(table.code, "Eve", browser=BROWSER_A)
    assert engine.seated_name(table.code, browser=BROWSER_A) == "Eve"
    again = engine.join(table.code, "Eve2", browser=BROWSER_A)
    assert again == first
    assert engine.player_view(first)["name"] == "Eve"
    assert table.public()["players"] == [*NAMES[:0], "Ana", "Ben", "Carmen", "Dario", "Eve"]
    # Another browser, or none, is seated nowhere and joins as someone new.
    assert engine.seated_name(table.code, browser=BROWSER_B) is None
    assert engine.seated_name(table.code, browser=None) is None
    other = engine.join(table.code, "Femi", browser=BROWSER_B)
    assert other != first
    assert engine.player_view(other)["name"] == "Femi"
    assert BROWSER_A not in every_stored_value(engine)  # the id the link is made from
    # after the start too: a student who lost the tab gets the seat back with the code
    engine.start(table.fac)
    role = engine.player_view(again)["role"]
    back = engine.join(table.code, "whatever", browser=BROWSER_A)
    assert back == first
    assert engine.player_view(back)["role"] == role


def test_after_a_teachers_new_link_the_students_browser_takes_its_own_back(engine, clock):
    """A teacher's new link for a student retires the old one; the student's own browser
    joining again gets its own link back, and the teacher's one (given to whoever) stops."""
    table = seat_table(engine, clock, 4, start=False)
    own = engine.join(table.code, "Eve", browser=BROWSER_A)
    given = engine.player_token(table.fac, "Eve")
    refused("error.bad_player_token", engine.player_view, own)
    assert engine.join(table.code, "", browser=BROWSER_A) == own
    assert engine.player_view(own)["name"] == "Eve"
    refused("error.bad_player_token", engine.player_view, given)


def test_one_tab_cannot_fill_the_lobby(engine, clock):
    game = engine.create_game()
    engine.join(game.code, "One", browser=BROWSER_A)
    for index in range(11):
        engine.join(game.code, f"Fake{index}", browser=BROWSER_A)
    assert engine.public_view(game.code)["players"] == ["One"]


# ---------------------------------------------------------------- guesses


def test_failed_guesses_are_limited_per_browser_not_for_everyone(engine, clock):
    game = engine.create_game()
    for _guess in range(10):
        refused("error.unknown_code", engine.public_view, "ZZZZZZ", browser=BROWSER_A)
    error = refused("error.too_many_guesses", engine.public_view, game.code, browser=BROWSER_A)
    assert 0 < error.params["seconds"] <= 60
    refused("error.too_many_guesses", engine.join, game.code, "Ana", browser=BROWSER_A)
    engine.public_view(game.code, browser=BROWSER_B)  # the rest of the school is unaffected
    engine.join(game.code, "Ben", browser=BROWSER_B)
    clock.advance(61)
    engine.public_view(game.code, browser=BROWSER_A)


def test_token_guesses_count_too(engine, clock):
    for guess in range(10):
        refused(
            "error.bad_player_token", engine.player_view, f"guess{guess:020d}", browser=BROWSER_A
        )
    refused("error.too_many_guesses", engine.facilitator_view, "x" * 43, browser=BROWSER_A)


@pytest.mark.parametrize(
    "code", ["\x00", "AB\x00CD", "A" * 5000, "🎨🎨🎨", "\ud800", "ABC'; DROP TABLE game;--"]
)
def test_garbage_codes_are_unknown_codes_on_every_database(file_url, code):
    engine = Engine(file_url, clock=FakeClock())
    error = refused("error.unknown_code", engine.public_view, code)
    assert all(ch.isprintable() for ch in error.params["code"])
    refused("error.unknown_code", engine.join, code, "Ana")
    refused("error.unknown_code", engine.tick, code)


@pytest.mark.parametrize("token", ["\x00", "a\x00" * 30, "", "x" * 5000, "\ud800" * 30, None, 42])
def test_garbage_tokens_are_bad_links_on_every_database(file_url, token):
    engine = Engine(file_url, clock=FakeClock())
    refused("error.bad_player_token", engine.player_view, token)
    refused("error.bad_player_token", engine.submit_fragment, token, strokes(1), rid())
    refused("error.bad_facilitator_token", engine.facilitator_view, token)
    refused("error.bad_facilitator_token", engine.start, token)


def test_a_request_id_with_a_trailing_newline_is_refused(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    before = fingerprint(table)
    refused(
        "error.bad_request_id",
        table.engine.submit_fragment,
        table.tokens[artist],
        strokes(1),
        "a\n",
    )
    assert fingerprint(table) == before


def test_a_deck_named_by_a_visitor_is_never_read(engine, tmp_path):
    secret = tmp_path / "secret.json"
    secret.write_text("{}")
    for deck in [str(secret), "/etc/passwd", "../data/deck.json", "default/../../x"]:
        refused("error.unknown_deck", engine.create_game, deck=deck)
    assert engine.create_game(deck="default").code


# ---------------------------------------------------------------- retention and deletion


def test_games_are_deleted_a_retention_period_after_their_last_change(tmp_path):
    clock = FakeClock()
    engine = Engine(f"sqlite:///{tmp_path / 'r.db'}", clock=clock, retention_days=30)
    old = seat_table(engine, clock, 5)
    clock.advance(29 * 86400)
    recent = seat_table(engine, clock, 5, start=False)
    assert engine.purge() == 0
    clock.advance(1 * 86400 + 1)
    engine.keep()  # the keeper purges too
    refused("error.unknown_code", engine.public_view, old.code)
    refused("error.bad_player_token", engine.player_view, old.tokens["Ana"])
    assert recent.public()["players"] == ["Ana", "Ben", "Carmen", "Dario", "Elif"]


def test_the_facilitator_deletes_a_game_at_once(file_url):
    clock = FakeClock()
    engine = Engine(file_url, clock=clock, seed=2)
    empty = row_counts(engine)
    table = seat_table(engine, clock, 5)
    table.advance_to("pulse1")
    table.submit_all(1)
    table.advance_to("reveal")
    other = seat_table(engine, clock, 5, start=False)
    engine.delete_game(table.fac)
    refused("error.unknown_code", engine.public_view, table.code)
    refused("error.bad_facilitator_token", engine.facilitator_view, table.fac)
    for token in table.tokens.values():
        refused("error.bad_player_token", engine.player_view, token)
    assert other.public()["players"]  # only that game
    engine.delete_game(other.fac)
    assert row_counts(engine) == empty


# ---------------------------------------------------------------- commands that name a phase


def test_a_double_click_on_end_this_phase_ends_one_phase(table):
    table.engine.advance(table.fac, phase="roles", round=1)
    table.engine.advance(table.fac, phase="roles", round=1)  # the second click: quietly nothing
    assert (table.phase(), table.public()["round"]) == ("pulse1", 1)
    table.engine.advance(table.fac, phase="pulse1", round=2)  # another round: nothing either
    assert table.phase() == "pulse1"


def test_pause_and_resume_meant_for_a_phase_that_is_over_do_nothing(table):
    before = fingerprint(table)
    table.engine.pause(table.fac, phase="pulse1")
    table.engine.resume(table.fac, phase="pulse1")
    assert fingerprint(table) == before
    table.engine.pause(table.fac, phase="roles", round=1)
    assert table.public()["paused"]


@pytest.mark.parametrize("name", ["A\x00na", "\x00", "Ana\u202e", "\ud800Ana"])
def test_garbage_names_are_refused_before_the_database_on_every_database(file_url, name):
    clock = FakeClock()
    engine = Engine(file_url, clock=clock)
    table = seat_table(engine, clock, 2, start=False)
    before = row_counts(engine)
    refused("error.name_bad_characters", engine.join, table.code, name)
    refused("error.unknown_player", engine.remove_player, table.fac, name)
    refused("error.unknown_player", engine.player_token, table.fac, name)
    assert row_counts(engine) == before


def test_an_action_meant_for_a_phase_that_is_over_is_refused_not_moved(table):
    """A pulse-1 drawing that reaches the server in pulse 2 is not pulse 2's fragment."""
    table.advance_to("pulse1")
    artist = table.artists()[0]
    late = rid()
    table.advance_to("pulse2")
    before = fingerprint(table)
    send = table.engine.submit_fragment
    refused("error.wrong_phase", send, table.tokens[artist], strokes(1), late, phase="pulse1")
    assert fingerprint(table) == before
    sent = send(table.tokens[artist], strokes(1), rid(), phase="pulse2", round=1)
    assert sent["pulse"] == 2
    table.advance_to("accusation")
    sig = table.signature_of(table.artists()[1])
    refused("error.wrong_phase", table.engine.accuse, table.tokens[artist], sig, rid(), round=2)
