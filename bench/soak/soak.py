"""Soak: classroom games on PostgreSQL, two app servers, one killed with SIGKILL mid-game.

Run: .venv/bin/python -m bench.soak.soak [--games 30] [--players 12] [--database-url URL]

Two app server processes each hold their own Engine on one database and serve half the
students of every game, so both act on the same games at once. Each simulated student plays
through the public API as a phone would: it polls, makes a move its game's robot player
(engine/<game>/bots.py) lists for its view, retries with the same request id, double-taps,
and tries actions the rules must refuse. A third of the way in, one server is killed with
SIGKILL and a new process takes over its students. Every call is journaled by the
process that made it, one system call per line, so a killed server loses nothing it had sent;
bench/soak/audit.py then proves from the database that every game holds exactly what the rules
allow. Exits non-zero if any check fails.
"""

from __future__ import annotations

import argparse
import heapq
import itertools
import json
import multiprocessing
import os
import random
import re
import signal
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.soak.audit import KILLED, audit, read_journal
from engine import Engine, RuleError
from engine.crossed_canvas.decks import load_deck
from engine.crossed_canvas.rules import ROUND_PHASES, STROKE_LIMITS
from engine.games import DECLARATIONS
from tests.engine.cc_support import NAMES
from ui.keeper import Keeper

# Short phases so 12 rounds take minutes; pulses, choice and accusation end early when answered.
DURATIONS = {
    "roles": 2,
    "pulse1": 4,
    "merge": 2,
    "pulse2": 4,
    "discussion": 3,
    "choice": 4,
    "accusation": 4,
    "reveal": 2,
}
# The other games' phases as short (a robot builds a mosaic at a piece a poll, so building
# keeps room for that); every phase still ends early once everyone has answered.
GAME_DURATIONS: dict[str, dict[str, float]] = {
    "crossed_canvas": DURATIONS,
    "canvas_critters": {
        "theme": 3,
        "build": 25,
        "last_minute": 6,
        "titles": 3,
        "judging": 4,
        "scores": 2,
        "guess": 4,
    },
    "canvas_layers": {"turn": 4},
}
PULSES = {"pulse1": 1, "pulse2": 2}
# Robots think as fast as these phases need (the app's few seconds would outlast them).
ROBOT_SECONDS = (0.5, 1.5)
POLL_SECONDS = 1.0  # as ui/live.py: every page asks for the game's status once a second
THREADS = 12  # per app server: students are interleaved across them
KILL_AFTER = 1 / 3  # of the rounds played, on average over the games

# How hurried, forgetful and mischievous the students are (per phase or per action).
IDLE = 0.07  # lets a phase time out without acting
ACT = 0.6  # acts at this poll rather than the next one
DOUBLE_TAP = 0.15  # sends the same request twice at once
RETRY = 0.2  # sends an accepted request again later (its answer was "lost")
SECOND = 0.12  # sends a different request for an action already locked
PROBE = 0.12  # tries something the rules refuse when a phase opens
PAUSE = 0.03  # the facilitator pauses this phase for a second or two
END_DISCUSSION = 0.35  # the facilitator ends the discussion early

SECOND_PROBE = {
    "draw": "second_submit",
    "choose": "second_choice",
    "accuse": "second_vote",
}
ROLE_WORDS = {"curator", "loyal", "distorter"}
TOKEN_LIKE = re.compile(r"^[A-Za-z0-9_-]{40,}$")


# ---------------------------------------------------------------------------- journal


class Journal:
    """Append-only JSON lines, one write(2) each: what the kernel has survives a SIGKILL."""

    def __init__(self, path: Path) -> None:
        self._fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
        self._lock = threading.Lock()

    def write(self, **event: Any) -> None:
        line = (json.dumps(event, separators=(",", ":")) + "\n").encode()
        with self._lock:
            os.write(self._fd, line)


# ---------------------------------------------------------------------------- what servers get


@dataclass(frozen=True)
class Venue:
    """What the soak sets up: a game of `players`, or a class of `players` students that
    seats them at tables itself."""

    game: str  # its registry name (engine/games.py)
    players: int  # students
    is_class: bool = False
    robots: int = 0  # a class's: its teacher fills its table short of the game's fewest


