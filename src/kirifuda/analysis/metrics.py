"""The designers' numbers, read from the game table (:mod:`.table`): every number of a report comes from here.

**Per game** (:func:`game_metrics`) a flat dict of scalars — what a seat scored, how far the dealer beat the
table, how long the game ran, how the lead changed, how often each scoring event happened. The balance report
(:func:`summarise`) gives the mean of each over games with a 95 % confidence interval; comparisons of variants
(B − A, paired by seed where both deal the same cards) are :mod:`.verdict`'s.

Definitions (docs/analysis.md explains them for designers):

* ``mean_total`` — the mean of the seats' totals: the level of scores (what a seat scores in a game);
* ``advantage.seatS`` — seat S's total minus the mean total of its table (0 for every seat in a fair game);
  ``win.seatS`` its win share (ties shared), ``rank.seatS`` its normalised rank (1 top, 0 bottom, fair 0.5);
* ``position_edge.pP`` — per deal, the score of the seat at position P from the dealer (0: the dealer or start
  player, 1: the next in the direction of play, …) minus that deal's mean score, averaged over the game's deals;
  ``dealer_edge`` is ``position_edge.p0``; ``deal_win.pP`` the share of deals position P topped (ties shared);
* ``deals``, ``decisions``, ``seconds`` — the game's length;
* ``lead_changes``, ``last_deal_decided`` (1/0) — :func:`kirifuda.analysis.runner.leadership`; ``margin`` —
  the winner's total minus the runner-up's (0 on a tie): how decisive the game was;
* ``event.NAME`` — occurrences of a scoring event per deal, and ``event_value.NAME`` the sum of its values per
  deal (:mod:`.events`); ``event.rule:ID`` / ``event_value.rule:ID`` are the game's own score lines: how
  often scoring rule ID gave a seat points per deal, and the points it gave per deal (the event table adds
  whom: its points per deal by position from the dealer).

Intervals: Student's t for means (:func:`kirifuda.analysis.tournament.interval`), Wilson's score interval for
shares of yes/no outcomes (:func:`wilson`: win shares, with a tie's share counted as its fraction of a win;
deal top shares over deals; the last deal deciding): 60 wins of 60 → [0.94, 1], not [1, 1].
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from . import events as E
from .runner import GameRow
from .tournament import interval, normalised_ranks, win_shares

Z95 = 1.959964
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


def wilson(successes: float, n: int) -> dict[str, Any]:
    """A share and its 95 % Wilson score interval."""
    if n == 0:
        return {"mean": math.nan, "ci": [math.nan, math.nan], "n": 0}
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return {"mean": p, "ci": [max(0.0, centre - half), min(1.0, centre + half)], "n": n}


def share(values: Sequence[float]) -> dict[str, Any]:
    """The mean of values between 0 and 1 (win shares, ranks) with its t interval kept within [0, 1]."""
    out = interval(values)
    lo, hi = out["ci"]
    if math.isfinite(lo):
        out["ci"] = [max(0.0, lo), min(1.0, hi)]
    return out


def distribution(values: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation, extremes and quantiles (5 %, 25 %, median, 75 %, 95 %) of ``values``."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    out: dict[str, Any] = {
        "n": len(ordered),
        "mean": statistics.fmean(ordered),
        "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
        "min": ordered[0],
        "max": ordered[-1],
    }
    for q in QUANTILES:
        out[f"q{round(q * 100):02d}"] = _quantile(ordered, q)
    return out


def _quantile(ordered: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default)."""
    pos = (len(ordered) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


# --- per game ------------------------------------------------------------------------------------


def game_metrics(
    row: GameRow, event_names: Iterable[str] = (), valued: Iterable[str] | None = None
) -> dict[str, float]:
    """The per-game scalars of the module docstring. ``event_names``: every event name of the run, so a game
    where one never happened counts 0 for it; ``valued``: the names whose values are not all 1 (only those get
    an ``event_value`` metric; default all)."""
    n = len(row.totals)
    out: dict[str, float] = {}
    mean_total = statistics.fmean(row.totals)
    ranks, wins = normalised_ranks(row.totals), win_shares(row.totals)
    out["mean_total"] = mean_total
    for seat in range(n):
        out[f"total.seat{seat}"] = row.totals[seat]
        out[f"advantage.seat{seat}"] = row.totals[seat] - mean_total
        out[f"win.seat{seat}"] = wins[seat]
        out[f"rank.seat{seat}"] = ranks[seat]
    deals = len(row.deal_scores)
    out["deals"] = deals
    out["decisions"] = row.decisions
    if row.seconds is not None:
        out["seconds"] = row.seconds
    out["lead_changes"] = row.lead_changes
    out["last_deal_decided"] = float(row.last_deal_decided)
    ordered = sorted(row.totals, reverse=True)
    out["margin"] = ordered[0] - ordered[1] if n > 1 else 0.0
    if row.positions and deals:
        edge: dict[int, list[float]] = defaultdict(list)
        top: dict[int, float] = defaultdict(float)
        for scores, positions in zip(row.deal_scores, row.positions, strict=True):
            deal_mean = statistics.fmean(scores)
            deal_wins = win_shares(scores)
            for seat, position in enumerate(positions):
                edge[position].append(scores[seat] - deal_mean)
                top[position] += deal_wins[seat]
        for position in sorted(edge):
            out[f"position_edge.p{position}"] = statistics.fmean(edge[position])
            out[f"deal_win.p{position}"] = top[position] / deals
        out["dealer_edge"] = out["position_edge.p0"]
    if row.events is not None and deals:
        counts: dict[str, int] = dict.fromkeys(event_names, 0)
        sums: dict[str, float] = dict.fromkeys(event_names, 0.0)
        for event in row.events:
            counts[event["name"]] = counts.get(event["name"], 0) + 1
            sums[event["name"]] = sums.get(event["name"], 0.0) + event["value"]
        keep = set(counts) if valued is None else set(valued)
        for name in counts:
            out[f"event.{name}"] = counts[name] / deals
            if name in keep:
                out[f"event_value.{name}"] = sums[name] / deals
    return out


def event_names(rows: Iterable[GameRow]) -> list[str]:
    names: set[str] = set()
    for row in rows:
        for event in row.events or ():
            names.add(event["name"])
    return sorted(names, key=_natural)


def valued_names(rows: Iterable[GameRow]) -> set[str]:
    """Event names with a value other than 1 somewhere in ``rows`` (the others are plain counts)."""
    return {e["name"] for row in rows for e in row.events or () if e["value"] != 1}


def _natural(name: str) -> tuple[Any, ...]:
    head, _, tail = name.partition(":")
    return (head, 0, int(tail), "") if tail.isdigit() else (head, 1, 0, tail)


def _intervals(per_game: Sequence[dict[str, float]], keys: Iterable[str]) -> dict[str, dict[str, Any]]:
    return {key: interval([m[key] for m in per_game if key in m]) for key in keys}


# --- the balance report --------------------------------------------------------------------------


def summarise(rows: Sequence[GameRow], *, planned: int | None = None) -> dict[str, Any]:
    """The balance report's numbers (every figure of report.html) from the rows of one variant. Rows of the
    ``main`` group (or with no group) make the balance tables; ``skill:*`` groups the skill sensitivity."""
    main = [r for r in rows if r.group in ("", "main")]
    skill = [r for r in rows if r.group.startswith("skill:")]
    if not main:
        main = list(rows)
    first = main[0]
    names = event_names(main)
    per_game = [game_metrics(r, names) for r in main]
    n = len(first.totals)
    out: dict[str, Any] = {
        "game": first.game,
        "options": first.options,
        "bots": first.seats,
        "games": len(main),
        "planned": planned,
        "seeds": [min(r.seed for r in main), max(r.seed for r in main)],
        "deals": sum(len(r.deal_scores) for r in main),
    }
    out["seats"] = [
        {
            "seat": s,
            "bot": sorted({r.seats[s] for r in main}),
            "total": interval([m[f"total.seat{s}"] for m in per_game]),
            "advantage": interval([m[f"advantage.seat{s}"] for m in per_game]),
            "win_share": wilson(sum(m[f"win.seat{s}"] for m in per_game), len(per_game)),
            "rank": share([m[f"rank.seat{s}"] for m in per_game]),
            "distribution": distribution([float(r.totals[s]) for r in main]),
        }
        for s in range(n)
    ]
    positions = sorted(
        {int(k.removeprefix("position_edge.p")) for m in per_game for k in m if k.startswith("position_edge.p")}
    )
    out["dealer"] = {
        "positions": [
            {
                "position": p,
                "edge": interval([m[f"position_edge.p{p}"] for m in per_game if f"position_edge.p{p}" in m]),
                "deal_win_share": wilson(
                    sum(m[f"deal_win.p{p}"] * m["deals"] for m in per_game if f"deal_win.p{p}" in m),
                    sum(int(m["deals"]) for m in per_game if f"deal_win.p{p}" in m),
                ),
            }
            for p in positions
        ],
        "dealer_edge": interval([m["dealer_edge"] for m in per_game if "dealer_edge" in m]),
    }
    most_deals = max(len(r.deal_scores) for r in main)
    out["deal_scores"] = [
        {
            "deal": k + 1,
            "games": sum(1 for r in main if len(r.deal_scores) > k),
            "distribution": distribution([float(v) for r in main if len(r.deal_scores) > k for v in r.deal_scores[k]]),
        }
        for k in range(most_deals)
    ]
    out["totals"] = distribution([float(t) for r in main for t in r.totals])
    out["length"] = {
        key: {**interval([m[key] for m in per_game if key in m]), **_quantiles([m[key] for m in per_game if key in m])}
        for key in ("deals", "decisions", "seconds")
    }
    out["leadership"] = {
        "lead_changes": {**interval([m["lead_changes"] for m in per_game]), "histogram": _histogram(main)},
        "last_deal_decided": wilson(sum(m["last_deal_decided"] for m in per_game), len(per_game)),
        "margin": interval([m["margin"] for m in per_game]),
    }
    out["events"] = event_table(first.game, main, names, per_game)
    keys = sorted({k for m in per_game for k in m}, key=_metric_order)
    out["metrics"] = _intervals(per_game, keys)  # every per-game metric's mean: the sweep's plots read these
    if skill:
        out["skill"] = skill_sensitivity(skill)
    return out


def _quantiles(values: Sequence[float]) -> dict[str, Any]:
    d = distribution(values)
    return {k: v for k, v in d.items() if k.startswith("q") or k in ("min", "max")}


def _histogram(rows: Sequence[GameRow]) -> dict[str, int]:
    counts: dict[int, int] = defaultdict(int)
    for r in rows:
        counts[r.lead_changes] += 1
    return {str(k): counts[k] for k in sorted(counts)}


def event_table(
    game_id: str, rows: Sequence[GameRow], names: Sequence[str], per_game: Sequence[dict[str, float]] | None = None
) -> list[dict[str, Any]]:
    """Per event name: its meaning, how often it happened (per deal, with an interval over games), and the
    mean of its value over its occurrences (with an interval), overall and by seat."""
    deals = sum(len(r.deal_scores) for r in rows)
    values: dict[str, list[float]] = defaultdict(list)
    by_seat: dict[str, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    # per position from the dealer: the event's value summed over the deals, to divide by the deals seen
    by_position: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    for r in rows:
        for e in r.events or ():
            values[e["name"]].append(e["value"])
            if e["seat"] is not None:
                by_seat[e["name"]][e["seat"]].append(e["value"])
                if r.positions and e["deal"] < len(r.positions):
                    by_position[e["name"]][r.positions[e["deal"]][e["seat"]]] += e["value"]
    if per_game is None:
        per_game = [game_metrics(r, names) for r in rows]
    out = []
    for name in names:
        description = E.describe(game_id, name)
        out.append(
            {
                "name": name,
                "en": description.en if description else name,
                "ja": description.ja if description else name,
                "rule": description.rule if description else "",
                "count": len(values[name]),
                "per_deal": interval([m[f"event.{name}"] for m in per_game]),
                "value_per_deal": interval([m[f"event_value.{name}"] for m in per_game]),
                "deals": deals,
                "value": interval(values[name]),
                "by_seat": {
                    str(seat): {"count": len(v), "value": interval(v)} for seat, v in sorted(by_seat[name].items())
                },
                # whom it helped: its value per deal at each position from the dealer (0: the dealer)
                "by_position": {str(p): v / deals for p, v in sorted(by_position[name].items())} if deals else {},
            }
        )
    return out


# --- skill sensitivity -------------------------------------------------------------------------------


def skill_sensitivity(rows: Sequence[GameRow]) -> dict[str, Any]:
    """How far each skilled bot outscores random play, on the same deal seeds.

    ``skill:random`` games are all-random tables (the baseline); in ``skill:LEVEL`` games one LEVEL bot sits at
    seat ``seed mod n`` among random bots. Per level: its ``edge`` (its total minus the mean of the random
    players' totals at its table), ``vs_random`` (its total minus what a random player scored at the same seat
    on the same seed in the baseline: the paired gain of skill), its normalised rank and win share."""
    base = {(r.seed, r.rotation): r for r in rows if r.group == "skill:random"}
    levels: dict[str, list[GameRow]] = defaultdict(list)
    for r in rows:
        if r.group != "skill:random":
            levels[r.group.removeprefix("skill:")].append(r)
    out: dict[str, Any] = {"baseline_games": len(base), "levels": {}}
    for level, group in levels.items():
        edge, gain, rank, win = [], [], [], []
        for r in group:
            seat = r.seats.index(level)
            others = [t for s, t in enumerate(r.totals) if s != seat]
            edge.append(r.totals[seat] - statistics.fmean(others))
            rank.append(normalised_ranks(r.totals)[seat])
            win.append(win_shares(r.totals)[seat])
            baseline = base.get((r.seed, 0))
            if baseline is not None:
                gain.append(r.totals[seat] - baseline.totals[seat])
        out["levels"][level] = {
            "games": len(group),
            "edge": interval(edge),
            "vs_random": interval(gain),
            "rank": share(rank),
            "win_share": wilson(sum(win), len(win)),
            "fair_win_share": 1 / len(group[0].totals),
        }
    return out


# --- the A/B report --------------------------------------------------------------------------------


def pair_key(row: GameRow) -> tuple[str, int, int, int]:
    return (row.group, row.lineup, row.rotation, row.seed)


def paired_skill(rows_a: Sequence[GameRow], rows_b: Sequence[GameRow]) -> dict[str, Any]:
    """Per skill level, B − A of the skilled bot's edge over its random table, paired by seed."""

    def edges(rows: Sequence[GameRow]) -> dict[tuple[str, int], float]:
        out = {}
        for r in rows:
            level = r.group.removeprefix("skill:")
            if level == "random":
                continue
            seat = r.seats.index(level)
            others = [t for s, t in enumerate(r.totals) if s != seat]
            out[(level, r.seed)] = r.totals[seat] - statistics.fmean(others)
        return out

    ea, eb = edges(rows_a), edges(rows_b)
    levels: dict[str, list[float]] = defaultdict(list)
    for key in sorted(ea.keys() & eb.keys()):
        levels[key[0]].append(eb[key] - ea[key])
    return {level: {"edge": interval(v)} for level, v in levels.items()}


_ORDER = ("mean_total", "total", "advantage", "win", "rank", "dealer_edge", "position_edge", "deal_win", "deals",
          "decisions", "seconds", "lead_changes", "last_deal_decided", "margin", "event", "event_value")  # fmt: skip


def _metric_order(metric: str) -> tuple[int, str]:
    head = metric.split(".", 1)[0]
    return (_ORDER.index(head) if head in _ORDER else len(_ORDER), metric)


def metric_label(metric: str) -> str:
    """A metric's name for people: ``advantage.seat2`` → ``advantage, seat 2``."""
    head, _, tail = metric.partition(".")
    if not tail:
        return head.replace("_", " ")
    if tail.startswith("seat") and tail[4:].isdigit():
        return f"{head}, seat {tail[4:]}"
    if tail.startswith("p") and tail[1:].isdigit():
        return f"{head.replace('_', ' ')}, position {tail[1:]}"
    return f"{head.replace('_', ' ')}: {tail}"


Formatter = Callable[[dict[str, Any]], str]
