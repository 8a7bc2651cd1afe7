"""Students' faces on the pages (issue 42): picked on the join form, changed on one's phone
in the lobby, and shown beside the names in the lobby, the scores and the podium."""

from __future__ import annotations

import pytest
from pagekit import a_path, drawing_state, html_text, page, run, seat_lobby, tr

from engine import avatars
from ui.faces import face_src, named_html


def pick(at, key: str, animal: str | None, colour: str | None):
    if animal is not None:
        at = run(at.selectbox(key=f"{key}_animal").select(animal))
    if colour is not None:
        at = run(at.selectbox(key=f"{key}_colour").select(colour))
    return at


def join(at, name: str):
    at.text_input(key="join_name").input(name)
    return run(at.button(key="join_submit").click())


@pytest.mark.parametrize(
    ("animal", "colour", "face"),
    [
        ("owl", "coral", "owl-coral"),
        ("frog", None, "frog-lemon"),  # one list alone: the other's first choice
        (None, None, avatars.seat_face(2)),  # none: the second seat's own
    ],
)
def test_a_student_picks_a_face_on_the_join_form_or_gets_their_seats(engine, animal, colour, face):
    table = seat_lobby(engine, ["Ana"])
    at = pick(run(page("pages/play.py", code=table.code)), "join_face", animal, colour)
    if animal is not None:  # the face the lists make, shown before joining
        assert face_src(face) in html_text(at)
    at = join(at, "Ben")
    assert engine.public_view(table.code)["avatars"]["Ben"] == face
    assert named_html("Ben", {"Ben": face}) in html_text(at)  # beside the name on the phone


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_student_changes_their_face_in_the_lobby_and_every_page_shows_it(engine, language):
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"], language=language)
    at = table.play("Ben")
    assert at.expander[0].label == tr(language, "ui.face.title")
    at = pick(at, "lobby_face", "panda", "sky")
    run(at.button(key="change_face").click())
    faces = engine.public_view(table.code)["avatars"]
    assert faces["Ben"] == "panda-sky"
    for shown in (table.screen(), table.play("Ana")):  # the lobby's roster, everyone's face
        for name in table.tokens:
            assert named_html(name, faces) in html_text(shown), name
    table.start()
    assert not table.play("Ben").selectbox  # faces stay as they are once the game started


def test_the_scores_and_the_podium_show_each_face_beside_the_name(engine):
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"])
    table.start()
    table.finish()
    faces = engine.public_view(table.code)["avatars"]
    assert len(set(faces.values())) == 5
    for at in (table.screen(), table.play("Cy"), table.facilitator_page()):
        for name in table.tokens:
            assert named_html(name, faces) in html_text(at), name


def test_the_phone_s_face_lists_follow_a_face_changed_elsewhere(engine):
    """A reseat can recolour a student's face (engine/avatars.py `keep_apart`), as can their
    other tab: their open phone shows the new face in its lists, not the one it drew first."""
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"])
    at = table.play("Ben")
    shown = avatars.parts(engine.public_view(table.code)["avatars"]["Ben"])
    assert (
        at.selectbox(key="lobby_face_animal").value,
        at.selectbox(key="lobby_face_colour").value,
    ) == shown
    engine.set_avatar(table.tokens["Ben"], "owl-sky")
    at = run(at)
    assert at.selectbox(key="lobby_face_animal").value == "owl"
    assert at.selectbox(key="lobby_face_colour").value == "sky"
    assert named_html("Ben", {"Ben": "owl-sky"}) in html_text(at)


def test_a_class_join_with_a_face_held_at_the_table_shows_the_face_the_student_wears(engine):
    """Joined on a class's code with a face another wears at the table they are placed at,
    the student is seated, and their phone shows the face they wear: its animal in the next
    colour (engine/avatars.py `unheld`), in the lobby's face lists too."""
    room = engine.create_class()
    engine.join(room.code, "Ana", browser="a" * 32, avatar="owl-coral")
    at = pick(run(page("pages/play.py", code=room.code)), "join_face", "owl", "coral")
    at = join(at, "Ben")
    (table,) = engine.class_public_view(room.code)["tables"]
    worn = table["view"]["avatars"]["Ben"]
    assert avatars.parts(worn) == ("owl", "sand")  # the colour after coral's
    assert named_html("Ben", {"Ben": worn}) in html_text(at)
    assert at.selectbox(key="lobby_face_colour").value == "sand"


