"""Students' faces (issue 42): picked at joining or changed in the lobby by the student
alone, given by the seat when none is picked (distinct at a table), a robot's own, public in
every view beside the names, and gone with the game."""

from __future__ import annotations

import pytest
from cc_support import fingerprint, row_counts, seat_table

from engine import avatars, storage
from engine.games import DECLARATIONS
from engine.robots import robot_token
from tests.kit import refused


@pytest.fixture
def lobby(engine, clock):
    """A game in its lobby, nobody seated yet."""
    return seat_table(engine, clock, 0, start=False, names=[])


def test_a_face_picked_at_joining_is_every_views_beside_the_name(lobby):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana", avatar="owl-coral")
    lobby.tokens["Bea"] = lobby.engine.join(lobby.code, "Bea")
    for view in (lobby.public(), lobby.facilitator(), lobby.view("Ana"), lobby.view("Bea")):
        assert view["avatars"]["Ana"] == "owl-coral"
        assert set(view["avatars"]) == {"Ana", "Bea"}


def test_a_student_changes_their_own_face_in_the_lobby_only(engine, clock):
    lobby = seat_table(engine, clock, 5, start=False)
    before = lobby.public()["avatars"]
    version = lobby.engine.status(lobby.code)["version"]
    lobby.engine.set_avatar(lobby.tokens[lobby.names[1]], "frog-sky")
    after = lobby.public()["avatars"]
    assert after == {**before, lobby.names[1]: "frog-sky"}
    assert lobby.engine.status(lobby.code)["version"] > version  # every page redraws it
    lobby.engine.start(lobby.fac)
    unchanged = fingerprint(lobby)
    refused(
        "error.avatar_started", lobby.engine.set_avatar, lobby.tokens[lobby.names[1]], "cat-mint"
    )
    assert fingerprint(lobby) == unchanged


@pytest.mark.parametrize(
    "face", ["robot", "fox", "fox-red", "unicorn-mint", "", None, 3, "FOX-MINT"]
)
def test_a_face_not_offered_is_refused_and_changes_nothing(lobby, face):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana")
    before = fingerprint(lobby)
    refused("error.avatar_unknown", lobby.engine.set_avatar, lobby.tokens["Ana"], face)
    if face is not None:
        refused("error.avatar_unknown", lobby.engine.join, lobby.code, "Bea", avatar=face)
    assert fingerprint(lobby) == before


def test_a_face_another_holds_at_the_table_is_refused_and_changes_nothing(lobby):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana", avatar="owl-coral")
    lobby.tokens["Bea"] = lobby.engine.join(lobby.code, "Bea")
    before = fingerprint(lobby)
    error = refused("error.avatar_taken", lobby.engine.join, lobby.code, "Cy", avatar="owl-coral")
    assert error.params["name"] == "Ana"
    refused("error.avatar_taken", lobby.engine.set_avatar, lobby.tokens["Bea"], "owl-coral")
    assert fingerprint(lobby) == before
    lobby.engine.set_avatar(lobby.tokens["Ana"], "owl-coral")  # one's own face again: no change
    assert fingerprint(lobby) == before


def test_only_a_seats_own_link_changes_its_face(lobby):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana")
    refused("error.bad_player_token", lobby.engine.set_avatar, "not-a-token", "cat-mint")
    refused("error.bad_player_token", lobby.engine.set_avatar, lobby.fac, "cat-mint")


def test_faces_nobody_picked_are_distinct_at_a_table_even_beside_picked_ones(engine, clock):
    game = engine.create_game()
    most = DECLARATIONS["crossed_canvas"].table.max_players
    # The first student takes the face the second seat would have had.
    engine.join(game.code, "P1", avatar=avatars.seat_face(2))
    for n in range(2, most + 1):
        engine.join(game.code, f"P{n}")
    faces = list(engine.public_view(game.code)["avatars"].values())
    assert len(faces) == most and len(set(faces)) == most
    assert len({avatars.parts(face)[0] for face in faces[1:]}) == min(most - 1, 12)


def test_a_robot_has_the_robot_face_and_cannot_pick(engine, clock):
    game = engine.create_game()
    ana = engine.join(game.code, "Ana")
    (robot,) = engine.add_robots(game.facilitator_token, 1)
    assert engine.public_view(game.code)["avatars"] == {
        "Ana": avatars.seat_face(1),
        robot: avatars.ROBOT,
    }
    assert avatars.ROBOT not in avatars.CHOICES
    refused("error.avatar_unknown", engine.set_avatar, ana, avatars.ROBOT)
    with engine.door.db.read() as session:
        seed = storage.game_by_code(session, game.code).seed
    refused("error.avatar_robot", engine.set_avatar, robot_token(seed, 2), "cat-mint")


