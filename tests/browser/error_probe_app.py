"""A page that fails unexpectedly, with an error whose text holds what must never reach a
browser: a server path, SQL and a token. The app's own .streamlit/config.toml applies."""


def load_game() -> None:
    raise RuntimeError(
        'File "/srv/crossed_canvas/engine/service.py", sqlalchemy psycopg: '
        "SELECT * FROM game WHERE facilitator_token='s3cr3t-t0ken'"
    )


load_game()
