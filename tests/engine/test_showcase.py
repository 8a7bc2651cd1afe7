"""Which table's showcase the class projector shows, and how long the waiting ones stay in
theirs (engine/classes/showcase.py): in the order they got there, each for its whole length."""

from __future__ import annotations

from engine.classes.showcase import Showing, projector_queue, queued_ends


def test_the_first_there_shows_first_and_the_others_queue_for_their_whole_length():
    shows = [Showing(2, began=10.0, ends=70.0, length=60.0), Showing(1, 10.0, 70.0, 60.0)]
    assert projector_queue(shows) == [1, 2]
    assert queued_ends(shows) == {2: 130.0}
    later = [
        Showing(1, 10.0, 70.0, 60.0),
        Showing(2, 10.0, 130.0, 60.0),
        Showing(3, 20.0, 80.0, 60.0),
    ]
    assert queued_ends(later) == {3: 190.0}  # table 3 got there after table 2: behind it


def test_one_taking_the_projector_early_has_its_whole_length_from_then():
    waiting = [Showing(2, began=10.0, ends=130.0, length=60.0), Showing(3, 20.0, 190.0, 60.0)]
    assert queued_ends(waiting, taken_at=40.0) == {2: 100.0, 3: 160.0}
    assert queued_ends(waiting, taken_at=75.0) == {}  # on time: nothing moves


def test_behind_a_table_with_no_clock_the_others_wait_as_they_are():
    shows = [Showing(1, 10.0, None, None), Showing(2, 10.0, 70.0, 60.0)]
    assert queued_ends(shows) == {}
