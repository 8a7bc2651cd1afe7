"""Crossed Canvas as the engine runs it: its phase table (rules.py) with what happens to
its rows at the start, on leaving a pulse, on entering a round and its reveal, and its
declaration, which names those hooks, its moves (moves.py) and its views.

Rules decide (pure, in rules.py); these hooks store what the rules decided.
"""

from __future__ import annotations

from sqlmodel import col, select

from engine.crossed_canvas import rules, views
from engine.crossed_canvas.bots import BOT
from engine.crossed_canvas.commands import COMMANDS
from engine.crossed_canvas.deck_csv import parse_deck
from engine.crossed_canvas.decks import DEFAULT_DECK, data_deck, load_deck, stored_deck
from engine.crossed_canvas.drawing import own_draft, signature_of
from engine.crossed_canvas.models import (
    Award,
    Choice,
    Draft,
    Fragment,
    Round,
    Vote,
    current_round,
    forget,
)
from engine.crossed_canvas.moves import MOVES
from engine.crossed_canvas.rules import Phase
from engine.declaration import Answers, Decks, GameDeclaration
from engine.models import Game, Player, id_of
from engine.table import Table
from engine.view_parts import GameFacts


def setup(table: Table) -> None:
    """Freeze the roster: one round per player, both rotations drawn (R1)."""
    game, players = table.game, table.players()
    curators, distorters = rules.rotations(len(players), table.rng("rotations"))
    game.curator_order = [id_of(players[i]) for i in curators]
    game.distorter_order = [id_of(players[i]) for i in distorters]
    game.rounds = len(players)


def deal_round(table: Table) -> None:
    """Round setup (R2, R3, R6): an unused pair, targets, options and fresh signatures."""
    session, game = table.session, table.game
    rng = table.rng(f"round:{game.round}")
    deck = table.deck
    pair = deck.unused_pair(_used_pairs(table, len(deck.pairs)), rng)
    true_id, false_id = rng.sample((pair.a, pair.b), 2)
    curator_id = game.curator_order[game.round - 1]
    artists = [id_of(p) for p in table.players() if p.id != curator_id]
    rng.shuffle(artists)
    signatures = rules.draw_signatures(len(artists), rng)
    session.add(
        Round(
            game_id=id_of(game),
            number=game.round,
            pair_key=pair.key,
            category=deck.objects[pair.a].category,
            closeness=pair.closeness,
            true_id=true_id,
            false_id=false_id,
            options=rules.draw_options(true_id, false_id, deck.neutrals(pair), rng),
            signatures={
                sig.id: {"player": player_id, "colour": sig.colour, "shape": sig.shape}
                for sig, player_id in zip(signatures, artists, strict=True)
            },
            curator_id=curator_id,
            distorter_id=game.distorter_order[game.round - 1],
        )
    )
    session.flush()


def _used_pairs(table: Table, pairs: int) -> set[str]:
    """The pairs a new round must not deal: this table's, and at a class's table every pair
    dealt at its class's tables of the same sitting (a reveal on the class projector is seen
    by every table), unless the class has used the whole deck (then this table's alone)."""
    session, game = table.session, table.game
    own = set(session.exec(select(Round.pair_key).where(Round.game_id == game.id)).all())
    if game.classroom_id is None:
        return own
    classmates = select(Round.pair_key).join(Game, col(Game.id) == Round.game_id)
    class_used = set(
        session.exec(
            classmates.where(Game.classroom_id == game.classroom_id, Game.sitting == game.sitting)
        ).all()
    )
    return class_used if len(class_used) < pairs else own


def lock_drafts(table: Table) -> None:
    """The pulse ends: each artist's finished strokes that were not submitted are locked for
    them, up to the pulse's limit in drawing order (R4); drafts are then gone."""
    session, rnd = table.session, current_round(table.session, table.game)
    pulse = rules.drawing_pulse(table.game.phase)
    fewest, most = rules.STROKE_LIMITS[pulse]
    mine = (Fragment.round_id == rnd.id, Fragment.pulse == pulse)
    locked = set(session.exec(select(Fragment.player_id).where(*mine)).all())
    drafts = session.exec(select(Draft).where(Draft.round_id == rnd.id, Draft.pulse == pulse))
    for draft in drafts:
        # Only an artist keeps a draft (drawing.drawing_signature): the Curator has no signature.
        signature = signature_of(rnd, draft.player_id)
        if signature and draft.player_id not in locked and len(draft.strokes) >= fewest:
            session.add(
                Fragment(
                    round_id=id_of(rnd),
                    player_id=draft.player_id,
                    pulse=pulse,
                    signature=signature,
                    strokes=draft.strokes[:most],
                    # "/" is outside REQUEST_ID_PATTERN: no page's request can take it.
                    request_id=f"auto/{rnd.number}/{pulse}",
                    auto=True,
                )
            )
        session.delete(draft)
    session.flush()


