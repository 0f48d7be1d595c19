"""``kirifuda serve``: the browser game (docs/cli.md, docs/protocol.md)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

import typer

from ..core import KirifudaError
from .common import fail, need


def register(app: typer.Typer) -> None:
    app.command()(serve)


def serve(
    host: Annotated[
        str, typer.Option("--host", help="the address to listen on (0.0.0.0: every interface)")
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="the port")] = 8000,
    db: Annotated[Path, typer.Option("--db", help="the SQLite database of the tables")] = Path("kirifuda-web.db"),
    bot_delay: Annotated[float, typer.Option("--bot-delay", min=0, help="seconds a bot waits before it plays")] = 0.8,
    takeover_bot: Annotated[
        str, typer.Option("--takeover-bot", help="the bot that plays for a player who has left")
    ] = "normal",
    takeover_after: Annotated[
        float, typer.Option("--takeover-after", min=0, help="seconds a player may be away before the bot plays")
    ] = 30.0,
    bot_workers: Annotated[int, typer.Option("--bot-workers", min=1, help="processes the bots think in")] = 2,
    deal_pause: Annotated[
        float,
        typer.Option(
            "--deal-pause", min=0, help="seconds a deal's result stays when no player at the table is waited for"
        ),
    ] = 5.0,
    durable: Annotated[
        bool, typer.Option("--durable", help="sync every move to disk (survives a power cut, not only a crash)")
    ] = False,
    log_level: Annotated[str, typer.Option("--log-level", help="debug, info, warning or error")] = "info",
) -> None:
    """Serve the browser game: a lobby, tables for friends and bots, replays (ブラウザで対戦)."""
    need("web", "kirifuda serve")
    import uvicorn

    from ..web import create_app
    from ..web.runtime import Settings

    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    settings = Settings(
        bot_delay=bot_delay,
        takeover_bot=takeover_bot,
        takeover_after=takeover_after,
        bot_workers=bot_workers,
        deal_pause=deal_pause,
    )
    try:
        app = create_app(db, settings=settings, durable=durable)
    except KirifudaError as e:
        fail(e)
    uvicorn.run(app, host=host, port=port, log_level=log_level, ws_max_size=64 * 1024, proxy_headers=True)
