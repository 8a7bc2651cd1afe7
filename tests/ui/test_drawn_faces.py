"""Faces students drew (issue 42) as the app serves and keeps them: the address a view names
answers with the picture the app draws from the strokes, until the teacher hides the face or
its game is deleted; a finished game's ZIP keeps each shown one, never a hidden one."""

from __future__ import annotations

import io
import zipfile

import pytest

import ui.runtime
from engine import Engine, FakeClock, avatars
from tests.ui.test_face_files import BASE, get
from ui.crossed_canvas.gallery import gallery_zip
from ui.drawn_faces import drawn_svg
from ui.faces import face_src
from ui.text import translator

NAMES = ["Ana", "Ben", "Chloé", "Dario", "Elif"]
SMILE = [[(0.3, 0.3), (0.3, 0.4)], [(0.7, 0.3), (0.7, 0.4)], [(0.2, 0.6), (0.5, 0.8), (0.8, 0.6)]]
UNKIND = [[(0.0, 0.0), (1.0, 1.0)]]


@pytest.fixture
def app_engine(monkeypatch) -> Engine:
    """The engine the app's routes and ZIPs read (`ui.runtime.get_engine`), in memory."""
    app_engine = Engine("sqlite://", clock=FakeClock(), seed=5)
    monkeypatch.setattr(ui.runtime, "get_engine", lambda: app_engine)
    return app_engine


def seated(app_engine: Engine) -> tuple[str, dict[str, str]]:
    game = app_engine.create_game()
    tokens = {name: app_engine.join(game.code, name) for name in NAMES}
    app_engine.draw_avatar(tokens["Ana"], SMILE)
    app_engine.draw_avatar(tokens["Ben"], UNKIND)
    return game.facilitator_token, tokens


def test_a_drawn_face_is_served_at_its_address_until_hidden_or_deleted(app_engine):
    fac, _ = seated(app_engine)
    face = app_engine.facilitator_view(fac)["avatars"]["Ana"]
    status, headers, body = get(f"/{BASE}/{face_src(face)}")
    assert status == 200 and body.decode() == drawn_svg(SMILE)
    assert headers["content-type"].startswith("image/svg+xml")
    assert "no-cache" in headers["cache-control"]  # a browser asks again, never keeps it
    app_engine.hide_avatar(fac, "Ana")
    assert get(f"/{BASE}/{face_src(face)}")[0] == 404
    app_engine.hide_avatar(fac, "Ana", hidden=False)
    assert get(f"/{BASE}/{face_src(face)}")[0] == 200
    app_engine.delete_game(fac)
    assert get(f"/{BASE}/{face_src(face)}")[0] == 404


@pytest.mark.parametrize("name", ["drawn-", "drawn-0000000000000000", "drawn-..%2Fx"])
def test_a_drawn_face_nobody_drew_is_a_404(app_engine, name):
    seated(app_engine)
    assert get(f"/{BASE}/cc-faces/{name}.svg")[0] == 404


def test_a_finished_game_s_zip_keeps_each_shown_drawn_face_and_no_hidden_one(app_engine):
    fac, _ = seated(app_engine)
    app_engine.hide_avatar(fac, "Ben")
    app_engine.start(fac)
    while app_engine.facilitator_view(fac)["phase"] != "finished":
        app_engine.advance(fac)
    view = app_engine.facilitator_view(fac)
    assert avatars.is_drawn(view["avatars"]["Ana"])
    archive = zipfile.ZipFile(io.BytesIO(gallery_zip(view, translator("en"))))
    faces = [name for name in archive.namelist() if "/faces/" in name]
    assert faces == ["crossed-canvas-" + view["code"] + "/faces/ana.svg"]
    assert archive.read(faces[0]).decode() == drawn_svg(SMILE)
