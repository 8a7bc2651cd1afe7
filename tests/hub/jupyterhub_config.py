"""The test's JupyterHub: docs/jupyterhub_config.py merged as a school would merge it, plus
what a throwaway hub needs: DummyAuthenticator (any password), the proxy installed from this
folder's package.json, ports and files given by the test (tests/browser/test_jupyterhub.py)."""

import os
from pathlib import Path

c = get_config()  # noqa: F821 - provided by JupyterHub's config loader
HERE = Path(__file__).resolve().parent
load_subconfig(str(HERE.parent.parent / "docs" / "jupyterhub_config.py"))  # noqa: F821
STATE = Path(os.environ["CANVAS_HUB_STATE"])

c.JupyterHub.bind_url = os.environ["CANVAS_HUB_URL"]
c.JupyterHub.hub_port = int(os.environ["CANVAS_HUB_API_PORT"])
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ['CANVAS_PROXY_API_PORT']}"
c.ConfigurableHTTPProxy.command = [str(HERE / "node_modules" / ".bin" / "configurable-http-proxy")]
c.JupyterHub.authenticator_class = "dummy"
c.Authenticator.allow_all = True
c.JupyterHub.load_groups = {"teachers": {"users": ["teacher"]}}
c.JupyterHub.db_url = f"sqlite:///{STATE / 'hub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "cookie_secret")
c.JupyterHub.pid_file = str(STATE / "hub.pid")
