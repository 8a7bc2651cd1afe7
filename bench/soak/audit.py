"""The soak's proof (bench/soak/soak.py): from the app servers' journals and the database itself,
every game holds exactly what the rules allow, no accepted action was lost or duplicated, every
retry was answered with its first result, and no view ever showed a secret before its time.

Rows are read only here, after the games, with the engine's own models; tokens never come from
the database (they are the players' secrets), only from the answers the students got.
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import create_engine, text
from sqlmodel import Session, col, select

from engine.crossed_canvas import rules
from engine.crossed_canvas.models import Award, Choice, Fragment, Round, Vote
from engine.crossed_canvas.rules import ROUND_PHASES, STROKE_LIMITS
from engine.models import Game, Player
from engine.standings import winners
from engine.strokes import MAX_POINTS_PER_STROKE

# Refusals a request may get without anything being wrong: time ran out, or a pause.
IN_TIME = {"error.wrong_phase", "error.paused"}
PROBES: dict[str, set[str]] = {
    "choose_early": IN_TIME,
    "vote_early": IN_TIME,
    "draw_late": IN_TIME,
    "curator_draws": {"error.curator_does_not_draw"} | IN_TIME,
    "too_many_strokes": {"error.stroke_count", "error.already_submitted"} | IN_TIME,
    "not_curator": {"error.not_curator"} | IN_TIME,
    "own_signature": {"error.own_signature"} | IN_TIME,
    "second_submit": {"error.already_submitted"} | IN_TIME,
    "second_choice": {"error.already_chosen"} | IN_TIME,
    "second_vote": {"error.already_voted"} | IN_TIME,
    "late_join": {"error.already_started"},
}
# A move may lose a race with another student's: two taps on a Critters kind's last piece
# (the first to reach the server gets it, the README says, the other is told none is left).
MOVE_RACES = {"take_piece": {"error.critters.none_left"}}
# A facilitator's command may lose a race with the clock or another command.
TEACHER_RACES = {
    "start": {"error.already_started"},
    "start_tables": {"error.already_started"},
    "advance": {"error.game_finished"},
    "pause": {"error.already_paused", "error.game_finished"},
    "resume": {"error.not_paused", "error.game_finished"},
}

KILLED = "B"  # the app server soak.py kills: the only one that may leave a call unanswered
PLAYER_KINDS = ("draw", "choose", "accuse")
KINDS = ("join", "start", *PLAYER_KINDS, "advance", "pause", "resume")
PUBLIC_AFTER = {1: "pulse1", 2: "pulse2"}  # a pulse's fragments are public once it has ended
PHASE_ORDER = ["lobby", *ROUND_PHASES, "finished"]
CHECKS = {
    "lost": "accepted actions missing from the database, or stored otherwise than answered",
    "duplicated": "rows that no accepted action accounts for",
    "leaked": "views that showed something their viewer may not see yet",
    "rules": "records, refusals or totals the rules do not allow",
    "answers": "retries not answered with the first result, or allowed requests refused",
    "exceptions": "unexpected exceptions (anything but a RuleError)",
}


def read_journal(path: Path) -> list[dict[str, Any]]:
    """Every event in a journal; a line cut short by a kill is left out."""
    events = []
    for line in path.read_text().splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    return events


@dataclass
class Call:
    """One command a page sent, and what came back (nothing, if its server was killed)."""

    server: str
    code: str
    who: str
    kind: str
    why: str
    rid: str | None
    args: Any  # the Engine method's arguments after the token
    sent: float
    status: str | None = None  # ok, refused, crash
    value: Any = None
    answered: float | None = None
    ms: float | None = None


class Journals:
    """Everything the app servers journaled."""

    def __init__(self, paths: dict[str, Path]) -> None:
        self.calls: list[Call] = []
        self.views: list[dict[str, Any]] = []
        self.crashes: list[str] = []
        self.tallies: dict[str, dict[str, Any]] = {}
        self.ready: dict[str, dict[str, Any]] = {}
        for server, path in paths.items():
            numbered: dict[int, Call] = {}
            for event in read_journal(path):
                kind = event["e"]
                if kind == "send":
                    call = Call(
                        server,
                        event["g"],
                        event["n"],
                        event["kind"],
                        event["why"],
                        event.get("rid"),
                        event.get("args"),
                        event["t"],
                    )
                    numbered[event["i"]] = call
                    self.calls.append(call)
                elif kind == "got":
                    call = numbered[event["i"]]
                    call.status, call.value = event["r"], event["v"]
                    call.answered, call.ms = event["t"], event["ms"]
                elif kind == "view":
                    self.views.append(event)
                elif kind == "crash":
                    self.crashes.append(f"server {server}, {event['kind']}: {event['text']}")
                elif kind == "tally":
                    self.tallies[server] = event
                elif kind == "ready":
                    self.ready[server] = event


@dataclass
class Rows:
    """The soak's games as stored, read once the games are over."""

    games: dict[str, Game]
    players: dict[int, list[Player]]  # by game id, in seat order
    rounds: dict[int, list[Round]]  # by game id, in order
    fragments: dict[int, list[Fragment]]  # by round id
    choices: dict[int, list[Choice]]
    votes: dict[int, list[Vote]]
    awards: dict[int, list[Award]]
    server_version: str


