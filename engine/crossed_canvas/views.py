"""Projections: the only way game data leaves the engine.

Each view is built for one person looking: the projector and any spectator (`public_view`),
one player (`player_view`), the facilitator (`facilitator_view`, safe to project: it holds no
more secrets than the public view). A field added to the game stays secret until a view here
chooses to show it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypedDict

from engine.crossed_canvas.decks import Deck
from engine.crossed_canvas.models import Award, Choice, Draft, Fragment, Round, Vote
from engine.crossed_canvas.rules import (
    ACCUSE,
    CHOOSE,
    COLOURS_BY_ID,
    DRAW,
    OPTIONS_SHOWN,
    OUTCOME_SHOWN,
    PHASE_TABLE,
    STROKE_LIMITS,
    Phase,
    fragment_shown,
    pulse_of,
    signature_name,
)
from engine.declaration import Answers
from engine.models import Player, id_of
from engine.standings import winners
from engine.view_parts import GameFacts, facilitator_actions, game_header, readiness


@dataclass
class Snapshot:
    """Everything the views of one game need, read in one transaction at one version."""

    game: GameFacts
    deck: Deck
    players: list[Player]
    # What the current phase's answers are (game.py's `answers`): the views' readiness.
    answers: Answers
    rounds: list[Round]
    fragments: list[Fragment]  # the current round's
    choices: dict[int, Choice] = field(default_factory=dict)  # by round id
    votes: dict[int, list[Vote]] = field(default_factory=dict)  # by round id
    awards: dict[int, list[Award]] = field(default_factory=dict)  # by round id
    # Every round's fragments by round id, in drawing order: read only once the game is
    # finished (the gallery), so a round in play costs nothing more.
    drawings: dict[int, list[Fragment]] = field(default_factory=dict)

    @property
    def current_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    @property
    def phase(self) -> Phase:
        return Phase(self.game.phase)

    def name_of(self, player_id: int) -> str:
        return next(p.name for p in self.players if p.id == player_id)


def public_view(snap: Snapshot, now: float) -> dict[str, Any]:
    """What the projector may show at any moment (R11)."""
    game, rnd = snap.game, snap.current_round
    language = game.language
    view: dict[str, Any] = game_header(game, snap.players, now) | {
        "category": None,
        "closeness": None,
        "signatures": {},
        "fragments": [],
        "ready": None,
        "ready_signatures": [],
        "totals": _totals(snap),
        "reveal": None,
        "winners": winners(_totals(snap)) if snap.phase is Phase.FINISHED else [],
    }
    if rnd is None:
        return view
    if snap.phase is Phase.FINISHED:
        # Outside any round now: only the last reveal (already public) stays, for the podium,
        # and every round's drawing for the gallery, with the round the facilitator shows.
        view["reveal"] = _reveal(snap, rnd)
        view["gallery"] = [_gallery_round(snap, played) for played in snap.rounds]
        view["shown_round"] = game.shown_round
        return view
    view["category"] = snap.deck.categories[rnd.category][language]
    view["closeness"] = rnd.closeness
    view["signatures"] = _signatures(rnd, language)
    view["fragments"] = _fragments(
        snap.fragments,
        lambda fragment: _is_public(snap, fragment),
        drawn_order=_outcome_shown(snap),
    )
    view["ready"], view["ready_signatures"] = _readiness(snap)
    if _outcome_shown(snap):
        view["reveal"] = _reveal(snap, rnd)
    return view


def player_view(
    snap: Snapshot, player: Player, now: float, draft: Draft | None = None
) -> dict[str, Any]:
    """The public view plus this player's own secrets, accepted actions and unsubmitted
    strokes (R2, R4, R12)."""
    view = public_view(snap, now)
    rnd = snap.current_round if snap.phase is not Phase.FINISHED else None
    view |= {
        "name": player.name,
        "role": None,
        "target": None,
        "signature": None,
        "options": None,
        "my_choice": None,
        "my_vote": None,
        # The owner's own finished strokes not yet locked in this pulse; no other view has them.
        "draft": draft.strokes if draft is not None else [],
        # Pulses whose strokes were locked for this artist when time ran out (R4).
        "auto_locked": [],
        "actions": {},
        # Whether this player opened their role card in this round's roles phase.
        "role_seen": False,
    }
    if rnd is None:
        return view
    round_id = id_of(rnd)
    own_signature = next(
        (sig_id for sig_id, sig in rnd.signatures.items() if sig["player"] == player.id), None
    )
    if player.id == rnd.curator_id:
        view["role"] = "curator"
        if PHASE_TABLE.shows(snap.phase, OPTIONS_SHOWN):
            view["options"] = [_object(snap, option) for option in rnd.options]
        choice = snap.choices.get(round_id)
        view["my_choice"] = choice.option_id if choice else None
    elif player.id == rnd.distorter_id:
        view["role"] = "distorter"
        view["target"] = _object(snap, rnd.false_id)
    else:
        view["role"] = "loyal"
        view["target"] = _object(snap, rnd.true_id)
    view["signature"] = own_signature
    view["role_seen"] = player.role_seen == rnd.number
    view["auto_locked"] = sorted(
        f.pulse for f in snap.fragments if f.player_id == player.id and f.auto
    )
    view["fragments"] = _fragments(
        snap.fragments,
        lambda fragment: fragment.player_id == player.id or _is_public(snap, fragment),
        drawn_order=_outcome_shown(snap),
    )
    vote = next((v for v in snap.votes.get(round_id, []) if v.voter_id == player.id), None)
    view["my_vote"] = vote.signature if vote else None
    view["actions"] = _actions(snap, player, rnd, view)
    return view


def _actions(
    snap: Snapshot, player: Player, rnd: Round, view: dict[str, Any]
) -> dict[str, dict[str, int]]:
    """The moves this player may make now and has not made, with what the page needs to offer
    them (OpenSpiel's legal actions): the service accepts exactly these (while the game is
    paused they wait). Only this player's own view has them: they tell a role."""
    phase, actions = snap.phase, {}
    pulse = pulse_of(phase)
    if pulse is not None and PHASE_TABLE.allows(phase, DRAW) and view["signature"] is not None:
        drawn = any(f.player_id == player.id and f.pulse == pulse for f in snap.fragments)
        if not drawn:
            fewest, most = STROKE_LIMITS[pulse]
            actions[DRAW] = {"fewest": fewest, "most": most}
    if PHASE_TABLE.allows(phase, CHOOSE) and view["role"] == "curator" and not view["my_choice"]:
        actions[CHOOSE] = {}
    if PHASE_TABLE.allows(phase, ACCUSE) and view["my_vote"] is None:
        actions[ACCUSE] = {}
    return actions