def test_a_class_seats_a_student_with_the_face_they_picked(engine, clock):
    room = engine.create_class()
    engine.join(room.code, "Ana", browser="b" * 32, avatar="koala-sage")
    engine.join(room.code, "Bea", browser="c" * 32)
    (table,) = engine.class_public_view(room.code)["tables"]
    assert table["view"]["avatars"]["Ana"] == "koala-sage"
    assert table["view"]["avatars"]["Bea"] != "koala-sage"


def test_a_class_join_with_a_face_held_at_its_table_wears_its_animal_in_another_colour(
    engine, clock
):
    """A student of a class cannot know whose faces sit at the table they will be placed at:
    their pick is kept, recoloured as a reseat does, never refused."""
    room = engine.create_class()
    engine.join(room.code, "Ana", browser="b" * 32, avatar="koala-sage")
    ben = engine.join(room.code, "Ben", browser="c" * 32, avatar="koala-sage")
    (table,) = engine.class_public_view(room.code)["tables"]
    faces = table["view"]["avatars"]
    assert faces["Ana"] == "koala-sage"
    animal, colour = avatars.parts(faces["Ben"])
    assert (animal, colour) == ("koala", avatars.COLOURS[0])  # the colour after sage's
    assert engine.player_view(ben)["avatars"]["Ben"] == faces["Ben"]  # on Ben's phone


def test_faces_are_deleted_with_the_game(engine, clock):
    empty = row_counts(engine)
    table = seat_table(engine, clock, 4, start=False)
    table.engine.set_avatar(table.tokens[table.names[0]], "pig-peach")
    engine.delete_game(table.fac)
    assert row_counts(engine) == empty


def class_faces(engine, key: str) -> dict[int, dict[str, str]]:
    """Each table of a class (number -> name -> face), as the teacher's view has it."""
    return {t["table"]: t["view"]["avatars"] for t in engine.class_view(key)["tables"]}


def assert_apart(tables: dict[int, dict[str, str]]) -> None:
    for number, faces in tables.items():
        assert len(set(faces.values())) == len(faces), (number, faces)


def test_a_student_moved_onto_a_table_holding_their_face_gets_its_animal_in_another_colour(
    engine, clock
):
    room = engine.create_class()
    tokens = {}
    for n in range(1, 14):  # 13 students: tables of 7 and 6
        name = f"P{n}"
        tokens[name] = engine.join(room.code, name, browser=f"browser-p{n}".ljust(24, "x"))
    tables = class_faces(engine, room.facilitator_token)
    stays = next(iter(tables[1]))
    mover = next(name for name in tables[2] if name != stays)
    engine.set_avatar(tokens[stays], "fox-mint")
    engine.set_avatar(tokens[mover], "fox-mint")  # another table: allowed
    engine.move_player(room.facilitator_token, mover, 1)
    tables = class_faces(engine, room.facilitator_token)
    assert_apart(tables)
    assert tables[1][stays] == "fox-mint"  # who sat there keeps theirs
    animal, colour = avatars.parts(tables[1][mover])
    assert (animal, colour != "mint") == ("fox", True)
    mine = engine.player_view(tokens[mover])  # the student's phone shows it beside their name
    assert mine["avatars"][mover] == tables[1][mover]


def test_a_class_reseated_at_more_tables_never_seats_two_alike(engine, clock):
    room, key = (made := engine.create_class()).code, made.facilitator_token
    tokens = {}
    for n in range(1, 25):  # 24 students: two tables of 12
        name = f"P{n}"
        tokens[name] = engine.join(room, name, browser=f"browser-p{n}".ljust(24, "x"))
    seated = {t["table"]: t["players"] for t in engine.class_view(key)["tables"]}
    faces = class_faces(engine, key)
    for one, two in zip(seated[1], seated[2], strict=True):  # table 2 wears table 1's faces
        engine.set_avatar(tokens[two], faces[1][one])
    before = {
        name: face for table in class_faces(engine, key).values() for name, face in table.items()
    }
    engine.set_table_count(key, 3)  # 8, 8 and 8: table 3 seats the last four of each
    after = class_faces(engine, key)
    assert [len(table) for table in after.values()] == [8, 8, 8]
    assert_apart(after)
    assert all(before[name] == face for number in (1, 2) for name, face in after[number].items())
    recoloured = {name for name, face in after[3].items() if face != before[name]}
    assert len(recoloured) == 4  # one of each pair of twins that met there
    for name in recoloured:
        assert avatars.parts(after[3][name])[0] == avatars.parts(before[name])[0]


