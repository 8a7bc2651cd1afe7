"""A student's face (issue 42): an animal and a colour, picked at joining or in the lobby, or
given by the seat; or a face the student drew, shown instead of the animal until the teacher
hides it. Only its id is the engine's ("fox-mint", "robot"): public like the name,
and shown beside it where names are (the lobby, the tables, the scores, the podium). The
pictures are the pages' (ui/faces.py).

The colours are pastel tints named apart from every ink and signature colour, and a face is
fixed from the lobby on while signatures are drawn at random each round: a face says nothing
of who drew what.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Sequence

from engine.errors import RuleError
from engine.models import Classroom, Game, Player
from engine.strokes import Point, checked_stroke

ANIMALS = (
    "cat",
    "dog",
    "fox",
    "bear",
    "rabbit",
    "owl",
    "frog",
    "mouse",
    "lion",
    "panda",
    "pig",
    "koala",
)
COLOURS = ("lemon", "mint", "sky", "lilac", "peach", "coral", "sand", "sage")
#: A robot's seat (issue 43): its own face, which no student may pick.
ROBOT = "robot"


def face_id(animal: str, colour: str) -> str:
    """The id of the face of `animal` in `colour`."""
    return f"{animal}-{colour}"


#: Every face a student may pick, as ids.
CHOICES = tuple(face_id(animal, colour) for animal in ANIMALS for colour in COLOURS)


def parts(face: str) -> tuple[str, str]:
    """A student's face id as its animal and colour."""
    animal, _, colour = face.partition("-")
    return animal, colour


def picked(face: object) -> str:
    """A face a student picked, checked: one of `CHOICES` (a robot's is not one)."""
    if not isinstance(face, str) or face not in CHOICES:
        raise RuleError("error.avatar_unknown")
    return face


def seat_face(seat: int) -> str:
    """The face a seat has when its student picked none: every animal once before any
    repeats, neighbours in different colours, and the first 96 seats each a face of their
    own (each round of the animals moves the colours on by 5 of 8, and 5 is prime to 8)."""
    index = (seat - 1) % len(CHOICES)
    animal, round_ = index % len(ANIMALS), index // len(ANIMALS)
    return face_id(ANIMALS[animal], COLOURS[(animal + 5 * round_) % len(COLOURS)])


def free_face(seat: int, taken: Collection[str]) -> str:
    """A new seat's face when its student picked none: its seat's face, or the next seat's
    that nobody at the table holds (a student may have picked it)."""
    for step in range(len(CHOICES)):
        face = seat_face(seat + step)
        if face not in taken:
            return face
    return seat_face(seat)


def face_of(player: Player) -> str:
    """The face a player is shown with: a robot's, the one picked or given at joining, or
    (a seat made before faces) its seat's."""
    if player.robot:
        return ROBOT
    return player.avatar or seat_face(player.seat)


def unheld(face: str | None, seat: int, others: Sequence[Player], *, recolour: bool = False) -> str:
    """The face a seat takes among `others` at its table: `face` (checked by `picked`),
    or with none picked `free_face`: two faces at a table never look alike. A face another
    holds is refused, or with `recolour` (a class's join: the student could not know who
    sits at the table they are placed at) worn in the next colour nobody holds, as after a
    class moved its students between tables (`keep_apart`)."""
    held = {face_of(player): player.name for player in others}
    if face is None:
        return free_face(seat, held)
    if face in held and recolour:
        return _recoloured(face, seat, held)
    if face in held:
        raise RuleError("error.avatar_taken", name=held[face])
    return face


def keep_apart(players: Sequence[Player]) -> list[Player]:
    """The players of one table, after a class moved students between its tables, made to
    wear faces that never look alike: in seat order (a moved student sits last), the first
    holder of a face keeps it, a later one takes the same animal in the next colour nobody at
    the table holds (an animal in every colour there: `free_face`). Robots keep the robot's
    face, which their names tell apart. Returns the players whose face changed."""
    held: set[str] = set()
    changed = []
    for player in sorted(players, key=lambda p: p.seat):
        face = face_of(player)
        if face in held and face != ROBOT:
            face = _recoloured(face, player.seat, held)
            player.avatar = face
            changed.append(player)
        held.add(face)
    return changed


def _recoloured(face: str, seat: int, held: Collection[str]) -> str:
    """`face`'s animal in the first colour after its own that nobody holds."""
    animal, colour = parts(face)
    start = COLOURS.index(colour)
    for step in range(1, len(COLOURS)):
        other = face_id(animal, COLOURS[(start + step) % len(COLOURS)])
        if other not in held:
            return other
    return free_face(seat, held)


#: A drawn face's id: this, then its key (`drawing_key`). No animal's id starts so.
DRAWN = "drawn-"
#: A drawn face is a badge beside a name: a few strokes, kept small in every view's rows.
MAX_FACE_STROKES = 12
MAX_FACE_POINTS = 1500


def checked_drawing(strokes: object) -> list[list[Point]]:
    """A face a student drew, checked as any drawing is (engine/strokes.py), and small: 1 to
    `MAX_FACE_STROKES` strokes of `MAX_FACE_POINTS` points in all."""
    if not isinstance(strokes, list | tuple):
        raise RuleError("error.strokes_malformed")
    if not 1 <= len(strokes) <= MAX_FACE_STROKES:
        raise RuleError(
            "error.avatar_stroke_count", fewest=1, most=MAX_FACE_STROKES, count=len(strokes)
        )
    checked = [checked_stroke(stroke) for stroke in strokes]
    if sum(len(stroke) for stroke in checked) > MAX_FACE_POINTS:
        raise RuleError("error.avatar_drawing_too_big")
    return checked


def drawing_key(strokes: Sequence[Sequence[Point]]) -> str:
    """The key a drawn face's address names: a digest of its strokes alone, so the address
    says nothing of who drew it (no seat, no name, no game) and changes with the drawing."""
    digest = hashlib.sha256(json.dumps(strokes, separators=(",", ":")).encode())
    return digest.hexdigest()[:16]


def wear_drawing(player: Player, strokes: Sequence[Sequence[Point]]) -> bool:
    """`player` wears the face they drew (checked); whether anything changed. A face the
    teacher hid stays hidden when redrawn, until the teacher shows it again: drawing again
    is no way round the teacher."""
    key = drawing_key(strokes)
    if player.drawing_key == key:
        return False
    player.drawing = [[list(point) for point in stroke] for stroke in strokes]
    player.drawing_key = key
    return True


def shown_face(player: Player) -> str:
    """The face every view shows beside a player's name: the one they drew unless the
    teacher hid it, else their animal (`face_of`)."""
    if player.drawing_key and not player.drawing_hidden:
        return DRAWN + player.drawing_key
    return face_of(player)


def switch_faces(holder: Game | Classroom, on: bool) -> None:
    """Faces beside names on or off for a game, or a class (and the tables it makes)."""
    if holder.faces != bool(on):
        holder.faces = bool(on)
        holder.version += 1


def is_drawn(face: str) -> bool:
    """Whether a view's face id names a drawn face (else an animal's, or the robot's)."""
    return face.startswith(DRAWN)
