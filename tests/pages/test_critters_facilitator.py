"""pages/facilitator.py for Canvas Critters: the timer controls in the game's words, the
phase at a glance (the projector's summary, smaller), the tie rule, and none of Crossed
Canvas's drawing controls. The page may be projected: no ribbon before the scores."""

from __future__ import annotations

import csv
import io
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from pagekit import html_text, page, rendered, run, timer, tr, visible_text
from PIL import Image

from engine import FakeClock, RuleError
from ui.critters.facilitator import MOSAIC_FILE_PX, mosaic_stem, table_files
from ui.text import translator

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from critters_kit import LONG, NAMES, Critters, seat_critters

SVG = "{http://www.w3.org/2000/svg}"
CROSSED_CANVAS_ONLY = ["ui.fac.moderation"]


def facilitator(table: Critters):
    return run(page("pages/facilitator.py", key=table.fac))


def labels(at) -> list[str]:
    return [b.label for b in at.button] + [e.label for e in at.expander]


def assert_no_crossed_canvas_controls(at) -> None:
    shown = rendered(at)
    for key in CROSSED_CANVAS_ONLY:
        assert tr("en", key) not in shown, key


def test_the_lobby_starts_a_critters_game(engine):
    table = seat_critters(engine, FakeClock(), 3, start=False)
    at = facilitator(table)
    assert not at.radio  # the tie rule comes once the game has started
    run(at.button(key="start_game").click())
    assert table.phase() == "theme"


def test_each_judged_phase_in_its_words_with_its_summary(engine):
    table = seat_critters(engine, FakeClock(), 4)
    active = table.public()["active"]
    at = facilitator(table)
    assert tr("en", "ui.critters.screen.choosing", name=active) in visible_text(at)
    assert timer(at, "advance_phase").label == tr("en", "ui.critters.fac.advance.theme")
    assert_no_crossed_canvas_controls(at)

    table.pick_all()
    at = facilitator(table)
    theme = table.public()["theme"]["text"]
    assert theme in visible_text(at)
    assert timer(at, "advance_phase").label == tr("en", "ui.critters.fac.advance.build")
    assert html_text(at).count('class="cc-piece"') == 12  # the pile

    table.build_and_finish_all()
    table.title_all()
    table.engine.award_ribbons(table.tokens["Ana"], {3: "Ben", 2: "Cy", 1: "Di"}, "r-1")
    at = facilitator(table)
    assert table.phase() == "judging"
    assert html_text(at).count('class="cc-mosaic"') == 4
    assert "“Ben's zoo”" in visible_text(at)
    assert tr("en", "ui.critters.screen.ready.judging", done=1, total=4) in visible_text(at)
    assert 'class="cc-ribbon' not in html_text(at)
    assert_no_crossed_canvas_controls(at)

    table.award_all()
    at = facilitator(table)
    assert table.phase() == "scores"
    assert 'class="cc-ribbon' in html_text(at)
    assert timer(at, "advance_phase").label == tr("en", "ui.critters.fac.advance.scores")


def test_the_timer_buttons_run_a_critters_game(engine):
    table = seat_critters(engine, FakeClock(), 3)
    at = facilitator(table)
    at = run(timer(at, "pause_game").click())
    assert table.public()["paused"] is True
    at = run(timer(at, "resume_game").click())
    assert table.public()["paused"] is False
    before = table.public()["seconds_left"]
    at = run(timer(at, "extend_phase").click())
    assert table.public()["seconds_left"] > before
    run(timer(at, "advance_phase").click())
    assert table.phase() == "build"


@pytest.mark.parametrize("players", [2, 4])
def test_the_teacher_chooses_what_a_tie_leads_to(engine, players):
    table = seat_critters(engine, FakeClock(), players)
    at = facilitator(table)
    [choice] = at.radio
    assert choice.label == tr("en", "ui.critters.fac.tie_rule")
    assert choice.options == [
        tr("en", "ui.critters.fac.tie_rule.play_off"),
        tr("en", "ui.critters.fac.tie_rule.share"),
    ]
    # The duel shares a tie unless the teacher chooses to play it off; the judged game the
    # other way round.
    first, other = ("share", "play_off") if players == 2 else ("play_off", "share")
    assert choice.value == first
    at = run(choice.set_value(other))
    assert table.facilitator()["tie_rule"] == other
    assert at.radio[0].value == other
    run(at.radio[0].set_value(first))
    assert table.facilitator()["tie_rule"] == first