SMILE = [[[0.3, 0.3], [0.3, 0.4]], [[0.7, 0.3], [0.7, 0.4]], [[0.2, 0.6], [0.5, 0.8], [0.8, 0.6]]]
FROWN = [[[0.3, 0.3], [0.3, 0.4]], [[0.2, 0.8], [0.5, 0.6], [0.8, 0.8]]]


def test_a_drawn_face_is_every_views_beside_the_name_and_its_id_says_nothing_of_who(lobby):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana", avatar="owl-coral", drawing=SMILE)
    lobby.tokens["Bea"] = lobby.engine.join(lobby.code, "Bea")
    face = lobby.public()["avatars"]["Ana"]
    assert avatars.is_drawn(face)
    for view in (lobby.public(), lobby.facilitator(), lobby.view("Ana"), lobby.view("Bea")):
        assert view["avatars"]["Ana"] == face
    assert lobby.engine.drawn_avatar(face) == [[tuple(p) for p in s] for s in SMILE]
    version = lobby.engine.status(lobby.code)["version"]
    # Another student's same drawing has the same address: it names the drawing alone, not
    # who drew it (their name, seat, animal or game).
    lobby.engine.draw_avatar(lobby.tokens["Bea"], SMILE)
    assert lobby.public()["avatars"]["Bea"] == face
    lobby.engine.draw_avatar(lobby.tokens["Ana"], FROWN)  # another drawing: a new address
    redrawn = lobby.public()["avatars"]["Ana"]
    assert avatars.is_drawn(redrawn) and redrawn != face
    assert lobby.engine.status(lobby.code)["version"] > version  # every page redraws it
    lobby.engine.set_avatar(lobby.tokens["Ana"], "cat-mint")  # the drawing stays shown
    assert lobby.public()["avatars"]["Ana"] == redrawn


TOO_MANY_POINTS = [[[0.5, i / 1000] for i in range(200)] for _ in range(avatars.MAX_FACE_STROKES)]


@pytest.mark.parametrize(
    ("drawing", "error"),
    [
        ("a smile", "error.strokes_malformed"),
        ([], "error.avatar_stroke_count"),
        ([[[0.1, 0.1], [0.2, 0.2]]] * (avatars.MAX_FACE_STROKES + 1), "error.avatar_stroke_count"),
        ([[[0.1, 0.1]]], "error.stroke_too_short"),
        ([[[0.1, 0.1], [0.2, 1.5]]], "error.point_outside"),
        ([[[0.1, 0.1], [float("nan"), 0.2]]], "error.point_not_finite"),
        ([[[0.1, 0.1], ["x", 0.2]]], "error.strokes_malformed"),
        (TOO_MANY_POINTS, "error.avatar_drawing_too_big"),
    ],
)
def test_a_malformed_or_oversized_drawn_face_is_refused_and_changes_nothing(lobby, drawing, error):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana")
    before = fingerprint(lobby)
    refused(error, lobby.engine.draw_avatar, lobby.tokens["Ana"], drawing)
    refused(error, lobby.engine.join, lobby.code, "Bea", drawing=drawing)
    assert fingerprint(lobby) == before


def test_only_the_student_draws_their_face_and_only_in_the_lobby(engine, clock):
    lobby = seat_table(engine, clock, 5, start=False)
    refused("error.bad_player_token", lobby.engine.draw_avatar, "not-a-token", SMILE)
    refused("error.bad_player_token", lobby.engine.draw_avatar, lobby.fac, SMILE)
    lobby.engine.start(lobby.fac)
    unchanged = fingerprint(lobby)
    refused("error.avatar_started", lobby.engine.draw_avatar, lobby.tokens[lobby.names[0]], SMILE)
    assert fingerprint(lobby) == unchanged


def test_the_teacher_hides_a_drawn_face_and_the_animal_shows_everywhere_at_once(engine, clock):
    lobby = seat_table(engine, clock, 5, start=False)
    ana, ben = lobby.names[:2]
    animal = lobby.public()["avatars"][ana]
    lobby.engine.draw_avatar(lobby.tokens[ana], SMILE)
    drawn = lobby.public()["avatars"][ana]
    refused("error.bad_facilitator_token", lobby.engine.hide_avatar, lobby.tokens[ben], ana)
    refused("error.avatar_not_drawn", lobby.engine.hide_avatar, lobby.fac, ben)
    refused("error.unknown_player", lobby.engine.hide_avatar, lobby.fac, "Nobody")
    lobby.engine.start(lobby.fac)  # any time, as a fragment is hidden
    lobby.engine.hide_avatar(lobby.fac, ana)
    for view in (lobby.public(), lobby.facilitator(), lobby.view(ana), lobby.view(ben)):
        assert view["avatars"][ana] == animal
        assert drawn not in str(view)
    assert lobby.engine.drawn_avatar(drawn) is None  # its address serves nothing any more
    assert lobby.engine.hidden_avatars(lobby.fac) == [ana]
    lobby.engine.hide_avatar(lobby.fac, ana, hidden=False)
    assert lobby.public()["avatars"][ana] == drawn
    assert lobby.engine.hidden_avatars(lobby.fac) == []


