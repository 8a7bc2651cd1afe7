"""The gallery ZIP (crossed_canvas/gallery): every round as PNG and SVG with its object, category,
and authors inside, a contact sheet, the results CSV, and never a hidden fragment's strokes."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
import zipfile

import pytest
from PIL import Image

from engine import Engine, FakeClock
from ui.classes.downloads import class_zip
from ui.crossed_canvas.gallery import CARD_SIDE, gallery_zip
from ui.results import class_results_csv, results_csv
from ui.text import translator

SVG = "{http://www.w3.org/2000/svg}"
META = "{urn:crossed-canvas:gallery}"
NAMES = ['<b>Ana</b> & "Bo"', "Ben", "Chloé", "Dario", "Elif"]
# The unkind drawing: a square in the top-left corner, where no other stroke goes.
UNKIND = [[0.02, 0.02], [0.12, 0.02], [0.12, 0.12], [0.02, 0.12]]
KIND = [[0.4, 0.5], [0.8, 0.6]]


def finished_game(language: str = "en") -> tuple[dict, str]:
    """A finished five-round game whose round 1 holds one hidden fragment; the facilitator's
    view, and the hidden fragment's signature."""
    engine = Engine("sqlite://", clock=FakeClock(), seed=5)
    game = engine.create_game(language=language)
    tokens = {name: engine.join(game.code, name) for name in NAMES}
    fac = game.facilitator_token
    engine.start(fac)
    hidden = None
    while engine.public_view(game.code)["phase"] != "finished":
        view = engine.public_view(game.code)
        if view["phase"] == "pulse1" and view["round"] == 1:
            artists = [n for n in NAMES if engine.player_view(tokens[n])["signature"]]
            for index, name in enumerate(artists):
                drawing = UNKIND if index == 0 else KIND
                engine.submit_fragment(tokens[name], [drawing], f"r-{index}")
            hidden = engine.player_view(tokens[artists[0]])["signature"]
            engine.hide_fragment(fac, round=1, signature=hidden, pulse=1)
            continue
        engine.advance(fac)
    return engine.facilitator_view(fac), hidden


@pytest.fixture(scope="module")
def game() -> tuple[dict, str]:
    return finished_game()


@pytest.fixture(scope="module")
def archive(game) -> zipfile.ZipFile:
    view, _ = game
    return zipfile.ZipFile(io.BytesIO(gallery_zip(view, translator("en"))))


def test_the_zip_holds_each_round_twice_a_contact_sheet_and_the_results(game, archive):
    view, _ = game
    folder = f"crossed-canvas-{view['code']}"
    rounds = [f"round-{n:02d}" for n in range(1, 6)]
    expected = {f"{folder}/{r}.{ext}" for r in rounds for ext in ("png", "svg")}
    expected |= {f"{folder}/contact-sheet.png", f"{folder}/results.csv"}
    assert set(archive.namelist()) == expected
    assert archive.testzip() is None
    assert archive.read(f"{folder}/results.csv") == results_csv(view, translator("en"))


def test_every_png_opens_and_says_what_it_shows(game, archive):
    view, _ = game
    folder = f"crossed-canvas-{view['code']}"
    for entry in view["gallery"]:
        image = Image.open(io.BytesIO(archive.read(f"{folder}/round-{entry['round']:02d}.png")))
        image.load()
        assert image.format == "PNG" and image.width == CARD_SIDE
        text = image.text
        assert entry["true_target"]["name"] in text["Title"]
        assert entry["category"] in text["Description"]
        assert entry["false_target"]["name"] in text["Description"]
        assert all(name in text["Author"] for name in entry["authors"].values())
    sheet = Image.open(io.BytesIO(archive.read(f"{folder}/contact-sheet.png")))
    sheet.load()
    assert sheet.width > 4 * 300 and sheet.text["Title"].endswith(view["code"])