def test_the_finished_game_shows_its_winners_and_every_mosaic_to_download(engine):
    table = seat_critters(engine, FakeClock(), 3)
    table.play_judged_round()
    while table.phase() != "finished":  # nobody plays the later rounds
        table.engine.advance(table.fac)
    at = facilitator(table)
    view = table.facilitator()
    assert all(name in visible_text(at) for name in view["winners"])
    assert not at.radio
    assert at.button(key="play_again")
    [download] = [d for d in at.get("download_button") if d.key == "gallery_zip"]
    assert download.proto.label == tr("en", "ui.critters.fac.mosaics_zip")
    assert_no_crossed_canvas_controls(at)

    # The ZIP (and a class's folder for this table) holds round 1's three mosaics as built,
    # each as SVG and PNG named by its round, maker and title (the kit titles "Ana's zoo").
    files = dict(table_files(view, translator("en")))
    first = view["history"][0]["mosaics"]
    assert [m["name"] for m in first] == NAMES[:3]
    stems = [f"round-01-{name.casefold()}-{name.casefold()}s-zoo" for name in NAMES[:3]]
    assert sorted(files) == sorted(
        [*(f"{stem}.{ext}" for stem in stems for ext in ("svg", "png")), "results.csv"]
    )
    for stem, mosaic in zip(stems, first, strict=True):
        svg = ET.fromstring(files[f"{stem}.svg"])
        assert mosaic["name"] in svg.findtext(f"{SVG}title")
        assert len(svg.findall(f".//{SVG}use")) == len(mosaic["pieces"]) == 7
        png = Image.open(io.BytesIO(files[f"{stem}.png"]))
        png.load()
        assert png.format == "PNG" and png.size == (MOSAIC_FILE_PX, MOSAIC_FILE_PX)
        assert len(png.getcolors(MOSAIC_FILE_PX**2)) > 20  # pieces drawn, not a blank frame


def test_the_teacher_steps_the_projector_through_every_round_at_the_end(engine):
    """As Crossed Canvas's gallery: each round's mosaics, titles, ribbons and points, the
    total each player then had, the teacher turning the pages, then the podium again."""
    table = seat_critters(engine, FakeClock(), 3)
    table.play_judged_round()
    while table.phase() != "finished":  # nobody plays the later rounds
        table.engine.advance(table.fac)
    at = run(facilitator(table).button(key="gallery_next").click())
    assert table.public()["shown_round"] == 1
    assert tr("en", "ui.fac.gallery_showing", round=1) in [c.value for c in at.caption]
    first = table.public()["gallery"][0]
    screen = visible_text(run(page("pages/screen.py", code=table.code)))
    assert tr("en", "ui.critters.end.round", round=1) in screen
    assert tr("en", "ui.critters.screen.theme_is", theme=first["theme"]["text"]) in screen
    for mosaic in first["mosaics"]:
        title = tr("en", "ui.critters.screen.title_quoted", title=mosaic["title"])
        points = first["scores"][mosaic["name"]]
        said = tr("en", "ui.critters.screen.points", points=f"+{points}", total=points)
        assert title in screen and said in screen
    run(at.button(key="gallery_podium").click())
    assert table.public()["shown_round"] is None
    refused_round = table.public()["rounds"] + 1
    with pytest.raises(RuleError):
        table.engine.show_round(table.fac, refused_round)


def test_the_results_csv_has_each_round_s_titles_ribbons_and_points(engine, recorded_files):
    table = seat_critters(engine, FakeClock(), 4)
    at = facilitator(table)
    assert not at.get("download_button")  # nothing to record before a round is turned over
    theme = table.play_judged_round(golden={"Ben": "Cy"})["theme"]["text"]
    at = facilitator(table)
    [download] = [d for d in at.get("download_button") if d.key == "results_csv"]
    assert download.proto.label == tr("en", "ui.fac.results_csv")
    files = [f for store in recorded_files for f in store._files_by_id.values()]
    [sent] = [f.content for f in files if f.mimetype.startswith("text/csv")]
    header, *body = list(csv.reader(io.StringIO(sent.decode("utf-8-sig"))))
    assert header[:2] == [tr("en", "ui.csv.round"), tr("en", "ui.csv.theme")]
    rows = {row[header.index(tr("en", "ui.csv.player"))]: row for row in body if row[0] == "1"}
    scores = table.public()["turned_over"]["scores"]
    for name, row in rows.items():  # the player's column, then Robot (none here): 5 is ""
        assert row[1] == theme and row[5] == "" and row[6] == f"{name}'s zoo"
        assert int(row[-1]) == scores[name]
        received = [int(v) for v in row[7].split(", ")]
        golden = 5 if row[8] == tr("en", "ui.yes") else 0
        assert sum(received) + golden == scores[name]  # what they got is what they scored
    assert rows["Cy"][8] == tr("en", "ui.yes") and rows["Ana"][8] == tr("en", "ui.no")
    totals = [row for row in body if row[0] == tr("en", "ui.csv.total")]
    assert {row[4]: int(row[-1]) for row in totals} == scores


def test_the_results_csv_says_what_a_golden_ribbon_never_given_cost(engine, recorded_files):
    table = seat_critters(engine, FakeClock(), 3)
    for number in range(6):  # three players play six rounds; only Ana gives her golden ribbon
        if number:
            engine.advance(table.fac)
        table.play_judged_round(golden={"Ana": "Ben"} if number == 0 else None)
    at = facilitator(table)
    files = [f for store in recorded_files for f in store._files_by_id.values()]
    [sent] = [f.content for f in files if f.mimetype.startswith("text/csv")]
    header, *body = list(csv.reader(io.StringIO(sent.decode("utf-8-sig"))))
    assert at.get("download_button")
    column = header.index(tr("en", "ui.csv.golden_kept"))
    assert header[column + 1] == tr("en", "ui.csv.points")
    player = header.index(tr("en", "ui.csv.player"))
    kept = {row[player]: row[column] for row in body if row[0] == "6"}
    assert kept == {"Ana": "0", "Ben": "-5", "Cy": "-5"}
    assert all(row[column] == "0" for row in body if row[0] in "12345")
    assert tr("es", "ui.csv.golden_kept") != "ui.csv.golden_kept"


