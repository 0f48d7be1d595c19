"""A real server for the web tests: uvicorn on 127.0.0.1 at a free port, in a thread of the test process (or, for
the crash test, ``kirifuda serve`` in a subprocess), and a small blocking WebSocket client."""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from websockets.sync.client import ClientConnection, connect

from kirifuda.web import create_app
from kirifuda.web.runtime import Settings


def free_socket() -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


class LiveServer:
    """``create_app`` served by uvicorn in a thread; ``url`` is its base URL, ``hub`` its table registry."""

    def __init__(self, db: Path, **settings: Any) -> None:
        settings.setdefault("bot_workers", 1)
        settings.setdefault("bot_tables", True)  # the tests watch bot-only tables; test_hosting checks the default
        settings.setdefault("tables_per_minute", 10_000)
        settings.setdefault("open_tables_per_address", 10_000)
        self.app = create_app(db, settings=Settings(**settings))
        self.config = uvicorn.Config(self.app, log_level="warning", ws_max_size=64 * 1024, lifespan="on")
        self.server = uvicorn.Server(self.config)
        self.sock = free_socket()
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> LiveServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.sock.close()

    @property
    def hub(self) -> Any:
        return self.app.state.tables

    def create(self, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
        """A new table (with a ``seed``: a private practice table, the only kind a seed is accepted for)."""
        if "seed" in extra:
            extra.setdefault("private", True)
        response = httpx.post(f"{self.url}/api/tables", json={"game": game, "seats": seats, **extra}, timeout=30)
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data

    def get(self, path: str) -> httpx.Response:
        return httpx.get(f"{self.url}{path}", timeout=30)


class Client:
    """A blocking WebSocket client at one table: every message it receives is kept in ``received``."""

    def __init__(
        self, ws_url: str, table: str, token: str | None = None, *, query: bool = False, answers: bool = False
    ) -> None:
        """A seat's socket (its token shown in an ``auth`` message; ``query``: in the deprecated ``?token=``), or
        a spectator's (no token). ``answers``: the client sends ``continue`` at the end of each deal
        (``?continue=1``)."""
        parameters = [f"token={token}"] if token is not None and query else []
        if answers:
            parameters.append("continue=1")
        url = f"{ws_url}/ws/tables/{table}" + ("?" + "&".join(parameters) if parameters else "")
        self._stack = contextlib.ExitStack()
        # max_queue=None: a client that reads only some messages still takes in the rest, so its close handshake
        # is answered at once (with the default bounded queue a spectator's unread states made close() wait 10 s)
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, max_size=2**24, max_queue=None, open_timeout=30)
        )
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self._pending: list[dict[str, Any]] = []
        if token is not None and not query:
            self.send({"type": "auth", "token": token})
            while True:  # until the socket is the seat's, or refused: that message is the first one received
                message = json.loads(self.ws.recv(timeout=30))
                if message["type"] == "error" or message["seat"] is not None:
                    self._pending.append(message)
                    break

    def recv(self, timeout: float = 30) -> dict[str, Any]:
        message: dict[str, Any] = self._pending.pop() if self._pending else json.loads(self.ws.recv(timeout=timeout))
        self.received.append(message)
        if message["type"] == "state":
            self.state = message
        return message

    def until(self, predicate: Any, timeout: float = 60) -> dict[str, Any]:
        """Receive until a state message satisfies ``predicate``; that message."""
        deadline = time.monotonic() + timeout
        if self.state is not None and predicate(self.state):
            return self.state
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no such state; last: {self.state and self.state['version']}")
            message = self.recv(timeout=left)
            if message["type"] == "state" and predicate(message):
                return message

    def send(self, data: Any) -> None:
        self.ws.send(data if isinstance(data, str) else json.dumps(data))

    def act(self, action: str, version: int | None = None) -> None:
        """Send an act message at the last state's version (or ``version``); :meth:`until` then waits for a state
        received after it."""
        assert self.state is not None
        self.send({"type": "act", "version": self.state["version"] if version is None else version, "action": action})
        self.state = None

    def close(self) -> None:
        self._stack.close()
