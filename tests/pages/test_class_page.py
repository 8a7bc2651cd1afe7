"""A whole class on one code, its pages: the home page creates a class; the teacher's class
page (pages/classroom.py) seats 28 students at three tables, moves one, starts, pauses and
ends phases at one table or all, and offers one CSV by table; the projector (pages/screen.py
on the class code) shows every table and no secret; a student joins with the class code on
the ordinary play page. A wrong key changes nothing and says so, translated.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from pagekit import (
    LONG,
    base_key,
    element_text,
    has_word,
    html_text,
    page,
    picture_in,
    private_link,
    private_link_element,
    rendered,
    run,
    served_media,
    timer,
    tr,
    visible,
    visible_text,
    walk,
)
from streamlit.testing.v1 import AppTest

from engine import Engine, RuleError
from engine.crossed_canvas.rules import ROUND_PHASES
from tests.kit import rid
from ui.classes.tables import BEST_NAMES
from ui.results import class_results_csv
from ui.text import translator

NAMES = [f"Student {number:02d}" for number in range(1, 29)]


@dataclass
class Class:
    """A class and its students, driven through the test's engine (not the pages')."""

    engine: Engine
    code: str
    key: str
    tokens: dict[str, str] = field(default_factory=dict)

    def view(self) -> dict[str, Any]:
        return self.engine.class_view(self.key)

    def tables(self) -> dict[int, dict[str, Any]]:
        """Each table's view, by number."""
        return {table["table"]: table["view"] for table in self.view()["tables"]}

    def seating(self) -> dict[int, list[str]]:
        return {number: view["players"] for number, view in self.tables().items()}

    def teacher(self) -> AppTest:
        return run(page("pages/classroom.py", key=self.key))

    def screen(self) -> AppTest:
        return run(page("pages/screen.py", code=self.code))


def seat_class(engine: Engine, names: list[str] = NAMES, language: str = "en") -> Class:
    room = engine.create_class(language=language, durations=LONG)
    seated = Class(engine, room.code, room.facilitator_token)
    for index, name in enumerate(names):
        seated.tokens[name] = engine.join(room.code, name, browser=f"browser-{index}")
    return seated


@pytest.fixture
def whole_class(engine: Engine) -> Class:
    return seat_class(engine)


def test_the_home_page_creates_a_class_and_opens_its_page(engine):
    at = run(page("app.py"))
    at = run(at.radio(key="create_kind").set_value("class"))
    assert tr("en", "ui.home.kind.class_help", fewest=5, most=12) in [c.value for c in at.caption]
    run(at.button(key="create_game").click())
    [key] = parse_qs(urlsplit(private_link(at)).query)["key"]
    assert urlsplit(private_link(at)).path.endswith("/classroom")
    view = engine.class_view(key)  # the key is a real class key
    assert at.query_params == {"class": view["code"]}  # and it left the address bar
    # Only "Copy my private link" holds the key (as data for the clipboard and the cookie).
    assert [node for node in walk(at._tree) if key in element_text(node)] == [
        private_link_element(at)
    ]
    assert view["code"] in visible_text(at)
    assert at.button(key="start_all").disabled  # nobody to start yet


@pytest.mark.parametrize("language", ["en", "es"])
def test_one_table_and_one_student_are_said_in_the_singular(engine, language):
    klass = seat_class(engine, NAMES[:5], language)
    shown = visible_text(klass.teacher())
    one_table = {"en": "The whole class: 5 students at 1 table", "es": "5 alumnos en 1 mesa"}
    assert one_table[language] in shown
    klass.engine.start_tables(klass.key)
    klass.engine.join(klass.code, "Late Comer", browser="late")  # waits at a table of one
    shown = visible_text(klass.teacher())
    assert {"en": "1 student", "es": "1 alumno"}[language] in shown
    assert {"en": "1 students", "es": "1 alumnos"}[language] not in shown


def test_the_teacher_sees_28_students_at_three_tables(whole_class):
    at = whole_class.teacher()
    seating = whole_class.seating()
    assert [len(names) for names in seating.values()] == [10, 9, 9]
    shown = visible_text(at)
    assert (
        tr(
            "en",
            "ui.class.heading",
            students=tr("en", "ui.class.students", count=28),
            tables=tr("en", "ui.class.tables", count=3),
        )
        in shown
    )
    cards = shown.split(tr("en", "ui.class.table", number=1), 1)[1]
    for number, names in seating.items():
        card = cards.split(tr("en", "ui.class.table", number=number + 1))[0]
        cards = cards[len(card) :]
        assert tr("en", "ui.class.students", count=len(names)) in card
        assert all(name in card for name in names)
    assert {base_key(b.key) for b in at.button} >= {"start_all", "start_table_1", "move_student"}
    assert not at.button(key="start_all").disabled


