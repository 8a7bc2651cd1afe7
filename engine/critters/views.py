"""Canvas Critters' projections: the only way its data leaves the engine.

What a phase shows is declared in its phase table (engine/critters/rules.py): mosaics once the
building is over, titles once judging starts, ribbons (and the duel's secret themes) only when
they are turned over. Before that, the public view says who is done, never what they did. A
player's own view adds their own canvas, card, ribbons and guess, and the moves they may make.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlmodel import Session, col, select

from engine.critters import rows, rules
from engine.critters.models import CritterGame, CritterRound, Guess, Holding, Mosaic, Ribbons
from engine.critters.themes import cards_by_id, themes_by_id
from engine.declaration import LOBBY, Answers, PhaseTable
from engine.i18n import translate
from engine.models import Player, id_of
from engine.standings import winners
from engine.table import Table
from engine.view_parts import GameFacts, facilitator_actions, game_header, readiness


@dataclass(frozen=True)
class Played:
    """A round's mosaics (their titles and pieces), ribbons and guesses, read once its scores
    are turned over."""

    mosaics: dict[int, Mosaic]
    holdings: list[Holding]
    ribbons: list[Ribbons]
    guesses: list[Guess]


@dataclass
class CritterSnapshot:
    """Every row the views need, read in one transaction at one version."""

    game: GameFacts
    players: list[Player]
    keep: CritterGame | None  # None in the lobby
    rounds: list[CritterRound]
    # Whether the ribbons turned over name their givers (the teacher's lobby choice).
    givers_named: bool = True
    # The current round's rows.
    holdings: list[Holding] = field(default_factory=list)
    mosaics: dict[int, Mosaic] = field(default_factory=dict)
    ribbons: list[Ribbons] = field(default_factory=list)
    guesses: list[Guess] = field(default_factory=list)
    # What the current phase's answers are (rows.answers): the views' readiness.
    answers: Answers = field(default_factory=Answers)
    # Every round turned over, by round id: all public now (the teacher's history).
    played: dict[int, Played] = field(default_factory=dict)

    @property
    def current_round(self) -> CritterRound | None:
        return (
            self.rounds[-1] if self.rounds and self.rounds[-1].number == self.game.round else None
        )

    @property
    def phases(self) -> PhaseTable:
        return rules.DUEL if self.game.kind == rules.DUEL_KIND else rules.JUDGED

    def name_of(self, player_id: int) -> str:
        return next(p.name for p in self.players if p.id == player_id)

    def shows(self, secret: str) -> bool:
        return self.phases.shows(self.game.phase, secret)

    def title(self, title: str | None) -> str | None:
        """A title as everyone sees it once titles are shown: a missing one reads "Untitled"
        in the game's language (the ruling), never left blank. The duel has no titles."""
        if title is not None or self.game.kind == rules.DUEL_KIND:
            return title
        return translate(self.game.language, "ui.critters.untitled")


def read_snapshot(table: Table) -> CritterSnapshot:
    session, game = table.session, table.game
    # In the lobby the row holds only the teacher's choices made there.
    row = session.exec(select(CritterGame).where(CritterGame.game_id == game.id)).first()
    keep = None if game.phase == LOBBY else row
    rounds = list(
        session.exec(
            select(CritterRound)
            .where(CritterRound.game_id == game.id)
            .order_by(col(CritterRound.number))
        )
    )
    snap = CritterSnapshot(GameFacts.of(game), table.players(), keep, rounds)
    snap.givers_named = row is None or row.givers_named
    rnd = snap.current_round
    if rnd is not None:
        snap.holdings = rows.holdings(session, rnd)
        snap.mosaics = rows.mosaics(session, rnd)
        snap.ribbons = list(session.exec(select(Ribbons).where(Ribbons.round_id == rnd.id)))
        snap.guesses = list(session.exec(select(Guess).where(Guess.round_id == rnd.id)))
        snap.answers = rows.answers(table)
    snap.played = _played(session, [id_of(r) for r in rounds if r.scores is not None])
    return snap


