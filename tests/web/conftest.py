"""Fixtures of the web tests: a real server per module (tests/web/live.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from live import LiveServer


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with quick bots and a quick takeover (the bot plays for a player away 0.5 s)."""
    with LiveServer(
        tmp_path_factory.mktemp("web") / "tables.db",
        bot_delay=0.02,
        takeover_after=0.5,
        takeover_bot="heuristic",
        deal_pause=0.3,
    ) as live:
        yield live
