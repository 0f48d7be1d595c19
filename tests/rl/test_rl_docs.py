"""docs/rl.md's tables are the encodings' own (python -m kirifuda.rl.docs writes them)."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")

from kirifuda.rl.docs import DOC, render  # noqa: E402


def test_docs_tables_are_up_to_date():
    current = DOC.read_text(encoding="utf-8")
    assert current == render(current), "docs/rl.md is out of date: run python -m kirifuda.rl.docs"