def test_moving_a_student_pins_them_at_the_new_table(whole_class):
    at = whole_class.teacher()
    mover = whole_class.seating()[1][0]
    at.selectbox(key="move_who").set_value(mover)
    at = run(at.selectbox(key="move_to").set_value(3))
    at = run(at.button(key="move_student").click())
    assert not at.error
    seating = whole_class.seating()
    assert mover in seating[3] and mover not in seating[1]
    assert [len(names) for names in seating.values()] == [9, 9, 10]
    # A late student joins: the class is rebalanced, and the moved student stays put.
    whole_class.engine.join(whole_class.code, "Late Comer", browser="late")
    assert mover in whole_class.seating()[3]


def test_start_all_pause_all_and_end_a_phase_at_one_table(whole_class):
    at = whole_class.teacher()
    at = run(at.button(key="start_all").click())
    assert {view["phase"] for view in whole_class.tables().values()} == {"roles"}
    assert {"pause_table_1", "advance_table_2", "pause_all", "advance_all"} <= {
        base_key(b.key) for b in at.button
    }
    assert timer(at, "advance_table_2").label == tr("en", "ui.fac.advance.roles")

    at = run(at.button(key="pause_all").click())
    assert all(view["paused"] for view in whole_class.tables().values())
    assert at.button(key="pause_all").disabled
    assert tr("en", "ui.paused") in visible_text(at)
    at = run(at.button(key="resume_all").click())
    assert not any(view["paused"] for view in whole_class.tables().values())

    stale = whole_class.teacher()  # drawn in the roles phase, like `at`
    at = run(timer(at, "advance_table_2").click())
    phases = {number: view["phase"] for number, view in whole_class.tables().items()}
    assert phases == {1: "roles", 2: "pulse1", 3: "roles"}
    # A second click drawn in the roles phase (a double click) ends nothing more.
    run(timer(stale, "advance_table_2").click())
    assert whole_class.tables()[2]["phase"] == "pulse1"
    assert timer(at, "advance_table_2").label == tr("en", "ui.fac.advance.pulse1")

    at = run(timer(at, "pause_table_3").click())
    paused = {number: view["paused"] for number, view in whole_class.tables().items()}
    assert paused == {1: False, 2: False, 3: True}
    assert not at.error
    # Some tables paused, others not: both "all" commands apply.
    assert not at.button(key="pause_all").disabled and not at.button(key="resume_all").disabled

    # "End the current phase at every table" double-clicked: each table ends one phase.
    stale = whole_class.teacher()  # drawn like `at`: tables 1 and 3 in roles, 2 in pulse 1
    at = run(timer(at, "advance_all").click())
    run(timer(stale, "advance_all").click())
    phases = {number: view["phase"] for number, view in whole_class.tables().items()}
    assert phases == {1: "pulse1", 2: "merge", 3: "pulse1"}


def finish_every_table(whole_class: Class) -> None:
    """Every table played to its end, through the engine: each phase ended by the teacher."""
    for _ in range(len(ROUND_PHASES) * 12):
        if {v["phase"] for v in whole_class.tables().values()} == {"finished"}:
            return
        whole_class.engine.advance_tables(whole_class.key)
    raise AssertionError("the tables never finished")


