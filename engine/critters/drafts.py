"""Ribbons picked on a phone and not yet given (the ruling "What a student chose on their
phone is theirs"), kept as a drawing's draft is in Crossed Canvas: replaced at each pick,
seen by their owner alone, changing no version; when judging ends, a complete set is given
as picked (the golden ribbon only where it was picked) and an incomplete one is not."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlmodel import Session, select

from engine import storage
from engine.critters import rows, rules, views
from engine.critters.models import CritterRound, RibbonDraft, Ribbons
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.table import Table

JUDGING = "judging"


def save(table: Table, player: Player, ribbons: object, golden: object) -> None:
    """Keep `player`'s picks so far ({value: name}, and the golden ribbon's receiver or None)
    in place of their last ones; a pick the rules refuse is refused now, as Give would."""
    session, game = table.session, table.game
    if game.kind != rules.KIND or game.phase != JUDGING:
        raise RuleError("error.wrong_phase", phase=game.phase)
    rnd = rows.current_round(session, game)
    players = table.players()
    refuse_if_given(session, rnd, player, players)
    if not isinstance(ribbons, Mapping):
        raise RuleError("error.critters.awards_malformed")
    picks = rules.validate_picks(
        rows.panel(rnd, players),
        id_of(player),
        {value: receiver_id(players, name) for value, name in ribbons.items()},
        None if golden is None else receiver_id(players, golden),
        golden_available=player.id not in rows.critter_game(session, game).golden_given,
    )
    draft = own_draft(session, rnd, player) or RibbonDraft(
        round_id=id_of(rnd), giver_id=id_of(player), ribbons={}
    )
    draft.ribbons = {str(value): to for value, to in picks.ribbons.items()}
    draft.golden = picks.golden
    session.add(draft)


def give_drafts(table: Table) -> None:
    """Judging ends: each complete draft of a giver who did not give is given for them, as
    picked; every draft is then gone."""
    session, game = table.session, table.game
    rnd = rows.current_round(session, game)
    players = table.players()
    panel = rows.panel(rnd, players)
    gave = set(session.exec(select(Ribbons.giver_id).where(Ribbons.round_id == rnd.id)).all())
    golden_given = rows.critter_game(session, game).golden_given
    for draft in session.exec(select(RibbonDraft).where(RibbonDraft.round_id == rnd.id)):
        picked = {int(value): to for value, to in draft.ribbons.items()}
        if draft.giver_id not in gave and set(picked) == set(panel.ribbons):
            # Checked as each pick was kept: only a complete set is left to give.
            award = rules.validate_awards(
                panel,
                draft.giver_id,
                picked,
                draft.golden,
                golden_available=draft.giver_id not in golden_given,
            )
            session.add(
                Ribbons(
                    round_id=id_of(rnd),
                    giver_id=draft.giver_id,
                    ribbons=[list(pair) for pair in award.ribbons],
                    golden=award.golden,
                    # "/" is outside REQUEST_ID_PATTERN: no page's request can take it.
                    request_id=f"auto/{rnd.number}",
                )
            )
        session.delete(draft)
    session.flush()


def in_progress(table: Table, snap: views.CritterSnapshot, player: Player) -> dict[str, Any] | None:
    """The player's picks not yet given, by name, while judging: read apart from the shared
    snapshot (a draft changes no version), for their own view alone."""
    rnd = snap.current_round
    if rnd is None or snap.game.phase != JUDGING:
        return None
    draft = own_draft(table.session, rnd, player)
    if draft is None:
        return None
    return {
        "ribbons": {int(value): snap.name_of(to) for value, to in draft.ribbons.items()},
        "golden": None if draft.golden is None else snap.name_of(draft.golden),
    }


def own_draft(session: Session, rnd: CritterRound, player: Player) -> RibbonDraft | None:
    mine = (RibbonDraft.round_id == rnd.id, RibbonDraft.giver_id == player.id)
    return session.exec(select(RibbonDraft).where(*mine)).first()


def refuse_if_given(
    session: Session, rnd: CritterRound, player: Player, players: Sequence[Player]
) -> None:
    """Ribbons are given once: given already (from another tab or device), the ones that
    count are said back."""
    mine = (Ribbons.round_id == rnd.id, Ribbons.giver_id == player.id)
    placed = session.exec(select(Ribbons).where(*mine)).first()
    if placed is not None:
        names = {p.id: p.name for p in players}
        given = views.given_text(views.given_by(names.__getitem__, placed))
        raise RuleError("error.critters.already_awarded", ribbons=given)


def receiver_id(players: Sequence[Player], name: object) -> int:
    player = storage.named(list(players), name)
    if player is None:
        raise RuleError("error.critters.cannot_receive")
    return id_of(player)
