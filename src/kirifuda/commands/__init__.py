"""The ``kirifuda`` command's subcommands, one module per surface; :func:`register` adds them to the app."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    from . import analysis, bots, design, play, serve

    bots.register(app)
    analysis.register(app)
    play.register(app)
    serve.register(app)
    design.register(app)