def test_the_end_shows_the_podium_and_one_csv_by_table(whole_class, recorded_files):
    whole_class.engine.start_tables(whole_class.key)
    finish_every_table(whole_class)
    at = whole_class.teacher()
    shown = visible_text(at)
    assert tr("en", "ui.class.podium") in [s.value for s in at.subheader]
    assert tr("en", "ui.class.best_scores") in shown
    assert not at.button(key="next_class_game").disabled

    [download] = [d for d in at.get("download_button") if d.key == "class_csv"]
    assert download.proto.label == tr("en", "ui.class.results_csv")
    [gallery] = [d for d in at.get("download_button") if d.key == "class_gallery"]
    assert gallery.proto.label == tr("en", "ui.class.gallery_zip")
    files = [f for store in recorded_files for f in store._files_by_id.values()]
    [sent] = [f.content for f in files if f.mimetype.startswith("text/csv")]
    assert sent.startswith("\ufeff".encode())  # a byte order mark: Excel reads UTF-8
    assert sent == class_results_csv(whole_class.view(), translator("en"))
    rows = list(csv.reader(io.StringIO(sent.decode("utf-8-sig"))))
    header, body = rows[0], rows[1:]
    assert header[:3] == [
        tr("en", "ui.csv.table"),
        tr("en", "ui.csv.rounds"),
        tr("en", "ui.csv.round"),
    ]
    assert header[-1] == tr("en", "ui.csv.points_per_round")
    seating = whole_class.seating()
    player = header.index(tr("en", "ui.csv.player"))
    for number, names in seating.items():
        mine = [row for row in body if row[0] == str(number)]
        # One row per round and player (10 or 9 rounds), then each player's total.
        assert len(mine) == len(names) * len(names) + len(names)
        assert {row[player] for row in mine} == set(names)

    # The next game: every table's phones are pointed back to the class code.
    run(at.button(key="next_class_game").click())
    assert whole_class.view()["sitting"] == 2
    anyone = next(iter(whole_class.tokens.values()))
    assert whole_class.engine.player_view(anyone)["next_game"] == whole_class.code


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_wrong_key_is_refused_in_the_browsers_language_and_changes_nothing(whole_class, language):
    before = whole_class.view()
    locale = "es-ES" if language == "es" else "en-GB"
    at = page("pages/classroom.py", key=whole_class.key[:-2] + "xy")
    at.context = {"locale": locale}
    run(at)
    assert [e.value for e in at.error] == [tr(language, "error.bad_facilitator_token")]
    assert not at.button
    # The class code alone, in a browser that never held the key: the private link, please.
    at = page("pages/classroom.py", **{"class": whole_class.code})
    at.context = {"locale": locale}
    run(at)
    assert [w.value for w in at.warning] == [tr(language, "ui.class.open_private_link")]
    assert not at.button and whole_class.code not in visible_text(at)
    assert whole_class.view() == before


def test_the_projector_shows_every_table_and_no_secret(whole_class, recorded_files):
    """Before any reveal the class projector holds no target, decoy or option (name, id or
    picture) of any table, and no role; its tables and their phases are all there."""
    at = whole_class.screen()
    shown = visible_text(at)
    assert tr("en", "ui.screen.join_with") in shown and whole_class.code in shown
    assert shown.count(tr("en", "ui.phase.lobby")) == 3
    whole_class.engine.start_tables(whole_class.key)
    secrets: set[str] = set()
    pictures: set[str] = set()
    seen: list[tuple[str, str, list[bytes]]] = []
    for phase in [phase.value for phase in ROUND_PHASES][:-1]:  # every phase before the reveal
        for token in whole_class.tokens.values():
            mine = whole_class.engine.player_view(token)
            for thing in [mine["target"], *(mine["options"] or [])]:
                if thing:
                    secrets |= {thing["id"], thing["name"]}
                    pictures.add(thing["image"])
        recorded_files.clear()
        at = whole_class.screen()
        text = rendered(at)
        seen.append((phase, text, served_media(text, recorded_files)))
        assert visible_text(at).count(tr("en", f"ui.phase.{phase}")) == 3, phase
        whole_class.engine.advance_tables(whole_class.key)
    # The search finds what it looks for: at the reveal the first table's objects are on
    # screen (the table in its reveal takes the screen, the lowest numbered first).
    revealed = rendered(whole_class.screen())
    assert {view["phase"] for view in whole_class.tables().values()} == {"reveal"}
    for side in ("true_target", "false_target"):
        assert has_word(revealed, whole_class.tables()[1]["reveal"][side]["name"])
    assert secrets
    for phase, text, served in seen:
        for word in secrets:
            assert not has_word(text, word), (phase, word)
        for picture in pictures:
            assert picture.rsplit("/", 1)[-1] not in text, (phase, picture)
            assert not picture_in(picture, served), (phase, picture)
        for role in ("curator", "distorter", "loyal"):
            assert tr("en", f"ui.role.{role}") not in text, (phase, role)
        for token in whole_class.tokens.values():
            assert token not in text
        assert whole_class.key not in text


