"""The app factory: :func:`create_app` builds the FastAPI application of ``kirifuda serve``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.trustedhost import TrustedHostMiddleware
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from .bots import BotPool, backend_for
from .routers import games, pages, server, sockets, tables
from .routers.pages import STATIC
from .runtime import Settings, Tables, WebError
from .schemas import ErrorBody
from .security import BodyLimit, SecurityHeaders, scrub_logs
from .store import SqliteStore

DESCRIPTION = """切り札 kirifuda — play Japanese trick-taking card games in the browser.

The HTTP API creates tables and reads their status and records; play happens over the WebSocket
`/ws/tables/{id}` (docs/protocol.md): the client sends its seat's token in an `auth` message, the server sends
`state` messages, the client sends `act` messages.
"""


def create_app(
    db_path: str | Path = "kirifuda-web.db",
    *,
    bot_delay: float = 0.8,
    takeover_bot: str = "normal",
    takeover_after: float = 30.0,
    bot_workers: int = 2,
    durable: bool = False,
    settings: Settings | None = None,
) -> FastAPI:
    """The browser game's app on the SQLite database ``db_path`` (created if missing, readable by its owner only;
    its tables in play resume when the app starts). ``settings`` overrides every other keyword."""
    settings = settings or Settings(
        bot_delay=bot_delay, takeover_bot=takeover_bot, takeover_after=takeover_after, bot_workers=bot_workers
    )
    Tables.check(settings)
    scrub_logs()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        scrub_logs()  # uvicorn has configured its loggers by now
        pool = BotPool(settings.bot_workers, backend_for(settings.bots, settings.bot_workers))
        hub = Tables(SqliteStore(db_path, durable=durable), settings, pool)
        app.state.tables = hub
        await hub.start()
        pool.warm_up()
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="kirifuda", version="1", description=DESCRIPTION, lifespan=lifespan)
    app.add_exception_handler(WebError, _web_error)  # type: ignore[arg-type]
    app.add_exception_handler(RequestValidationError, _invalid)  # type: ignore[arg-type]
    for router in (pages.router, tables.router, games.router, server.router, sockets.router):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    # the last added runs first: the Host is checked, then the body's size, and every answer gets the headers
    app.add_middleware(SecurityHeaders)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=list(settings.allowed_hosts))
    return app


async def _web_error(request: Request, error: WebError) -> JSONResponse:
    body = ErrorBody(error=error.code, message=f"{error.ja} — {error.en}", en=error.en, ja=error.ja)
    return JSONResponse(body.model_dump(), status_code=error.status)


async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
    """422 for a body or query that is not what the API takes, in the API's error shape (``detail`` kept)."""
    first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid"}
    where = ".".join(str(p) for p in first["loc"]) or "request"
    en = f"invalid request ({where}: {first['msg']})"
    ja = f"リクエストが正しくありません({where})"
    body = ErrorBody(error="invalid", message=f"{ja} — {en}", en=en, ja=ja).model_dump()
    body["detail"] = jsonable_encoder(error.errors())
    return JSONResponse(body, status_code=422)
