"""bench/review_check.py at toy size (issue 21, "Done when"): a seat played by a searching bot loses less, as the
review counts it, than the same seat played by ``random`` over the same deals — one game id, tiny budgets.

The measured sizes and numbers are in docs/bots.md, "Review"; this pins that the script runs and that its
comparison points the right way."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "review_check.py"


def load_check():
    spec = importlib.util.spec_from_file_location("review_check", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("review_check", module)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_searching_seat_loses_less_than_a_random_one_over_the_same_deals():
    check = load_check()
    result = check.measure("anou", deals=2, player="easy", reviewer="easy", budgets={"easy": 60})
    assert [row["seed"] for row in result["rows"]] == [0, 1]
    for row in result["rows"]:
        assert row["easy"]["decisions"] > 0 and row["random"]["decisions"] > 0
        assert row["difference"] == row["random"]["mean_loss"] - row["easy"]["mean_loss"]
    assert result["difference"]["mean"] > 0
    assert result["random_loss"]["mean"] > result["player_loss"]["mean"]
    assert "| anou | 2 | easy / easy |" in check.render({"anou": result})
