"""The runner: one row per game, the same rows whatever the workers; leadership; interrupts keep what finished."""

from __future__ import annotations

import dataclasses

import pytest

from kirifuda.analysis import runner
from kirifuda.analysis.runner import GameSpec, leadership, play_spec


def specs(game: str = "cutin", n: int = 6, **kw) -> list[GameSpec]:
    seats = 4
    return [GameSpec(game, {}, ("heuristic",) + ("random",) * (seats - 1), seed, **kw) for seed in range(n)]


def without_time(row: runner.GameRow) -> dict:
    return {k: v for k, v in dataclasses.asdict(row).items() if k not in ("seconds", "think")}


def test_leadership_counts_changes_of_the_leaders_and_the_deciding_last_deal():
    # leaders after each deal: {0}, {1}, {1}, {0,1} → 2 changes; the last deal changed the leaders
    assert leadership([[3, 0], [0, 5], [1, 1], [3, 1]]) == ([0, 1], 2, True)
    # seat 0 leads throughout: no change, the last deal decided nothing
    assert leadership([[5, 0], [0, 1], [0, 1]]) == ([0], 0, False)
    # a one-deal game is decided by its only deal
    assert leadership([[1, 2, 0]]) == ([1], 0, True)


def test_a_row_records_scores_dealers_positions_and_events():
    row = play_spec(GameSpec("anou", {"root_stones": True}, ("heuristic",) * 4, 7))
    assert len(row.deal_scores) == 3 == len(row.dealers) == len(row.positions)
    assert row.totals == [sum(d[s] for d in row.deal_scores) for s in range(4)]
    assert row.dealers[0] == 0  # first_dealer (anou.md "A game")
    assert row.winners == [s for s in range(4) if row.totals[s] == max(row.totals)]
    assert any(e["name"].startswith("root:") for e in row.events)


def test_the_same_rows_with_one_or_two_workers():
    todo = specs()
    one = runner.run(todo, jobs=1)
    two = runner.run(todo, jobs=2)
    assert [without_time(r) for r in one] == [without_time(r) for r in two]
    assert [r.seed for r in two] == list(range(6))


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupt_keeps_the_games_finished(jobs):
    sunk: list[runner.GameRow] = []

    def stop_after_three(done: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    with pytest.raises(runner.InterruptedRun) as stopped:
        runner.run(specs(n=8), jobs=jobs, progress=stop_after_three, sink=sunk.append)
    assert [r.seed for r in stopped.value.rows] == [0, 1, 2]
    assert stopped.value.planned == 8
    assert "3 of 8" in str(stopped.value)
