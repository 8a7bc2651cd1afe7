"""A whole class on one code (issue "A whole class on one code"), engine side: students join
the class's code and are seated at tables (each an ordinary game), the teacher runs every table
from one key, the projector shows every table and never a secret, and the next game reseats
the class. Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import itertools
import json
import threading
from dataclasses import dataclass, field
from typing import Any

import pytest
from cc_support import ROUND_SECONDS, strokes
from sqlalchemy import text
from test_engine_secrecy import ROLE_WORDS, SECRET_KEYS, secret_words, strings

from engine import Engine, FakeClock
from engine.classes.seating import table_sizes
from engine.classes.views import _podium
from engine.crossed_canvas.rules import MAX_PLAYERS, MIN_PLAYERS
from tests.kit import refused, rid

FIRST = ["Ana", "Ben", "Carmen", "Dario", "Elif", "Femi", "Gus", "Hiro", "Jonas", "Kemal"]
LAST = ["Park", "Diaz", "Okoro", "Smith"]
NAMES = [f"{first} {last}" for last in LAST for first in FIRST]  # 40 names, none alike
# Every game a whole class can play, with the sizes of its class's tables.
CLASS_GAMES = {
    name: (game["class_fewest"], game["class_most"])
    for name, game in Engine.offered_games().items()
    if game["as_class"]
}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request) -> str:
    """This module's engine: in memory on SQLite, or a fresh database on PostgreSQL."""
    if request.param == "sqlite":
        return "sqlite://"
    return request.getfixturevalue("postgres_server").new_database()


def browser(name: str) -> str:
    return "browser-" + "".join(ch for ch in name if ch.isalnum()).ljust(16, "x")


@dataclass
class Klass:
    """One class seen through the service: its code, the teacher's key, students' tokens."""

    engine: Engine
    clock: FakeClock
    code: str
    key: str
    tokens: dict[str, str] = field(default_factory=dict)

    def join(self, name: str) -> str:
        self.tokens[name] = self.engine.join(self.code, name, browser=browser(name))
        return self.tokens[name]

    def view(self) -> dict[str, Any]:
        return self.engine.class_view(self.key)

    def public(self) -> dict[str, Any]:
        return self.engine.class_public_view(self.code)

    def seating(self) -> dict[int, list[str]]:
        return {t["table"]: t["players"] for t in self.view()["tables"]}

    def code_of(self, table: int) -> str:
        return next(t["code"] for t in self.view()["tables"] if t["table"] == table)

    def table_of(self, name: str) -> int:
        return next(n for n, names in self.seating().items() if name in names)

    def progress(self):
        return self.engine.versions([self.code])[self.code]


def make_class(engine: Engine, clock: FakeClock, students: int, **settings) -> Klass:
    new = engine.create_class(**settings)
    klass = Klass(engine, clock, new.code, new.facilitator_token)
    for name in NAMES[:students]:
        klass.join(name)
    return klass


def test_28_students_sit_at_10_9_and_9_and_every_phone_shows_its_own_table(engine, clock):
    klass = make_class(engine, clock, 28)
    seating = klass.seating()
    assert [len(seating[n]) for n in sorted(seating)] == [10, 9, 9]
    assert sorted(sum(seating.values(), [])) == sorted(NAMES[:28])
    for name, token in klass.tokens.items():  # every token, moved students' included, works
        view = engine.player_view(token)
        assert view["name"] == name and view["phase"] == "lobby"
        assert view["code"] == klass.code_of(klass.table_of(name))
        assert view["table"] == klass.table_of(name)  # the phone names its table (issue 40)
        assert view["players"] == seating[klass.table_of(name)]


@pytest.mark.parametrize("game", CLASS_GAMES)
def test_joining_one_by_one_keeps_the_fewest_even_tables(engine, clock, game):
    fewest, most = CLASS_GAMES[game]
    klass = make_class(engine, clock, 0, game=game)
    for n, name in enumerate(NAMES[:36], start=1):
        klass.join(name)
        sizes = sorted((len(names) for names in klass.seating().values() if names), reverse=True)
        assert sizes == table_sizes(n, fewest, most), n
        assert all(fewest <= size <= most for size in sizes) or n < fewest, n
    assert klass.public()["game"] == game
    assert {t["view"]["game"] for t in klass.public()["tables"]} == {game}


@pytest.mark.parametrize("game", CLASS_GAMES)
def test_a_class_under_its_games_fewest_cannot_start(engine, clock, game):
    fewest, _ = CLASS_GAMES[game]
    small = make_class(engine, clock, fewest - 1, game=game)
    error = refused("error.class.too_few_at_table", small.engine.start_tables, small.key)
    assert error.params == {"table": 1, "count": fewest - 1, "fewest": fewest}
    assert [(t["phase"], t["can_start"]) for t in small.view()["tables"]] == [("lobby", False)]
    assert small.view()["table_counts"] == []


