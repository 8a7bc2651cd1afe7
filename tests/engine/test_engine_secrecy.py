"""Layer 7: views hold no secret the viewer may not see (R2, R3, R11, R12).

A game is walked phase by phase; at each stop every view is serialised to JSON and searched for
what it must not carry. The search is shown to work by finding the same secrets in the reveal.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cc_support import ROUND_ORDER, game_row, seat_table
from critters_kit import seat_critters

from engine import Engine, FakeClock, avatars
from engine.crossed_canvas.rules import COLOURS
from tests.kit import rid

ROLE_WORDS = {"curator", "distorter", "loyal"}
SECRET_KEYS = {
    "role",
    "target",
    "options",
    "votes",
    "authors",
    "choice",
    "my_choice",
    "my_vote",
    "curator",
    "distorter",
    "awards",
    "true_target",
    "false_target",
    "accused",
}


def strings(value, keys=None):
    """Every string in a JSON value (keys included), folded for comparison."""
    found = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found.add(str(key).casefold())
            if keys is not None:
                keys.add(key)
            found |= strings(item, keys)
    elif isinstance(value, list):
        for item in value:
            found |= strings(item, keys)
    elif isinstance(value, str):
        found.add(value.casefold())
    return found


def secret_words(objects):
    """Ids, names and picture files of objects, as they could leak."""
    words = set()
    for obj in objects:
        words |= {obj["id"].casefold(), obj["name"].casefold()}
    return words


def pictures(objects):
    return {Path(obj["image"]).name for obj in objects}


def without_history(view):
    """The facilitator view minus earlier rounds' reveals; phase lengths are keyed by phase."""
    assert set(view["durations"]) == set(ROUND_ORDER)
    return {k: v for k, v in view.items() if k not in ("history", "durations")}


def check_round_views(t, stops, reveal, tokens, seed):
    """`stops`: (phase, public, facilitator, {name: player view}) taken before the reveal."""
    true_obj, false_obj = reveal["true_target"], reveal["false_target"]
    options = reveal["options"]
    secret_objects = [true_obj, false_obj, *options]
    secrets_ = secret_words(secret_objects)
    files = pictures(secret_objects)
    curator, distorter = reveal["curator"], reveal["distorter"]
    # the detector works: the reveal holds exactly these secrets
    assert secrets_ <= strings(reveal)
    assert files <= {Path(o["image"]).name for o in secret_objects}

    for phase, public, facilitator, players in stops:
        for label, view in (("public", public), ("facilitator", without_history(facilitator))):
            text = json.dumps(view)
            keys = set()
            found = strings(view, keys)
            assert not found & secrets_, (phase, label, found & secrets_)
            assert not found & ROLE_WORDS, (phase, label)
            assert not keys & SECRET_KEYS, (phase, label, keys & SECRET_KEYS)
            assert not any(f in text for f in files), (phase, label)
            assert view["reveal"] is None
            assert not any(token in text for token in tokens), (phase, label)
            assert str(seed) not in text, (phase, label)
        history = facilitator["history"]
        assert all(h["round"] < public["round"] for h in history), phase

        for name, view in players.items():
            text = json.dumps(view)
            found = strings(view)
            others = [tok for n, tok in t.tokens.items() if n != name] + [t.fac]
            assert not any(token in text for token in others), (phase, name)
            assert str(seed) not in text
            assert view["reveal"] is None
            assert view["name"] == name
            role = view["role"]
            assert not found & (ROLE_WORDS - {role}), (phase, name)
            if name == curator:
                assert role == "curator"
                assert view["target"] is None and view["signature"] is None
                if ROUND_ORDER.index(phase) < ROUND_ORDER.index("choice"):
                    assert view["options"] is None
                    assert not found & secrets_, (phase, name)
                else:
                    assert [o["id"] for o in view["options"]] == [o["id"] for o in options]
            else:
                assert view["options"] is None and view["my_choice"] is None
                assert view["signature"] == next(
                    s for s, author in reveal["authors"].items() if author == name
                )
                mine, theirs = (false_obj, true_obj) if name == distorter else (true_obj, false_obj)
                assert role == ("distorter" if name == distorter else "loyal")
                assert view["target"] == mine
                other_objects = [o for o in options if o["id"] != mine["id"]] + [theirs]
                assert not found & secret_words(other_objects), (phase, name)
            # fragments: only own, or those of a pulse that has ended
            public_fragments = {(f["signature"], f["pulse"]) for f in public["fragments"]}
            for fragment in view["fragments"]:
                key = (fragment["signature"], fragment["pulse"])
                assert key in public_fragments or fragment["signature"] == view["signature"]
            if view["my_vote"] is not None:
                assert reveal["votes"][name] == view["my_vote"]


