"""Crossed Canvas's commands that are no moves through the gate, declared by name
(`CROSSED_CANVAS.commands`) and played by `Door.command`: a draft kept, a role card seen,
hiding a fragment from the projector."""

from __future__ import annotations

from sqlmodel import col, select

from engine.crossed_canvas import rules
from engine.crossed_canvas.drawing import drawing_signature, own_draft, stored
from engine.crossed_canvas.models import Draft, Fragment, Round, current_round
from engine.crossed_canvas.rules import Phase, SentStrokes
from engine.declaration import Command
from engine.door import is_whole
from engine.errors import RuleError
from engine.models import Player, id_of
from engine.table import Table


def save_draft(table: Table, player: Player, now: float, *, strokes: SentStrokes) -> int:
    """Keep this artist's finished strokes for the current pulse as drawn (R4), replacing
    the last draft; returns how many are kept. Private to its owner, so it changes no
    version: nobody else's page reruns for it."""
    session, game = table.session, table.game
    pulse = rules.pulse_of(game.phase)
    if pulse is None:
        raise RuleError("error.wrong_phase", phase=game.phase)
    rnd = current_round(session, game)
    drawing_signature(session, player, rnd, pulse)
    checked = rules.validate_draft(strokes)
    round_id, player_id = id_of(rnd), id_of(player)
    draft = own_draft(session, round_id, player_id, pulse) or Draft(
        round_id=round_id, player_id=player_id, pulse=pulse, strokes=[]
    )
    draft.strokes = stored(checked)
    session.add(draft)
    return len(checked)


def see_role(table: Table, player: Player, now: float) -> bool:
    """The player opened their role card in the roles phase: the roles phase's readiness
    (a count on the teacher's pages, role-neutral like every other). Outside the roles
    phase, or a second time in a round, it changes nothing; returns whether it counted."""
    game = table.game
    if game.phase != Phase.ROLES or player.role_seen == game.round:
        return False
    player.role_seen = game.round
    table.session.add(player)
    game.version += 1
    return True


def hide_fragment(
    table: Table, player: None, now: float, *, round: int, signature: str, pulse: int, hidden: bool
) -> None:
    """Hide one artist's fragment from the projector, the players and the gallery (an
    unkind drawing), or show it again. Scores, votes and the accusation are untouched: the
    fragment is still the artist's. Only a fragment already shown can be hidden."""
    session, game = table.session, table.game
    played = is_whole(round) and 1 <= round <= game.round
    pulsed = is_whole(pulse) and pulse in rules.STROKE_LIMITS
    if not (played and pulsed and isinstance(signature, str)):
        raise RuleError("error.unknown_fragment")
    fragment = session.exec(
        select(Fragment)
        .join(Round, col(Round.id) == col(Fragment.round_id))
        .where(
            Round.game_id == game.id,
            Round.number == round,
            Fragment.signature == signature,
            Fragment.pulse == pulse,
        )
    ).first()
    if fragment is None or not rules.fragment_shown(game.phase, game.round, round, pulse):
        raise RuleError("error.unknown_fragment")
    if fragment.hidden != bool(hidden):
        fragment.hidden = bool(hidden)
        session.add(fragment)
        game.version += 1


SAVE_DRAFT, SEE_ROLE, HIDE_FRAGMENT = "save_draft", "see_role", "hide_fragment"
COMMANDS = {
    SAVE_DRAFT: Command(save_draft, "player", readiness=True),
    SEE_ROLE: Command(see_role, "player", readiness=True),
    HIDE_FRAGMENT: Command(hide_fragment, "facilitator"),
}