def test_a_moved_student_stays_where_the_teacher_put_them(engine, clock):
    klass = make_class(engine, clock, 13)  # 7 and 6
    mover = klass.seating()[2][0]
    before = engine.versions([klass.code_of(1), klass.code_of(2)])
    engine.move_player(klass.key, mover, 1)
    after = engine.versions([klass.code_of(1), klass.code_of(2)])
    for code, progress in after.items():  # both tables' phones redraw
        assert progress.stage == progress.version > before[code].version
    assert mover in klass.seating()[1] and len(klass.seating()[1]) == 8
    assert engine.player_view(klass.tokens[mover])["code"] == klass.code_of(1)
    for name in NAMES[13:24]:  # 24 students: 12 and 12, the pinned student never moved
        klass.join(name)
        assert mover in klass.seating()[1]
    assert sorted(len(names) for names in klass.seating().values()) == [12, 12]


def test_a_move_that_would_seat_13_is_refused_and_changes_nothing(engine, clock):
    klass = make_class(engine, clock, 24)  # 12 and 12
    before = (klass.view(), klass.progress())
    refused("error.class.table_full", engine.move_player, klass.key, klass.seating()[2][0], 1)
    refused("error.class.unknown_table", engine.move_player, klass.key, NAMES[0], 9)
    refused("error.unknown_player", engine.move_player, klass.key, "Nobody", 1)
    refused("error.bad_facilitator_token", engine.move_player, "x" * 43, NAMES[0], 1)
    assert (klass.view(), klass.progress()) == before


def test_start_one_table_then_the_others_and_a_small_table_is_refused_by_name(engine, clock):
    klass = make_class(engine, clock, 14)  # 7 and 7
    assert engine.start_tables(klass.key, 1) == [1]
    assert [t["phase"] for t in klass.view()["tables"]] == ["roles", "lobby"]
    refused("error.already_started", engine.start_tables, klass.key, 1)
    assert engine.start_tables(klass.key) == [2]
    refused("error.class.nothing_to_start", engine.start_tables, klass.key)
    small = make_class(engine, clock, 3)
    error = refused("error.class.too_few_at_table", engine.start_tables, small.key)
    assert error.params == {"table": 1, "count": 3, "fewest": 5}
    assert small.view()["tables"][0]["can_start"] is False


def test_start_all_starts_the_tables_that_can_and_leaves_a_small_one_waiting(engine, clock):
    klass = make_class(engine, clock, 14)  # 7 and 7, then the teacher moves 3: 10 and 4
    for name in klass.seating()[2][:3]:
        engine.move_player(klass.key, name, 1)
    assert [t["can_start"] for t in klass.view()["tables"]] == [True, False]
    waiting = klass.tokens[klass.seating()[2][0]]
    assert engine.player_view(waiting)["latecomers"] is False
    assert engine.start_tables(klass.key) == [1]
    assert [t["phase"] for t in klass.view()["tables"]] == ["roles", "lobby"]
    refused("error.class.table_started", engine.move_player, klass.key, klass.seating()[2][0], 1)
    # Left waiting while table 1 plays: its phones say so (the table redrew).
    assert engine.player_view(waiting)["latecomers"] is True


def test_five_latecomers_start_their_own_table(engine, clock):
    """Students who join after every table started fill a table of their own, which the
    teacher starts once it holds the game's fewest; the playing table is never touched."""
    klass = make_class(engine, clock, 6)
    engine.start_tables(klass.key)
    playing = klass.seating()[1]
    late = [klass.join(f"Late {letter}") for letter in "ABCD"]
    refused("error.class.too_few_at_table", engine.start_tables, klass.key)
    late.append(klass.join("Late E"))
    assert klass.seating() == {1: playing, 2: [f"Late {letter}" for letter in "ABCDE"]}
    assert engine.start_tables(klass.key) == [2]
    assert [t["phase"] for t in klass.view()["tables"]] == ["roles", "roles"]
    assert all(engine.player_view(token)["phase"] == "roles" for token in late)


def test_pause_resume_and_end_a_phase_at_one_table_or_all(engine, clock):
    klass = make_class(engine, clock, 14)
    engine.start_tables(klass.key)
    heard: list[str] = []
    engine.changes.subscribe(heard.append)
    assert engine.pause_tables(klass.key) == [1, 2]
    assert sorted(heard) == sorted([klass.code_of(1), klass.code_of(2)])  # one transaction
    assert all(t["paused"] for t in klass.view()["tables"])
    refused("error.already_paused", engine.pause_tables, klass.key, 1)
    assert engine.pause_tables(klass.key) == []  # nothing left to pause: a quiet no-op
    assert engine.resume_tables(klass.key, 1) == [1]
    assert [t["paused"] for t in klass.view()["tables"]] == [False, True]
    clock.advance(5)
    assert engine.advance_tables(klass.key, 1) == [1]
    assert [t["phase"] for t in klass.view()["tables"]] == ["pulse1", "roles"]
    assert engine.advance_tables(klass.key, phase="roles") == [2]
    assert engine.advance_tables(klass.key, phase="roles") == []  # a double click: nothing
    assert [t["phase"] for t in klass.view()["tables"]] == ["pulse1", "pulse1"]
    assert engine.resume_tables(klass.key) == [2]
    assert engine.advance_tables(klass.key) == [1, 2]
    assert [t["phase"] for t in klass.view()["tables"]] == ["merge", "merge"]


