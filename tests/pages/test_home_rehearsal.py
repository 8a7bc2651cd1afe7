"""app.py's "Try it with robots" (ui/rehearsal.py): a teacher alone gets a game with herself
at one seat and robots at the others, and links to her three pages."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from pagekit import page, run, tr, walk

from engine import Engine
from tests.engine.cc_support import row_counts


def rehearsal_links(at) -> dict[str, dict[str, str]]:
    """The rehearsal's link buttons: {label: the query of the page each opens, and its path}."""
    found = {}
    for node in walk(at._tree):
        if getattr(node, "type", None) == "link_button":
            parts = urlsplit(node.proto.url)
            query = {name: values[0] for name, values in parse_qs(parts.query).items()}
            found[node.proto.label] = {"path": parts.path, **query}
    return found


def try_with_robots(language: str, game: str, name: str, robots: int | None = None):
    at = run(page("app.py"))
    at.segmented_control(key="home_language").set_value(language)
    at.radio(key="create_game_name").set_value(game)
    run(at)
    at.radio(key="create_kind").set_value("robots")
    at.radio(key="create_pace").set_value("untimed")
    run(at)
    at.text_input(key="robots_name").input(name)
    if robots is not None:
        at.number_input(key="robots_count").set_value(robots)
    return run(at.button(key="create_game").click())


@pytest.mark.parametrize(
    ("language", "game", "robots"),
    [("en", "crossed_canvas", 5), ("es", "canvas_critters", None), ("en", "canvas_layers", 4)],
)
def test_a_teacher_alone_gets_a_game_with_robots_and_her_three_pages(
    engine: Engine, language, game, robots
):
    at = try_with_robots(language, game, "Marta", robots)
    assert [s.value for s in at.success] == [tr(language, "ui.home.robots_ready")]
    links = rehearsal_links(at)
    teacher = links[tr(language, "ui.home.robots_open_facilitator")]
    projector = links[tr(language, "ui.home.robots_open_screen")]
    phone = links[tr(language, "ui.home.robots_open_phone")]
    assert (teacher["path"], projector["path"], phone["path"]) == (
        "/facilitator",
        "/screen",
        "/play",
    )
    view = engine.facilitator_view(teacher["key"])
    seated = robots or Engine.offered_games()[game]["fewest"] - 1  # the fewest by default
    assert view["game"] == game and view["phase"] == "lobby" and view["language"] == language
    assert view["players"] == ["Marta", *(f"Robot {n}" for n in range(1, seated + 1))]
    assert view["robots"] == view["players"][1:]
    assert set(view["durations"].values()) == {None}  # the pace chosen: untimed
    assert projector["code"] == view["code"]
    assert engine.player_view(phone["token"])["name"] == "Marta"


def test_the_robots_are_counted_within_the_game_s_table(engine: Engine):
    at = run(page("app.py"))
    at.radio(key="create_game_name").set_value("canvas_layers")  # two to five painters
    run(at)
    at.radio(key="create_kind").set_value("robots")
    run(at)
    count = at.number_input(key="robots_count")
    assert (count.min, count.max, count.value) == (1, 4, 1)
    assert at.radio(key="create_kind").options[-1] == tr(
        "en", "ui.home.kind.robots", fewest=1, most=4
    )


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_refused_name_is_said_in_the_page_s_language_and_leaves_no_game(engine: Engine, language):
    at = try_with_robots(language, "crossed_canvas", "   ")
    assert [e.value for e in at.error] == [tr(language, "error.name_empty")]
    assert not rehearsal_links(at)
    assert row_counts(engine)["game"] == 0 and row_counts(engine)["player"] == 0
