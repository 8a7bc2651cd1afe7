"""The app's own addresses beside Streamlit's pages, under its base path (Streamlit mounts
none of ours there): each game's push stream (ui/push.py) and the faces' pictures
(ui/face_files.py). app.py mounts them, and so does every server made like it."""

from __future__ import annotations

from starlette.routing import Route

from ui.face_files import face_file
from ui.faces import FACES_PATH
from ui.push import STREAM_PATH, events


def app_routes(base_url_path: str) -> list[Route]:
    """Our routes under Streamlit's `server.baseUrlPath` (`base_url_path`, maybe empty)."""
    base = "/" + base_url_path.strip("/") if base_url_path.strip("/") else ""
    return [
        Route(f"{base}/{STREAM_PATH}/{{code}}", events),
        Route(f"{base}/{FACES_PATH}/{{face}}.svg", face_file),
    ]
