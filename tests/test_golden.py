"""Golden records: complete games, checked against the oracles when written; replay must give the stored scores."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kirifuda.records import replay, summary

GOLDEN = Path(__file__).parent / "golden"
EXPECTED = json.loads((GOLDEN / "expected.json").read_text())


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_golden_record_replays_to_its_scores(name):
    result = summary(replay(json.loads((GOLDEN / name).read_text())))
    assert result["finished"]
    assert {k: result[k] for k in ("deal_scores", "totals", "winners")} == EXPECTED[name]
