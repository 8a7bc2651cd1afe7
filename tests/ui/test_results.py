"""The teacher's results CSV (ui/results.py): opened in a spreadsheet, no cell runs as a formula,
and accented names survive Excel (UTF-8 with a byte order mark)."""

from __future__ import annotations

import codecs
import csv
import io
import re
from dataclasses import replace

import pytest

from engine import Engine, FakeClock
from engine.crossed_canvas.deck_csv import deck_as_csv, template_csv
from engine.crossed_canvas.decks import load_deck
from engine.i18n import catalogue
from tests.csv_rows import rows_of
from ui.games import PARTS
from ui.results import class_results_csv, results_csv
from ui.text import translator

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
NAMES = ["=1+1", '=HYPERLINK("http://x")', "@SUM(A1)", "+Ben", "-Cai", "Chloé"]


def played_round(names: list[str] = NAMES) -> dict:
    """The facilitator's view after round 1's reveal, with students named like formulas."""
    engine = Engine("sqlite://", clock=FakeClock(), seed=3)
    game = engine.create_game()
    for name in names:
        engine.join(game.code, name)
    engine.start(game.facilitator_token)
    while engine.public_view(game.code)["phase"] != "reveal":
        engine.advance(game.facilitator_token)
    return engine.facilitator_view(game.facilitator_token)


def test_player_names_never_become_formulas():
    rows = rows_of(results_csv(played_round(), translator("en")))
    cells = [cell for row in rows for cell in row]
    for name in NAMES[:-1]:
        assert "'" + name in cells, name
        assert name not in cells, name
    assert not [cell for cell in cells if cell.startswith(FORMULA_STARTS)]
    header = rows[0]
    players = {row[header.index(translator("en")("ui.csv.player"))] for row in rows[1:]}
    assert players == {"'=1+1", '\'=HYPERLINK("http://x")', "'@SUM(A1)", "'+Ben", "'-Cai", "Chloé"}


def test_utf8_with_a_byte_order_mark_keeps_accents():
    data = results_csv(played_round(), translator("es"))
    assert data.startswith(codecs.BOM_UTF8)
    assert data.count(codecs.BOM_UTF8) == 1
    assert "Chloé".encode() in data
    assert "Chloé" in [cell for row in rows_of(data) for cell in row]


def test_every_cell_is_escaped_whatever_its_column():
    """Tab and carriage return start formulas too; object and category names are escaped like
    player names, and a plain cell is left alone."""
    view = {
        "game": "crossed_canvas",
        "history": [
            {
                "round": 1,
                "category": "\tcategory",
                "true_target": {"name": "\rtrue"},
                "false_target": {"name": "-false"},
                "curator": "=curator",
                "distorter": "+distorter",
                "options": [],
                "choice": None,
                "target_found": False,
                "accused": None,
                "distorter_caught": False,
                "signatures": {},
                "authors": {},
                "votes": {},
                "awards": {"@voter": 100, "Plain": 0},
            }
        ],
        "totals": {"@voter": 100, "Plain": 0},
        "robots": [],
    }
    rows = rows_of(results_csv(view, translator("en")))
    first = rows[1]
    assert first[1:6] == ["'\tcategory", "'\rtrue", "'-false", "'=curator", "'+distorter"]
    assert first[10] == "'@voter"
    assert [row[10] for row in rows[1:]] == ["'@voter", "Plain", "'@voter", "Plain"]
    assert [row[-1] for row in rows[1:]] == ["100", "0", "100", "0"]


def test_a_class_gets_one_file_by_table_and_names_stay_text():
    clock = FakeClock()
    engine = Engine("sqlite://", clock=clock, seed=3)
    new = engine.create_class()
    names = [*NAMES, "Ana", "Ben", "Carmen", "Dario", "Elif", "Femi", "Gus"]  # 13: two tables
    for name in names:
        engine.join(new.code, name)
    engine.start_tables(new.facilitator_token)
    clock.advance(10_000)
    view = engine.class_view(new.facilitator_token)
    rows = rows_of(class_results_csv(view, translator("es")))
    assert rows[0][:3] == ["mesa", "rondas", "ronda"] and rows[0][-1] == "puntos por ronda"
    tables = {row[0] for row in rows[1:]}
    assert tables == {"1", "2"}
    player = rows[0].index("jugador")
    for table in view["tables"]:  # each table's rows are that table's own results
        own = rows_of(results_csv(table["view"], translator("es")))[1:]
        mine = [row for row in rows[1:] if row[0] == str(table["table"])]
        assert [row[2:-1] for row in mine] == own
        # Tables of 7 and 6 play 7 and 6 rounds: each row says its table's rounds and its
        # player's points per round, the measure the class podium ranks by.
        rounds, totals = table["view"]["rounds"], table["view"]["totals"]
        assert {row[1] for row in mine} == {str(rounds)}
        checked = [row for row in mine if row[player] in totals]  # '=1+1 is written '=1+1
        assert checked
        for row in checked:
            assert row[-1] == str(round(totals[row[player]] / rounds, 1))
    cells = [cell for row in rows for cell in row]
    assert "'=1+1" in cells and "=1+1" not in cells


# Formulas after a separator: a spreadsheet splitting on ";" (Spanish Excel) or "," starts a
# cell there, quotes or not.
SEPARATED = ["x;=1+1", "y,=2+2", "z; -3+3", "w;@SUM(A1)", "v,\t+1", "u;;=1", "Plain"]


def test_no_cell_starts_a_formula_whatever_the_separator():
    data = results_csv(played_round(SEPARATED), translator("es")).decode("utf-8-sig")
    for delimiter in ",;":
        rows = csv.reader(io.StringIO(data, newline=""), delimiter=delimiter)
        cells = [cell.lstrip(" ") for row in rows for cell in row]
        assert not [cell for cell in cells if cell.startswith(FORMULA_STARTS)], delimiter
    # a spreadsheet that ignores quotes and splits at every separator
    parts = [part.strip('" ') for line in data.splitlines() for part in re.split("[,;]", line)]
    assert not [part for part in parts if part.startswith(FORMULA_STARTS)]


def test_every_text_cell_is_quoted_and_numbers_stay_numbers():
    data = results_csv(played_round(SEPARATED), translator("en")).decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(data, newline=""), quoting=csv.QUOTE_NONNUMERIC))
    assert all(isinstance(row[-1], float) for row in rows[1:])  # points, unquoted
    players = {row[rows[0].index("player")] for row in rows[1:]}
    assert players == {"x;'=1+1", "y,'=2+2", "z; '-3+3", "w;'@SUM(A1)", "v, '+1", "u;;'=1", "Plain"}


def test_the_deck_files_are_written_the_same_way():
    deck = load_deck()
    first = next(iter(deck.objects.values()))
    renamed = {**deck.objects, first.id: replace(first, names={"en": "=cmd", "es": "-x"})}
    exported = deck_as_csv(replace(deck, objects=renamed))
    cells = [cell for row in csv.reader(io.StringIO(exported, newline="")) for cell in row]
    assert "'=cmd" in cells and "'-x" in cells
    for text in (exported, template_csv()):
        rows = csv.reader(io.StringIO(text, newline=""), quoting=csv.QUOTE_NONNUMERIC)
        assert all(isinstance(cell, str) for row in rows for cell in row)


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("game", sorted(PARTS))
def test_every_games_csv_headers_are_words_in_each_language(game, language):
    """A column a catalogue lacks would head the file with its raw key (`ui.csv.bonus`)."""
    words = catalogue(language)
    missing = [c for c in PARTS[game].results.COLUMNS if f"ui.csv.{c}" not in words]
    assert missing == [], (game, language)
