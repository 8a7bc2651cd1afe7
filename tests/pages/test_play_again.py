"""Play again with the same class: the facilitator makes the next game, the projector follows
it, and each student joins it in one tap under the same name."""

from __future__ import annotations

from pagekit import run, tr


def test_play_again_takes_the_class_to_a_new_game(started):
    table = started
    table.finish()
    student = table.play("Ana")
    assert [i.value for i in student.info] == [tr("en", "ui.play.wait_next_game")]
    assert not student.button

    at = table.facilitator_page()
    assert [link.proto.label for link in at.get("page_link")] == [tr("en", "ui.go_home")]
    at = run(at.button(key="play_again").click())
    new_code = table.public()["next_game"]
    assert new_code and new_code != table.code

    screen = table.screen()  # the projector moves on to the new game's lobby
    assert screen.query_params["code"] in (new_code, [new_code])
    assert table.engine.public_view(new_code)["phase"] == "lobby"

    student = table.play("Ana")  # the next poll shows the button
    student = run(student.button(key="join_next").click())
    token = student.query_params["token"]
    token = token[0] if isinstance(token, list) else token
    assert table.engine.player_view(token)["name"] == "Ana"
    assert table.engine.public_view(new_code)["players"] == ["Ana"]