def test_ending_every_table_s_phase_twice_from_one_drawing_ends_one_phase(engine, clock):
    """ "End the current phase at every table" double-clicked, the tables a phase apart: each
    table ends the phase the teacher's page showed for it, once."""
    klass = make_class(engine, clock, 14)
    engine.start_tables(klass.key)
    engine.advance_tables(klass.key, 1)
    drawn = {t["table"]: (t["phase"], t["round"]) for t in klass.view()["tables"]}
    assert drawn == {1: ("pulse1", 1), 2: ("roles", 1)}
    assert engine.advance_tables(klass.key, drawn=drawn) == [1, 2]
    assert engine.advance_tables(klass.key, drawn=drawn) == []  # the second click
    assert [t["phase"] for t in klass.view()["tables"]] == ["merge", "pulse1"]
    assert engine.advance_tables(klass.key, drawn={2: ("pulse1", 1)}) == [2]  # only table 2
    assert [t["phase"] for t in klass.view()["tables"]] == ["merge", "merge"]


def test_a_table_runs_on_its_own_with_its_derived_key(engine, clock):
    klass = make_class(engine, clock, 14)
    code = klass.code_of(2)
    key = engine.table_key(klass.key, code)
    assert key == engine.table_key(klass.key, code)  # derived, not drawn
    engine.start(key)
    engine.pause(key)
    assert [t["phase"] for t in klass.view()["tables"]] == ["lobby", "roles"]
    assert engine.facilitator_view(key)["paused"] is True
    assert engine.game_code(key) == code
    other = make_class(engine, clock, 5)
    refused("error.unknown_code", engine.table_key, other.key, code)
    refused("error.bad_facilitator_token", engine.table_key, "y" * 43, code)


def test_names_are_unique_in_the_whole_class_and_checked_like_any_join(engine, clock):
    klass = make_class(engine, clock, 13)
    far = klass.seating()[2][0]
    refused("error.name_taken", engine.join, klass.code, far.upper())
    refused("error.name_taken", engine.join, klass.code, far.replace("a", "\u0430"))  # Cyrillic
    refused("error.name_refused", engine.join, klass.code, "Shit")
    refused("error.name_empty", engine.join, klass.code, "   ")
    refused("error.unknown_code", engine.join, "QQQQQQ", "Zoe")
    # a rename at one table is checked against the other tables too
    key = engine.table_key(klass.key, klass.code_of(1))
    refused("error.name_taken", engine.rename_player, key, klass.seating()[1][0], far)
    assert sum(len(names) for names in klass.seating().values()) == 13


def test_the_teacher_allows_a_real_name_the_filter_catches_in_the_whole_class(engine, clock):
    klass = make_class(engine, clock, 13)
    refused("error.name_refused", engine.join, klass.code, "Shit")
    engine.allow_class_name(klass.key, "Shit")
    klass.join("Shit")
    refused("error.name_refused", engine.join, klass.code, "Stupid")
    engine.set_class_name_filter(klass.key, False)
    klass.join("Stupid")  # refused while the filter was on
    assert klass.view()["name_filter"] is False
    assert all(t["view"]["name_filter"] is False for t in klass.view()["tables"])


def test_the_same_browser_joining_again_gets_its_seat_back(engine, clock):
    klass = make_class(engine, clock, 12)
    name = NAMES[11]
    old = klass.tokens[name]
    klass.join(NAMES[12])  # 13: the latest students move to a new table, this one among them
    assert engine.seated_name(klass.code, browser=browser(name)) == name
    assert engine.seated_name(klass.code_of(2), browser=browser(name)) == name
    again = engine.join(klass.code, "Another Name", browser=browser(name))
    assert again == old  # the same link: a tab showing it stays live
    assert engine.player_view(again)["name"] == name
    assert engine.seated_name(klass.code, browser=browser("Nobody Here")) is None
    assert sum(len(names) for names in klass.seating().values()) == 13


def test_a_table_code_typed_by_a_student_seats_them_through_the_class(engine, clock):
    klass = make_class(engine, clock, 13)
    token = engine.join(klass.code_of(2), "Zoe Lee")
    assert engine.player_view(token)["name"] == "Zoe Lee"
    refused("error.name_taken", engine.join, klass.code_of(1), "zoe lee")
    assert sorted(len(names) for names in klass.seating().values()) == [7, 7]