def mix(games: int, players: int, classes: bool, robots: int = 0) -> list[Venue]:
    """The soak's games: Crossed Canvas of `players`, one Canvas Critters game of five and one
    Canvas Layers game of four among them (from three games on), and a class of each game;
    with `robots`, also a Crossed Canvas class of as few students as leaves that many robots
    to fill its one table to the game's fewest (issue 43: robots at a class's table)."""
    others = [Venue("canvas_critters", 5), Venue("canvas_layers", 4)] if games >= 3 else []
    venues = [Venue("crossed_canvas", players)] * (games - len(others)) + others
    if classes:  # each class more students than one table holds
        venues += [
            Venue("crossed_canvas", 14, is_class=True),
            Venue("canvas_critters", 8, is_class=True),
            Venue("canvas_layers", 7, is_class=True),
        ]
    if robots:
        fewest = DECLARATIONS["crossed_canvas"].class_sizes[0]
        venues.append(Venue("crossed_canvas", fewest - robots, is_class=True, robots=robots))
    return venues


def names_for(count: int) -> list[str]:
    """`count` different names (a class may have more students than NAMES)."""
    return (NAMES + [f"{name} B" for name in NAMES])[:count]


@dataclass(frozen=True)
class Request:
    """One player action as a page sends it; a retry sends the very same one."""

    kind: str  # the move, as its game declares it: draw, take_piece, take...
    args: dict[str, Any]  # its arguments after the token: strokes, option_id, position...
    rid: str = field(default_factory=lambda: uuid.uuid4().hex[:16])
    retried: bool = True  # a move a page may retry names its request (its `Move.earlier`)


@dataclass
class Seat:
    """A student served by one app server; the token arrives with the join."""

    code: str
    name: str
    token: str | None = None
    # From a killed server: requests it sent without an answer, and ones it had answered.
    resend: list[Request] = field(default_factory=list)
    retry: list[Request] = field(default_factory=list)


@dataclass
class Desk:
    """A game's facilitator (and its projector), or a class's teacher page, served by one
    app server."""

    code: str
    key: str
    players: int
    is_class: bool = False
    robots: bool = False  # a class's teacher fills a table short of the game's fewest


Outcome = tuple[str, Any]  # ("ok", answer) | ("refused", key) | ("crash", text)
Pending = tuple[Request, str, int, tuple[int, str] | None]


# ---------------------------------------------------------------------------- one app server


class Server:
    """One app server process: its Engine, its journal, and what its pages have seen."""

    def __init__(self, url: str, journal: Journal) -> None:
        self.engine = Engine(url, robot_seconds=ROBOT_SECONDS)
        # As in the app: a keeper beats in every server process (deadlines, outage marks).
        self.keeper = Keeper(self.engine).start()
        self.journal = journal
        self.taps = ThreadPoolExecutor(THREADS, thread_name_prefix="tap")
        self._numbers = itertools.count(1)
        self._lock = threading.Lock()
        self._queries: Counter[str] = Counter()
        self._query_ms: Counter[str] = Counter()
        self._last_digest: dict[tuple[str, str, str], str] = {}
        self._lookout = Lookout()

    def send(
        self, code: str, who: str, kind: str, why: str, call: Callable[[], Any], **request: Any
    ) -> Outcome:
        """Make one command, journaled before (what was sent) and after (what came back)."""
        number = next(self._numbers)
        self.journal.write(
            e="send", i=number, t=time.time(), g=code, n=who, kind=kind, why=why, **request
        )
        started = time.perf_counter()
        try:
            outcome: Outcome = ("ok", call())
        except RuleError as error:
            outcome = ("refused", error.key)
        except Exception as error:  # any other failure is a finding
            outcome = ("crash", f"{type(error).__name__}: {error}"[:400])
        self.journal.write(
            e="got",
            i=number,
            t=time.time(),
            ms=round((time.perf_counter() - started) * 1000, 2),
            r=outcome[0],
            v=outcome[1],
        )
        return outcome

    def query(self, kind: str, call: Callable[[], Any]) -> Any:
        """A poll or a view; a failure is journaled and the page simply polls again."""
        started = time.perf_counter()
        try:
            return call()
        except Exception as error:  # RuleError included: tokens are valid
            self.journal.write(e="crash", kind=kind, text=f"{type(error).__name__}: {error}"[:400])
            return None
        finally:
            with self._lock:
                self._queries[kind] += 1
                self._query_ms[kind] += (time.perf_counter() - started) * 1000

    def watch(self, kind: str, code: str, name: str, view: dict[str, Any]) -> None:
        """Journal what a view shows, each time it shows something new, for the secrecy audit."""
        digest = self._lookout.digest(kind, code, name, view)
        text = json.dumps(digest, sort_keys=True)
        with self._lock:
            if self._last_digest.get((kind, code, name)) == text:
                return
            self._last_digest[(kind, code, name)] = text
        self.journal.write(e="view", **digest)

    def tally(self) -> None:
        with self._lock:
            queries, query_ms = dict(self._queries), dict(self._query_ms)
        self.journal.write(
            e="tally", queries=queries, query_ms=query_ms, cpu=round(time.process_time(), 2)
        )