def read_rows(url: str, codes: list[str]) -> Rows:
    database = create_engine(url)
    with Session(database) as session:
        games = session.exec(select(Game).where(col(Game.code).in_(codes))).all()
        game_ids = [g.id for g in games]
        players = session.exec(
            select(Player).where(col(Player.game_id).in_(game_ids)).order_by(col(Player.seat))
        ).all()
        rounds = session.exec(
            select(Round).where(col(Round.game_id).in_(game_ids)).order_by(col(Round.number))
        ).all()
        round_ids = [r.id for r in rounds]
        by_round = {}
        for table in (Fragment, Choice, Vote, Award):
            grouped = defaultdict(list)
            for row in session.exec(select(table).where(col(table.round_id).in_(round_ids))):
                grouped[row.round_id].append(row)
            by_round[table] = grouped
        if database.dialect.name == "postgresql":
            version = "PostgreSQL " + session.execute(text("SHOW server_version")).scalar_one()
        else:
            version = f"{database.dialect.name} {database.dialect.server_version_info}"
    database.dispose()
    grouped_players, grouped_rounds = defaultdict(list), defaultdict(list)
    for player in players:
        grouped_players[player.game_id].append(player)
    for rnd in rounds:
        grouped_rounds[rnd.game_id].append(rnd)
    return Rows(
        {g.code: g for g in games},
        grouped_players,
        grouped_rounds,
        by_round[Fragment],
        by_round[Choice],
        by_round[Vote],
        by_round[Award],
        version,
    )


def audit(
    url: str,
    paths: dict[str, Path],
    finals: dict[str, dict[str, Any]],
    *,
    classes: dict[str, list[str]],
    killed: dict[str, Any],
    began: float,
    played: float,
) -> bool:
    """Check everything, print the figures and the verdict; True when every check holds.

    Every game of every kind must finish with exactly the students who joined it (a class's:
    across its tables) and every answer must hold (R12); Crossed Canvas's games, a class's
    tables among them, are also checked record by record against its rulebook, and their
    views for secrets (the other games' rows and views are their own engine tests')."""
    started = time.time()
    journals = Journals(paths)
    rows = read_rows(url, list(finals))
    problems: dict[str, list[str]] = {name: [] for name in CHECKS}
    problems["exceptions"] += journals.crashes
    first = check_calls(journals.calls, problems)
    engine_made = Counter[str]()
    in_class = {code for tables in classes.values() for code in tables}
    for code in finals:
        if code not in rows.games:
            problems["lost"].append(f"game {code}: not in the database")
            continue
        game = rows.games[code]
        if game.phase != "finished":
            problems["rules"].append(f"{code} ({game.kind}): left in {game.phase}")
        if code not in in_class:
            check_seated(code, [code], rows, journals.calls, problems)
        if game.kind == "crossed_canvas":
            check_game(code, rows, finals[code], problems)
            check_records(code, rows, journals.calls, first, problems, engine_made)
    for code, tables in classes.items():
        check_seated(code, [t for t in tables if t in rows.games], rows, journals.calls, problems)
    leaks_checked = check_views(journals.views, rows, problems)
    report(
        journals,
        rows,
        problems,
        first,
        engine_made,
        killed=killed,
        began=began,
        played=played,
        views=leaks_checked,
        audit_seconds=time.time() - started,
    )
    return not any(problems.values())


