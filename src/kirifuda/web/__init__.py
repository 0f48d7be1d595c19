"""The browser game (issue 12): ``kirifuda serve`` — tables for friends and bots, over HTTP and WebSockets.

:func:`~kirifuda.web.app.create_app` is the app factory; :mod:`~kirifuda.web.runtime` holds the tables (one
authoritative game and one lock each), :mod:`~kirifuda.web.store` keeps them in SQLite, :mod:`~kirifuda.web.messages`
builds what each seat is told (from its own view only), :mod:`~kirifuda.web.bots` runs the bots in a process
pool, and ``static/`` is the one generic page that draws every game from the presentation model.
docs/protocol.md documents the protocol.
"""

from ..extras import require

require("web", "kirifuda.web")  # first: a missing fastapi, uvicorn or pydantic is named with its extra

from .app import create_app

__all__ = ["create_app"]