def facilitator_view(snap: Snapshot, now: float) -> dict[str, Any]:
    """The public view plus what a teacher runs the game with: rounds already revealed.

    It may be projected, so before a round's reveal it shows nothing of that round's secrets.
    """
    view = public_view(snap, now)
    view["min_players"] = PHASE_TABLE.min_players
    view["actions"] = facilitator_actions(snap.game, PHASE_TABLE, len(snap.players))
    view["durations"] = dict(snap.game.durations)
    view["name_filter"] = snap.game.name_filter
    view["allowed_names"] = list(snap.game.allowed_names)
    view["moderation"] = _moderation(snap)
    view["history"] = [
        _reveal(snap, rnd)
        | {"round": rnd.number, "category": snap.deck.categories[rnd.category][snap.game.language]}
        for rnd in snap.rounds
        if rnd.outcome is not None
    ]
    return view


def _is_public(snap: Snapshot, fragment: Fragment) -> bool:
    return fragment_shown(snap.phase, snap.game.round, snap.game.round, fragment.pulse)


def _outcome_shown(snap: Snapshot) -> bool:
    """The round's outcome is out (its reveal): the drawing is then shown in drawing order."""
    return PHASE_TABLE.shows(snap.phase, OUTCOME_SHOWN)


def _fragments(
    fragments: list[Fragment], visible: Callable[[Fragment], bool], *, drawn_order: bool = False
) -> list[dict[str, Any]]:
    """The fragments a viewer may see, never a hidden one. Before the reveal, sorted by pulse
    and (random) signature id: submission order is nobody's business until then. From the
    reveal on, in drawing order (pulse, then submission), the order the replay redraws."""
    shown = [f for f in fragments if visible(f) and not f.hidden]
    shown.sort(key=lambda f: (f.pulse, f.id if drawn_order else f.signature))
    return [{"signature": f.signature, "pulse": f.pulse, "strokes": f.strokes} for f in shown]


def _moderation(snap: Snapshot) -> list[dict[str, Any]]:
    """For the facilitator alone: the fragments shown so far that they may hide, hidden ones
    included and marked, so that they can be shown again."""
    rounds = {rnd.id: rnd.number for rnd in snap.rounds}
    if snap.phase is Phase.FINISHED:
        fragments = [f for drawn in snap.drawings.values() for f in drawn]
    else:
        fragments = [f for f in snap.fragments if _is_public(snap, f)]
    return [
        {
            "round": rounds[f.round_id],
            "pulse": f.pulse,
            "signature": f.signature,
            "hidden": f.hidden,
            "strokes": f.strokes,
        }
        # By (random) signature id, as the composition before the reveal: never by submission.
        for f in sorted(fragments, key=lambda f: (rounds[f.round_id], f.pulse, f.signature))
    ]


