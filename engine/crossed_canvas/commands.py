"""Crossed Canvas's part of `Engine`: its three moves by their contract names (each one line
over the door's `move`: the moves themselves are its declaration's, moves.py), and the
commands that are no move through the gate: a draft kept, a role card seen, a teacher's own
decks, hiding a fragment and the gallery."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from sqlmodel import Session, col, select

from engine import storage
from engine.crossed_canvas import rules, views
from engine.crossed_canvas.deck_csv import parse_deck
from engine.crossed_canvas.drawing import drawing_signature, own_draft, stored
from engine.crossed_canvas.models import Draft, Fragment, Round, current_round
from engine.crossed_canvas.rules import ACCUSE, CHOOSE, DRAW, Phase, SentStrokes
from engine.door import Door, is_whole
from engine.errors import RuleError
from engine.models import DeckPicture, Game, StoredDeck, id_of
from engine.seats import browser_key

DECK_REF_BYTES = 18
MAX_DECK_TITLE = 60


class CrossedCanvasCommands(Door):
    """Crossed Canvas's part of `Engine`: a drawing's fragment and draft, the Curator's
    choice, an accusation, a role card seen; a teacher's own decks; the gallery and its
    moderation."""

    def submit_fragment(
        self,
        player_token: str,
        strokes: SentStrokes,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> dict[str, Any]:
        """Lock this artist's strokes for the current pulse (R4, R5).

        `phase` and `round` (here and in `choose` and `accuse`) name what the page showed when
        the player acted: once that is over, the action is refused, never counted in the next
        phase (a pulse-1 drawing arriving in pulse 2)."""
        answer: dict[str, Any] = self.move(
            player_token, DRAW, request_id, phase=phase, round=round, strokes=strokes
        )
        return answer

    def save_draft(self, player_token: str, strokes: SentStrokes) -> int:
        """Keep this artist's finished strokes for the current pulse as drawn (R4), replacing
        the last draft; returns how many are kept. Private to its owner, so it changes no
        version: nobody else's page reruns for it."""

        def act(session: Session, game: Game, now: float) -> int:
            player = storage.player_by_token(session, player_token)
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

        return self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

    def see_role(self, player_token: str) -> bool:
        """The player opened their role card in the roles phase: the roles phase's readiness
        (a count on the teacher's pages, role-neutral like every other). Outside the roles
        phase, or a second time in a round, it changes nothing; returns whether it counted."""

        def act(session: Session, game: Game, now: float) -> bool:
            player = storage.player_by_token(session, player_token)
            if game.phase != Phase.ROLES or player.role_seen == game.round:
                return False
            player.role_seen = game.round
            session.add(player)
            game.version += 1
            return True

        return self._command(lambda s: storage.game_by_player(s, player_token), act, readiness=True)

    def choose(
        self,
        player_token: str,
        option_id: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """The Curator locks one of the four options; the choice phase ends at once (R6)."""
        answer: str = self.move(
            player_token, CHOOSE, request_id, phase=phase, round=round, option_id=option_id
        )
        return answer

    def accuse(
        self,
        player_token: str,
        signature: str,
        request_id: str,
        *,
        phase: str | None = None,
        round: int | None = None,
    ) -> str:
        """Cast this player's one secret vote for a signature (R7)."""
        answer: str = self.move(
            player_token, ACCUSE, request_id, phase=phase, round=round, signature=signature
        )
        return answer

    def upload_deck(
        self,
        browser: str,
        title: str,
        csv_data: bytes,
        files: Sequence[tuple[str, bytes]] = (),
    ) -> str:
        """Keep a teacher's deck (a CSV, and pictures or ZIPs of them: (file name, bytes)) for
        the `browser` key that uploaded it; returns its id for `create_game`.

        Every row is checked first; DeckRefused lists every problem, and then nothing is kept.
        """
        owner = browser_key(browser)
        if owner is None:
            raise RuleError("error.deck.no_browser")
        cleaned = storage.text(title).strip()
        if not 1 <= len(cleaned) <= MAX_DECK_TITLE or not cleaned.isprintable():
            raise RuleError("error.deck.bad_title", most=MAX_DECK_TITLE)
        parsed = parse_deck(csv_data, files)
        now = self._clock()
        ref = secrets.token_urlsafe(DECK_REF_BYTES)

        def keep(session: Session) -> None:
            stored = StoredDeck(
                ref=ref,
                owner=owner,
                title=cleaned,
                content=parsed.content,
                objects=len(parsed.content["objects"]),
                pictures=bool(parsed.pictures),
                created_at=now,
                used_at=now,
            )
            session.add(stored)
            session.flush()
            for object_id, (mime, data) in parsed.pictures.items():
                session.add(
                    DeckPicture(deck_id=id_of(stored), object_id=object_id, mime=mime, data=data)
                )

        self._db.write(keep)
        return ref

    def decks(self, browser: str) -> list[dict[str, Any]]:
        """The decks this browser key uploaded, newest first (nobody else's, whatever asked)."""
        owner = browser_key(browser)
        if owner is None:
            return []
        with self._db.read() as session:
            found = session.exec(
                select(StoredDeck)
                .where(StoredDeck.owner == owner)
                .order_by(col(StoredDeck.created_at).desc(), col(StoredDeck.id).desc())
            ).all()
            return [views.deck_summary(deck) for deck in found]

    def hide_fragment(
        self,
        facilitator_token: str,
        *,
        round: int,
        signature: str,
        pulse: int,
        hidden: bool = True,
    ) -> None:
        """Hide one artist's fragment from the projector, the players and the gallery (an
        unkind drawing), or show it again. Scores, votes and the accusation are untouched: the
        fragment is still the artist's. Only a fragment already shown can be hidden."""

        def act(session: Session, game: Game, now: float) -> None:
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

        self._command(lambda s: storage.game_by_facilitator(s, facilitator_token), act)
