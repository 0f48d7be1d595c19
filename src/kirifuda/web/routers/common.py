"""What the routers share: the table registry of the running app."""

from __future__ import annotations

from fastapi import Request, WebSocket

from ..runtime import Tables


def tables_of(connection: Request | WebSocket) -> Tables:
    tables: Tables = connection.app.state.tables
    return tables