def test_a_students_view_never_names_another_table(engine, clock):
    klass = make_class(engine, clock, 20)
    engine.start_tables(klass.key)
    seating = klass.seating()
    codes = {klass.code_of(n) for n in seating}
    for name, token in klass.tokens.items():
        table = klass.table_of(name)
        text = json.dumps(engine.player_view(token))
        others = [n for t, names in seating.items() if t != table for n in names]
        assert not any(other in text for other in others), name
        assert not any(code in text for code in codes - {klass.code_of(table)}), name
        assert klass.code not in text and klass.key not in text


def test_latecomers_wait_at_a_new_table_and_play_the_next_game(engine, clock):
    klass = make_class(engine, clock, 10)
    engine.start_tables(klass.key)
    late = klass.join("Zoe Lee")
    view = klass.view()
    assert [(t["table"], t["phase"], t["waiting"]) for t in view["tables"]] == [
        (1, "roles", False),
        (2, "lobby", True),
    ]
    assert klass.public()["waiting"] == ["Zoe Lee"]
    # The latecomer's phone is told why they wait (the rosters at play are frozen, R1).
    assert engine.player_view(late)["latecomers"] is True
    assert engine.player_view(klass.tokens[NAMES[0]])["latecomers"] is False
    refused("error.class.too_few_at_table", engine.start_tables, klass.key, 2)
    refused("error.class.not_finished", engine.next_class_game, klass.key)
    clock.advance(ROUND_SECONDS * 10 + 60)  # table 1 plays to its end
    public = klass.public()
    assert public["tables"][0]["view"]["phase"] == "finished" and public["podium"] is not None
    before = klass.progress()
    assert engine.next_class_game(klass.key) == 2
    assert engine.next_class_game(klass.key) == 2  # a double click: the same new sitting
    assert engine.next_class_game(klass.key, sitting=1) == 2
    after = klass.progress()
    assert after.version > before.version and after.stage > before.stage
    # the waiting table is the new game's table 1; the latecomer's link still works
    assert klass.seating() == {1: ["Zoe Lee"]}
    assert engine.player_view(late)["code"] == klass.code_of(1)
    assert engine.player_view(late)["latecomers"] is False  # the new game's first table
    for name in NAMES[:10]:  # "join the next game" on each phone, with its browser
        finished = engine.player_view(klass.tokens[name])
        assert finished["next_game"] == klass.code
        assert engine.player_view(klass.join(name))["name"] == name
    assert sorted(sum(klass.seating().values(), [])) == sorted([*NAMES[:10], "Zoe Lee"])
    assert [len(names) for names in klass.seating().values()] == [11]
    assert klass.public()["sitting"] == 2 and klass.public()["podium"] is None


def test_latecomers_sit_together_at_one_table_whatever_count_the_teacher_chose(engine, clock):
    """Issue 40: a class of 12 at two tables of 6; after "Start every table" every latecomer
    sits at one latecomers' table until the teacher starts it; the next opens another."""
    klass = make_class(engine, clock, 12)
    engine.set_table_count(klass.key, 2)
    assert engine.start_tables(klass.key) == [1, 2]
    playing = klass.seating()
    late = [f"Late {letter}" for letter in "ABCDE"]
    for name in late[:2]:
        klass.join(name)
    assert klass.seating() == playing | {3: late[:2]}
    for name in late[2:]:
        klass.join(name)
    assert klass.seating() == playing | {3: late}
    assert engine.start_tables(klass.key) == [3]
    klass.join("Late F")  # the latecomers' table started: a new one opens
    assert klass.seating() == playing | {3: late, 4: ["Late F"]}
    assert engine.player_view(klass.tokens["Late F"])["latecomers"] is True


def test_a_table_nobody_sits_at_is_gone_from_the_class_s_pages(engine, clock):
    """A latecomer the teacher seats at a waiting table leaves no empty table behind, nor does
    one removed on the table's own page."""
    klass = make_class(engine, clock, 12)
    engine.set_table_count(klass.key, 2)
    engine.start_tables(klass.key, 1)
    table_key = engine.table_key(klass.key, klass.code_of(2))
    engine.lock_lobby(table_key)  # table 2 waits, closed to joins
    klass.join("Late A")
    third = klass.code_of(3)
    engine.move_player(klass.key, "Late A", 2)
    assert [t["table"] for t in klass.view()["tables"]] == [1, 2]
    assert [t["table"] for t in klass.public()["tables"]] == [1, 2]
    refused("error.unknown_code", engine.public_view, third)
    klass.join("Late B")  # table 2 is locked: a new latecomers' table
    assert klass.seating()[3] == ["Late B"]
    engine.remove_player(engine.table_key(klass.key, klass.code_of(3)), "Late B")
    assert [t["table"] for t in klass.view()["tables"]] == [1, 2]
    assert klass.public()["waiting"] == klass.seating()[2]


