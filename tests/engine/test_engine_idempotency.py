"""Layer 4: retries (R12). The same request id returns the first result and creates nothing."""

from __future__ import annotations

from cc_support import row_counts, strokes

from tests.kit import refused, rid


def test_a_retried_submit_returns_the_first_result_and_one_fragment(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    token, request = table.tokens[artist], rid()
    first = table.engine.submit_fragment(token, strokes(2), request)
    rows, version = row_counts(table.engine), table.engine.status(table.code)["version"]
    for payload in (strokes(2), strokes(3), strokes(1, offset=0.2), "garbage"):
        assert table.engine.submit_fragment(token, payload, request) == first
    assert row_counts(table.engine) == rows
    assert table.engine.status(table.code)["version"] == version
    own = [f for f in table.view(artist)["fragments"] if f["pulse"] == 1]
    assert len(own) == 1 and len(own[0]["strokes"]) == 2


def test_a_retry_after_the_pulse_ended_still_returns_the_first_result(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    token, request = table.tokens[artist], rid()
    first = table.engine.submit_fragment(token, strokes(1), request)
    table.clock.advance(40 + 5)  # pulse 2 now
    assert table.phase() == "pulse2"
    rows = row_counts(table.engine)
    assert table.engine.submit_fragment(token, strokes(2), request) == first
    assert row_counts(table.engine) == rows
    # the artist has not drawn in pulse 2: a new request is a new fragment
    second = table.engine.submit_fragment(token, strokes(2), rid())
    assert second["pulse"] == 2
    assert row_counts(table.engine)["fragment"] == rows["fragment"] + 1
    table.advance_to("reveal")
    assert table.engine.submit_fragment(token, strokes(1), request) == first


def test_a_retried_choice_is_one_choice_even_after_the_phase_moved_on(table):
    table.advance_to("choice")
    curator = table.curator()
    token = table.tokens[curator]
    options = [o["id"] for o in table.view(curator)["options"]]
    request = rid()
    assert table.engine.choose(token, options[1], request) == options[1]
    assert table.phase() == "accusation"
    rows = row_counts(table.engine)
    # the retry carries a different option (a confused client): the first choice stands
    assert table.engine.choose(token, options[2], request) == options[1]
    table.advance_to("reveal")
    assert table.engine.choose(token, options[3], request) == options[1]
    assert row_counts(table.engine)["choice"] == rows["choice"]
    assert table.public()["reveal"]["choice"] == options[1]


def test_a_retried_vote_is_one_vote(table):
    table.advance_to("accusation")
    voter = table.names[0]
    token = table.tokens[voter]
    others = [s for s in table.public()["signatures"] if s != table.signature_of(voter)]
    request = rid()
    assert table.engine.accuse(token, others[0], request) == others[0]
    rows = row_counts(table.engine)
    assert table.engine.accuse(token, others[1], request) == others[0]
    assert table.public()["ready"] == {"done": 1, "total": 6}
    table.advance_to("reveal")
    assert table.engine.accuse(token, others[1], request) == others[0]
    assert row_counts(table.engine)["vote"] == rows["vote"]
    assert table.public()["reveal"]["votes"] == {voter: others[0]}


def test_a_retry_while_paused_answers_and_a_new_request_waits(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    token, request = table.tokens[artist], rid()
    first = table.engine.submit_fragment(token, strokes(1), request)
    table.engine.pause(table.fac)
    assert table.engine.submit_fragment(token, strokes(1), request) == first
    refused(
        "error.paused",
        table.engine.submit_fragment,
        table.tokens[table.artists()[1]],
        strokes(1),
        rid(),
    )


def test_awards_are_written_once_per_round(table):
    table.advance_to("choice")
    curator = table.curator()
    true_id, _ = table.true_and_false()
    table.engine.choose(table.tokens[curator], true_id, rid())
    table.advance_to("reveal")
    totals = table.public()["totals"]
    distorter = table.distorter()
    # target found, distorter not caught (no votes): 100 each but the Distorter, who gets 500
    assert totals == {n: (500 if n == distorter else 100) for n in table.names}
    awards = row_counts(table.engine)["award"]
    assert awards == 6
    for _ in range(5):
        table.engine.tick(table.code)
        table.public()
        table.facilitator()
        for name in table.names:
            table.view(name)
        table.clock.advance(1)
    table.engine.pause(table.fac)
    table.engine.resume(table.fac)
    assert table.public()["totals"] == totals
    assert row_counts(table.engine)["award"] == awards
    table.engine.advance(table.fac)
    assert (table.phase(), table.public()["round"]) == ("roles", 2)
    assert table.public()["totals"] == totals
    assert row_counts(table.engine)["award"] == awards


def test_awards_once_when_catch_up_and_advance_meet(table):
    table.advance_to("accusation")
    table.clock.advance(20 + 12 + 3)  # through the reveal into round 2
    table.engine.advance(table.fac)
    table.engine.tick(table.code)
    assert table.public()["round"] == 2
    assert row_counts(table.engine)["award"] == 6
    assert sum(table.public()["totals"].values()) == 2 * 5 * 100


def test_a_second_tabs_submit_is_told_the_first_tabs_strokes_count(table):
    """Two tabs on one personal link: the first tab's retry is quiet, the second tab's own
    request is refused saying so, and the strokes kept are the first tab's."""
    table.advance_to("pulse1")
    artist = table.artists()[0]
    token, first_tab, second_tab = table.tokens[artist], rid(), rid()
    table.engine.save_draft(token, strokes(1, offset=0.2))  # the second tab's draft
    first = table.engine.submit_fragment(token, strokes(2), first_tab)
    rows, version = row_counts(table.engine), table.engine.status(table.code)["version"]
    assert table.engine.submit_fragment(token, strokes(2), first_tab) == first
    error = refused(
        "error.already_submitted", table.engine.submit_fragment, token, strokes(1), second_tab
    )
    assert "another tab or device" in error.message("en")
    assert "otra pestaña" in error.message("es")
    assert (row_counts(table.engine), table.engine.status(table.code)["version"]) == (rows, version)
    own = [f for f in table.view(artist)["fragments"] if f["pulse"] == 1]
    assert [len(f["strokes"]) for f in own] == [2]