# ---------------------------------------------------------------------------- answers


def check_calls(calls: list[Call], problems: dict[str, list[str]]) -> dict[tuple, Call]:
    """Every answer as the rules and R12 require; returns each request's first accepted call."""
    by_request: dict[tuple, list[Call]] = defaultdict(list)
    for call in calls:
        where = f"{call.code}/{call.who or 'facilitator'} {call.kind} ({call.why}, {call.server})"
        if call.status is None and call.server != KILLED:
            problems["answers"].append(f"{where}: never answered")
        if call.status == "crash":
            problems["exceptions"].append(f"{where}: {call.value}")
        refused = call.value if call.status == "refused" else None
        if call.why.startswith("probe:"):
            allowed = PROBES[call.why.removeprefix("probe:")]
            if call.status == "ok":
                problems["rules"].append(f"{where}: accepted, but the rules refuse it")
            elif refused and refused not in allowed:
                problems["rules"].append(f"{where}: refused with {refused}")
        elif call.kind in TEACHER_RACES:
            if refused and refused not in TEACHER_RACES[call.kind]:
                problems["answers"].append(f"{where}: refused with {refused}")
        elif call.why == "retry" and call.status is not None and call.status != "ok":
            problems["answers"].append(f"{where}: a retry of an accepted request got {refused}")
        elif call.why == "after_kill":
            pass  # maybe never stored, arriving phases later: the rules of that moment decide
        elif refused and refused not in IN_TIME | MOVE_RACES.get(call.kind, set()):
            problems["answers"].append(f"{where}: allowed, but refused with {refused}")
        if call.rid is not None:
            by_request[(call.code, call.who, call.rid)].append(call)
    first: dict[tuple, Call] = {}
    for key, copies in by_request.items():
        accepted = sorted((c for c in copies if c.status == "ok"), key=lambda c: c.answered)
        if not accepted:
            continue
        first[key] = accepted[0]
        for call in copies:
            where = f"{key[0]}/{key[1]} {call.kind} {key[2]} ({call.why}, {call.server})"
            if call.status == "ok" and call.value != accepted[0].value:
                problems["answers"].append(
                    f"{where}: answered {call.value}, first {accepted[0].value}"
                )
            elif call.status == "refused" and (
                call.value.startswith("error.already_") or call.sent > accepted[0].answered
            ):
                problems["answers"].append(f"{where}: refused ({call.value}) though accepted")
    return first


# ---------------------------------------------------------------------------- records


def check_seated(
    code: str, games: list[str], rows: Rows, calls: list[Call], problems: dict[str, list[str]]
) -> None:
    """The students who joined with `code` (a game's, or a class's) are exactly those seated
    at its `games` (the game itself, or the class's tables), each once; robots join no game
    (their moves are checked in `check_robots`)."""
    joined = {c.who for c in calls if c.code == code and c.kind == "join" and c.status == "ok"}
    seated = Counter(p.name for g in games for p in rows.players[rows.games[g].id] if not p.robot)
    problems["lost"].extend(f"{code}: {n} joined, not seated" for n in joined - set(seated))
    problems["duplicated"].extend(
        f"{code}: {n} seated, never joined" for n in set(seated) - set(joined)
    )
    problems["duplicated"].extend(f"{code}: {n} seated twice" for n, k in seated.items() if k > 1)