def test_the_projector_shows_the_class_podium_at_the_end(whole_class):
    whole_class.engine.start_tables(whole_class.key)
    finish_every_table(whole_class)
    shown = visible_text(whole_class.screen())
    podium = whole_class.view()["podium"]
    assert tr("en", "ui.class.winners") in shown
    for table in podium["tables"]:
        for winner in table["winners"]:
            assert winner in shown
    best = podium["best"]
    # 28 students sit at tables of 10, 9 and 9, which play 10, 9 and 9 rounds: the class
    # ranks points per round, and says so; each table keeps its own winners above.
    assert podium["by_round"] is True
    assert tr("en", "ui.class.ranks_per_round") in shown
    top = [row for row in best if row["per_round"] == best[0]["per_round"]]
    line = tr("en", "ui.class.points_per_round", points=f"{best[0]['per_round']:.1f}")
    assert line in shown
    for row in top[:BEST_NAMES]:  # the best total's first names, each with its table
        number = tr("en", "ui.class.table", number=row["table"])
        assert f"{row['name']} ({number})" in shown
    if len(top) > BEST_NAMES:  # a tie of many says how many more, to stay on one screen
        assert tr("en", "ui.class.more", count=len(top) - BEST_NAMES) in shown


def test_a_student_joins_with_the_class_code_on_the_play_page(whole_class):
    at = run(page("pages/play.py", code=whole_class.code.lower()))
    assert at.text_input(key="join_name")
    at.text_input(key="join_name").input("Newcomer")
    at = run(at.button(key="join_submit").click())
    token = at.query_params.get("token")
    assert token
    me = whole_class.engine.player_view(token)
    assert me["name"] == "Newcomer" and me["phase"] == "lobby"
    assert me["code"] in {table["code"] for table in whole_class.view()["tables"]}
    assert [s.value for s in at.success] == [tr("en", "ui.play.waiting_start")]


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_latecomer_is_told_why_they_wait_and_the_teacher_what_to_do(engine, language):
    """A student who joins once every table plays sits at the latecomers' table: their phone
    says the playing tables keep their players and how many more it needs, then that it has
    enough, or once every other table has finished, that they play the next game; never "wait
    for the start" alone. The teacher's page says what to do with that table."""
    klass = seat_class(engine, NAMES[:5], language)
    klass.engine.start_tables(klass.key)
    late = klass.engine.join(klass.code, "Late Comer", browser="late")

    def told() -> list[str]:
        phone = run(page("pages/play.py", token=late))
        assert not phone.success
        return [i.value for i in phone.info]

    assert told() == [tr(language, "ui.play.latecomers", count=4, seated=1)]
    teacher = [c.value for c in klass.teacher().caption]
    assert tr(language, "ui.class.latecomers", fewest=5) in teacher
    for number in range(2, 5):
        klass.engine.join(klass.code, f"Later {number}", browser=f"later-{number}")
    assert told() == [tr(language, "ui.play.latecomers_one", seated=4)]
    while klass.tables()[1]["phase"] != "finished":  # table 1 plays to its end
        klass.engine.advance_tables(klass.key, 1)
    assert told() == [tr(language, "ui.play.latecomers_over")]
    klass.engine.join(klass.code, "Later 5", browser="later-5")
    assert told() == [tr(language, "ui.play.latecomers_ready", count=5)]
    # Enough to start: the teacher's hint to wait for the fewest is gone.
    assert tr(language, "ui.class.latecomers", fewest=5) not in klass.teacher().caption.values


def test_the_home_page_takes_a_class_code(whole_class):
    at = run(page("app.py"))
    at.text_input(key="join_code").input(whole_class.code)
    at = run(at.button(key="join_go").click())
    assert at.query_params.get("code") == whole_class.code
    assert at.text_input(key="join_name")


def test_a_real_name_the_filter_refuses_can_be_allowed_for_the_class(whole_class):
    with pytest.raises(RuleError):
        whole_class.engine.join(whole_class.code, "Dick", browser="dick")
    at = whole_class.teacher()
    at.text_input(key="allow_name_text").set_value("Dick")
    at = run(at.button(key="allow_name").click())
    assert not at.error
    whole_class.engine.join(whole_class.code, "Dick", browser="dick")
    assert "Dick" in [n for names in whole_class.seating().values() for n in names]
    at = run(at.toggle(key="name_filter_True").set_value(False))
    assert whole_class.view()["name_filter"] is False


