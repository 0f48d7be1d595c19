"""Per-game metrics, intervals, skill sensitivity and paired A/B differences, on rows whose answers are known."""

from __future__ import annotations

import math

import pytest

from kirifuda.analysis import metrics as M
from kirifuda.analysis import verdict as V
from kirifuda.analysis.runner import GameRow


def row(deal_scores, *, seed=0, group="main", seats=None, positions=None, events=None, variant="") -> GameRow:
    n = len(deal_scores[0])
    return GameRow(
        game="cutin",
        options={},
        seats=seats or ["heuristic"] * n,
        seed=seed,
        lineup=0,
        rotation=0,
        deal_scores=[list(d) for d in deal_scores],
        totals=[sum(d[s] for d in deal_scores) for s in range(n)],
        decisions=10,
        seconds=0.1,
        variant=variant,
        group=group,
        dealers=[p.index(0) for p in positions] if positions else None,
        positions=positions,
        events=events or [],
    )


def test_wilson_interval_matches_the_textbook_value():
    share = M.wilson(8, 10)
    assert share["mean"] == 0.8
    assert share["ci"] == pytest.approx([0.4902, 0.9433], abs=1e-4)


def test_game_metrics_seat_advantage_and_position_from_the_dealer():
    r = row(
        [[4, 0, 2], [0, 6, 0]],
        positions=[[0, 1, 2], [2, 0, 1]],  # deal 1: seat 0 dealt; deal 2: seat 1 dealt
        events=[{"deal": 0, "seat": 1, "name": "cut_in", "value": 1.0}],
    )
    m = M.game_metrics(r, ["cut_in", "lock"])
    assert m["advantage.seat1"] == pytest.approx(6 - 4)
    # the dealer scored 4 − 2 in deal 1 and 6 − 2 in deal 2: edge (2 + 4) / 2
    assert m["dealer_edge"] == pytest.approx(3.0)
    assert m["deal_win.p0"] == 1.0
    assert m["event.cut_in"] == 0.5 and m["event.lock"] == 0.0
    assert m["margin"] == 2 and m["lead_changes"] == 1


def test_summary_reports_every_seat_position_and_event():
    rows = [row([[s, 0], [0, 1]], seed=s, positions=[[0, 1], [1, 0]]) for s in range(5)]
    s = M.summarise(rows)
    assert s["games"] == 5 and len(s["seats"]) == 2
    assert [p["position"] for p in s["dealer"]["positions"]] == [0, 1]
    assert s["deal_scores"][0]["distribution"]["max"] == 4
    assert s["leadership"]["last_deal_decided"]["n"] == 5


def test_skill_sensitivity_pairs_each_level_with_the_random_baseline_on_its_seed():
    base = [row([[1, 1, 1]], seed=s, group="skill:random", seats=["random"] * 3) for s in range(4)]
    skilled = []
    for s in range(4):
        seats = ["random"] * 3
        seats[s % 3] = "heuristic"
        scores = [0, 0, 0]
        scores[s % 3] = 4  # the skilled bot scores 4 where random play scored 1
        skilled.append(row([scores], seed=s, group="skill:heuristic", seats=seats))
    out = M.skill_sensitivity(base + skilled)["levels"]["heuristic"]
    assert out["edge"]["mean"] == 4 and out["vs_random"]["mean"] == 3
    assert out["rank"]["mean"] == 1.0 and out["win_share"]["mean"] == 1.0


def test_paired_differences_are_b_minus_a_on_the_same_seed():
    a = [row([[s, 0]], seed=s, variant="A") for s in range(6)]
    b = [row([[s + 2, 0]], seed=s, variant="B") for s in range(6)]
    ab = V.compare(a, b, paired=True)
    assert ab["pairs"] == 6
    assert ab["metrics"]["advantage.seat0"]["mean"] == pytest.approx(1.0)
    assert ab["metrics"]["advantage.seat0"]["ci"] == pytest.approx([1.0, 1.0])  # the deal's luck cancels
    assert ab["metrics"]["decisions"]["mean"] == 0


def test_paired_uses_only_seeds_finished_in_both_variants():
    a = [row([[1, 0]], seed=s, variant="A") for s in range(5)]
    b = [row([[1, 0]], seed=s, variant="B") for s in range(3)]
    assert V.compare(a, b, paired=True)["pairs"] == 3


def test_an_interval_over_one_game_has_no_bounds():
    ci = M.interval([1.0]) if hasattr(M, "interval") else None
    assert ci is not None and math.isnan(ci["ci"][0])
