"""Timers a class notices: +30 s on the facilitator page, the last seconds of a pulse
said on every phone (and shown in red on the projector), and those of a Canvas Layers turn
said to its painter."""

from __future__ import annotations

from pagekit import LONG, NAMES, Table, base_key, html_text, run, seat_lobby, timer, tr

from engine import Engine


def seated(engine: Engine, durations: dict) -> Table:
    table = seat_lobby(engine, NAMES, durations=durations)
    table.start()
    return table


def test_thirty_more_seconds_from_the_facilitator_page(engine):
    table = seated(engine, LONG)
    at = table.facilitator_page()
    before = table.public()["seconds_left"]
    at = run(timer(at, "extend_phase").click())
    assert table.public()["seconds_left"] >= before + 29
    assert timer(at, "extend_phase").label == tr("en", "ui.fac.extend")


def test_an_untimed_phase_offers_no_extra_time(engine):
    table = seated(engine, dict.fromkeys(LONG))
    assert not [b for b in table.facilitator_page().button if base_key(b.key) == "extend_phase"]


def test_the_last_seconds_of_a_pulse_are_said_on_every_phone(engine, wide_last_seconds):
    table = seated(engine, LONG | {"pulse1": wide_last_seconds})
    table.advance_to("pulse1")
    phone = html_text(table.play(table.with_role("loyal")[0]))
    assert tr("en", "ui.last_seconds") in phone
    assert "#b00020" in html_text(table.screen())  # the projector's countdown turns red
    table.engine.advance(table.fac)  # the merge: no warning
    assert tr("en", "ui.last_seconds") not in html_text(table.play(table.with_role("loyal")[0]))


def test_an_untimed_merge_says_it_waits_for_the_teacher(engine):
    cases = ((LONG, "ui.play.hint.merge"), (dict.fromkeys(LONG), "ui.play.hint.merge.untimed"))
    for durations, hint in cases:
        table = seated(engine, durations)
        table.advance_to("merge")
        assert [i.value for i in table.play(table.with_role("loyal")[0]).info] == [tr("en", hint)]


def test_the_last_seconds_of_a_layers_turn_are_said_to_its_painter_alone(engine, wide_last_seconds):
    table = seat_lobby(
        engine, ["Ana", "Ben"], game="canvas_layers", durations={"turn": wide_last_seconds}
    )
    table.start()
    painter = table.public()["turn"]
    other = next(name for name in table.tokens if name != painter)
    warning = tr("en", "ui.layers.last_seconds")
    assert warning in html_text(table.play(painter))
    assert warning not in html_text(table.play(other))  # nothing to do before the end
    assert tr("en", "ui.last_seconds") not in html_text(table.play(painter))
