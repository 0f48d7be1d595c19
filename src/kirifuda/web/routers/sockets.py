"""``/ws/tables/{id}?token=T``: a seat's (or, without a token, a spectator's) live connection to a table.

The server sends a state message after every change and answers each refused message with an error and a fresh
state; the client sends act messages, and (``continue=1``: a client that does) ``continue`` at the end of each
deal (docs/protocol.md, :mod:`kirifuda.web.schemas`)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Annotated

from fastapi import APIRouter, Query, WebSocket, WebSocketDisconnect

from ..messages import error_message
from ..runtime import WebError
from .common import tables_of

router = APIRouter()

CLOSE_NOT_FOUND = 4404
CLOSE_FORBIDDEN = 4403


@router.websocket("/ws/tables/{table_id}")
async def table_socket(
    websocket: WebSocket,
    table_id: str,
    token: str | None = None,
    answers: Annotated[bool, Query(alias="continue")] = False,
) -> None:
    await websocket.accept()
    runtime = tables_of(websocket).get(table_id)
    if runtime is None:
        refusal = error_message("not_found", f"no table {table_id}", f"テーブル {table_id} はありません")
        await websocket.send_text(json.dumps(refusal, ensure_ascii=False))
        await websocket.close(CLOSE_NOT_FOUND)
        return
    try:
        conn = runtime.connect(token, waits=answers)
    except WebError as e:
        await websocket.send_text(json.dumps(error_message("forbidden", e.en, e.ja), ensure_ascii=False))
        await websocket.close(CLOSE_FORBIDDEN)
        return
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
