"""Garbage in an address or in a typed code (NUL, other control characters, absurd lengths).

Every page answers with its clear, translated message and a way forward, never an exception,
and the value never reaches the database (on PostgreSQL a NUL there was a traceback).
"""

from __future__ import annotations

import pytest
from pagekit import home_hash, page, run, tr

BAD_VALUES = {
    "nul": "\x00",
    "nul-inside": "AB\x00CD",
    "escape": "K7\x1b[2J",
    "zero-width": "AB\u200bCD",
    "too-long": "A" * 201,
}
# (page, query parameter, message)
ADDRESSES = [
    ("pages/screen.py", "code", "error.bad_code"),
    ("pages/play.py", "token", "error.bad_player_token"),
    ("pages/play.py", "code", "error.bad_code"),
    ("pages/facilitator.py", "key", "error.bad_facilitator_token"),
    ("pages/facilitator.py", "game", "error.bad_code"),
    ("pages/classroom.py", "key", "error.bad_facilitator_token"),
    ("pages/classroom.py", "class", "error.bad_code"),
]


def never_reached_the_database(value: str, sql_strings: list[str]) -> bool:
    return not any(value in sent for sent in sql_strings)


@pytest.mark.parametrize("value", BAD_VALUES.values(), ids=BAD_VALUES.keys())
@pytest.mark.parametrize(("path", "name", "message"), ADDRESSES)
def test_bad_value_in_an_address(engine, sql_strings, path, name, message, value):
    at = run(page(path, **{name: value}))
    assert [e.value for e in at.error] == [tr("en", message)]
    assert never_reached_the_database(value, sql_strings)
    if (path, name) == ("pages/play.py", "code"):
        assert at.text_input(key="join_code")  # the code form, to type the right code
    else:
        [link] = at.get("page_link")
        assert link.proto.page_script_hash == home_hash()


@pytest.mark.parametrize(("path", "name", "message"), ADDRESSES)
def test_bad_value_in_a_spanish_browser(engine, sql_strings, path, name, message):
    at = page(path, **{name: "\x00"})
    at.context = {"locale": "es-ES"}
    run(at)
    assert [e.value for e in at.error] == [tr("es", message)]
    assert never_reached_the_database("\x00", sql_strings)


@pytest.mark.parametrize("typed", ["AB\x00CD", "\x07", "K7\u200b"])
def test_typed_code_with_a_control_character_on_the_home_page(engine, sql_strings, typed):
    at = run(page("app.py"))
    at.text_input(key="join_code").input(typed)
    run(at.button(key="join_go").click())
    assert [e.value for e in at.error] == [tr("en", "error.bad_code")]
    assert "code" not in at.query_params
    assert at.button(key="create_game")  # still the home page
    assert never_reached_the_database(typed, sql_strings)


def test_typed_code_with_a_control_character_on_the_play_page(engine, sql_strings):
    at = run(page("pages/play.py"))
    at.text_input(key="join_code").input("AB\x00CD")
    run(at.button(key="join_go").click())
    assert [e.value for e in at.error] == [tr("en", "error.bad_code")]
    assert at.text_input(key="join_code")  # the form again, to type the right code
    assert never_reached_the_database("AB\x00CD", sql_strings)