def test_every_svg_is_well_formed_and_names_stay_text(game, archive):
    view, _ = game
    folder = f"crossed-canvas-{view['code']}"
    for entry in view["gallery"]:
        svg = archive.read(f"{folder}/round-{entry['round']:02d}.svg").decode("utf-8")
        assert "<b>Ana</b>" not in svg
        drew = NAMES[0] in entry["authors"].values()  # not when she was the Curator
        assert drew == ("&lt;b&gt;Ana&lt;/b&gt; &amp; &quot;Bo&quot;" in svg)
        root = ET.fromstring(svg)
        assert entry["true_target"]["name"] in root.find(f"{SVG}title").text
        assert entry["category"] in root.find(f"{SVG}desc").text
        record = root.find(f"{SVG}metadata/{META}round")
        assert record.get("object") == entry["true_target"]["name"]
        assert record.get("decoy") == entry["false_target"]["name"]
        assert record.get("category") == entry["category"]
        authors = {a.get("name") for a in record.iter(f"{META}author")}
        assert authors == set(entry["authors"].values())
        assert drew == (NAMES[0] in "".join(root.itertext()))  # the legend shows it as typed


def test_a_hidden_fragment_is_in_no_file(game, archive):
    view, hidden = game
    folder = f"crossed-canvas-{view['code']}"
    first = view["gallery"][0]
    assert hidden in first["authors"]  # still listed as its artist's signature
    assert all(f["signature"] != hidden for f in first["fragments"])
    assert len(first["fragments"]) == 3
    svg = archive.read(f"{folder}/round-01.svg").decode("utf-8")
    corner = f"M{UNKIND[0][0] * CARD_SIDE:.1f} {UNKIND[0][1] * CARD_SIDE:.1f}"
    kind = f"M{KIND[0][0] * CARD_SIDE:.1f} {KIND[0][1] * CARD_SIDE:.1f}"
    assert kind in svg and corner not in svg
    png = Image.open(io.BytesIO(archive.read(f"{folder}/round-01.png"))).convert("RGB")
    assert png.getpixel((int(0.07 * CARD_SIDE), int(0.02 * CARD_SIDE))) == (255, 255, 255)
    assert png.getpixel((int(0.6 * CARD_SIDE), int(0.55 * CARD_SIDE))) != (255, 255, 255)


def test_the_files_speak_the_games_language():
    view, _ = finished_game("es")
    data = zipfile.ZipFile(io.BytesIO(gallery_zip(view, translator("es"))))
    svg = data.read(f"crossed-canvas-{view['code']}/round-01.svg").decode("utf-8")
    assert "Ronda 1" in svg and "Señuelo" in svg


def test_a_class_zip_holds_every_table_as_its_own_zip_does_and_the_class_results():
    engine = Engine("sqlite://", clock=FakeClock(), seed=7)
    made = engine.create_class(language="es")
    for n in range(13):  # two tables: 7 and 6
        engine.join(made.code, f"Alumno {n:02d}", browser=f"class-zip-{n}")
    engine.start_tables(made.facilitator_token)
    for _ in range(100):
        view = engine.class_view(made.facilitator_token)
        if {table["view"]["phase"] for table in view["tables"]} == {"finished"}:
            break
        engine.advance_tables(made.facilitator_token)
    t = translator("es")
    archive = zipfile.ZipFile(io.BytesIO(class_zip(view, t)))
    folder = f"crossed-canvas-class-{view['code']}"
    assert archive.testzip() is None
    assert archive.read(f"{folder}/results.csv") == class_results_csv(view, t)
    assert [table["table"] for table in view["tables"]] == [1, 2]
    for table in view["tables"]:
        inner = f"{folder}/mesa-{table['table']}"
        rounds = [f"round-{n:02d}" for n in range(1, len(table["players"]) + 1)]  # one each
        expected = {f"{inner}/{r}.{ext}" for r in rounds for ext in ("png", "svg")}
        expected |= {f"{inner}/contact-sheet.png", f"{inner}/results.csv"}
        assert {n for n in archive.namelist() if n.startswith(f"{inner}/")} == expected
        assert archive.read(f"{inner}/results.csv") == results_csv(table["view"], t)
