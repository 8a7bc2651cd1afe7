"""pages/play.py and R4 drafts: strokes reach the server as they are drawn, come back after a
reload, and a student who never tapped Submit is told their strokes were locked for them."""

from __future__ import annotations

from pagekit import a_path, canvases, drawing_state, html_text, run, tr


def canvas_key(view) -> str:
    pulse = 1 if view["phase"] == "pulse1" else 2
    return f"draw_r{view['round']}_p{pulse}-gen0"


def test_strokes_are_kept_as_drawn_and_locked_when_time_runs_out(started):
    table = started
    table.advance_to("pulse1")
    artist, other = table.with_role("loyal")[:2]
    at = table.play(artist)
    key = canvas_key(table.view(artist))
    at.session_state[key] = drawing_state(a_path(40), a_path(120))
    at = run(at)
    assert len(table.view(artist)["draft"]) == 2  # on the server, not submitted
    assert table.view(other)["draft"] == []
    assert not [f for f in table.public()["fragments"]]

    reloaded = table.play(artist)  # a reload (a new tab) starts from the kept strokes
    assert canvases(reloaded) == [key]
    seed = reloaded.session_state["_cc_canvas_seed__draw_r1_p1"]
    assert len(seed["objects"]) == 2
    assert tr("en", "ui.play.stroke_counter", count=2, most=3) in html_text(reloaded)

    table.engine.advance(table.fac, phase="pulse1")  # the teacher ends the pulse
    assert table.phase() == "merge"
    mine = [
        f for f in table.public()["fragments"] if f["signature"] == table.view(artist)["signature"]
    ]
    assert len(mine) == 1 and len(mine[0]["strokes"]) == 2
    at = table.play(artist)
    assert [s.value for s in at.success] == [tr("en", "ui.play.auto_locked")]
    assert not table.play(other).success  # nothing said to an artist who had nothing drawn


def test_a_submit_from_another_tab_is_said_on_this_one(started):
    """Two tabs on one personal link, both drawing: the one that submits is the one that
    counts; the other, on its next run (a stroke, a tap on Submit), says so instead of
    silently showing a different canvas. The submitting tab says its strokes are locked."""
    table = started
    table.advance_to("pulse1")
    artist = table.with_role("loyal")[0]
    first, second = table.play(artist), table.play(artist)
    key = canvas_key(table.view(artist))
    second.session_state[key] = drawing_state(a_path(200))
    second = run(second)  # the second tab's stroke is the draft now
    first.session_state[key] = drawing_state(a_path(40), a_path(120))
    first = run(run(first).button(key="submit_fragment").click())
    first = run(first.button(key="confirm_submit").click())
    assert [s.value for s in first.success] == [tr("en", "ui.play.locked")]
    second = run(second.button(key="submit_fragment").click())
    assert [w.value for w in second.warning] == [tr("en", "error.already_submitted")]
    assert not second.success and not canvases(second)
    [mine] = [f for f in table.view(artist)["fragments"] if f["pulse"] == 1]
    assert len(mine["strokes"]) == 2  # the first tab's