def _gallery_round(snap: Snapshot, rnd: Round) -> dict[str, Any]:
    """One round kept for the gallery (the game is over: nothing in it is secret any more):
    its objects, signatures and their authors, and its drawing without hidden fragments."""
    language = snap.game.language
    return {
        "round": rnd.number,
        "category": snap.deck.categories[rnd.category][language],
        "true_target": _object(snap, rnd.true_id),
        "false_target": _object(snap, rnd.false_id),
        "signatures": _signatures(rnd, language),
        "authors": _authors(snap, rnd),
        "fragments": _fragments(
            snap.drawings.get(id_of(rnd), []), lambda f: True, drawn_order=True
        ),
    }


def _readiness(snap: Snapshot) -> tuple[dict[str, int] | None, list[str]]:
    """Role-neutral readiness, from the answers that end the phase (game.py's `answers`):
    counts, and the signatures whose artist has opened their role card in the roles phase,
    submitted in a pulse, or voted in the accusation (the Curator does too, under no
    signature)."""
    rnd = snap.current_round
    assert rnd is not None
    who = snap.answers.who
    done = sorted(sig_id for sig_id, sig in rnd.signatures.items() if sig["player"] in who)
    return readiness(snap.answers), done


def _totals(snap: Snapshot) -> dict[str, int]:
    totals = {p.name: 0 for p in snap.players}
    for awards in snap.awards.values():
        for award in awards:
            totals[snap.name_of(award.player_id)] += award.points
    return totals


def _signatures(rnd: Round, language: str) -> dict[str, dict[str, str]]:
    """The round's signatures by (random) id: name, colour and shape; never their authors."""
    return {
        sig_id: {
            "name": signature_name(sig["colour"], sig["shape"], language),
            "colour": COLOURS_BY_ID[sig["colour"]].hex,
            "shape": sig["shape"],
        }
        for sig_id, sig in sorted(rnd.signatures.items())
    }


def _reveal(snap: Snapshot, rnd: Round) -> dict[str, Any]:
    round_id, outcome = id_of(rnd), rnd.outcome
    if outcome is None:  # shown only once the round is scored (game.score_round)
        raise ValueError(f"round {rnd.number} has no outcome yet")
    votes = snap.votes.get(round_id, [])
    choice = snap.choices.get(round_id)
    awards = {p.name: 0 for p in snap.players}
    for award in snap.awards.get(round_id, []):
        awards[snap.name_of(award.player_id)] = award.points
    return {
        "true_target": _object(snap, rnd.true_id),
        "false_target": _object(snap, rnd.false_id),
        "options": [_object(snap, option) for option in rnd.options],
        "choice": choice.option_id if choice else None,
        "target_found": outcome["target_found"],
        "votes": {snap.name_of(v.voter_id): v.signature for v in votes},
        "accused": outcome["accused"],
        "distorter_caught": outcome["distorter_caught"],
        # What each of the two outcomes paid each player (the sum is `awards`).
        "points": {
            kind: {snap.name_of(int(player_id)): points for player_id, points in paid.items()}
            for kind, paid in outcome["points"].items()
        },
        "signatures": _signatures(rnd, snap.game.language),
        "authors": _authors(snap, rnd),
        "curator": snap.name_of(rnd.curator_id),
        "distorter": snap.name_of(rnd.distorter_id),
        "awards": awards,
    }


def _authors(snap: Snapshot, rnd: Round) -> dict[str, str]:
    return {sig_id: snap.name_of(sig["player"]) for sig_id, sig in sorted(rnd.signatures.items())}


class ObjectShown(TypedDict):
    """An object as a view shows it (a target, an option): its picture is a file's path (a
    deck in data/), a data URI (an uploaded deck) or None (names only)."""

    id: str
    name: str
    image: str | None


def _object(snap: Snapshot, object_id: str) -> ObjectShown:
    """One object a viewer may see: its picture is a file's path (a deck in data/), a data URI
    (an uploaded deck) or None (names only: the page shows the name large instead)."""
    obj = snap.deck.objects[object_id]
    image = None if obj.image is None else str(obj.image)
    return {"id": obj.id, "name": obj.names[snap.game.language], "image": image}
