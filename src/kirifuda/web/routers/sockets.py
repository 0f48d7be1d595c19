"""``/ws/tables/{id}``: a seat's (or a spectator's) live connection to a table.

A player's page connects without any token in the URL and sends ``{"type": "auth", "token": T}`` first; until then
the socket is a spectator's. The old ``?token=T`` query still opens the seat (deprecated: the server scrubs it from
its access log, but proxies may not). The server checks the page's ``Origin`` against the served host (and
``--allowed-origins``) and counts sockets per table, spectators per table and sockets per client address. It sends
a state message after every change and answers each refused message with an error and a fresh state; the client
sends act messages, and (``continue=1``: a client that does) ``continue`` at the end of each deal
(docs/protocol.md, :mod:`kirifuda.web.schemas`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from ..messages import error_message
from ..runtime import TableRuntime, Tables, WebError
from ..schemas import AuthMessage
from ..security import origin_allowed
from .common import tables_of

router = APIRouter()

CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403
CLOSE_TOO_MANY = 4429
CLOSE_POLICY = 1008
AUTH_WAIT = 2.0
"""Seconds a socket at a table full of spectators is given to show a seat's token."""


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    token: str | None = None,
    answers: Annotated[bool, Query(alias="continue")] = False,
) -> None:
    hub = tables_of(websocket)
    if not origin_allowed(websocket, hub.settings.allowed_origins):
        await websocket.close(CLOSE_POLICY)  # before the handshake: the browser sees a refused connection (403)
        return
    await websocket.accept()
    runtime = await hub.load(table_id)
    if runtime is None:
        await refuse(
            websocket, "not_found", CLOSE_NOT_FOUND, f"no table {table_id}", f"テーブル {table_id} はありません"
        )
        return
    address = websocket.client.host if websocket.client else "unknown"
    refusal = too_many(hub, runtime, address, spectator=token is None)
    if refusal is not None and token is None and too_many(hub, runtime, address, spectator=False) is None:
        token = await first_auth(websocket)  # no room to watch: a player's page may still show its token first
        refusal = None if token is not None else refusal
    if refusal is not None:
        await refuse(websocket, "too_many", CLOSE_TOO_MANY, *refusal)
        return
    try:
        conn = runtime.connect(token, waits=answers)
    except WebError as e:
        await refuse(websocket, "forbidden", CLOSE_FORBIDDEN, e.en, e.ja)
        return
    hub.sockets_by[address] = hub.sockets_by.get(address, 0) + 1
    writer = asyncio.create_task(conn.pump(websocket.send_text, lambda: runtime.message(conn.seat)))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = (message.get("bytes") or b"").decode("utf-8", "replace")
            await runtime.receive(conn, text)
    except WebSocketDisconnect:
        pass
    finally:
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        runtime.disconnect(conn)
        left = hub.sockets_by.get(address, 1) - 1
        if left > 0:
            hub.sockets_by[address] = left
        else:
            hub.sockets_by.pop(address, None)


def too_many(hub: Tables, runtime: TableRuntime, address: str, *, spectator: bool) -> tuple[str, str] | None:
    """Why one more socket is refused (English, Japanese), or None: the limits of ``kirifuda serve``."""
    settings = hub.settings
    if hub.sockets_by.get(address, 0) >= settings.sockets_per_address:
        return (
            f"too many connections from your address (at most {settings.sockets_per_address})",
            f"同じアドレスからの接続が多すぎます({settings.sockets_per_address} まで)",
        )
    if sum(len(c) for c in runtime.connections.values()) >= settings.sockets_per_table:
        return (
            f"too many connections at this table (at most {settings.sockets_per_table})",
            f"このテーブルへの接続が多すぎます({settings.sockets_per_table} まで)",
        )
    if spectator and len(runtime.connections.get(None, ())) >= settings.spectators_per_table:
        return (
            f"this table has as many spectators as it takes ({settings.spectators_per_table})",
            f"このテーブルの観戦者は満員です({settings.spectators_per_table} 人まで)",
        )
    return None


async def first_auth(websocket: WebSocket) -> str | None:
    """The token of an ``auth`` message sent within :data:`AUTH_WAIT` seconds, or None."""
    try:
        text = await asyncio.wait_for(websocket.receive_text(), AUTH_WAIT)
        return AuthMessage.model_validate_json(text).token
    except (TimeoutError, ValidationError, WebSocketDisconnect, KeyError, RuntimeError):
        return None


async def refuse(websocket: WebSocket, code: str, close: int, en: str, ja: str) -> None:
    await websocket.send_text(json.dumps(error_message(code, en, ja), ensure_ascii=False))  # type: ignore[arg-type]
    await websocket.close(close)
