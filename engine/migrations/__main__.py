"""Alembic's commands with the project's configuration, for developers:

    python -m engine.migrations revision --autogenerate -m "what changes"

They run on a scratch SQLite database in memory brought to the newest revision, so
`--autogenerate` writes what the models have that the migrations do not yet make (`check`
says whether there is any). A new revision is formatted and linted with ruff.
"""

from __future__ import annotations

import sys

from alembic import command
from alembic.config import CommandLine
from sqlalchemy import create_engine

from engine.migrations import alembic_config


def main(argv: list[str]) -> None:
    cli = CommandLine(prog="python -m engine.migrations")
    options = cli.parser.parse_args(argv)
    if not hasattr(options, "cmd"):
        cli.parser.error("too few arguments")
    with create_engine("sqlite://").begin() as scratch:
        config = alembic_config(scratch)
        config.cmd_opts = options
        config.set_section_option("post_write_hooks", "hooks", "format, lint")
        for hook, arguments in {"format": "format", "lint": "check --fix"}.items():
            config.set_section_option("post_write_hooks", f"{hook}.type", "module")
            config.set_section_option("post_write_hooks", f"{hook}.module", "ruff")
            config.set_section_option(
                "post_write_hooks", f"{hook}.options", f"{arguments} REVISION_SCRIPT_FILENAME"
            )
        command.upgrade(config, "head")
        cli.run_cmd(config, options)


if __name__ == "__main__":
    main(sys.argv[1:])