def score_round(table: Table) -> None:
    """Decide this round's outcome and write its awards, once (R7 to R10): the reveal, the
    facilitator's history and the totals all read what is stored here."""
    session, rnd = table.session, current_round(table.session, table.game)
    if rnd.outcome is not None:
        return
    choice = session.exec(select(Choice).where(Choice.round_id == rnd.id)).first()
    players = [id_of(p) for p in table.players()]
    rnd.outcome = rules.round_outcome(
        players,
        rnd.distorter_id,
        chosen=None if choice is None else choice.option_id,
        true_id=rnd.true_id,
        votes=session.exec(select(Vote.signature).where(Vote.round_id == rnd.id)).all(),
        authors={sig_id: sig["player"] for sig_id, sig in rnd.signatures.items()},
    )
    paid = rnd.outcome["points"]
    for player_id in players:
        points = sum(outcome[str(player_id)] for outcome in paid.values())
        session.add(Award(round_id=id_of(rnd), player_id=player_id, points=points))
    session.add(rnd)


def answers(table: Table) -> Answers:
    """The answers the current phase waits for (R4, R6, R7): every artist's fragment in a
    pulse, the Curator's choice, everyone's vote; and, counted for the views alone (the
    teacher ends the phase), everyone who opened their role card. Nothing outside a round."""
    session, game = table.session, table.game
    if not rules.PHASE_TABLE.running(game.phase):
        return Answers()
    rnd = current_round(session, game)
    pulse = rules.pulse_of(game.phase)
    if pulse is not None:
        mine = (Fragment.round_id == rnd.id, Fragment.pulse == pulse)
        drawn = session.exec(select(Fragment.player_id).where(*mine)).all()
        return Answers.of(drawn, len(rnd.signatures))
    if game.phase == Phase.ROLES:
        seen = [id_of(p) for p in table.players() if p.role_seen == rnd.number]
        return Answers.of(seen, len(table.players()))
    if game.phase == Phase.CHOICE:
        chosen = session.exec(select(Choice.id).where(Choice.round_id == rnd.id)).first()
        return Answers(decided=chosen is not None)
    if game.phase == Phase.ACCUSATION:
        voters = session.exec(select(Vote.voter_id).where(Vote.round_id == rnd.id)).all()
        return Answers.of(voters, len(table.players()))
    return Answers()


def read_snapshot(table: Table) -> views.Snapshot:
    """Every row the views need, at the game's current version."""
    session, game = table.session, table.game
    rounds = list(
        session.exec(select(Round).where(Round.game_id == game.id).order_by(col(Round.number)))
    )
    round_ids = [id_of(r) for r in rounds]
    snap = views.Snapshot(
        game=GameFacts.of(game),
        deck=table.deck,
        players=table.players(),
        answers=answers(table),
        rounds=rounds,
        fragments=list(session.exec(select(Fragment).where(Fragment.round_id == rounds[-1].id)))
        if rounds
        else [],
    )
    if game.phase == Phase.FINISHED and round_ids:
        every = select(Fragment).where(col(Fragment.round_id).in_(round_ids))
        for fragment in session.exec(every.order_by(col(Fragment.id))):
            snap.drawings.setdefault(fragment.round_id, []).append(fragment)
    if round_ids:
        for choice in session.exec(select(Choice).where(col(Choice.round_id).in_(round_ids))):
            snap.choices[choice.round_id] = choice
        for vote in session.exec(select(Vote).where(col(Vote.round_id).in_(round_ids))):
            snap.votes.setdefault(vote.round_id, []).append(vote)
        for award in session.exec(select(Award).where(col(Award.round_id).in_(round_ids))):
            snap.awards.setdefault(award.round_id, []).append(award)
    return snap


def draft_in_progress(table: Table, snap: views.Snapshot, player: Player) -> Draft | None:
    """The player's draft for the pulse in progress: read apart from the shared snapshot,
    which is kept while the version stands, while a draft changes no version."""
    rnd, pulse = snap.current_round, rules.pulse_of(snap.phase)
    if rnd is None or pulse is None:
        return None
    return own_draft(table.session, id_of(rnd), id_of(player), pulse)


CROSSED_CANVAS = GameDeclaration(
    name="crossed_canvas",
    titles={"en": "Crossed Canvas", "es": "Lienzo cruzado"},
    table=rules.PHASE_TABLE,
    setup=setup,
    answers=answers,
    read=read_snapshot,
    views={
        "public": views.public_view,
        "player": views.player_view,
        "facilitator": views.facilitator_view,
    },
    moves=MOVES,
    commands=COMMANDS,
    bot=BOT,
    on_exit={Phase.PULSE1: lock_drafts, Phase.PULSE2: lock_drafts},
    on_entry={Phase.ROLES: deal_round, Phase.REVEAL: score_round},
    private=draft_in_progress,
    forget=forget,
    decks=Decks(
        default=DEFAULT_DECK,
        in_data=data_deck,
        load=load_deck,
        from_stored=stored_deck,
        parse=parse_deck,
    ),
    as_class=True,
    showcase=frozenset({Phase.REVEAL}),
)
