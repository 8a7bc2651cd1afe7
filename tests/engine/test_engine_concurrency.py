"""Layer 6: many writers on one SQLite file, from threads and from processes (R12).

No duplicate, no lost action, and never "database is locked".
"""

from __future__ import annotations

import multiprocessing
import queue
import random
import threading
import time
from collections import defaultdict

import cc_workers
from cc_support import row_counts, seat_table, strokes

from engine import Engine, FakeClock, RuleError

THREADS = 16
LONG = cc_workers.LONG
SHORT = dict.fromkeys(LONG, 1)


def in_processes(target, *args, tags, keeper: Engine | None = None):
    """Run `target(*args, tag, barrier, results)` in one new process per tag, started together;
    returns what each put on the results queue. `keeper` beats meanwhile as an app server's
    keeper does: a running game no server keeps for OUTAGE_SECONDS is paused as after an
    outage, and spawned children can take that long to start on a busy machine."""
    context = multiprocessing.get_context("spawn")
    barrier, results = context.Barrier(len(tags)), context.Queue()
    processes = [
        context.Process(target=target, args=(*args, tag, barrier, results)) for tag in tags
    ]
    for process in processes:
        process.start()
    outcomes = []
    deadline = time.monotonic() + 120
    while len(outcomes) < len(processes):
        if keeper is not None:
            keeper.keep()
        try:
            outcomes.append(results.get(timeout=1))
        except queue.Empty:
            assert time.monotonic() < deadline, f"{len(outcomes)} of {len(tags)} answered"
    for process in processes:
        process.join(timeout=60)
    return outcomes


