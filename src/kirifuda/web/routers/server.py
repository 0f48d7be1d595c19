"""``/api/stats``: what the server is doing — tables in memory, open sockets, and its own time per move."""

from __future__ import annotations

import time
from typing import Annotated, Any

from fastapi import APIRouter, Query, Request

from .common import tables_of

router = APIRouter(prefix="/api", tags=["server"])


@router.get("/stats")
async def stats(
    request: Request,
    since: Annotated[float, Query(description="only moves at or after this server time (a previous `now`)")] = 0.0,
) -> dict[str, Any]:
    """Tables in memory, sockets open, and the server's own work on players' moves (from the act message to every
    socket's new state queued): quantiles of wall and CPU milliseconds. ``now`` is the server's clock, for
    ``since``."""
    hub = tables_of(request)
    return {
        "now": time.monotonic(),
        "tables_loaded": len(hub.loaded),
        "sockets": sum(len(c) for runtime in hub.loaded.values() for c in runtime.connections.values()),
        **hub.move_times.summary(since),
    }
