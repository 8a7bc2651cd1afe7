"""An artist's drawing in a pulse as its rows hold it: whose signature may still draw, the
draft kept on the server (R4) and strokes as JSON stores them. The moves (moves.py), a draft
saved (commands.py) and the pulse's end (game.py) share these."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import bindparam
from sqlmodel import Session, select

from engine.crossed_canvas.models import Draft, Fragment, Round
from engine.errors import RuleError
from engine.models import Player, id_of


def drawing_signature(session: Session, player: Player, rnd: Round, pulse: int) -> str:
    """The signature of an artist who may still draw in this pulse (a submit or a draft): the
    Curator never may, nor an artist whose fragment for it is locked."""
    signature = signature_of(rnd, id_of(player))
    if signature is None:
        raise RuleError("error.curator_does_not_draw")
    mine = (Fragment.round_id == rnd.id, Fragment.player_id == player.id)
    if session.exec(select(Fragment.id).where(*mine, Fragment.pulse == pulse)).first():
        raise RuleError("error.already_submitted")
    return signature


# Built once: a phone's page reads its draft on every run of a pulse.
OWN_DRAFT = select(Draft).where(
    Draft.round_id == bindparam("round_id"),
    Draft.player_id == bindparam("player_id"),
    Draft.pulse == bindparam("pulse"),
)


def own_draft(session: Session, round_id: int, player_id: int, pulse: int) -> Draft | None:
    mine = {"round_id": round_id, "player_id": player_id, "pulse": pulse}
    return session.exec(OWN_DRAFT, params=mine).first()


def signature_of(rnd: Round, player_id: int) -> str | None:
    return next(
        (sig_id for sig_id, sig in rnd.signatures.items() if sig["player"] == player_id), None
    )


def stored(strokes: Sequence[Sequence[tuple[float, float]]]) -> list[list[list[float]]]:
    """Checked strokes as JSON stores them."""
    return [[list(point) for point in stroke] for stroke in strokes]