def race(tasks, threads=THREADS):
    """Run (label, call) tasks on `threads` threads that start together; collect outcomes."""
    random.Random(0).shuffle(tasks)
    barrier = threading.Barrier(threads)
    outcomes = []
    lock = threading.Lock()

    def worker(share):
        barrier.wait()
        for label, call in share:
            try:
                result = ("ok", call())
            except RuleError as error:
                result = ("refused", error.key)
            except Exception as error:  # any other failure is the finding
                result = ("crash", repr(error))
            with lock:
                outcomes.append((label, result))

    pool = [threading.Thread(target=worker, args=(tasks[i::threads],)) for i in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    crashes = [o for o in outcomes if o[1][0] == "crash"]
    assert not crashes, crashes[:3]
    return outcomes


def assert_retry_consistent(copies, already):
    """Copies of one request: all answer the first result, or all lost to another request."""
    if any(status == "ok" for status, _ in copies):
        assert copies[0] == copies[1]
    else:
        assert {key for _, key in copies} <= {already, "error.wrong_phase"}


def background(engine, clock, other, table):
    """Ticks, views and a moving clock that make another game write while we race."""
    tasks = []
    for i in range(40):
        tasks.append(("bg", lambda: clock.advance(1)))
        tasks.append(("bg", lambda: engine.tick(other.code)))
        tasks.append(("bg", lambda: engine.tick(table.code)))
        tasks.append(("bg", lambda: engine.public_view(table.code)))
        tasks.append(("bg", lambda: engine.facilitator_view(table.fac)))
        name = table.names[i % len(table.names)]
        tasks.append(("bg", lambda name=name: engine.player_view(table.tokens[name])))
        tasks.append(("bg", lambda: engine.public_view(other.code)))
    return tasks


def test_threads_racing_submits_choices_and_votes(file_url):
    clock = FakeClock()
    engine = Engine(file_url, clock=clock, seed=11)
    table = seat_table(engine, clock, 12, durations=LONG)
    other = seat_table(engine, clock, 5, durations=SHORT, names=["Zoe", "Yan", "Xia", "Wes", "Val"])
    table.advance_to("pulse1")
    artists = table.artists()
    assert len(artists) == 11

    # ---- submits: per artist two copies of request A, one of request B
    tasks = background(engine, clock, other, table)
    for name in artists:
        token = table.tokens[name]
        for label, count in ((f"{name}/A", 1), (f"{name}/A", 1), (f"{name}/B", 2)):
            request = label.replace("/", "-")
            tasks.append(
                (
                    label,
                    lambda t=token, r=request, c=count: engine.submit_fragment(t, strokes(c), r),
                )
            )
    outcomes = race(tasks)
    by_label = defaultdict(list)
    for label, result in outcomes:
        by_label[label].append(result)
    for name in artists:
        a, b = by_label[f"{name}/A"], by_label[f"{name}/B"]
        assert len(a) == 2 and len(b) == 1
        assert_retry_consistent(a, "error.already_submitted")
        winners = [r for r in (a[0], b[0]) if r[0] == "ok"]
        assert len(winners) == 1, (name, a, b)  # exactly one fragment, never none
        loser = b[0] if a[0][0] == "ok" else a[0]
        assert loser[1] in ("error.already_submitted", "error.wrong_phase")
        assert winners[0][1]["signature"] == table.signature_of(name)
    assert table.phase() == "merge"  # everyone drew, so the pulse ended
    fragments = table.public()["fragments"]
    assert sorted(f["signature"] for f in fragments) == sorted(
        table.signature_of(n) for n in artists
    )
    for name in artists:
        kept = next(f for f in fragments if f["signature"] == table.signature_of(name))
        expected = 1 if by_label[f"{name}/A"][0][0] == "ok" else 2
        assert len(kept["strokes"]) == expected

    # ---- choice: six requests, two of them the same
    table.advance_to("choice")
    curator = table.curator()
    options = [o["id"] for o in table.view(curator)["options"]]
    token = table.tokens[curator]
    tasks = background(engine, clock, other, table)
    requests = ["c0", "c0", "c1", "c2", "c3", "c4"]
    for request in requests:
        option = options[int(request[1]) % 4]
        tasks.append((request, lambda o=option, r=request: engine.choose(token, o, r)))
    outcomes = race(tasks)
    chosen = [(label, r[1]) for label, r in outcomes if label.startswith("c") and r[0] == "ok"]
    assert len({label for label, _ in chosen}) == 1  # one request won
    assert len({option for _, option in chosen}) == 1
    assert table.phase() == "accusation"
    winner_option = chosen[0][1]

    # ---- votes: every player, twice with one request and once with another
    signatures = list(table.public()["signatures"])
    tasks = background(engine, clock, other, table)
    for name in table.names:
        own = table.signature_of(name)
        choices = [s for s in signatures if s != own]
        token = table.tokens[name]
        for label, sig in (
            (f"{name}/A", choices[0]),
            (f"{name}/A", choices[0]),
            (f"{name}/B", choices[1]),
        ):
            request = "v-" + label.replace("/", "-")
            tasks.append((label, lambda t=token, s=sig, r=request: engine.accuse(t, s, r)))
    outcomes = race(tasks)
    by_label = defaultdict(list)
    for label, result in outcomes:
        by_label[label].append(result)
    final_votes = {}
    for name in table.names:
        a, b = by_label[f"{name}/A"], by_label[f"{name}/B"]
        assert_retry_consistent(a, "error.already_voted")
        winners = [r for r in (a[0], b[0]) if r[0] == "ok"]
        assert len(winners) == 1, (name, a, b)
        final_votes[name] = winners[0][1]
    assert table.phase() == "reveal"
    reveal = table.public()["reveal"]
    assert reveal["votes"] == final_votes
    assert reveal["choice"] == winner_option
    counts = row_counts(engine)
    assert counts["fragment"] == 11 and counts["choice"] == 1 and counts["vote"] == 12
    assert counts["award"] == 12 + 5 * len(other.facilitator()["history"])
    # the other game kept running on its own clock while we raced
    assert other.public()["round"] >= 2


def test_two_processes_open_create_and_play_on_one_new_file(file_url):
    outcomes = in_processes(cc_workers.create_and_play, file_url, tags=("p", "q", "r"))
    errors = [o for o in outcomes if o[1] != "ok"]
    assert not errors, errors[0][2]
    engine = Engine(file_url)
    codes = [code for _, _, games in outcomes for code in games]
    assert len(set(codes)) == 9
    for code in codes:
        view = engine.public_view(code)
        assert len(view["players"]) == 5
        assert view["phase"] == "merge"  # every artist's fragment arrived
        assert len(view["fragments"]) == 4


def test_two_processes_race_on_one_game(file_url):
    engine = Engine(file_url)  # system clock, like the children
    new = engine.create_game(durations=LONG)
    joined = in_processes(cc_workers.join_shared, file_url, new.code, tags=("P", "Q"))
    assert all(status == "ok" for _, status, _ in joined), joined
    tokens = {name: token for _, _, part in joined for name, token in part.items()}
    assert sorted(engine.public_view(new.code)["players"]) == sorted(tokens)  # no lost join
    assert len(tokens) == 10

    engine.start(new.facilitator_token)
    engine.advance(new.facilitator_token)
    answers = in_processes(
        cc_workers.submit_shared, file_url, tokens, tags=("P", "Q"), keeper=engine
    )
    assert all(status == "ok" for _, status, _ in answers), answers
    drew = {name: answer for name, answer in answers[0][2].items() if isinstance(answer, dict)}
    assert len(drew) == 9, answers[0][2]
    for name, answer in drew.items():
        assert answers[1][2][name] == answer  # same request id, same answer, in both processes
    view = engine.public_view(new.code)
    assert view["phase"] == "merge"
    assert len(view["fragments"]) == 9
    assert row_counts(engine)["fragment"] == 9