def _played(session: Session, round_ids: list[int]) -> dict[int, Played]:
    """The rows of the rounds turned over, four reads for them all."""
    if not round_ids:
        return {}
    played = {round_id: Played({}, [], [], []) for round_id in round_ids}
    for mosaic in session.exec(select(Mosaic).where(col(Mosaic.round_id).in_(round_ids))):
        played[mosaic.round_id].mosaics[mosaic.player_id] = mosaic
    held = select(Holding).where(col(Holding.round_id).in_(round_ids)).order_by(col(Holding.layer))
    for holding in session.exec(held):
        played[holding.round_id].holdings.append(holding)
    for given in session.exec(select(Ribbons).where(col(Ribbons.round_id).in_(round_ids))):
        played[given.round_id].ribbons.append(given)
    for guess in session.exec(select(Guess).where(col(Guess.round_id).in_(round_ids))):
        played[guess.round_id].guesses.append(guess)
    return played


def public_view(snap: CritterSnapshot, now: float) -> dict[str, Any]:
    """What the projector may show at any moment."""
    game, rnd = snap.game, snap.current_round
    view: dict[str, Any] = game_header(game, snap.players, now) | {
        "game": rules.KIND,
        "duel": game.kind == rules.DUEL_KIND,
        "active": None,
        "theme": None,
        "pile": None,
        "builders": [],
        "ready": None,
        "ready_players": [],
        "mosaics": [],
        "turned_over": None,
        "face_up": [],
        "totals": _totals(snap),
        "winners": [],
        "tie_break": bool(rnd is not None and rnd.tied),
    }
    if snap.keep is not None:
        # The rounds planned: a tie-break adds one to the game's count as soon as the tie
        # is known, but is announced as a tie-break when it is played, never as "6 of 7".
        view["rounds"] = rules.rounds_for(len(snap.players))
    if game.phase == snap.phases.finished:
        view["winners"] = winners(view["totals"])
        # Every round, turned over in front of the class as it was played (themes, titles,
        # ribbons, guesses, points), for the gallery the teacher steps through at the end.
        view["gallery"] = _history(snap)
        view["shown_round"] = game.shown_round
    if rnd is None:
        return view
    view["active"] = None if rnd.active_id is None else snap.name_of(rnd.active_id)
    builders = _from_active(rnd, rows.builders(rnd, snap.players), snap.players)
    view["builders"] = [p.name for p in builders]
    if rnd.active_id is not None or snap.shows(rules.THEMES_SHOWN):
        view["theme"] = _theme(rnd.choices.get(str(rnd.active_id)), game.language)
    if game.phase in ("theme", "build", "last_minute"):
        view["pile"] = _pile(snap.holdings)
    view["ready"], view["ready_players"] = _readiness(snap)
    if snap.shows(rules.MOSAICS_SHOWN) or game.phase == snap.phases.finished:
        view["mosaics"] = [
            _mosaic(snap, p, titled=snap.shows(rules.TITLES_SHOWN)) for p in builders
        ]
    if rnd.face_up:
        view["face_up"] = [_card(card, game.language) for card in rnd.face_up]
    if snap.shows(rules.RIBBONS_SHOWN) and rnd.scores is not None:
        view["turned_over"] = _turned_over(snap, rnd, snap.played[id_of(rnd)])
    return view


def _from_active(rnd: CritterRound, chosen: list[Player], players: list[Player]) -> list[Player]:
    """`chosen` in seat order from the active player (from the first seat in the duel): how
    mosaics, titles and ribbons given all at once are shown (Community Judging, step 2)."""
    seats = [p.id for p in players]
    first = seats.index(rnd.active_id) if rnd.active_id in seats else 0
    order = rules.judging_order(first, len(seats))
    return sorted(chosen, key=lambda p: order.index(seats.index(p.id)))


