"""The pages: the lobby, a table (a player's with ``?token=``, else a spectator's) and a finished game's replay.
They are static HTML; the generic renderer in ``static/`` draws every game from the presentation model. Also each
game's rules page (``/rules/{game}``), the text of docs/rules/<module>.md shipped in the package (``web/rules/``,
kept equal to docs/rules by tests/web/test_pages.py)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, PlainTextResponse

from ...core import KirifudaError
from ...registry import game_class
from ..runtime import WebError

STATIC = Path(__file__).resolve().parent.parent / "static"
RULES = Path(__file__).resolve().parent.parent / "rules"


def rules_file(game_id: str) -> Path:
    """The shipped rules page of ``game_id``: one per game module (the Anarchy family shares anarchy.md)."""
    try:
        module = game_class(game_id).__module__.rsplit(".", 1)[-1]
    except KirifudaError as e:
        raise WebError.from_error(404, "not_found", e) from None
    return RULES / f"{module.replace('_', '-')}.md"


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


@router.get("/rules/{game_id}")
async def rules(game_id: str) -> PlainTextResponse:
    """The rules of ``game_id`` as Markdown (Japanese and English sections; the page shows the reader's)."""
    return PlainTextResponse(rules_file(game_id).read_text(encoding="utf-8"), media_type="text/markdown; charset=utf-8")