def check_game(
    code: str, rows: Rows, final: dict[str, Any], problems: dict[str, list[str]]
) -> None:
    """One game's rows against the rulebook: roles, rounds, actions and awards."""
    wrong = problems["rules"]
    game = rows.games[code]
    seated, rounds = rows.players[game.id], rows.rounds[game.id]
    ids, name = [p.id for p in seated], {p.id: p.name for p in seated}
    players = len(seated)  # one round each
    state = (game.phase, game.round, game.rounds, len(seated))
    if state != ("finished", players, players, players):
        wrong.append(f"{code}: phase, round, rounds, players {state}")
    if [r.number for r in rounds] != list(range(1, len(rounds) + 1)) or len(rounds) != players:
        wrong.append(f"{code}: rounds {[r.number for r in rounds]}")
    for role in ("curator_id", "distorter_id"):
        if sorted(getattr(r, role) for r in rounds) != sorted(ids):
            wrong.append(f"{code}: not every player was {role.removesuffix('_id')} exactly once")
    if len({r.pair_key for r in rounds}) != len(rounds):
        wrong.append(f"{code}: a pair was used twice")
    totals = dict.fromkeys(name.values(), 0)
    for rnd in rounds:
        at = f"{code} round {rnd.number}"
        authors = {sig: s["player"] for sig, s in rnd.signatures.items()}
        if rnd.curator_id == rnd.distorter_id:
            wrong.append(f"{at}: the Curator is the Distorter")
        if sorted(authors.values()) != sorted(i for i in ids if i != rnd.curator_id):
            wrong.append(f"{at}: signatures do not belong to exactly the artists")
        if len({s["colour"] for s in rnd.signatures.values()}) != len(authors):
            wrong.append(f"{at}: two signatures share a colour")
        options = rnd.options
        if len(set(options)) != 4 or not {rnd.true_id, rnd.false_id} <= set(options):
            wrong.append(f"{at}: options {options}")
        drawn = Counter((f.player_id, f.pulse) for f in rows.fragments[rnd.id])
        if any(count > 1 for count in drawn.values()):
            wrong.append(f"{at}: an artist has two fragments in one pulse")
        for fragment in rows.fragments[rnd.id]:
            fewest, most = STROKE_LIMITS.get(fragment.pulse, (1, 0))
            if fragment.player_id == rnd.curator_id:
                wrong.append(f"{at}: a fragment from the Curator")
            elif authors.get(fragment.signature) != fragment.player_id:
                wrong.append(f"{at}: a fragment under another artist's signature")
            if not fewest <= len(fragment.strokes) <= most or not all(
                2 <= len(stroke) <= MAX_POINTS_PER_STROKE
                and all(0 <= v <= 1 for point in stroke for v in point)
                for stroke in fragment.strokes
            ):
                wrong.append(f"{at}: pulse {fragment.pulse} fragment breaks the stroke rules")
        choices = rows.choices[rnd.id]
        if len(choices) > 1 or any(
            c.player_id != rnd.curator_id or c.option_id not in options for c in choices
        ):
            wrong.append(f"{at}: choices {[(c.player_id, c.option_id) for c in choices]}")
        votes = rows.votes[rnd.id]
        if len({v.voter_id for v in votes}) != len(votes):
            wrong.append(f"{at}: a player voted twice")
        if any(authors.get(v.signature, v.voter_id) == v.voter_id for v in votes):
            wrong.append(f"{at}: a vote for one's own (or no) signature")
        accused = rules.accused_signature(v.signature for v in votes)
        expected = rules.round_awards(
            ids,
            rnd.distorter_id,
            target_found=bool(choices) and choices[0].option_id == rnd.true_id,
            distorter_caught=accused is not None and authors[accused] == rnd.distorter_id,
        )
        awards = rows.awards[rnd.id]
        if (
            rnd.outcome is None
            or len(awards) != len(ids)
            or {a.player_id: a.points for a in awards} != expected
        ):
            wrong.append(f"{at}: awards {[(a.player_id, a.points) for a in awards]} not {expected}")
        for player_id, points in expected.items():
            totals[name[player_id]] += points
    if final["totals"] != totals or sorted(final["winners"]) != sorted(winners(totals)):
        wrong.append(f"{code}: final totals {final['totals']} / winners {final['winners']}")