def test_the_latecomers_phones_say_what_they_wait_for(engine, clock):
    """Waiting for more, enough to start, then every other table finished."""
    klass = make_class(engine, clock, 6)
    engine.start_tables(klass.key)
    token = klass.join("Late A")
    view = engine.player_view(token)
    assert (view["latecomers"], view["others_finished"]) == (True, False)
    clock.advance(ROUND_SECONDS * 10 + 60)  # table 1 plays to its end, seen by its phone
    assert engine.player_view(klass.tokens[NAMES[0]])["phase"] == "finished"
    view = engine.player_view(token)
    assert (view["latecomers"], view["others_finished"]) == (True, True)
    assert klass.join("Late B") and engine.player_view(klass.tokens["Late B"])["others_finished"]


def two_tables_at_their_reveal(engine: Engine, clock: FakeClock) -> tuple[Klass, float]:
    """A class of 12 at two tables of 6 that reach their reveal together; the reveal's length."""
    klass = make_class(engine, clock, 12)
    engine.set_table_count(klass.key, 2)
    engine.start_tables(klass.key)
    while [t["phase"] for t in klass.view()["tables"]] != ["reveal", "reveal"]:
        assert engine.advance_tables(klass.key) == [1, 2]
    return klass, klass.view()["durations"]["reveal"]


def test_reveals_reached_together_take_the_projector_in_turn_each_for_its_time(engine, clock):
    klass, reveal = two_tables_at_their_reveal(engine, clock)
    assert klass.public()["projector"] == 1
    clock.advance(reveal - 1)
    assert [t["phase"] for t in klass.view()["tables"]] == ["reveal", "reveal"]
    clock.advance(1)  # table 1's reveal ends: table 2's takes the projector, whole
    public = klass.public()
    assert [t["view"]["phase"] for t in public["tables"]] == ["roles", "reveal"]
    assert public["projector"] == 2
    assert public["tables"][1]["view"]["seconds_left"] == reveal
    clock.advance(reveal)
    assert [t["phase"] for t in klass.view()["tables"]][1] == "roles"
    assert klass.public()["projector"] is None


def test_ending_every_table_s_phase_never_skips_a_reveal_the_class_has_not_seen(engine, clock):
    klass, reveal = two_tables_at_their_reveal(engine, clock)
    assert engine.advance_tables(klass.key) == [1]  # table 2's reveal waits for the projector
    public = klass.public()
    assert [t["view"]["phase"] for t in public["tables"]] == ["roles", "reveal"]
    assert public["projector"] == 2 and public["tables"][1]["view"]["seconds_left"] == reveal
    assert engine.advance_tables(klass.key) == [1, 2]  # now it was shown: it ends
    assert [t["phase"] for t in klass.view()["tables"]] == ["pulse1", "roles"]
    # A table's own button still ends its own reveal, shown or not.
    klass, _ = two_tables_at_their_reveal(engine, clock)
    assert engine.advance_tables(klass.key, 2) == [2]


def test_the_podium_names_each_tables_winners_and_the_class_best(engine, clock):
    klass = make_class(engine, clock, 13)
    engine.start_tables(klass.key)
    klass.clock.advance(ROUND_SECONDS * 8)
    podium = klass.public()["podium"]
    assert podium is not None and [t["table"] for t in podium["tables"]] == [1, 2]
    for entry, table in zip(podium["tables"], klass.public()["tables"], strict=True):
        assert entry["winners"] == table["view"]["winners"]
    # Tables of 7 and 6 play 7 and 6 rounds: the class ranks points per round.
    assert podium["by_round"] is True
    scores = [s["per_round"] for s in podium["best"]]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) <= 3
    everyone = [
        round(total / entry["rounds"], 1)
        for entry in podium["tables"]
        for total in entry["totals"].values()
    ]
    assert scores[0] == max(everyone)
    assert klass.view()["can_play_next"] is True


def test_class_status_and_versions_move_when_any_table_changes(engine, clock):
    klass = make_class(engine, clock, 13)
    key = engine.table_key(klass.key, klass.code_of(2))
    watch = engine.watch_key(klass.code)
    assert watch not in {engine.watch_key(klass.code_of(1)), engine.watch_key(klass.code_of(2))}
    seen = [klass.progress()]
    engine.start(key)  # table 2 alone
    seen.append(klass.progress())
    engine.start_tables(klass.key)  # table 1
    seen.append(klass.progress())
    engine.advance(key)  # table 2: roles -> pulse 1
    seen.append(klass.progress())
    status = engine.status(klass.code)
    assert (status["version"], status["stage"]) == tuple(seen[-1])
    assert all(b.version > a.version and b.stage > a.stage for a, b in itertools.pairwise(seen))
    artist = next(
        name
        for name in klass.seating()[2]
        if engine.player_view(klass.tokens[name])["role"] != "curator"
    )
    engine.submit_fragment(klass.tokens[artist], strokes(1), rid())  # readiness only
    submitted = klass.progress()
    assert submitted.version > seen[-1].version and submitted.stage == seen[-1].stage
    engine.delete_game(key)  # a table deleted: the class's counts never go back
    assert klass.progress().version > submitted.version
    assert [t["table"] for t in klass.view()["tables"]] == [1]
    assert engine.watch_key(klass.code) == watch  # the watch key survives


