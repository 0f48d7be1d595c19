"""Registers the toy game Jūni for the tests of this folder only, through the registry's public way
(docs/adding-a-game.md): one entry naming its parts; no file of kirifuda is edited."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from kirifuda import registry

ENTRY = registry.Entry(
    "juni",
    {
        "rules": "toy.rules",
        "fast": None,  # random play through the pure rules is fast enough for a toy
        "bots": "toy.bots",
        "presentation": "toy.presentation",
        "rl": None,  # the RL layer needs a per-game encoding (layout, action index): not written for a toy
        "analysis": "toy.analysis",
    },
    quick={"deals": 1},
    length="deals",
)


@pytest.fixture(autouse=True)
def juni() -> Iterator[str]:
    """The toy game registered for the duration of one test (every other test sees the registry unchanged)."""
    registry.register(ENTRY)
    try:
        yield ENTRY.id
    finally:
        registry.unregister(ENTRY.id)