def seated(engine, players: int, language: str, *, timed: bool = True) -> Critters:
    new = engine.create_game(
        game="canvas_critters",
        language=language,
        durations=LONG if timed else dict.fromkeys(LONG),
    )
    table = Critters(engine, FakeClock(), new.code, new.facilitator_token)
    for name in NAMES[:players]:
        table.tokens[name] = engine.join(new.code, name)
    engine.start(new.facilitator_token)
    return table


def next_label(table: Critters) -> str:
    return timer(facilitator(table), "advance_phase").label


def play_to_last_scores(table: Critters) -> None:
    """Nobody plays: the teacher ends each phase until the scores of the last planned round."""
    view = table.facilitator()
    while (view["round"], view["phase"]) != (view["rounds"], "scores"):
        table.engine.advance(table.fac)
        view = table.facilitator()


@pytest.mark.parametrize(("language", "timed"), [("en", True), ("es", True), ("es", False)])
def test_the_judged_game_s_end_button_names_what_comes_next(engine, language, timed):
    table = seated(engine, 4, language, timed=timed)
    said = {}
    said["theme"] = next_label(table)
    table.pick_all()
    said["build"] = next_label(table)
    table.build("Ana")
    table.finish("Ana")
    assert table.phase() == "last_minute"
    said["last_minute"] = next_label(table)
    for name in ("Ben", "Cy", "Di"):
        table.build(name)
        table.finish(name)
    said["titles"] = next_label(table)
    table.title_all()
    said["judging"] = next_label(table)
    table.award_all()
    said["scores"] = next_label(table)
    english = {
        "theme": "Start building",
        "build": "Stop building: titles next",
        "last_minute": "Stop building: titles next",
        "titles": "Start giving ribbons",
        "judging": "Show the scores",
        "scores": "Next round",
    }
    if language == "en":
        assert said == english
    else:
        assert said == {p: tr("es", f"ui.critters.fac.advance.{p}") for p in english}
        assert not set(said.values()) & set(english.values())
    # Nobody plays the other rounds: all four tied, nobody is left to judge a tie-break.
    play_to_last_scores(table)
    assert next_label(table) == {"en": "Final results", "es": "Resultados finales"}[language]


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_duel_s_end_button_names_the_guesses_and_a_tie_break(engine, language):
    table = seated(engine, 2, language)
    table.pick_all()
    assert next_label(table) == tr(language, "ui.critters.fac.advance.duel_build")
    table.engine.advance(table.fac)
    assert table.phase() == "guess"
    assert next_label(table) == tr(language, "ui.critters.fac.advance.guess")
    # Nobody guesses in five rounds: a tie, which the teacher chose to play off.
    table.engine.set_tie_rule(table.fac, "play_off")
    play_to_last_scores(table)
    at = facilitator(table)
    tie_break = {"en": "Play the tie-break round", "es": "Jugar la ronda de desempate"}
    assert timer(at, "advance_phase").label == tie_break[language]
    run(timer(at, "advance_phase").click())
    assert table.public()["tie_break"]


def test_the_teacher_keeps_ribbon_givers_unnamed_from_the_lobby(engine):
    """The rulebook's way (givers named) until the teacher turns it off, before the start."""
    table = seat_critters(engine, FakeClock(), 3, start=False)
    at = facilitator(table)
    switch = at.toggle(key="givers_named_True")
    assert switch.label == tr("en", "ui.critters.fac.givers_named") and switch.value is True
    switch.set_value(False).run()
    assert table.facilitator()["givers_named"] is False
    assert at.toggle(key="givers_named_False").value is False


@pytest.mark.parametrize(
    ("name", "title", "stem"),
    [
        ("Ana", "The Sleepy Fox", "round-03-ana-the-sleepy-fox"),
        ("José", "¿Un zorro dormilón?", "round-03-jose-un-zorro-dormilon"),
        ("<b>Bo</b>", "../../etc/passwd", "round-03-b-bo-b-etc-passwd"),
        ("李", "狐狸", "round-03-student-mosaic"),
        ("Ana", None, "round-03-ana"),  # the duel's mosaics have no title
        ("Robot 2", "Fox", "round-03-robot-2-robot-fox"),  # a robot's says so (issue 43)
        ("Robot 3", "Fox", "round-03-robot-3-fox"),  # a student who typed "Robot 3"
    ],
)
def test_a_mosaic_file_is_named_by_round_student_and_title_safely(name, title, stem):
    assert mosaic_stem(3, {"name": name, "title": title}, ["Robot 2"]) == stem