def test_a_hidden_face_drawn_again_stays_hidden_until_the_teacher_shows_it(lobby):
    lobby.tokens["Ana"] = lobby.engine.join(lobby.code, "Ana", avatar="owl-coral", drawing=SMILE)
    lobby.engine.hide_avatar(lobby.fac, "Ana")
    lobby.engine.draw_avatar(lobby.tokens["Ana"], FROWN)
    assert lobby.public()["avatars"]["Ana"] == "owl-coral"
    assert lobby.engine.hidden_avatars(lobby.fac) == ["Ana"]


def test_a_class_seats_a_student_with_the_face_they_drew(engine, clock):
    room = engine.create_class()
    ana = engine.join(room.code, "Ana", browser="b" * 32, drawing=SMILE)
    (table,) = engine.class_public_view(room.code)["tables"]
    face = table["view"]["avatars"]["Ana"]
    assert avatars.is_drawn(face) and engine.player_view(ana)["avatars"]["Ana"] == face


def test_drawn_faces_are_deleted_with_the_game(engine, clock):
    empty = row_counts(engine)
    table = seat_table(engine, clock, 4, start=False)
    table.engine.draw_avatar(table.tokens[table.names[0]], SMILE)
    face = table.public()["avatars"][table.names[0]]
    engine.delete_game(table.fac)
    assert row_counts(engine) == empty
    assert engine.drawn_avatar(face) is None


def test_the_teacher_turns_faces_off_and_every_view_shows_names_alone(engine, clock):
    """Off, no view names any face (nor the drawn one's address), at once; on again, each
    student's face is back as it was; Play again keeps the switch where the teacher left it."""
    lobby = seat_table(engine, clock, 5, start=False)
    ana, ben = lobby.names[:2]
    lobby.engine.draw_avatar(lobby.tokens[ana], SMILE)
    faces = lobby.public()["avatars"]
    refused("error.bad_facilitator_token", lobby.engine.set_faces, lobby.tokens[ben], False)
    version = lobby.engine.status(lobby.code)["version"]
    lobby.engine.set_faces(lobby.fac, False)
    assert lobby.engine.status(lobby.code)["version"] > version  # every page redraws it
    for view in (lobby.public(), lobby.facilitator(), lobby.view(ana), lobby.view(ben)):
        assert view["faces"] is False and view["avatars"] == {}
        assert faces[ana] not in str(view)
    assert lobby.engine.drawn_avatar(faces[ana]) is None  # its address, kept, shows nothing
    lobby.engine.set_faces(lobby.fac, True)
    assert lobby.public()["faces"] is True and lobby.public()["avatars"] == faces
    assert lobby.engine.drawn_avatar(faces[ana]) == [[tuple(p) for p in s] for s in SMILE]

    lobby.engine.set_faces(lobby.fac, False)
    lobby.engine.start(lobby.fac)
    lobby.finish()
    again = engine.play_again(lobby.fac)
    assert engine.public_view(again.code)["faces"] is False


def test_a_class_turned_to_names_alone_keeps_faces_off_at_every_table_it_makes(engine, clock):
    room = engine.create_class()
    engine.join(room.code, "Ana", browser="b" * 32, avatar="koala-sage")
    refused("error.bad_facilitator_token", engine.set_class_faces, "no-such-key", False)
    engine.set_class_faces(room.facilitator_token, False)
    for number in range(13):  # a second table is made
        engine.join(room.code, f"Student {number}", browser=f"{number:032d}")
    public = engine.class_public_view(room.code)
    assert public["faces"] is False and len(public["tables"]) == 2
    for table in public["tables"]:
        assert table["view"]["faces"] is False and table["view"]["avatars"] == {}
    engine.set_class_faces(room.facilitator_token, True)
    tables = engine.class_public_view(room.code)["tables"]
    assert "koala-sage" in [face for t in tables for face in t["view"]["avatars"].values()]