def draw(at, key: str):
    """The student chooses to draw their face and draws one stroke on its canvas."""
    at = run(at.radio(key=f"{key}_kind").set_value("drawn"))
    at.session_state[f"{key}_draw-gen0"] = drawing_state(a_path())
    return run(at)


def test_a_student_draws_their_face_on_the_join_form_and_wears_it(engine):
    table = seat_lobby(engine, ["Ana"])
    at = join(draw(run(page("pages/play.py", code=table.code)), "join_face"), "Ben")
    face = engine.public_view(table.code)["avatars"]["Ben"]
    assert avatars.is_drawn(face)
    assert len(engine.drawn_avatar(face)) == 1  # the one stroke drawn
    assert named_html("Ben", {"Ben": face}) in html_text(at)  # beside the name on the phone


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_drawn_face_shows_everywhere_until_the_teacher_hides_it(engine, language):
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"], language=language)
    animal = engine.public_view(table.code)["avatars"]["Ben"]
    at = draw(table.play("Ben"), "lobby_face")
    assert at.button(key="change_face").label == tr(language, "ui.face.use_drawing")
    run(at.button(key="change_face").click())
    drawn = engine.public_view(table.code)["avatars"]["Ben"]
    assert avatars.is_drawn(drawn)
    for shown in (table.screen(), table.play("Ana"), table.facilitator_page()):
        assert named_html("Ben", {"Ben": drawn}) in html_text(shown)
    teacher = table.facilitator_page()
    assert teacher.expander(key="faces_panel").label == tr(language, "ui.fac.faces")
    teacher = run(teacher.button(key="face_hide_0").click())
    for shown in (table.screen(), table.play("Ana"), table.play("Ben"), teacher):
        assert face_src(drawn) not in html_text(shown)
        assert named_html("Ben", {"Ben": animal}) in html_text(shown)
    assert tr(language, "ui.fac.face_hidden") in html_text(teacher)  # to show it again
    run(teacher.button(key="face_show_0").click())
    assert engine.public_view(table.code)["avatars"]["Ben"] == drawn


def test_a_drawn_face_too_big_is_refused_with_a_message_and_nothing_changes(engine):
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"])
    before = engine.public_view(table.code)["avatars"]
    at = run(table.play("Ben").radio(key="lobby_face_kind").set_value("drawn"))
    long = [["M", 1, 1]] + [["L", 1 + i % 200, 1 + i // 10] for i in range(1, 1900)]
    at.session_state["lobby_face_draw-gen0"] = drawing_state(long)
    at = run(run(at).button(key="change_face").click())
    assert tr("en", "error.avatar_drawing_too_big") in [e.value for e in at.error]
    assert engine.public_view(table.code)["avatars"] == before


def test_a_drawn_face_goes_with_the_student_to_the_next_game(engine):
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"])
    engine.draw_avatar(table.tokens["Ana"], [[(0.2, 0.2), (0.8, 0.8)]])
    drawn = engine.public_view(table.code)["avatars"]["Ana"]
    table.start()
    table.finish()
    run(table.facilitator_page().button(key="play_again").click())
    following = engine.public_view(table.code)["next_game"]
    run(table.play("Ana").button(key="join_next").click())
    assert engine.public_view(following)["avatars"] == {"Ana": drawn}


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_teacher_switches_faces_off_and_every_page_shows_names_alone(engine, language):
    table = seat_lobby(engine, ["Ana", "Ben", "Cy", "Di", "Ed"], language=language)
    teacher = table.facilitator_page()
    switch = teacher.toggle(key="faces_on_True")
    assert switch.label == tr(language, "ui.fac.faces_on") and switch.value is True
    teacher = run(switch.set_value(False))
    assert engine.public_view(table.code)["faces"] is False
    phone = table.play("Ben")
    for shown in (table.screen(), phone, teacher):
        assert 'class="cc-face' not in html_text(shown)
        assert named_html("Ben", {}) in html_text(shown)  # the name alone
    assert tr(language, "ui.face.title") not in [e.label for e in phone.expander]
    newcomer = run(page("pages/play.py", code=table.code))
    assert not newcomer.selectbox  # no face to pick on the join form
    assert engine.public_view(table.code)["avatars"] == {}
    run(teacher.toggle(key="faces_on_False").set_value(True))
    faces = engine.public_view(table.code)["avatars"]
    assert named_html("Ben", faces) in html_text(table.screen())
