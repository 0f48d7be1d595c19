"""The ``kirifuda`` command's subcommands, one module per surface; :func:`register` adds them to the app."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    from . import analysis, bots, serve

    bots.register(app)
    analysis.register(app)
    serve.register(app)