def check_records(
    code: str,
    rows: Rows,
    calls: list[Call],
    first: dict[tuple, Call],
    problems: dict[str, list[str]],
    engine_made: Counter[str],
) -> None:
    """Each accepted action is in the database exactly once, as answered; no row is extra."""
    game = rows.games[code]
    seated = rows.players[game.id]
    mine = [c for c in calls if c.code == code]
    starts = sum(c.kind == "start" and c.status == "ok" for c in mine)
    if starts != 1 and game.classroom_id is None:  # a class starts its tables together
        problems["rules"].append(f"{code}: started {starts} times")
    sent = {(c.who, c.rid) for c in mine if c.rid is not None}
    stored: dict[tuple[str, str], Any] = {}
    tables = {"draw": rows.fragments, "choose": rows.choices, "accuse": rows.votes}
    name_of = {p.id: p.name for p in seated}
    robots = {p.name for p in seated if p.robot}
    for kind, table in tables.items():
        for rnd in rows.rounds[game.id]:
            for row in table[rnd.id]:
                who = name_of[row.voter_id if kind == "accuse" else row.player_id]
                stored[(who, row.request_id)] = (kind, row)
                if who in robots:
                    continue  # no page sent it: `check_robots` counts its moves
                if (code, who, row.request_id) in first:
                    continue
                if kind == "draw" and (who, row.request_id) not in sent:
                    engine_made[kind] += 1  # locked by the engine itself when a pulse ended
                else:
                    problems["duplicated"].append(f"{code}/{who} {kind} {row.request_id}")
    check_robots(code, [p for p in seated if p.robot], stored, problems)
    for (call_code, who, rid), call in first.items():
        if call_code != code or call.kind not in tables:
            continue
        kind, row = stored.get((who, rid), (None, None))
        where = f"{code}/{who} {call.kind} {rid}"
        if kind != call.kind:
            problems["lost"].append(f"{where}: accepted, not in the database")
        elif call.kind == "draw":
            answer = {"pulse": row.pulse, "signature": row.signature, "strokes": len(row.strokes)}
            if answer != call.value or row.strokes != call.args["strokes"]:
                problems["lost"].append(f"{where}: stored otherwise than sent and answered")
        elif (row.option_id if kind == "choose" else row.signature) != call.value:
            problems["lost"].append(f"{where}: stored otherwise than answered")


def check_robots(
    code: str,
    robots: list[Player],
    stored: dict[tuple[str, str], Any],
    problems: dict[str, list[str]],
) -> None:
    """Each robot's moves (engine/robots.py), however many servers stepped it and whichever
    was killed: every move number it took, `robot-<seat>-<n>` for n below its count, is one
    stored fragment, choice or vote, and no stored row of it has another request id (a
    move made twice, or under a number never taken). A robot that never moved is a rules
    failure: the robots of a finished game played it."""
    for robot in robots:
        numbered = {f"robot-{robot.seat}-{n}" for n in range(robot.robot_moves)}
        made = {rid for who, rid in stored if who == robot.name}
        where = f"{code}/{robot.name}"
        problems["lost"].extend(f"{where}: move {rid} taken, not stored" for rid in numbered - made)
        problems["duplicated"].extend(
            f"{where}: {rid} stored, never taken" for rid in made - numbered
        )
        if not robot.robot_moves:
            problems["rules"].append(f"{where}: a robot that never moved")


# ---------------------------------------------------------------------------- secrecy


def check_views(views: list[dict[str, Any]], rows: Rows, problems: dict[str, list[str]]) -> int:
    """Every distinct view a page polled, against who the viewer was in that round (R2, R11)."""
    for view in views:
        viewer = view["n"] or "the game"
        where = f"{view['g']} {view['k']} view of {viewer}, round {view['round']} {view['phase']}"
        for leak in view_leaks(view, rows):
            problems["leaked"].append(f"{where}: {leak}")
    return len(views)