class Lookout:
    """Reduces a view to the facts the audit checks against the database, so nothing secret
    can hide in a field nobody thought of: every string anywhere is looked at."""

    def __init__(self) -> None:
        self._objects: dict[str, str] = {}
        for obj in load_deck().objects.values():
            for text in (obj.id, str(obj.image), *obj.names.values()):
                self._objects[text] = obj.id

    def digest(self, kind: str, code: str, name: str, view: dict[str, Any]) -> dict[str, Any]:
        # The reveal, the facilitator's history of revealed rounds and the finished game's
        # gallery are public by design; the audit compares the first two with the database
        # whole, and checks the gallery comes only at the end. A player's own role is checked
        # there too; a role word anywhere else is a leak.
        public = ("reveal", "history", "gallery", "role")
        rest = {k: v for k, v in view.items() if k not in public}
        found = _Found(self._objects, set(view["signatures"]), set(view["players"]))
        found.walk(rest)
        digest: dict[str, Any] = {
            "k": kind,
            "g": code,
            "n": name,
            "round": view["round"],
            "phase": view["phase"],
            "objects": sorted(found.objects),
            "role_words": found.role_words,
            "authorship": found.authorship,
            "tokens": found.tokens,
            "fragments": sorted([f["signature"], f["pulse"]] for f in view["fragments"]),
            "reveal": _reveal_digest(view["reveal"]),
            "gallery": [entry["round"] for entry in view.get("gallery", [])],
        }
        if kind == "player":
            digest |= {
                "role": view["role"],
                "target": view["target"] and view["target"]["id"],
                "signature": view["signature"],
                "options": view["options"] and [o["id"] for o in view["options"]],
                "my_choice": view["my_choice"],
                "my_vote": view["my_vote"],
            }
        if kind == "facilitator":
            digest["history"] = [[h["round"], _reveal_digest(h)] for h in view["history"]]
        return digest


def _reveal_digest(reveal: dict[str, Any] | None) -> dict[str, Any] | None:
    if reveal is None:
        return None
    return {
        "true": reveal["true_target"]["id"],
        "false": reveal["false_target"]["id"],
        "curator": reveal["curator"],
        "distorter": reveal["distorter"],
        "authors": reveal["authors"],
        "votes": reveal["votes"],
        "choice": reveal["choice"],
        "awards": reveal["awards"],
    }


