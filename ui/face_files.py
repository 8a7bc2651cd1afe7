"""The faces as files this app serves itself (issue 42), at `<base path>/cc-faces/<face>.svg`:
a roster names a face's address (ui/faces.py `face_src`), about 50 bytes, where it carried
the picture, about 750, in every push event and page run; the browser fetches each face once
and keeps it for a year (the address names the drawings' version).

Only the faces a view may name are served, drawn in memory: any other name is a 404, and no
request ever names a file to read.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response

from ui.faces import SERVED, face_svg

#: A year, never checked again: a changed drawing has a new address.
CACHED = "public, max-age=31536000, immutable"


async def face_file(request: Request) -> Response:
    """The picture of the face the address names, or 404."""
    face = request.path_params["face"]
    if face not in SERVED:
        return Response(status_code=404)
    headers = {"Cache-Control": CACHED, "X-Content-Type-Options": "nosniff"}
    return Response(face_svg(face), media_type="image/svg+xml", headers=headers)
