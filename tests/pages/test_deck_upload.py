"""app.py: a teacher uploads their own deck, sees every problem by row, and plays on it."""

from __future__ import annotations

import csv
import io
from urllib.parse import parse_qs, urlsplit

import pytest
from pagekit import page, private_link, run, tr, unescaped
from sqlalchemy import create_engine, text

from engine.crossed_canvas.deck_csv import COLUMNS
from tests import deck_samples as samples
from ui.crossed_canvas.deck_upload import example_csv


def home(language: str = "en"):
    at = page("app.py")
    at.context = {"locale": "es-ES" if language == "es" else "en-GB"}
    return run(at)


def attach(at, csv_data: bytes | None, files: list[tuple[str, bytes]], title: str = ""):
    """Fill the upload form and press its button."""
    if csv_data is not None:
        at.file_uploader(key="deck_csv").set_value(("deck.csv", csv_data, "text/csv"))
    kinds = {"zip": "application/zip", "png": "image/png", "svg": "image/svg+xml"}
    at.file_uploader(key="deck_pictures").set_value(
        [(name, data, kinds[name.rsplit(".", 1)[-1]]) for name, data in files]
    )
    at.text_input(key="deck_title").input(title)
    return run(at.button(key="deck_upload").click())


def stored_decks(db_url: str) -> int:
    with create_engine(db_url).connect() as connection:
        return connection.execute(text("SELECT COUNT(*) FROM storeddeck")).scalar_one()


@pytest.mark.parametrize("pictures", [True, False])
def test_an_uploaded_deck_is_chosen_and_a_game_is_played_on_it(engine, db_url, pictures):
    at = attach(home(), *samples.upload(pictures), title="Week 12")
    assert [s.value for s in at.success] == [tr("en", "ui.deck.saved", title="Week 12")]
    [deck] = engine.decks(at.session_state["cc_decks"])
    assert at.selectbox(key="create_deck").value == deck["id"]
    kind = "ui.deck.own_pictures" if pictures else "ui.deck.own_names"
    label = tr("en", kind, title="Week 12", count=20)
    assert label in at.selectbox(key="create_deck").options
    run(at.button(key="create_game").click())
    [key] = parse_qs(urlsplit(private_link(at)).query)["key"]
    code = engine.facilitator_view(key)["code"]
    tokens = [engine.join(code, name) for name in ["Ana", "Ben", "Cai", "Dee", "Eli"]]
    engine.start(key)
    targets = [engine.player_view(token)["target"] for token in tokens]
    names = {english for objects in samples.CATEGORIES.values() for english, _ in objects}
    assert {t["name"] for t in targets if t} <= names
    assert all((t["image"] is not None) == pictures for t in targets if t)


def test_another_browser_does_not_see_the_deck(engine, db_url):
    attach(home(), *samples.upload(), title="Mine")
    assert stored_decks(db_url) == 1
    stranger = home()
    assert stranger.selectbox(key="create_deck").options == [
        tr("en", "ui.deck.built_in", count=206)
    ]
    assert "cc_decks" not in stranger.session_state


@pytest.mark.parametrize("language", ["en", "es"])
def test_problems_are_listed_by_row_in_the_pages_language(engine, db_url, language):
    table = samples.rows()
    archive = samples.pictures_zip(table)
    table[3][5] = "unicorn:2"
    table[8][0] = "green pear"
    at = attach(home(language), samples.csv_bytes(table), [("pictures.zip", archive)])
    [error] = at.error
    row = tr(language, "error.deck.missing", row=4, column="x").split(":")[0]
    assert row in error.value  # "Row 4" / "Fila 4"
    assert "unicorn" in error.value and "green" in error.value
    assert tr(language, "error.deck.refused", count=3) in error.value
    assert stored_decks(db_url) == 0
    assert at.selectbox(key="create_deck").value == "default"


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "1 problem to fix first"), ("es", "hay 1 problema que corregir")],
)
def test_one_problem_is_said_in_the_singular(engine, db_url, language, said):
    table = samples.rows()
    table[3][5] = "unicorn:2"
    at = attach(
        home(language), samples.csv_bytes(table), [("pictures.zip", samples.pictures_zip(table))]
    )
    [error] = at.error
    assert said in error.value and "(s)" not in error.value
    assert stored_decks(db_url) == 0


@pytest.mark.parametrize(
    ("encoding", "key"),
    [("latin-1", "error.deck.csv_not_utf8"), ("utf-16", "error.deck.csv_utf16")],
)
def test_a_csv_in_another_encoding_is_named(engine, db_url, encoding, key):
    csv_data = samples.csv_bytes(samples.rows(pictures=False), encoding)
    at = attach(home(), csv_data, [])
    [error] = at.error
    assert "UTF-8" in error.value and stored_decks(db_url) == 0


def test_an_svg_with_a_script_is_refused(engine, db_url):
    table = samples.rows()
    archive = samples.pictures_zip(table)
    table[1][4] = "evil.svg"
    svg = b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'
    at = attach(home(), samples.csv_bytes(table), [("pictures.zip", archive), ("evil.svg", svg)])
    [error] = at.error
    assert "evil.svg" in unescaped(error.value) and "script" in error.value
    assert stored_decks(db_url) == 0


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_damaged_zip_is_named_in_the_pages_language(engine, db_url, language):
    table = samples.rows()
    archive = samples.pictures_zip(table)
    cut = archive[: len(archive) // 2] + archive[len(archive) // 2 + 700 :]  # bytes lost
    at = attach(home(language), samples.csv_bytes(table), [("pictures.zip", cut)])
    [error] = at.error
    said = tr(language, "error.deck.zip_bad", file="pictures.zip")
    assert said.split("pictures.zip")[-1][:40] in unescaped(error.value)
    assert stored_decks(db_url) == 0


def test_no_csv_chosen(engine):
    at = attach(home(), None, [])
    assert [e.value for e in at.error] == [tr("en", "ui.deck.no_csv")]


def test_the_template_and_the_worked_example_can_be_downloaded(engine):
    at = home()
    labels = [b.label for b in at.download_button]
    for key in ("ui.deck.template", "ui.deck.example_csv", "ui.deck.example_zip"):
        assert tr("en", key) in labels
    rows = list(csv.reader(io.StringIO(example_csv())))
    assert tuple(rows[0]) == COLUMNS and len(rows) == 207