def test_the_class_projector_holds_no_secret_at_any_phase_of_any_table(engine, clock):
    klass = make_class(engine, clock, 13)
    engine.start_tables(klass.key)
    secrets_out = [klass.key, *klass.tokens.values()]
    secrets_out += [engine.table_key(klass.key, klass.code_of(n)) for n in (1, 2)]
    stops: list[dict[str, Any]] = []

    def stop() -> None:
        public, teacher = klass.public(), klass.view()
        for entry in public["tables"]:  # each table: exactly its own public view
            assert entry["view"] == engine.public_view(entry["code"])
        stops.append({"public": public, "teacher": teacher})
        text = json.dumps([public, teacher])
        assert not any(secret in text for secret in secrets_out)

    def act(table: int) -> None:
        """What players do in the phase the table is in: submits, a choice, a vote."""
        names = klass.seating()[table]
        views = {n: engine.player_view(klass.tokens[n]) for n in names}
        phase = views[names[0]]["phase"]
        artists = [n for n in names if views[n]["role"] != "curator"]
        if phase == "pulse1":
            engine.submit_fragment(klass.tokens[artists[0]], strokes(2), rid())
        elif phase == "choice":
            curator = next(n for n in names if views[n]["role"] == "curator")
            option = views[curator]["options"][0]["id"]
            engine.choose(klass.tokens[curator], option, rid())
        elif phase == "accusation":
            voter = views[names[0]]
            sig = next(s for s in voter["signatures"] if s != voter["signature"])
            engine.accuse(klass.tokens[names[0]], sig, rid())

    engine.advance_tables(klass.key, 1)  # table 1 runs a phase ahead of table 2
    for _ in range(8):
        for table in (1, 2):
            if engine.public_view(klass.code_of(table))["phase"] not in ("reveal", "finished"):
                act(table)
                stop()
                engine.advance_tables(klass.key, table)
                stop()
    reveals = {t["table"]: t["view"]["reveal"] for t in klass.public()["tables"]}
    assert all(reveal is not None for reveal in reveals.values())
    for table, reveal in reveals.items():
        objects = [reveal["true_target"], reveal["false_target"], *reveal["options"]]
        words = secret_words(objects)
        assert words <= strings(reveal)  # the detector finds them where they are public
        for seen in stops:
            for view in (seen["public"], seen["teacher"]):
                outer = {k: v for k, v in view.items() if k != "tables"}
                assert not strings(outer) & (words | ROLE_WORDS)
                entry = next(t for t in view["tables"] if t["table"] == table)
                if entry["view"]["reveal"] is not None:
                    continue  # this table's round is revealed: public now
                past = ("history", "durations")  # earlier rounds' reveals; phase names
                shown = {k: v for k, v in entry["view"].items() if k not in past}
                keys: set[str] = set()
                found = strings(shown, keys)
                assert not found & words, (table, entry["view"]["phase"])
                assert not found & ROLE_WORDS and not keys & SECRET_KEYS


def test_a_class_and_its_tables_are_purged_together(engine, clock):
    klass = make_class(engine, clock, 13)
    alone = engine.create_game()
    clock.advance(31 * 86400)
    assert engine.purge() == 3  # the game of its own and the class's two tables
    refused("error.unknown_code", engine.class_public_view, klass.code)
    refused("error.unknown_code", engine.public_view, alone.code)
    other = make_class(engine, clock, 6)
    engine.delete_class(other.key)
    refused("error.unknown_code", engine.join, other.code, "Zoe")
    refused("error.bad_player_token", engine.player_view, other.tokens[NAMES[0]])


def test_a_class_code_is_never_a_game_code(engine):
    games = {engine.create_game().code for _ in range(5)}
    classes = {engine.create_class().code for _ in range(5)}
    assert not games & classes
    refused("error.unknown_code", engine.class_public_view, next(iter(games)))
    refused("error.bad_language", engine.create_class, "fr")