def player_view(
    snap: CritterSnapshot, player: Player, now: float, private: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The public view plus this player's own canvas, card, ribbons and guess, and the moves
    they may make now; `private`: their ribbons picked and not yet given (drafts.py), which
    no other view ever holds."""
    view = public_view(snap, now)
    rnd = snap.current_round
    view |= {
        "name": player.name,
        "mosaic": None,
        "card": None,
        "my_ribbons": None,
        "my_guess": None,
        "ribbon_draft": private,
        "golden_available": snap.keep is not None and player.id not in snap.keep.golden_given,
        "actions": {},
    }
    if rnd is None or snap.game.phase == snap.phases.finished:
        return view
    if player.id in snap.mosaics:
        view["mosaic"] = _mosaic(snap, player, titled=True)
    mine = rnd.choices.get(str(player.id))
    if mine is not None:
        view["card"] = _card(mine["card"], snap.game.language) | {
            "chosen": mine["theme"],
            # Their own: in the duel the theme is secret, and so is how it was chosen.
            "timed_out": bool(mine.get(rules.TIMED_OUT)),
        }
    given = next((r for r in snap.ribbons if r.giver_id == player.id), None)
    if given is not None:
        view["my_ribbons"] = given_by(snap.name_of, given)
    guess = next((g for g in snap.guesses if g.player_id == player.id), None)
    if guess is not None:
        view["my_guess"] = {"ribbon": guess.ribbon, "card": guess.card, "theme": guess.theme}
    view["actions"] = _actions(snap, rnd, player, view)
    return view


def facilitator_view(snap: CritterSnapshot, now: float) -> dict[str, Any]:
    """The public view plus what a teacher runs the game with; safe to project."""
    view = public_view(snap, now)
    view["min_players"] = snap.phases.min_players
    view["actions"] = facilitator_actions(snap.game, snap.phases, len(snap.players))
    view["durations"] = dict(snap.game.durations)
    view["name_filter"] = snap.game.name_filter
    view["allowed_names"] = list(snap.game.allowed_names)
    view["tie_rule"] = None if snap.keep is None else snap.keep.tie_rule
    view["givers_named"] = snap.givers_named
    # Once the game is over the public view holds the same rounds as its gallery.
    view["history"] = view["gallery"] if "gallery" in view else _history(snap)
    return view


def _actions(
    snap: CritterSnapshot, rnd: CritterRound, player: Player, view: dict[str, Any]
) -> dict[str, dict[str, Any]]:
    """The moves this player may make now and has not made (the service accepts exactly
    these; while the game is paused they wait)."""
    phases, phase = snap.phases, snap.game.phase
    actions: dict[str, dict[str, Any]] = {}
    mine = rnd.choices.get(str(player.id))
    if phases.allows(phase, rules.PICK_THEME) and mine is not None and not mine["theme"]:
        actions[rules.PICK_THEME] = {"themes": [t["id"] for t in view["card"]["themes"]]}
    mosaic = snap.mosaics.get(id_of(player))
    building = mosaic is not None and mosaic.finished_at is None
    if phases.allows(phase, rules.TAKE_PIECE) and building:
        pieces = len(view["mosaic"]["pieces"])
        # The limit tells only what the pile already shows, less what the others still need
        # in all: never who holds what.
        builders = [id_of(p) for p in rows.builders(rnd, snap.players)]
        actions[rules.BUILD] = {
            "pieces": pieces,
            "most": rules.most_pieces(rows.table_of(snap.holdings), id_of(player), builders),
            "piece_size": rules.PIECE_SIZE,
        }
        actions[rules.FINISH] = {"fewest": rules.MIN_PIECES, "ready": pieces >= rules.MIN_PIECES}
    if phases.allows(phase, rules.TITLE) and mosaic is not None and mosaic.title is None:
        actions[rules.TITLE] = {"most": rules.TITLE_MAX_CHARS}
    if phases.allows(phase, rules.AWARD) and view["my_ribbons"] is None:
        judging = rows.panel(rnd, snap.players)
        if player.id in judging.givers:
            actions[rules.AWARD] = {
                "ribbons": list(judging.ribbons),
                # In seat order from the active player, as the round's mosaics are shown.
                "receivers": [
                    p.name
                    for p in _from_active(rnd, snap.players, snap.players)
                    if p.id in judging.receivers and p.id != player.id
                ],
                "golden": judging.golden and view["golden_available"],
                # Kept past this round, a golden ribbon costs points: said while it can go.
                "golden_last_round": judging.golden
                and view["golden_available"]
                and snap.game.round == rules.rounds_for(len(snap.players)),
            }
    if phases.allows(phase, rules.GUESS) and view["my_guess"] is None:
        # The face-up cards but the player's own (they know it is not the opponent's).
        own = rnd.choices[str(player.id)]["card"]
        cards = [card for card in rnd.face_up if card != own]
        actions[rules.GUESS] = {"ribbons": [1, 3], "cards": cards}
    return actions


def _readiness(snap: CritterSnapshot) -> tuple[dict[str, int] | None, list[str]]:
    """Who is done with what the phase asks, never what they did: the answers that end the
    phase (rows.answers), their givers named in seat order."""
    return readiness(snap.answers), [p.name for p in snap.players if p.id in snap.answers.who]


def _pile(held: list[Holding]) -> dict[str, int]:
    """How many of each kind are left in the pile."""
    out = Counter(rules.piece_kind(h.piece) for h in held)
    return {kind: count - out[kind] for kind, count in rules.PILE.items()}


def _mosaic(snap: CritterSnapshot, player: Player, *, titled: bool) -> dict[str, Any]:
    mosaic = snap.mosaics[id_of(player)]
    pieces = _pieces(snap.holdings, player.id)
    # One's own title before titles are shown stays empty: not yet given, still to give.
    title = mosaic.title if titled else None
    if titled and snap.shows(rules.TITLES_SHOWN):
        title = snap.title(title)
    return {
        "name": player.name,
        "side": mosaic.side,
        "finished": mosaic.finished_at is not None,
        # Short of seven when building ends: judged as it stands, marked so (the ruling).
        "unfinished": len(pieces) < rules.MIN_PIECES,
        "title": title,
        "pieces": pieces,
    }


def _pieces(holdings: list[Holding], player_id: int | None) -> list[dict[str, Any]]:
    """One player's pieces on their canvas, bottom to top."""
    return [
        {
            "piece": h.piece,
            "kind": rules.piece_kind(h.piece),
            "x": h.x,
            "y": h.y,
            "rotation": h.rotation,
            "mirrored": h.mirrored,
        }
        for h in holdings
        if h.player_id == player_id
    ]


def _card(card_id: str, language: str) -> dict[str, Any]:
    card = cards_by_id()[card_id]
    return {
        "id": card.id,
        "themes": [{"id": t.id, "text": t.text(language)} for t in card.themes],
    }


def _theme(choice: dict[str, Any] | None, language: str) -> dict[str, str] | None:
    if choice is None or not choice["theme"]:
        return None
    theme = themes_by_id()[choice["theme"]]
    return {"card": choice["card"], "id": theme.id, "text": theme.text(language)}


def given_by(name_of: Callable[[int], str], given: Ribbons) -> dict[str, Any]:
    """One giver's ribbons by name: in their own view, in the round turned over, and said back
    to them when they give them again from another tab."""
    return {
        "giver": name_of(given.giver_id),
        "ribbons": [{"value": value, "to": name_of(to)} for value, to in given.ribbons],
        "golden": None if given.golden is None else name_of(given.golden),
    }


def unnamed(named: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`given_by`'s ribbons with nothing left of who gave them: one ribbon to an entry and
    the entries in an order of their own (receiver, then value), so neither a name nor a
    seat order nor two ribbons given together point back to a giver."""
    ribbons = [(r["to"], r["value"]) for given in named for r in given["ribbons"]]
    golden = [given["golden"] for given in named if given["golden"] is not None]
    return [
        *(
            {"giver": None, "ribbons": [{"value": value, "to": to}], "golden": None}
            for to, value in sorted(ribbons, key=lambda r: (r[0], -r[1]))
        ),
        *({"giver": None, "ribbons": [], "golden": to} for to in sorted(golden)),
    ]


def given_text(given: Mapping[str, Any]) -> str:
    """`given_by`'s ribbons in one line of a message ("+3 → Ben, +2 → Cy, ★ +5 → Ben"), each
    name isolated (FSI ... PDI) so a right-to-left name cannot reorder the line."""
    placed = [f"+{r['value']} → \u2068{r['to']}\u2069" for r in given["ribbons"]]
    if given["golden"] is not None:
        placed.append(f"★ +{rules.GOLDEN} → \u2068{given['golden']}\u2069")
    return ", ".join(placed)


def _turned_over(snap: CritterSnapshot, rnd: CritterRound, rows: Played) -> dict[str, Any]:
    """The round turned over: every ribbon (or the duel's secret themes and guesses) and
    what each player scored."""
    language, scores = snap.game.language, rnd.scores
    if scores is None:  # only a round whose scores are stored is turned over
        raise ValueError(f"round {rnd.number} is not scored yet")
    by_giver = {given.giver_id: given for given in rows.ribbons}
    givers = _from_active(rnd, [p for p in snap.players if p.id in by_giver], snap.players)
    named = [given_by(snap.name_of, by_giver[id_of(p)]) for p in givers]
    return {
        "ribbons": named if snap.givers_named else unnamed(named),
        # Who gave in time: the judging's readiness named them already.
        "gave": [p.name for p in givers],
        "themes": {
            snap.name_of(int(p)): _theme(choice, language) for p, choice in rnd.choices.items()
        }
        if snap.game.kind == rules.DUEL_KIND
        else {},
        "guesses": {
            snap.name_of(g.player_id): {"ribbon": g.ribbon, "card": g.card, "theme": g.theme}
            for g in rows.guesses
        },
        "scores": {snap.name_of(int(p)): points for p, points in scores.items()},
    }


def _history(snap: CritterSnapshot) -> list[dict[str, Any]]:
    """Every round turned over, for the teacher's records: its theme (the duel's are in
    `themes`), who chose it, whether it broke a tie, each mosaic (its maker, canvas side,
    title and pieces: the class's ZIP draws them), and `_turned_over`'s ribbons, guesses and
    points."""
    history = []
    for rnd in snap.rounds:
        rows = snap.played.get(id_of(rnd))
        if rows is None:
            continue
        active = rnd.active_id  # None in the duel: each player's theme is in "themes"
        history.append(
            _turned_over(snap, rnd, rows)
            | {
                "round": rnd.number,
                "tie_break": bool(rnd.tied),
                "active": None if active is None else snap.name_of(active),
                "theme": _theme(rnd.choices.get(str(active)), snap.game.language),
                "titles": {
                    snap.name_of(p): snap.title(mosaic.title) for p, mosaic in rows.mosaics.items()
                },
                "mosaics": [
                    {
                        "name": snap.name_of(p),
                        "side": mosaic.side,
                        "title": snap.title(mosaic.title),
                        "pieces": pieces,
                        "unfinished": len(pieces) < rules.MIN_PIECES,
                    }
                    for p, mosaic in rows.mosaics.items()
                    for pieces in (_pieces(rows.holdings, p),)
                ],
            }
        )
    return history


def _totals(snap: CritterSnapshot) -> dict[str, int]:
    totals = {p.name: 0 for p in snap.players}
    for rnd in snap.rounds:
        for player_id, points in (rnd.scores or {}).items():
            totals[snap.name_of(int(player_id))] += points
    return totals