def view_leaks(view: dict[str, Any], rows: Rows) -> list[str]:
    game = rows.games.get(view["g"])
    if game is None:
        return []
    phase, kind, number = view["phase"], view["k"], view["round"]
    leaks = [
        f"{count} {what}"
        for what, count in (
            ("role words", view["role_words"]),
            ("signatures paired with a player's name", view["authorship"]),
            ("tokens", view["tokens"]),
        )
        if count
    ]
    if view.get("gallery") and phase != "finished":
        leaks.append("the gallery before the end of the game")
    rounds = {r.number: r for r in rows.rounds[game.id]}
    rnd = rounds.get(number)
    if rnd is None:  # the lobby
        if view["objects"] or view["fragments"] or view["reveal"] or view.get("role"):
            leaks.append("a round's secrets in a view that says lobby (two moments mixed)")
        return leaks
    name_of = {p.id: p.name for p in rows.players[game.id]}
    authors = {sig: s["player"] for sig, s in rnd.signatures.items()}
    shown_reveal = phase in ("reveal", "finished")
    if view["reveal"] != (reveal_of(rnd, rows, name_of) if shown_reveal else None):
        leaks.append("a reveal that is not this round's, or before its time")
    for round_number, reveal in view.get("history", []):
        if round_number > number or (round_number == number and not shown_reveal):
            leaks.append(f"round {round_number} in the history")
        elif reveal != reveal_of(rounds[round_number], rows, name_of):
            leaks.append(f"round {round_number} in the history is not as stored")
    allowed: set[str] = set()
    own = None
    if kind == "player" and phase != "finished":
        me = next(p.id for p in rows.players[game.id] if p.name == view["n"])
        own = next((sig for sig, author in authors.items() if author == me), None)
        role = {rnd.curator_id: "curator", rnd.distorter_id: "distorter"}.get(me, "loyal")
        target = {"curator": None, "distorter": rnd.false_id, "loyal": rnd.true_id}[role]
        options = (
            rnd.options
            if role == "curator" and phase in ("choice", "accusation", "reveal")
            else None
        )
        if (view["role"], view["target"], view["signature"], view["options"]) != (
            role,
            target,
            own,
            options,
        ):
            leaks.append(
                f"shows role {view['role']}, target {view['target']}, options {view['options']}"
            )
        allowed = {target, *(options or [])} - {None}
        chosen = [c.option_id for c in rows.choices[rnd.id] if c.player_id == me]
        voted = [v.signature for v in rows.votes[rnd.id] if v.voter_id == me]
        if view["my_choice"] not in (None, *chosen) or view["my_vote"] not in (None, *voted):
            leaks.append("a choice or vote that is not the viewer's")
    elif kind == "player" and any(view[k] for k in ("role", "target", "signature", "options")):
        leaks.append("a role after the game")
    if set(view["objects"]) - allowed:
        leaks.append(f"objects {sorted(set(view['objects']) - allowed)}")
    at = PHASE_ORDER.index(phase)
    for signature, pulse in view["fragments"]:
        public = at > PHASE_ORDER.index(PUBLIC_AFTER[pulse])
        if signature not in authors or not (public or signature == own):
            leaks.append(f"pulse {pulse} fragment of {signature} before its time")
    return leaks


def reveal_of(rnd: Round, rows: Rows, name_of: dict[int, str]) -> dict[str, Any]:
    """What the reveal of a round must show, from its rows (the digest soak.py journals)."""
    choices = rows.choices[rnd.id]
    awards = dict.fromkeys(name_of.values(), 0)
    for award in rows.awards[rnd.id]:
        awards[name_of[award.player_id]] = award.points
    return {
        "true": rnd.true_id,
        "false": rnd.false_id,
        "curator": name_of[rnd.curator_id],
        "distorter": name_of[rnd.distorter_id],
        "authors": {sig: name_of[s["player"]] for sig, s in sorted(rnd.signatures.items())},
        "votes": {name_of[v.voter_id]: v.signature for v in rows.votes[rnd.id]},
        "choice": choices[0].option_id if choices else None,
        "awards": awards,
    }


# ---------------------------------------------------------------------------- figures


