"""A whole class of Canvas Critters, its pages (issue 21, "classes for every game"): the home
page offers a class of Canvas Critters with its own table sizes; the teacher's class page
draws each table through the game's own parts (its phases, its buttons) and ends with the
podium, the CSV and the ZIP named for the game; the class projector shows every table."""

from __future__ import annotations

import io
import zipfile

from pagekit import page, run, timer, tr, visible_text

from engine import Engine
from ui.classes.downloads import class_zip
from ui.results import class_results_csv
from ui.text import translator

LONG = dict.fromkeys(["theme", "build", "last_minute", "titles", "judging", "scores", "guess"], 600)
NAMES = [f"Student {number:02d}" for number in range(1, 8)]  # 7: tables of 4 and 3


def test_the_home_page_offers_a_critters_class_with_its_table_sizes(engine):
    at = run(page("app.py"))
    at = run(at.radio(key="create_game_name").set_value("canvas_critters"))
    kinds = at.radio(key="create_kind")
    assert tr("en", "ui.home.kind.game", fewest=2, most=6) in kinds.options
    at = run(kinds.set_value("class"))
    assert tr("en", "ui.home.kind.class_help", fewest=3, most=6) in [c.value for c in at.caption]
    at = run(at.button(key="create_game").click())
    code = at.query_params["class"]
    assert engine.class_public_view(code)["game"] == "canvas_critters"


def test_the_class_page_runs_a_critters_class_to_its_podium(engine: Engine, recorded_files):
    room = engine.create_class(game="canvas_critters", durations=LONG)
    for index, name in enumerate(NAMES):
        engine.join(room.code, name, browser=f"browser-{index:02d}-xxxxxxxxxxxx")
    teacher = page("pages/classroom.py", key=room.facilitator_token)
    at = run(teacher)
    shown = visible_text(at)
    assert tr("en", "ui.class.tables", count=2) in shown
    assert [len(t["players"]) for t in engine.class_view(room.facilitator_token)["tables"]] == [
        4,
        3,
    ]
    at = run(at.button(key="start_all").click())
    # Each table in the game's own words, with the game's own button to end its phase.
    theme = tr("en", "ui.critters.screen.phase.theme")
    assert visible_text(at).count(theme) == 2
    assert timer(at, "advance_table_1").label == tr("en", "ui.critters.fac.advance.theme")
    at = run(timer(at, "advance_table_1").click())
    phases = [t["phase"] for t in engine.class_view(room.facilitator_token)["tables"]]
    assert phases == ["build", "theme"]
    assert tr("en", "ui.critters.screen.phase.build") in visible_text(at)
    # The projector shows both tables, each in its own phase.
    screen = visible_text(run(page("pages/screen.py", code=room.code)))
    assert tr("en", "ui.class.table", number=1) in screen
    assert tr("en", "ui.class.table", number=2) in screen
    for _ in range(200):
        view = engine.class_view(room.facilitator_token)
        if view["podium"] is not None:
            break
        engine.advance_tables(room.facilitator_token)
    at = run(page("pages/classroom.py", key=room.facilitator_token))
    assert tr("en", "ui.class.podium") in [s.value for s in at.subheader]
    downloads = {d.key: d for d in at.get("download_button")}
    assert {"class_csv", "class_gallery"} <= set(downloads)
    view = engine.class_view(room.facilitator_token)
    files = [f for store in recorded_files for f in store._files_by_id.values()]
    sent = [f.content for f in files if f.mimetype.startswith("text/csv")][-1]  # the last drawn
    assert sent == class_results_csv(view, translator("en"))
    archive = zipfile.ZipFile(io.BytesIO(class_zip(view, translator("en"))))
    folder = f"canvas-critters-class-{view['code']}"
    assert set(archive.namelist()) == {
        f"{folder}/results.csv",
        f"{folder}/table-1/results.csv",
        f"{folder}/table-2/results.csv",
    }
