"""JupyterHub configuration: Crossed Canvas as a hub service (README, "On a JupyterHub").

Merge this into the hub's own jupyterhub_config.py. The hub starts the app itself, keeps it
running, and routes https://<hub>/services/canvas/ to it: students open that address (or its
QR code) and join with a code, with no hub account. Creating a game takes a hub sign-in by a
member of the group `teachers` (the role below); the hub's admin manages that group.

Three values to adapt, through the environment or by editing them here:
- CANVAS_DIR: the folder the app is installed in, with its .venv (README);
- CANVAS_PORT: a free local port for the app (the hub's proxy is its only client);
- CANVAS_DATABASE_URL: where games are kept (a SQLite file in CANVAS_DIR by default).
"""

import os
from pathlib import Path

c = get_config()  # noqa: F821 - JupyterHub provides get_config() to its config files

CANVAS_DIR = Path(os.environ.get("CANVAS_DIR", "/opt/crossed-canvas"))
CANVAS_PORT = int(os.environ.get("CANVAS_PORT", "8510"))
CANVAS_DATABASE_URL = os.environ.get(
    "CANVAS_DATABASE_URL", f"sqlite:///{CANVAS_DIR / 'crossed_canvas.db'}"
)

c.JupyterHub.services.append(
    {
        "name": "canvas",
        "display": True,
        "info": {"description": "Crossed Canvas, a classroom drawing game"},
        # The app listens on loopback only: students reach it through the hub's proxy.
        "url": f"http://127.0.0.1:{CANVAS_PORT}",
        "command": [
            str(CANVAS_DIR / ".venv" / "bin" / "streamlit"),
            "run",
            str(CANVAS_DIR / "app.py"),
            # The port is pinned: when it is taken, the app stops with an error in the hub's
            # log instead of moving to another port the hub does not know.
            "--server.port",
            str(CANVAS_PORT),
            "--server.address",
            "127.0.0.1",
            "--server.baseUrlPath",
            "/services/canvas",
        ],
        "cwd": str(CANVAS_DIR),
        "environment": {"DATABASE_URL": CANVAS_DATABASE_URL},
        # A teacher who may use the service is not asked to confirm each sign-in.
        "oauth_no_confirm": True,
    }
)

# Who may create games: the hub's members of `teachers`. Everyone else (and anyone without
# an account) can still open the service's address and join a game with its code.
c.JupyterHub.load_roles.append(
    {
        "name": "canvas-teachers",
        "description": "Create Crossed Canvas games",
        "scopes": ["access:services!service=canvas"],
        "groups": ["teachers"],
    }
)