class _Found:
    """Secrets met while walking a view: objects, role words, who drew what, tokens."""

    def __init__(self, objects: dict[str, str], signatures: set[str], names: set[str]) -> None:
        self._lookup, self._signatures, self._names = objects, signatures, names
        self.objects: set[str] = set()
        self.role_words = self.authorship = self.tokens = 0

    def walk(self, value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                pair = {str(key), item} if isinstance(item, str) else set()
                if pair & self._signatures and pair & self._names:
                    self.authorship += 1  # a signature next to a player's name
                self.walk(str(key))
                self.walk(item)
        elif isinstance(value, list | tuple):
            for item in value:
                self.walk(item)
        elif isinstance(value, str):
            if value in self._lookup:
                self.objects.add(self._lookup[value])
            self.role_words += value.casefold() in ROLE_WORDS
            self.tokens += bool(TOKEN_LIKE.match(value))


# ---------------------------------------------------------------------------- pages


def scribble(rng: random.Random, count: int) -> list[list[list[float]]]:
    """`count` strokes of 2 to 8 points, at a precision the engine stores unchanged."""
    return [
        [[round(rng.random(), 3), round(rng.random(), 3)] for _ in range(rng.randint(2, 8))]
        for _ in range(count)
    ]


class Phone:
    """One student's page: polls like a page, acts like a hurried thumb on a flaky network."""

    def __init__(self, server: Server, seat: Seat, rng: random.Random) -> None:
        self.server, self.seat, self.rng = server, seat, rng
        self.version: int | None = None
        self.view: dict[str, Any] | None = None
        self.steps = 0
        # Requests to send again, as a page does after a timeout: (request, why, at step, the
        # round and phase it was made in); None: whatever the phase, since it may be answered.
        self.again: list[Pending] = [(r, "after_kill", 0, None) for r in seat.resend]
        self.again += [(r, "retry", 0, None) for r in seat.retry]
        self.seen: set[tuple[int, str]] = set()
        self.idle: set[tuple[int, str]] = set()
        self.acted: set[tuple[int, str]] = set()
        # The game this student plays: the seat's own, or the table a class seated them at
        # (which the class may change until the tables start), as the view says.
        self.table: str | None = None
        self.done = False

    def step(self) -> None:
        self.steps += 1
        seat, engine = self.seat, self.server.engine
        if seat.token is None:
            outcome = self.server.send(
                seat.code, seat.name, "join", "act", lambda: engine.join(seat.code, seat.name)
            )
            if outcome[0] == "ok":
                seat.token = outcome[1]
            return
        token, table = seat.token, self.table
        if table is None or self._in_lobby():  # a class may still move them: the view says
            version = None
        else:
            status = self.server.query("status", lambda: engine.status(table))
            if status is None:
                return
            version = status["version"]
        if version is None or version != self.version:
            view = self.server.query("player_view", lambda: engine.player_view(token))
            if view is None:
                return
            if view["game"] == "crossed_canvas":  # what the secrecy audit knows to read
                self.server.watch("player", view["code"], seat.name, view)
            self.view, self.version, self.table = view, view["version"], view["code"]
        assert self.view is not None
        self._send_again((self.view["round"], self.view["phase"]))
        if self.version is None:
            return  # a request just went through: the page reruns before its student acts
        if self.view["phase"] == "finished":
            self.done = not self.again
            return
        self._act(self.view)

    def _in_lobby(self) -> bool:
        return self.view is None or self.view["phase"] == "lobby"

    def _act(self, view: dict[str, Any]) -> None:
        """A move the game's robot lists for this view, now and then. A Crossed Canvas
        student acts once a phase and also tries what its rules refuse; in the other games a
        phase may take several moves (a mosaic's pieces), each from a view that shows the
        last one."""
        phase, number = view["phase"], view["round"]
        game = DECLARATIONS[view["game"]]
        if not game.table.running(phase):
            return
        key = (number, phase)
        once = view["game"] == "crossed_canvas"
        if key not in self.seen:
            self.seen.add(key)
            if self.rng.random() < IDLE:
                self.idle.add(key)
            if once and self.rng.random() < PROBE:
                self._probe(view)
        waiting = any(why == "resend" for _, why, _, _ in self.again)
        acted = once and key in self.acted
        if key in self.idle or acted or waiting or self.rng.random() >= ACT:
            return
        plays = game.bot.legal_moves(view, self.rng)
        if plays:
            play = self.rng.choice(plays)
            retried = game.moves[play.move].earlier is not None
            self._move(Request(play.move, dict(play.args), retried=retried), key)

    def _move(self, request: Request, key: tuple[int, str]) -> None:
        """Send a move; one that names its request may be double-tapped and retried."""
        if request.retried and self.rng.random() < DOUBLE_TAP:
            twin = self.server.taps.submit(self._send, request, "tap", key)
            outcomes = [self._send(request, "act", key), twin.result()]
        else:
            outcomes = [self._send(request, "act", key)]
        if not request.retried or not any(status == "ok" for status, _ in outcomes):
            return
        if self.rng.random() < RETRY:
            self.again.append((request, "retry", self.steps + self.rng.randint(1, 4), None))
        if request.kind in SECOND_PROBE and self.rng.random() < SECOND:
            self._send(self._other(request), "probe:" + SECOND_PROBE[request.kind], key)

    def _other(self, request: Request) -> Request:
        """A different request for the same action, as a second phone or a stale tab sends."""
        view = self.view or {}
        if request.kind == "draw":
            return self._scribbled(1)
        if request.kind == "choose":
            chosen = request.args["option_id"]
            options = [o["id"] for o in view.get("options") or [] if o["id"] != chosen]
            return Request(request.kind, {"option_id": self.rng.choice(options)})
        voted = (request.args["signature"], view["signature"])
        others = [s for s in view["signatures"] if s not in voted]
        return Request(request.kind, {"signature": self.rng.choice(others)})

    def _probe(self, view: dict[str, Any]) -> None:
        """Something the rules must refuse, chosen from what this phase makes wrong."""
        phase, role, own = view["phase"], view["role"], view["signature"]
        signatures = list(view["signatures"])
        probes: list[tuple[str, Request]] = []
        if phase in ("roles", "pulse1", "merge"):
            vote = Request("accuse", {"signature": self.rng.choice(signatures)})
            probes.append(("vote_early", vote))
            if role == "curator":
                probes.append(("choose_early", Request("choose", {"option_id": "anything"})))
        if phase in PULSES:
            pulse = PULSES[phase]
            if role == "curator":
                probes.append(("curator_draws", self._scribbled(1)))
            else:
                probes.append(("too_many_strokes", self._scribbled(STROKE_LIMITS[pulse][1] + 1)))
        if phase in ("discussion", "choice"):
            probes.append(("draw_late", self._scribbled(1)))
        if phase == "choice" and role != "curator":
            probes.append(("not_curator", Request("choose", {"option_id": "anything"})))
        if phase == "accusation" and own:
            probes.append(("own_signature", Request("accuse", {"signature": own})))
        if probes:
            name, request = self.rng.choice(probes)
            self._send(request, "probe:" + name, (view["round"], phase))

    def _scribbled(self, count: int) -> Request:
        """A fragment of `count` random strokes: the probes' drawing, which the rules may
        refuse (the bot's are always ones they allow)."""
        return Request("draw", {"strokes": scribble(self.rng, count)})

    def _send_again(self, now: tuple[int, str]) -> None:
        """What is due; a request refused by a pause or an error only while its phase lasts
        (after that the page shows the new phase and its student acts afresh)."""
        due = [item for item in self.again if item[2] <= self.steps]
        self.again = [item for item in self.again if item[2] > self.steps]
        for request, why, _, made_in in due:
            if made_in in (None, now):
                self._send(request, why, made_in)

    def _send(self, request: Request, why: str, made_in: tuple[int, str] | None) -> Outcome:
        """Send as a page does: naming the round and phase it was made in, when known."""
        seat, engine = self.seat, self.server.engine
        meant = {} if made_in is None else {"round": made_in[0], "phase": made_in[1]}
        outcome = self.server.send(
            self.table or seat.code,
            seat.name,
            request.kind,
            why,
            lambda: engine.move(seat.token, request.kind, request.rid, **request.args, **meant),
            **({"rid": request.rid} if request.retried else {}),
            args=request.args,
        )
        if outcome[0] == "ok":
            self.version = None  # the page reruns with its own action in it
            if made_in is not None:
                self.acted.add(made_in)
        again = outcome[0] == "crash" or outcome == ("refused", "error.paused")
        queued = any(r.rid == request.rid for r, _, _, _ in self.again)
        if again and request.retried and not why.startswith("probe") and not queued:
            self.again.append((request, "resend", self.steps + 1, made_in))
        return outcome


class Teacher:
    """A game's facilitator page, and the projector next to it."""

    def __init__(self, server: Server, desk: Desk, rng: random.Random) -> None:
        self.server, self.desk, self.rng = server, desk, rng
        self.version: int | None = None
        self.view: dict[str, Any] | None = None
        self.seen: set[tuple[int, str]] = set()
        self.paused_until: float | None = None  # this page's own pause
        self.late_join_tried = False
        self.done = False

    def step(self) -> None:
        desk, engine, server = self.desk, self.server.engine, self.server
        status = server.query("status", lambda: engine.status(desk.code))
        if status is None:
            return
        if status["version"] != self.version:
            view = server.query("facilitator_view", lambda: engine.facilitator_view(desk.key))
            public = server.query("public_view", lambda: engine.public_view(desk.code))
            if view is None or public is None:
                return
            if view["game"] == "crossed_canvas":  # what the secrecy audit knows to read
                server.watch("facilitator", desk.code, "", view)
                server.watch("public", desk.code, "", public)
            self.view, self.version = view, status["version"]
        assert self.view is not None
        phase, number = self.view["phase"], self.view["round"]
        if phase == "finished":
            self.done = True
        elif phase == "lobby":
            if len(self.view["players"]) >= desk.players:
                self._command("start", "act", lambda: engine.start(desk.key))
        elif not self.late_join_tried:
            self.late_join_tried = True
            late = "Late"  # a student arriving after the start, on the teacher's server
            server.send(
                desk.code, late, "join", "probe:late_join", lambda: engine.join(desk.code, late)
            )
        elif status["paused"]:
            if self.paused_until is None:
                self._command("resume", "found_paused", lambda: engine.resume(desk.key))
            elif time.time() >= self.paused_until:
                self._command("resume", "act", lambda: engine.resume(desk.key))
                self.paused_until = None
        elif (number, phase) not in self.seen:
            self.seen.add((number, phase))
            if phase == "discussion" and self.rng.random() < END_DISCUSSION:
                self._advance(phase, number)
            elif self.rng.random() < PAUSE:
                outcome = self._command("pause", "act", lambda: engine.pause(desk.key))
                if outcome[0] == "ok":
                    self.paused_until = time.time() + self.rng.uniform(1, 2)

    def _advance(self, phase: str, number: int) -> None:
        """End the phase on screen; the guard makes a late click quietly do nothing."""
        engine, key = self.server.engine, self.desk.key
        self._command("advance", "act", lambda: engine.advance(key, phase=phase, round=number))

    def _command(self, kind: str, why: str, call: Callable[[], Any]) -> Outcome:
        self.version = None
        return self.server.send(self.desk.code, "", kind, why, call)


class ClassTeacher:
    """A class's teacher page: once every student has joined (the class seats them), "Fill
    with robots" under a table short of the game's fewest (a class with robots), then "Start
    every table"; then each table runs as a game's facilitator page does, with its key."""

    def __init__(self, server: Server, desk: Desk, rng: random.Random) -> None:
        self.server, self.desk, self.rng = server, desk, rng
        self.tables: dict[str, Teacher] = {}
        self.done = False

    def step(self) -> None:
        desk, engine, server = self.desk, self.server.engine, self.server
        view = server.query("class_view", lambda: engine.class_view(desk.key))
        if view is None:
            return
        tables = view["tables"]
        if all(t["phase"] == "lobby" for t in tables):
            robots = {name for t in tables for name in t["view"]["robots"]}
            students = sum(len(set(t["players"]) - robots) for t in tables)
            if students < desk.players:
                return
            short = [t["table"] for t in tables if len(t["players"]) < view["fewest_per_table"]]
            if desk.robots and short:
                for number in short:
                    server.send(
                        desk.code,
                        "",
                        "fill_table_with_robots",
                        "act",
                        lambda number=number: engine.fill_table_with_robots(desk.key, number),
                    )
            else:
                server.send(
                    desk.code, "", "start_tables", "act", lambda: engine.start_tables(desk.key)
                )
            return
        started = [t for t in tables if t["phase"] != "lobby" and t["code"] not in self.tables]
        if not all(self._take(t["code"], len(t["players"])) for t in started):
            return
        for teacher in self.tables.values():
            teacher.step()
        self.done = all(teacher.done for teacher in self.tables.values())

    def _take(self, code: str, players: int) -> bool:
        """Run a started table from here on, with the key the class derives for it."""
        engine, key = self.server.engine, self.desk.key
        table_key = self.server.query("table_key", lambda: engine.table_key(key, code))
        if table_key is None:
            return False
        teacher = Teacher(self.server, Desk(code, table_key, players), self.rng)
        teacher.late_join_tried = True  # a latecomer joins the class, not a table
        self.tables[code] = teacher
        return True


def serve(
    url: str,
    tag: str,
    journal_path: Path,
    seats: list[Seat],
    desks: list[Desk],
    seed: int,
    deadline: float,
) -> None:
    """One app server process: its students' and facilitators' pages, until their games end."""
    journal = Journal(journal_path)
    server = Server(url, journal)
    journal.write(e="ready", t=time.time(), pid=os.getpid())
    actors: list[Phone | Teacher | ClassTeacher] = [
        Phone(server, seat, random.Random(f"{seed}:{tag}:{seat.code}:{seat.name}"))
        for seat in seats
    ]
    actors += [
        (ClassTeacher if desk.is_class else Teacher)(
            server, desk, random.Random(f"{seed}:{tag}:{desk.code}")
        )
        for desk in desks
    ]
    random.Random(f"{seed}:{tag}").shuffle(actors)
    threads = [
        threading.Thread(target=_run, args=(server, actors[i::THREADS], deadline), daemon=True)
        for i in range(THREADS)
    ]
    for thread in threads:
        thread.start()
    while any(thread.is_alive() for thread in threads):
        server.tally()
        for thread in threads:
            thread.join(timeout=5 / THREADS)
    server.tally()
    journal.write(e="done", t=time.time(), unfinished=sum(not a.done for a in actors))


def _run(server: Server, actors: list[Phone | Teacher | ClassTeacher], deadline: float) -> None:
    """Step each page about once a second, in time order, until its game is over."""
    start = time.time()
    due = [(start + random.uniform(0, POLL_SECONDS), i) for i in range(len(actors))]
    heapq.heapify(due)
    while due and time.time() < deadline:
        when, index = heapq.heappop(due)
        time.sleep(max(0.0, when - time.time()))
        actor = actors[index]
        try:
            actor.step()
        except Exception as error:  # a page that breaks is a finding, not a stop
            server.journal.write(e="crash", kind="page", text=f"{type(error).__name__}: {error}")
        if not actor.done:
            heapq.heappush(due, (time.time() + POLL_SECONDS * random.uniform(0.8, 1.2), index))


# ---------------------------------------------------------------------------- the class


def takeover(journal_path: Path, seats: list[Seat]) -> list[Seat]:
    """The killed server's students for the process replacing it, as their pages would come
    back: the token from their join, every request sent without an answer (sent again, same
    id), and their last accepted request (a retry that must answer as it did before)."""
    events = read_journal(journal_path)
    answers = {e["i"]: e for e in events if e["e"] == "got"}
    tokens: dict[tuple[str, str], str] = {}
    unanswered: dict[tuple[str, str], dict[str, Request]] = {}
    accepted: dict[tuple[str, str], Request] = {}
    for send in (e for e in events if e["e"] == "send"):
        who, got = (send["g"], send["n"]), answers.get(send["i"])
        if send["kind"] == "join" and send["why"] == "act" and got and got["r"] == "ok":
            tokens[who] = got["v"]
        if "rid" not in send or send["why"].startswith("probe"):
            continue
        request = Request(send["kind"], send["args"], send["rid"])
        if got is None:
            unanswered.setdefault(who, {})[request.rid] = request
        elif got["r"] == "ok":
            accepted[who] = request
    replacements = []
    for seat in seats:
        who = (seat.code, seat.name)
        retry = [accepted[who]] if who in accepted else []
        resend = [r for r in unanswered.get(who, {}).values() if r not in retry]
        replacements.append(Seat(seat.code, seat.name, tokens.get(who), resend, retry))
    return replacements


def start_server(
    context: Any,
    url: str,
    tag: str,
    folder: Path,
    seats: list[Seat],
    desks: list[Desk],
    seed: int,
    deadline: float,
) -> tuple[multiprocessing.process.BaseProcess, Path]:
    path = folder / f"server-{tag}.jsonl"
    process = context.Process(
        target=serve, args=(url, tag, path, seats, desks, seed, deadline), name=f"app-{tag}"
    )
    process.start()
    return process, path


class Progress:
    """The games' progress as their projectors show it, printed every ten seconds."""

    def __init__(self, engine: Engine, codes: list[str], began: float) -> None:
        self.engine, self.codes, self.began = engine, codes, began
        self.printed = began

    def played(self) -> float:
        """The share of their rounds the games have played, on average (0 to 1)."""
        shares = []
        for code in self.codes:
            view = self.engine.public_view(code)
            if view["phase"] == "finished":
                shares.append(1.0)
            else:
                phase, rounds = view["phase"], view["rounds"] or 1
                step = ROUND_PHASES.index(phase) / len(ROUND_PHASES) if phase in ROUND_PHASES else 0
                shares.append(min(1.0, (max(0, view["round"] - 1) + step) / rounds))
        if time.time() - self.printed >= 10:
            self.printed = time.time()
            print(
                f"  {self.printed - self.began:5.0f} s: {statistics.fmean(shares):4.0%} of the "
                f"rounds played on average, {shares.count(1.0)}/{len(shares)} games finished",
                flush=True,
            )
        return statistics.fmean(shares)


def first_event(path: Path, kind: str, timeout: float) -> dict[str, Any] | None:
    """Wait for a process's first event of a kind (e.g. its "ready") in its journal."""
    until = time.time() + timeout
    while time.time() < until:
        if path.exists():
            found = next((e for e in read_journal(path) if e["e"] == kind), None)
            if found:
                return found
        time.sleep(0.05)
    return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=12, choices=range(5, 13))
    parser.add_argument(
        "--database-url", help="a database to play on (default: a throwaway PostgreSQL)"
    )
    parser.add_argument(
        "--classes",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="also a class of each game, seated at tables by the class (default: yes)",
    )
    parser.add_argument(
        "--robots",
        type=int,
        default=0,
        choices=range(0, 4),
        help="also a Crossed Canvas class whose one table its teacher fills with this many "
        "robots, stepped by both servers' keepers (default: none)",
    )
    parser.add_argument("--seed", type=int, help="the students' choices (default: random)")
    parser.add_argument("--timeout", type=float, default=900, help="seconds before giving up")
    args = parser.parse_args()
    launched = time.time()
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    context = multiprocessing.get_context("spawn")
    folder = Path(tempfile.mkdtemp(prefix="cc-soak-"))
    with ExitStack() as stack:
        url = args.database_url or _throwaway_postgres(stack)
        engine = Engine(url)
        venues = mix(args.games, args.players, args.classes, args.robots)
        tags = ("A", KILLED)
        seats: dict[str, list[Seat]] = {tag: [] for tag in tags}
        desks: dict[str, list[Desk]] = {tag: [] for tag in tags}
        for g, venue in enumerate(venues):
            create = engine.create_class if venue.is_class else engine.create_game
            made = create(durations=GAME_DURATIONS[venue.game], game=venue.game)
            for s, name in enumerate(names_for(venue.players)):
                seats[tags[s % 2]].append(Seat(made.code, name))
            desk = Desk(
                made.code, made.facilitator_token, venue.players, venue.is_class, venue.robots > 0
            )
            desks[tags[g % 2]].append(desk)
        every_desk = desks["A"] + desks[KILLED]
        codes = [desk.code for desk in every_desk if not desk.is_class]
        print(
            f"Soak: {args.games} games ("
            + ", ".join(
                f"{g} {n}" for g, n in Counter(v.game for v in venues if not v.is_class).items()
            )
            + ") and "
            f"{sum(v.is_class for v in venues)} classes "
            f"({', '.join(_class_words(v) for v in venues if v.is_class)}); "
            f"Crossed Canvas of {args.players}, 2 app servers, seed {seed}\n"
            f"phase lengths (s): {GAME_DURATIONS}\njournals: {folder}"
        )
        began = time.time()
        deadline = began + args.timeout
        servers = {
            tag: start_server(context, url, tag, folder, seats[tag], desks[tag], seed, deadline)
            for tag in tags
        }
        stack.callback(_stop, [process for process, _ in servers.values()])
        progress = Progress(engine, codes, began)
        while progress.played() < KILL_AFTER:
            if time.time() > deadline or not all(p.is_alive() for p, _ in servers.values()):
                break
            time.sleep(1)
        victim, victim_journal = servers[KILLED]
        killed = {"t": time.time(), "share": progress.played()}
        os.kill(victim.pid, signal.SIGKILL)
        victim.join()
        replacement = takeover(victim_journal, seats[KILLED])
        servers["B2"] = start_server(
            context, url, "B2", folder, replacement, desks[KILLED], seed, deadline
        )
        stack.callback(_stop, [servers["B2"][0]])
        ready = first_event(servers["B2"][1], "ready", timeout=60)
        killed["gap"] = ready["t"] - killed["t"] if ready else None
        killed["resent"] = sum(len(seat.resend) for seat in replacement)
        killed["retried"] = sum(len(seat.retry) for seat in replacement)
        print(
            f"SIGKILL to server B at {killed['t'] - began:.1f} s ({killed['share']:.0%} of the "
            f"rounds played on average); server B2 serving "
            f"{killed['gap'] or float('nan'):.1f} s later"
        )
        while any(servers[tag][0].is_alive() for tag in ("A", "B2")):
            time.sleep(1)
            progress.played()
        played = time.time() - began
        classes = {
            desk.code: [table["code"] for table in engine.class_view(desk.key)["tables"]]
            for desk in every_desk
            if desk.is_class
        }
        tables = [code for codes_of_class in classes.values() for code in codes_of_class]
        finals = {code: engine.public_view(code) for code in codes + tables}

        passed = audit(
            url,
            {tag: path for tag, (_, path) in servers.items()},
            finals,
            classes=classes,
            killed=killed,
            began=began,
            played=played,
        )
    print(f"Wall time {time.time() - launched:.0f} s (PostgreSQL set-up, play, audit)")
    if passed:
        for path in folder.iterdir():
            path.unlink()
        folder.rmdir()
    else:
        print(f"journals kept in {folder}")
    return 0 if passed else 1


def _class_words(venue: Venue) -> str:
    """ "crossed_canvas of 14", or "crossed_canvas of 2 and 3 robots"."""
    robots = f" and {venue.robots} robots" if venue.robots else ""
    return f"{venue.game} of {venue.players}{robots}"


def _throwaway_postgres(stack: ExitStack) -> str:
    from tests.engine.postgres_server import (
        PostgresServer,  # tests/engine: initdb in a temporary folder
    )

    server = PostgresServer.start()
    stack.callback(server.stop)
    return server.new_database()


def _stop(processes: list[multiprocessing.process.BaseProcess]) -> None:
    """Servers still running when the soak ends (a timeout or an error) are ended, by pid."""
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join()


if __name__ == "__main__":
    sys.exit(main())
