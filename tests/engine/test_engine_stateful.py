"""Random play (hypothesis stateful): any mix of actions, retries, pauses and waiting keeps the
game's invariants. Modest sizes: every step goes through the service and its database."""

from __future__ import annotations

import math

from cc_support import DEFAULTS, ROUND_ORDER, row_counts, seat_table, strokes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from engine import Engine, FakeClock, RuleError

PLAYERS = 5


class RandomPlay(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.clock = FakeClock()
        self.engine = Engine("sqlite://", clock=self.clock, seed=17)
        self.t = seat_table(self.engine, self.clock, PLAYERS)
        self.requests: list[tuple[str, str, object, object]] = []  # kind, name, payload, result
        self.next_id = 0
        self.last_round = 1

    def _request_id(self) -> str:
        self.next_id += 1
        return f"r{self.next_id}"

    def _attempt(self, kind, name, call, payload):
        """Run an action; a refusal must change nothing at all."""
        before = (self.engine.status(self.t.code), row_counts(self.engine))
        request = self._request_id()
        try:
            result = call(self.t.tokens[name], payload, request)
        except RuleError:
            assert (self.engine.status(self.t.code), row_counts(self.engine)) == before
            return
        self.requests.append((kind, name, request, result))

    @rule(seconds=st.sampled_from([0.5, 1, 3, 7, 12, 25, 40, 90]))
    def wait(self, seconds):
        self.clock.advance(seconds)

    @rule(data=st.data(), count=st.integers(0, 4), bad=st.booleans())
    def submit(self, data, count, bad):
        name = data.draw(st.sampled_from(self.t.names))
        payload = strokes(count)
        if bad and payload:
            payload[0] = [(0.5, math.nan), (0.2, 0.2)]
        self._attempt("submit", name, self.engine.submit_fragment, payload)

    @rule(data=st.data())
    def choose(self, data):
        name = data.draw(st.sampled_from(self.t.names))
        # No Curator outside a round (waits may have finished the game): a made-up option,
        # which must be refused like any choice out of turn.
        curators = self.t.with_role("curator")
        options = (curators and self.t.view(curators[0])["options"]) or [{"id": "nothing"}]
        option = data.draw(st.sampled_from([o["id"] for o in options]))
        self._attempt("choose", name, self.engine.choose, option)

    @rule(data=st.data())
    def accuse(self, data):
        name = data.draw(st.sampled_from(self.t.names))
        signatures = list(self.t.public()["signatures"]) or ["none"]
        self._attempt("accuse", name, self.engine.accuse, data.draw(st.sampled_from(signatures)))

    @precondition(lambda self: self.requests)
    @rule(data=st.data())
    def retry(self, data):
        kind, name, request, result = data.draw(st.sampled_from(self.requests))
        call = {
            "submit": self.engine.submit_fragment,
            "choose": self.engine.choose,
            "accuse": self.engine.accuse,
        }[kind]
        rows = row_counts(self.engine)
        assert call(self.t.tokens[name], "anything", request) == result
        assert row_counts(self.engine) == rows

    @rule()
    def advance(self):
        try:
            self.engine.advance(self.t.fac)
        except RuleError as error:
            assert error.key == "error.game_finished"

    @rule()
    def pause_or_resume(self):
        if self.t.public()["paused"]:
            self.engine.resume(self.t.fac)
        else:
            try:
                self.engine.pause(self.t.fac)
            except RuleError as error:
                assert error.key == "error.game_finished"

    @invariant()
    def the_game_holds_together(self):
        view = self.t.public()
        assert view["round"] >= self.last_round
        self.last_round = view["round"]
        if view["phase"] == "finished":
            assert view["seconds_left"] is None and not view["paused"]
        else:
            assert view["phase"] in ROUND_ORDER
            assert 0 <= view["seconds_left"] <= DEFAULTS[view["phase"]]
        scored = len(self.t.facilitator()["history"])
        # every round hands out 2 x (N - 1) x 100 in all, whatever happened
        assert sum(view["totals"].values()) == scored * 2 * (PLAYERS - 1) * 100
        counts = row_counts(self.engine)
        assert counts["award"] == scored * PLAYERS
        assert counts["choice"] <= view["round"]
        assert counts["vote"] <= view["round"] * PLAYERS
        assert counts["fragment"] <= view["round"] * 2 * (PLAYERS - 1)
        signatures = [f["signature"] for f in view["fragments"]]
        pulses = [(f["signature"], f["pulse"]) for f in view["fragments"]]
        assert len(set(pulses)) == len(pulses)
        assert set(signatures) <= set(view["signatures"])


RandomPlay.TestCase.settings = settings(
    max_examples=12,
    stateful_step_count=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_random_play_keeps_the_invariants = RandomPlay.TestCase


@given(data=st.data())
@settings(max_examples=1, deadline=None)
def test_choose_after_waits_finished_the_game_is_refused_quietly(data):
    """Random waits may finish the game before `choose` runs: there is no Curator then, and
    the attempt is one more refusal that changes nothing (it once failed the machine)."""
    machine = RandomPlay()
    while machine.t.public()["phase"] != "finished":
        machine.wait(90)
    machine.choose(data)
    machine.the_game_holds_together()