def test_the_teacher_switches_the_class_to_names_alone(whole_class):
    """One switch on the class page: every table shows names alone, on every page."""
    at = whole_class.teacher()
    phone = page("pages/play.py", token=whole_class.tokens[NAMES[0]])
    assert 'class="cc-face' in html_text(at) and 'class="cc-face' in html_text(run(phone))
    at = run(at.toggle(key="faces_on_True").set_value(False))
    assert not at.error
    assert all(view["avatars"] == {} for view in whole_class.tables().values())
    assert 'class="cc-face' not in html_text(at) and 'class="cc-face' not in html_text(run(phone))
    assert at.toggle(key="faces_on_False").value is False


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_class_of_12_is_seated_at_two_tables_of_6_from_the_class_page(engine, language):
    klass = seat_class(engine, NAMES[:12], language)
    at = klass.teacher()
    choice = at.get("button_group")[0]
    assert choice.label == tr(language, "ui.class.table_count")
    offered = [str(option) for option in choice.options]
    one = tr(language, "ui.class.tables_one")
    two = tr(language, "ui.class.tables", count=2)
    assert offered == [f"{one} (12)", f"{two} (6 + 6)"]
    assert choice.value == 1
    hint = tr(language, "ui.class.table_count_hint", fewest=5, most=12)
    assert hint in [c.value for c in at.caption]
    at = run(choice.set_value(2))
    assert not at.error
    assert [len(names) for names in klass.seating().values()] == [6, 6]
    shown = visible_text(at)
    assert tr(language, "ui.class.tables", count=2) in shown
    assert at.get("button_group")[0].value == 2
    # Started: the number of tables is no longer offered.
    engine.start_tables(klass.key, 1)
    assert not klass.teacher().get("button_group")


def test_a_count_that_no_longer_fits_is_refused_in_words_and_changes_nothing(engine):
    klass = seat_class(engine, NAMES[:10])
    at = klass.teacher()
    choice = at.get("button_group")[0]
    for name in NAMES[8:10]:  # two leave before the teacher clicks: 8 fit only one table
        engine.remove_player(engine.table_key(klass.key, klass.view()["tables"][0]["code"]), name)
    before = klass.seating()
    at = run(choice.set_value(2))
    assert klass.seating() == before
    assert [e.value for e in at.error] == [
        tr(
            "en",
            "error.class.table_count",
            count=2,
            students=8,
            fewest=5,
            most=12,
            fewest_tables=1,
            most_tables=1,
        )
    ]


def test_move_a_student_offers_every_table_with_room_but_their_own(engine):
    klass = seat_class(engine, NAMES[:17])
    engine.set_table_count(klass.key, 3)  # 6, 6 and 5
    at = klass.teacher()
    mover = klass.seating()[2][0]
    at = run(at.selectbox(key="move_who").set_value(mover))
    to = at.selectbox(key="move_to")
    assert to.options == [
        tr(
            "en",
            "ui.class.table_with",
            table=tr("en", "ui.class.table", number=n),
            students=tr("en", "ui.class.students", count=c),
        )
        for n, c in ((1, 6), (3, 5))
    ]
    at = run(to.set_value(3))
    at = run(at.button(key="move_student").click())
    assert not at.error
    assert mover in klass.seating()[3]


def play_table_to_reveal(klass: Class, number: int) -> dict[str, Any]:
    """Table `number` played through round 1 to its reveal, everyone voting (the Distorter
    accused by all but themselves); its view at the reveal."""
    engine = klass.engine
    for _ in range(len(ROUND_PHASES)):
        view = klass.tables()[number]
        if view["phase"] == "reveal":
            return view
        if view["phase"] == "accusation":
            mine = {name: engine.player_view(klass.tokens[name]) for name in view["players"]}
            distorter = next(n for n, v in mine.items() if v["role"] == "distorter")
            other = next(n for n, v in mine.items() if v["role"] == "loyal")
            for name in view["players"]:
                suspect = mine[other if name == distorter else distorter]["signature"]
                engine.accuse(klass.tokens[name], suspect, rid())
        else:
            engine.advance_tables(klass.key, number)
    raise AssertionError("no reveal")


def page_classes(at: AppTest) -> set[str]:
    """Every CSS class the page's HTML uses (what it is built of)."""
    found: set[str] = set()
    for snippet in at.html:
        for names in re.findall(r'class="([^"]*)"', snippet.value):
            found |= set(names.split())
    return found