def test_many_students_joining_at_once_get_one_seat_each(file_url):
    clock = FakeClock()
    engine = Engine(file_url, clock=clock, seed=11)
    new = engine.create_class()
    names = NAMES[:30]
    barrier = threading.Barrier(10)
    outcomes: list[tuple[str, str]] = []
    lock = threading.Lock()

    def student(share: list[str]) -> None:
        barrier.wait()
        for name in share:
            try:
                token = engine.join(new.code, name, browser=browser(name))
            except Exception as error:  # any failure is the finding
                token = repr(error)
            with lock:
                outcomes.append((name, token))

    threads = [threading.Thread(target=student, args=(names[i::10],)) for i in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == 30
    for name, token in outcomes:
        assert engine.player_view(token)["name"] == name
    tables = engine.class_view(new.facilitator_token)["tables"]
    assert sorted(sum((t["players"] for t in tables), [])) == sorted(names)
    assert sorted((len(t["players"]) for t in tables), reverse=True) == table_sizes(
        30, MIN_PLAYERS, MAX_PLAYERS
    )
    with engine.door.db.engine.connect() as connection:  # no two students on one seat
        seats = connection.execute(text("SELECT game_id, seat FROM player")).all()
    assert len(seats) == len(set(seats)) == 30


def test_another_server_following_a_class_sees_a_table_change(postgres_server):
    url = postgres_server.new_database()
    here, there = Engine(url, clock=FakeClock()), Engine(url)
    klass = make_class(here, FakeClock(), 13)
    key = here.table_key(klass.key, klass.code_of(1))
    here.start(key)
    heard = threading.Event()
    there.changes.subscribe(lambda code: heard.set())
    stop = threading.Event()
    listening = threading.Thread(target=there.listen_to_other_servers, args=(stop,), daemon=True)
    listening.start()
    try:
        before = there.versions([klass.code])[klass.code]
        for _ in range(50):  # the listener may not be connected yet
            here.advance(key)
            if heard.wait(0.2):
                break
        assert heard.is_set()  # a PushHub re-reads every code it follows on any notice
        assert there.versions([klass.code])[klass.code].version > before.version
    finally:
        stop.set()
        listening.join(timeout=5)


def _finished_table(number: int, totals: dict[str, int], rounds: int = 3) -> dict:
    best = max(totals.values())
    winners = [name for name, total in totals.items() if total == best]
    view = {
        "phase": "finished",
        "totals": totals,
        "winners": winners,
        "rounds": rounds,
        "avatars": {name: "cat-mint" for name in totals},
    }
    return {"table": number, "view": view}


def test_the_class_podium_never_names_who_came_last():
    tables = [
        _finished_table(1, {"Ana": 300, "Ben": 100, "Hana": 0}),
        _finished_table(2, {"Cy": 200, "Dee": 0, "Eli": 100}),
    ]
    best = _podium(tables, "lobby", "finished")["best"]
    assert [row["name"] for row in best] == ["Ana", "Cy", "Ben", "Eli"]
    # Two totals in the whole class: only the higher one is a best score.
    two = _podium([_finished_table(1, {"Ana": 100, "Ben": 0, "Cy": 0})], "lobby", "finished")
    two = two["best"]
    assert [row["name"] for row in two] == ["Ana"]
    # Everyone tied: all share the best, since nobody came last.
    tied = _podium([_finished_table(1, {"Ana": 0, "Ben": 0})], "lobby", "finished")["best"]
    assert [row["name"] for row in tied] == ["Ana", "Ben"]


def test_tables_of_unequal_rounds_rank_the_class_by_points_per_round():
    """A table of 3 plays 6 rounds of Canvas Critters, one of 4 plays 4: Ana's 12 points in 6
    rounds are 2.0 a round, Cy's 10 in 4 are 2.5, so Cy is the class's best; each table keeps
    its own totals and winners."""
    tables = [
        _finished_table(1, {"Ana": 12, "Ben": 7, "Hana": 1}, rounds=6),
        _finished_table(2, {"Cy": 10, "Dee": 3, "Eli": 2, "Fay": 0}, rounds=4),
    ]
    podium = _podium(tables, "lobby", "finished")
    assert podium["by_round"] is True
    assert [(row["name"], row["per_round"]) for row in podium["best"]] == [
        ("Cy", 2.5),
        ("Ana", 2.0),
        ("Ben", 1.2),
    ]
    assert [(t["winners"], t["totals"], t["rounds"]) for t in podium["tables"]] == [
        (["Ana"], {"Ana": 12, "Ben": 7, "Hana": 1}, 6),
        (["Cy"], {"Cy": 10, "Dee": 3, "Eli": 2, "Fay": 0}, 4),
    ]
    # Equal rounds: totals, as before.
    equal = _podium(
        [_finished_table(1, {"Ana": 12, "Ben": 0}), _finished_table(2, {"Cy": 10, "Dee": 0})],
        "lobby",
        "finished",
    )
    assert equal["by_round"] is False and [row["name"] for row in equal["best"]] == ["Ana", "Cy"]
    # A game whose rounds are no share of it (Canvas Layers' turns) keeps totals.
    turns = _podium(tables, "lobby", "finished", per_round=False)
    assert turns["by_round"] is False and turns["best"][0]["name"] == "Ana"


def test_a_class_of_12_becomes_two_tables_of_6_and_joins_keep_two(engine, clock):
    klass = make_class(engine, clock, 12)
    assert [len(names) for names in klass.seating().values()] == [12]
    assert klass.view()["table_counts"] == [1, 2]
    first = klass.seating()[1][:6]
    engine.move_player(klass.key, NAMES[11], 1)  # a pin the new choice undoes
    engine.set_table_count(klass.key, 2)
    seating = klass.seating()
    assert [len(seating[n]) for n in sorted(seating)] == [6, 6]
    assert seating[1] == first  # the earliest joined stay where they sat
    for name, token in klass.tokens.items():  # every phone follows its student
        assert engine.player_view(token)["players"] == seating[klass.table_of(name)]
    klass.join(NAMES[12])  # a 13th: still two tables
    assert sorted(len(names) for names in klass.seating().values()) == [6, 7]
    assert engine.start_tables(klass.key) == [1, 2]


def test_back_to_one_table_removes_the_empty_one_and_the_stream_never_goes_back(engine, clock):
    klass = make_class(engine, clock, 15)  # 8 and 7
    engine.set_table_count(klass.key, 3)
    assert [len(names) for names in klass.seating().values()] == [5, 5, 5]
    third = klass.code_of(3)
    before = klass.progress()
    engine.set_table_count(klass.key, 2)
    assert [len(names) for names in klass.seating().values()] == [8, 7]
    after = klass.progress()
    assert after.version > before.version and after.stage > before.stage
    refused("error.unknown_code", engine.public_view, third)
    assert klass.view()["table_counts"] == [2, 3]


def test_a_table_count_that_does_not_fit_is_refused_and_changes_nothing(engine, clock):
    klass = make_class(engine, clock, 12)
    before = (klass.view(), klass.progress())
    error = refused("error.class.table_count", engine.set_table_count, klass.key, 3)
    assert error.params == {
        "count": 3,
        "students": 12,
        "fewest": 5,
        "most": 12,
        "fewest_tables": 1,
        "most_tables": 2,
    }
    assert str(error).startswith("3 tables cannot seat 12 students")
    for wrong in (0, -1, "2", True, 2.0):
        refused("error.class.table_count", engine.set_table_count, klass.key, wrong)
    refused("error.bad_facilitator_token", engine.set_table_count, "x" * 43, 2)
    assert (klass.view(), klass.progress()) == before
    small = make_class(engine, clock, 0)
    small.join("Solo One")
    refused("error.class.table_count_none", engine.set_table_count, small.key, 1)
    engine.set_table_count(klass.key, 2)
    engine.start_tables(klass.key, 1)
    refused("error.class.count_after_start", engine.set_table_count, klass.key, 1)
    assert klass.view()["table_counts"] == []


def test_a_student_moves_to_any_table_of_a_chosen_count(engine, clock):
    klass = make_class(engine, clock, 15)
    engine.set_table_count(klass.key, 3)
    mover = klass.seating()[1][0]
    engine.move_player(klass.key, mover, 3)
    assert mover in klass.seating()[3] and len(klass.seating()[3]) == 6


def test_during_roles_each_table_counts_who_opened_their_card(engine, clock):
    klass = make_class(engine, clock, 12)
    engine.set_table_count(klass.key, 2)
    engine.start_tables(klass.key)
    first = klass.seating()[1]
    assert [t["ready"] for t in klass.view()["tables"]] == [
        {"done": 0, "total": 6},
        {"done": 0, "total": 6},
    ]
    before = klass.progress()
    assert all(engine.see_role(klass.tokens[name]) for name in first[:3])
    after = klass.progress()
    assert after.version == before.version + 3 and after.stage == before.stage  # readiness
    assert not engine.see_role(klass.tokens[first[0]])  # once a round
    assert klass.progress() == after
    tables = klass.view()["tables"]
    assert [t["ready"] for t in tables] == [{"done": 3, "total": 6}, {"done": 0, "total": 6}]
    assert engine.player_view(klass.tokens[first[0]])["role_seen"] is True
    assert engine.player_view(klass.tokens[first[4]])["role_seen"] is False
    public = engine.public_view(klass.code_of(1))  # role-neutral: a count and signatures
    assert public["ready"] == {"done": 3, "total": 6}
    assert set(public["ready_signatures"]) <= set(public["signatures"])
    engine.advance_tables(klass.key, 1)  # pulse 1: the count is the pulse's again
    assert not engine.see_role(klass.tokens[first[4]])
    assert klass.view()["tables"][0]["ready"] == {"done": 0, "total": 5}


def test_no_pair_is_dealt_twice_in_a_class_whose_reveals_every_table_sees(engine, clock):
    """28 students at tables of 10, 9 and 9 play 28 rounds: the class projector shows each
    table's reveal to everyone, so no pair of objects comes up twice in the whole class."""
    klass = make_class(engine, clock, 28)
    engine.start_tables(klass.key)
    klass.clock.advance(ROUND_SECONDS * 11)
    pairs = []
    for table in klass.view()["tables"]:
        view = engine.facilitator_view(engine.table_key(klass.key, table["code"]))
        assert view["phase"] == "finished"
        pairs += [
            frozenset((entry["true_target"]["id"], entry["false_target"]["id"]))
            for entry in view["gallery"]
        ]
    assert len(pairs) == 28 and len(set(pairs)) == 28
