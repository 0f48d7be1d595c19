"""What a server facing strangers adds around the app (docs/hosting.md): security headers on every page, request
bodies refused above a size before anything parses them, the WebSocket's ``Origin`` checked, and seat tokens
scrubbed from uvicorn's logs.

The middlewares are plain ASGI (cheap on every request); :func:`scrub_logs` installs :class:`TokenScrubber` on
uvicorn's access and error loggers, so a token sent the deprecated way (``?token=…``) is never written out.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any
from urllib.parse import urlsplit

from fastapi import WebSocket

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]
"""The ASGI types (as Starlette spells them)."""

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
"""No inline script or style anywhere: the pages load theirs from ``/static``."""

HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
DOCS_PATHS = ("/docs", "/redoc")
"""FastAPI's API pages load their script from a CDN and run an inline one: they get every header but the CSP."""


class SecurityHeaders:
    """Adds :data:`HEADERS` to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = HEADERS[1:] if scope["path"].startswith(DOCS_PATHS) else HEADERS

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in message.get("headers", [])}
                message = {
                    **message,
                    "headers": [*message.get("headers", []), *(h for h in headers if h[0] not in names)],
                }
            await send(message)

        await self.app(scope, receive, with_headers)


class BodyLimit:
    """Refuses an HTTP request whose body is over ``limit`` bytes with 413, before the app reads any of it: at once
    from its ``Content-Length``, else as soon as the chunks received pass the limit."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.limit):
            await self._refuse(send)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(send)
                return
            chunks.append(chunk)
            more = message.get("more_body", False)
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, send: Send) -> None:
        en = f"the request body is too large (at most {self.limit} bytes)"
        ja = f"リクエストの本文が大きすぎます({self.limit} バイトまで)"
        body = json.dumps({"error": "too_large", "message": f"{ja} — {en}", "en": en, "ja": ja}, ensure_ascii=False)
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"connection", b"close")],
            }
        )
        await send({"type": "http.response.body", "body": body.encode()})


def origin_allowed(websocket: WebSocket, allowed: Sequence[str]) -> bool:
    """A WebSocket from a page is allowed when its ``Origin`` is the served host itself (the ``Host`` it asked
    for) or one of ``allowed`` (``*``: any). A client that sends no ``Origin`` is no browser page: allowed (it
    cannot ride on a visitor's session either)."""
    origin = websocket.headers.get("origin")
    if origin is None or "*" in allowed or origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host", "")


TOKEN_IN_URL = re.compile(r"([?&]token=)[^&\s\"']*")


def scrub(text: str) -> str:
    """``text`` with the value of every ``token=`` query parameter replaced."""
    return TOKEN_IN_URL.sub(r"\1[hidden]", text)


class TokenScrubber(logging.Filter):
    """Rewrites a log record so that no ``?token=…`` in it is written out (uvicorn logs the request's path with its
    query: ``"GET /table/x?token=… HTTP/1.1" 200``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = scrub(record.msg)
        if record.args:
            record.args = tuple(_scrubbed(a) for a in record.args) if isinstance(record.args, tuple) else record.args
        return True


def _scrubbed(value: Any) -> Any:
    return scrub(value) if isinstance(value, str) and "token=" in value else value


LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")


def scrub_logs() -> None:
    """Install :class:`TokenScrubber` on uvicorn's loggers (once; again after uvicorn reconfigures logging)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, TokenScrubber) for f in logger.filters):
            logger.addFilter(TokenScrubber())