def report(
    journals: Journals,
    rows: Rows,
    problems: dict[str, list[str]],
    first: dict[tuple, Call],
    engine_made: Counter[str],
    *,
    killed: dict[str, Any],
    began: float,
    played: float,
    views: int,
    audit_seconds: float,
) -> None:
    """The figures docs/reliability.md quotes, then each check's findings and the verdict."""
    calls = journals.calls
    load = ", ".join(f"{n:.1f}" for n in os.getloadavg())
    print(f"\nDatabase {rows.server_version}; {os.cpu_count()} cores, load average now {load}")
    print(f"Played in {played:.0f} s; audit {audit_seconds:.1f} s")
    gap = killed["gap"]
    print(
        f"Server B killed with SIGKILL at {killed['t'] - began:.1f} s, with "
        f"{killed['share']:.0%} of the rounds played on average; its replacement B2 was serving "
        + (f"{gap:.1f} s later" if gap is not None else "never")
        + f"; B2 sent again {killed['resent']} unanswered requests and retried "
        f"{killed['retried']} answered ones"
    )
    cut = sum(c.status is None for c in calls)
    print(f"Requests cut by the kill (sent, never answered by B): {cut}")
    robots = [p for seated in rows.players.values() for p in seated if p.robot]
    if robots:
        moves = ", ".join(f"{p.name} {p.robot_moves}" for p in robots)
        print(f"Robots' moves (each numbered, made once by either server): {moves}")
    print(
        f"\n{'command':<16}{'sent':>7}{'accepted':>10}{'retries':>9}{'refused':>9}"
        f"{'errors':>8}{'p50 ms':>8}{'p95 ms':>8}"
    )
    others = sorted({c.kind for c in calls} - set(KINDS))
    for kind in [*KINDS, *others]:
        mine = [c for c in calls if c.kind == kind]
        if not mine:
            continue
        if any(c.rid is not None for c in mine):  # a move a page may retry
            accepted = sum(1 for key, c in first.items() if c.kind == kind)
            retries = sum(c.status == "ok" for c in mine) - accepted
        else:
            accepted, retries = sum(c.status == "ok" for c in mine), 0
        refused = sum(c.status == "refused" for c in mine)
        errors = sum(c.status == "crash" for c in mine)
        times = sorted(c.ms for c in mine if c.ms is not None) or [float("nan")]
        print(
            f"{kind:<16}{len(mine):>7}{accepted:>10}{retries:>9}{refused:>9}{errors:>8}"
            f"{statistics.median(times):>8.1f}{times[math.ceil(0.95 * len(times)) - 1]:>8.1f}"
        )
    print("(retries: answers to a request already accepted, each equal to its first answer)")
    refusals = Counter(c.value for c in calls if c.status == "refused")
    print("\nRefusals by message key: " + ", ".join(f"{k} {n}" for k, n in refusals.most_common()))
    print(f"\n{'must be refused':<18}{'sent':>6}{'refused':>9}   keys")
    for probe in PROBES:
        sent = [c for c in calls if c.why == f"probe:{probe}"]
        keys = Counter(c.value for c in sent if c.status == "refused")
        print(
            f"{probe:<18}{len(sent):>6}{sum(keys.values()):>9}   "
            + ", ".join(f"{k} {n}" for k, n in keys.most_common())
        )
    whys = Counter(c.why for c in calls if c.rid is not None)
    print(
        f"\nDouble taps {whys['tap']}, retries of answered requests {whys['retry']}, "
        f"requests sent again after a pause or an error {whys['resend']}, "
        f"after the kill {whys['after_kill']}"
    )
    pauses = Counter((c.why, c.status) for c in calls if c.kind == "resume")
    print(
        f"Facilitators: {sum(c.kind == 'pause' and c.status == 'ok' for c in calls)} pauses, "
        f"{sum(c.kind == 'advance' and c.status == 'ok' for c in calls)} discussions ended early, "
        f"{pauses[('found_paused', 'ok')]} games found paused and resumed"
    )
    queries = Counter[str]()
    query_ms = Counter[str]()
    for tally in journals.tallies.values():
        queries.update(tally["queries"])
        query_ms.update(tally["query_ms"])
    print(
        "Polls (B's until its last tally): "
        + ", ".join(f"{k} {n} ({query_ms[k] / n:.1f} ms)" for k, n in queries.most_common())
    )
    print(
        "CPU seconds per server: "
        + ", ".join(f"{tag} {t['cpu']:.0f}" for tag, t in sorted(journals.tallies.items()))
    )
    fragments = sum(len(v) for v in rows.fragments.values())
    kinds = Counter(game.kind for game in rows.games.values())
    print(
        f"\nRecords: {len(rows.games)} games ({', '.join(f'{k} {n}' for k, n in kinds.items())}; "
        f"{sum(game.classroom_id is not None for game in rows.games.values())} of them a "
        f"class's tables); Crossed Canvas's {sum(map(len, rows.rounds.values()))} rounds, "
        f"{fragments} fragments ({engine_made['draw']} locked by the engine), "
        f"{sum(map(len, rows.choices.values()))} choices, {sum(map(len, rows.votes.values()))} "
        f"votes, {sum(map(len, rows.awards.values()))} awards; {views} distinct views checked"
    )
    print()
    for name, meaning in CHECKS.items():
        found = problems[name]
        print(f"{name:<11}{len(found):>6}   {meaning}")
        for problem in found[:5]:
            print(f"             {problem}")
        if len(found) > 5:
            print(f"             ... and {len(found) - 5} more")
    print("\nVERDICT: " + ("PASS" if not any(problems.values()) else "FAIL"))
