"""The faces as files this app serves itself (issue 42), at `<base path>/cc-faces/<face>.svg`:
a roster names a face's address (ui/faces.py `face_src`), about 50 bytes, where it carried
the picture, about 750, in every push event and page run; the browser fetches each face once
and keeps it for a year (the address names the drawings' version).

Only the faces a view may name are served, drawn in memory: any other name is a 404, and no
request ever names a file to read. A face a student drew is read from the engine by its id
(a digest of its strokes), served while its game keeps it, shows faces, and the teacher has
not hidden it.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from engine import avatars
from ui.drawn_faces import drawn_svg
from ui.faces import SERVED, face_svg

#: A year, never checked again: a changed drawing has a new address.
CACHED = "public, max-age=31536000, immutable"
#: A drawn face: asked again each time it is shown (a page shows it from its memory meanwhile).
CHECKED = "private, no-cache"


async def face_file(request: Request) -> Response:
    """The picture of the face the address names, or 404."""
    face = request.path_params["face"]
    if face in SERVED:
        return _svg(face_svg(face), CACHED)
    if avatars.is_drawn(face):
        return await run_in_threadpool(_drawn_file, face)
    return Response(status_code=404)


def _drawn_file(face: str) -> Response:
    """A drawn face, read from the engine each time (`Engine.drawn_avatar`): one the teacher
    hid, or deleted with its game, or whose game shows names alone, is a 404 at once, and no
    browser keeps it unasked."""
    from ui.runtime import get_engine  # the one engine of this process, as the pages use it

    strokes = get_engine().drawn_avatar(face)
    if strokes is None:
        return Response(status_code=404)
    return _svg(drawn_svg(strokes), CHECKED)


def _svg(picture: str, cache: str) -> Response:
    headers = {"Cache-Control": cache, "X-Content-Type-Options": "nosniff"}
    return Response(picture, media_type="image/svg+xml", headers=headers)
