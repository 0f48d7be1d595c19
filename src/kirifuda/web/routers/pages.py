"""The pages: the lobby, a table (a player's with ``?token=``, else a spectator's) and a finished game's replay.
They are static HTML; the generic renderer in ``static/`` draws every game from the presentation model."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(__file__).resolve().parent.parent / "static"

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "lobby.html")


@router.get("/table/{table_id}")
async def table(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "table.html")


@router.get("/replay/{table_id}")
async def replay(table_id: str) -> FileResponse:
    return FileResponse(STATIC / "replay.html")