def walk_game(engine, clock, n, language):
    t = seat_table(engine, clock, n, language=language)
    tokens = [*t.tokens.values(), t.fac]
    seed = game_row(engine, t.code)["seed"]
    for number in range(1, n + 1):
        stops = []

        def stop(t=t, stops=stops):
            phase = t.phase()
            stops.append((phase, t.public(), t.facilitator(), {p: t.view(p) for p in t.names}))
            json.dumps(stops[-1])  # every view is plain JSON

        stop()  # roles
        clock.advance(12)
        artists = t.artists()
        for name in artists[: len(artists) // 2]:
            t.submit(name, 2)
        stop()  # pulse 1, half drawn
        for name in artists[len(artists) // 2 :]:
            t.submit(name, 1)
        stop()  # merge
        clock.advance(5)
        t.submit(artists[0], 1)
        stop()  # pulse 2, one drawn
        t.engine.advance(t.fac)
        stop()  # discussion
        t.engine.advance(t.fac)
        stop()  # choice
        curator = t.curator()
        option = t.view(curator)["options"][number % 4]["id"]
        t.engine.choose(t.tokens[curator], option, rid())
        voter = t.names[number % n]
        sig = next(s for s in t.public()["signatures"] if s != t.signature_of(voter))
        t.engine.accuse(t.tokens[voter], sig, rid())
        stop()  # accusation, one vote in
        t.engine.advance(t.fac)
        assert t.phase() == "reveal"
        reveal = t.public()["reveal"]
        assert [s[0] for s in stops] == [p for p in ROUND_ORDER if p != "reveal"]
        check_round_views(t, stops, reveal, tokens, seed)
        # the reveal itself: to everyone, and still no token or seed
        for view in (t.public(), t.facilitator(), *(t.view(p) for p in t.names)):
            text = json.dumps(view)
            assert not any(token in text for token in tokens)
            assert str(seed) not in text
        clock.advance(12)
    assert t.phase() == "finished"


@pytest.mark.parametrize("n, language", [(6, "en"), (7, "es")])
def test_no_view_leaks_a_secret_at_any_phase(n, language):
    clock = FakeClock()
    walk_game(Engine("sqlite://", clock=clock, seed=300 + n), clock, n, language)


def test_the_lobby_shows_names_and_nothing_else(engine, clock):
    t = seat_table(engine, clock, 5, start=False)
    view = t.public()
    assert view["players"] == t.names
    assert view["signatures"] == {} and view["fragments"] == [] and view["category"] is None
    player = t.view("Ana")
    assert (player["role"], player["target"], player["signature"]) == (None, None, None)


def test_signature_order_does_not_follow_the_seats():
    in_seat_order = []
    for seed in range(6):
        clock = FakeClock()
        t = seat_table(Engine("sqlite://", clock=clock, seed=seed), clock, 8)
        for _ in range(2):
            order = list(t.public()["signatures"])
            t.advance_to("reveal")
            authors = t.public()["reveal"]["authors"]
            seats = [t.names.index(authors[sig]) for sig in order]
            in_seat_order.append(seats == sorted(seats))
            t.engine.advance(t.fac)
    assert not all(in_seat_order)
    assert sum(in_seat_order) <= 2  # a random order of 7 is sorted 1 time in 5040


def test_signature_ids_change_every_round(table):
    seen = []
    for number in (1, 2, 3):
        table.advance_to("roles", number)
        seen.append(set(table.public()["signatures"]))
    assert not seen[0] & seen[1] and not seen[1] & seen[2]


def test_a_reconnecting_player_recovers_own_actions_only(table):
    table.advance_to("pulse1")
    artist = table.artists()[0]
    table.submit(artist, 3)
    again = table.engine.player_view(table.tokens[artist])  # a reload
    assert [len(f["strokes"]) for f in again["fragments"]] == [3]
    assert again["role"] in ("loyal", "distorter") and again["target"] is not None
    table.advance_to("accusation")
    sig = next(s for s in table.public()["signatures"] if s != table.signature_of(artist))
    table.engine.accuse(table.tokens[artist], sig, rid())
    assert table.view(artist)["my_vote"] == sig
    assert all(table.view(p)["my_vote"] is None for p in table.names if p != artist)


def test_a_hidden_fragment_is_in_no_view_but_the_facilitators():
    """Hidden at the merge (an unkind drawing): from then on, at every stop to the end of the
    game, its strokes are in no public or player view, its owner's included, nor in the
    gallery; only the facilitator's moderation list holds them, marked hidden."""
    clock = FakeClock()
    t = seat_table(Engine("sqlite://", clock=clock, seed=41), clock, 5)
    t.advance_to("pulse1")
    unkind = [[0.11, 0.13], [0.57, 0.91], [0.33, 0.29]]
    artist, *others = t.artists()
    t.engine.submit_fragment(t.tokens[artist], [unkind], rid())
    for name in others:
        t.submit(name, 1)
    sig = t.signature_of(artist)
    secret = json.dumps(unkind)
    assert secret in json.dumps(t.public())  # the detector works: public before hiding
    t.engine.hide_fragment(t.fac, round=1, signature=sig, pulse=1)
    stops = 0
    while True:
        for view in (t.public(), *(t.view(name) for name in t.names)):
            assert secret not in json.dumps(view), view["phase"]
        facilitator = t.facilitator()
        listed = facilitator["round"] == 1 or facilitator["phase"] == "finished"
        assert json.dumps(facilitator).count(secret) == listed
        assert [m["hidden"] for m in facilitator["moderation"] if m["strokes"] == [unkind]] == [
            True
        ] * listed
        stops += 1
        if t.phase() == "finished":
            break
        t.engine.advance(t.fac)
    assert stops > 30
    assert sig in t.public()["gallery"][0]["authors"]  # still the artist's, by name


# What a Canvas Critters mosaic is made of, as a view would carry it.
MOSAIC_KEYS = {"pieces", "piece", "x", "y", "rotation", "mirrored", "side", "title"}


def test_critters_building_names_who_builds_and_who_finished_and_nothing_of_a_mosaic(engine, clock):
    """While mosaics are built, the projector's, the teacher's and every other student's
    views say who is still building and who has finished, by name: no piece, place, turn,
    mirror, canvas side or count of anyone's animals until building ends."""
    table = seat_critters(engine, clock, 4)
    table.pick_all()
    tokens = table.tokens
    engine.flip_canvas(tokens["Ana"], "black")
    placed = set()
    for name, kinds in (("Ana", ["whale", "fox"]), ("Ben", ["crab", "snake"])):
        for k in range(7):
            x, y = 0.3123 + 0.0411 * k, 0.4567
            placed.add(
                engine.take_piece(
                    tokens[name], kinds[k % 2], x, y, rid(), rotation=37 + k, mirrored=True
                )
            )
    table.finish("Ana")
    assert table.phase() == "last_minute"

    def shown(view, keys):
        text = json.dumps(view)
        return strings(view, keys) | {word for word in ("black", "0.3123") if word in text}

    secrets_ = {piece.casefold() for piece in placed} | {"black", "0.3123"}
    public = table.public()
    assert sorted(public["builders"]) == sorted(tokens)
    assert public["ready_players"] == ["Ana"]
    assert public["ready"] == {"done": 1, "total": 4}
    others = {name: table.view(name) for name in ("Cy", "Di")}
    views = {"public": public, "facilitator": table.facilitator(), **others}
    for label, view in views.items():
        keys: set[str] = set()
        found = shown({k: v for k, v in view.items() if k not in ("mosaic", "actions")}, keys)
        assert not found & secrets_, (label, found & secrets_)
        assert not keys & MOSAIC_KEYS, (label, keys & MOSAIC_KEYS)
        assert view["mosaics"] == []
    # A student's own view holds their own mosaic alone.
    assert {p["piece"] for p in table.view("Ben")["mosaic"]["pieces"]} < placed

    engine.advance(table.fac)  # the teacher ends the building: every mosaic is shown
    keys = set()
    assert secrets_ <= shown(table.public(), keys)  # the detector works
    assert {"pieces", "x", "rotation", "mirrored", "side"} <= keys


def test_faces_say_nothing_of_a_round(engine, clock):
    """A face (issue 42) is public like the name: picked in the lobby, before any secret is
    dealt, in colours named apart from every ink, and the same in every view all game long
    while signatures and their colours are drawn anew each round."""
    t = seat_table(engine, clock, 6)
    faces = t.public()["avatars"]
    assert set(faces) == set(t.names)
    assert not {colour.id for colour in COLOURS} & set(avatars.COLOURS)
    for number in (1, 2):
        t.advance_to("accusation", number)
        for view in [t.public(), t.facilitator(), *(t.view(name) for name in t.names)]:
            assert view["avatars"] == faces