def test_a_tables_reveal_takes_the_class_projector_as_a_games_reveal(engine):
    klass = seat_class(engine, NAMES[:17])
    engine.set_table_count(klass.key, 3)  # 6, 6 and 5
    engine.start_tables(klass.key)
    reveal = play_table_to_reveal(klass, 2)["reveal"]
    at = klass.screen()
    shown = visible_text(at)
    heading = " · ".join(
        [
            tr("en", "ui.class.table", number=2),
            tr("en", "ui.round_of", round=1, rounds=6),
            tr("en", "ui.phase.reveal"),
        ]
    )
    assert heading in shown
    # What a game's projector shows at its reveal (R11): both objects, the roles, the
    # choice, who drew which signature, every vote, this round's points and the totals.
    for side in ("true_target", "false_target"):
        assert reveal[side]["name"] in shown
    signatures = reveal["signatures"]
    rows = {}
    for snippet in at.html:
        if 'class="cc-table cc-by-player"' in snippet.value:
            rows = {
                visible(row): row
                for row in re.findall(r"<tr[^>]*>.*?</tr>", snippet.value, flags=re.S)
            }
    assert len(rows) == 1 + len(klass.seating()[2])  # a heading, then a row per player
    for sig_id, author in reveal["authors"].items():
        line = next(text for text in rows if author in text)
        assert signatures[sig_id]["name"] in line
        assert str(reveal["awards"].get(author, 0)) in line
        assert signatures[reveal["votes"][author]]["name"] in line
    assert tr("en", "ui.distorter_caught") in shown
    assert "cc-replay" in page_classes(at)  # the drawing replayed, stroke by stroke
    # The other tables wait in a strip: their number and countdown, no card, no drawing.
    assert "cc-table-card" not in page_classes(at)
    strip = next(visible(h.value) for h in at.html if "cc-strip" in h.value)
    assert tr("en", "ui.class.table", number=1) in strip
    assert tr("en", "ui.class.table", number=3) in strip


def test_a_class_of_one_table_looks_like_a_games_projector(engine, table):
    klass = seat_class(engine, NAMES[:5])
    lobby = klass.screen()
    assert page_classes(lobby) == page_classes(table.screen())
    assert klass.code in visible_text(lobby)  # students join with the class's code
    engine.start_tables(klass.key)
    play_table_to_reveal(klass, 1)
    table.start()
    table.advance_to("accusation")
    for name in table.tokens:
        mine = table.view(name)
        suspect = table.who("loyal") if mine["role"] == "distorter" else table.who("distorter")
        engine.accuse(table.tokens[name], table.view(suspect)["signature"], rid())
    assert table.phase() == "reveal"
    assert page_classes(klass.screen()) == page_classes(table.screen())


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_class_page_shows_each_tables_readiness_during_roles(engine, language):
    klass = seat_class(engine, NAMES[:12], language)
    engine.set_table_count(klass.key, 2)
    engine.start_tables(klass.key)
    assert {view["phase"] for view in klass.tables().values()} == {"roles"}
    first = klass.seating()[1]
    for name in first[:2]:  # two phones open their card as roles are dealt
        phone = run(page("pages/play.py", token=klass.tokens[name]))
        run(phone.toggle(key="show_role").set_value(True))
    shown = visible_text(klass.teacher())
    cards = shown.split(tr(language, "ui.class.table", number=2))
    assert tr(language, "ui.ready_count", done=2, total=6) in cards[0]
    assert tr(language, "ui.ready_count", done=0, total=6) in cards[1]


@pytest.mark.parametrize("language", ["en", "es"])
def test_while_tables_play_their_controls_come_first_and_the_code_is_one_line(engine, language):
    """In the lobby the class code and QR open the page; once tables play, a latecomers' table
    in its lobby does not bring them back above the tables: they fold into one line that names
    the code, below the tables' controls."""
    klass = seat_class(engine, NAMES[:5], language)
    lobby = klass.teacher()
    assert len(lobby.image) == 1  # the QR, in full
    assert '<div class="cc-code">' + klass.code in html_text(lobby)
    klass.engine.start_tables(klass.key)
    klass.engine.join(klass.code, "Late Comer", browser="late")
    at = klass.teacher()
    [folded] = [e for e in at.expander if e.key == "class_code"]
    assert folded.label == tr(language, "ui.class.code_folded", code=klass.code)
    assert len(folded.image) == len(at.image) == 1  # the only QR is the folded one
    in_order = [getattr(node, "key", None) or element_text(node) for node in walk(at._tree)]
    controls = max(in_order.index(f"own_page_{number}") for number in (1, 2))
    first_code = next(i for i, text in enumerate(in_order) if re.search(r"cc-code\W", str(text)))
    assert controls < first_code
