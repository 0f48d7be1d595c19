"""The training recipe: MaskablePPO (sb3-contrib) learns through action_masks(), and a saved policy plays in the
tournament as ``policy:PATH`` from its seat's information state (issue 22)."""

from __future__ import annotations

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("pettingzoo")

from kirifuda.analysis.runner import GameSpec, play_spec  # noqa: E402
from kirifuda.analysis.tournament import complete_lineup  # noqa: E402
from kirifuda.core import KirifudaError  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.rl.ppo import PolicyBot, train  # noqa: E402


@pytest.mark.slow
def test_a_trained_policy_is_saved_and_plays_a_tournament_game(tmp_path):
    path = tmp_path / "cutin.zip"
    done = train("cutin", steps=512, out=path, options={"players": 3})
    assert path.is_file() and done["steps"] == 512
    name = f"policy:{path}"
    seats = complete_lineup([name, "random"], 3)
    row = play_spec(GameSpec("cutin", make("cutin", {"players": 3}).options.to_dict(), seats, seed=4))
    assert row.seats[0] == name and len(row.totals) == 3 and row.decisions > 0
    with pytest.raises(KirifudaError):
        PolicyBot(path, make("cutin"))  # 4 players: another observation size


def test_a_missing_policy_file_is_refused_before_any_game():
    with pytest.raises(ValueError, match="no saved policy"):
        complete_lineup(["policy:/nonexistent/model.zip", "random"], 4)
