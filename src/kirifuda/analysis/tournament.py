"""Tournaments: lineups of bots rotated through every seat over the same deal seeds.

A lineup names a bot per seat (a shorter list is filled with its last name: ``normal,heuristic`` at 4 seats is
one ``normal`` against three ``heuristic``). Each lineup plays every deal seed once in every rotation round the
table, so every bot meets every deal from every seat. Per bot and lineup: mean score, mean normalised rank (1
top, 0 bottom, ties shared; fair is 0.5) and win share (ties shared), each with a 95% confidence interval
*paired over seeds* (a bot's games on one seed are averaged first, so the deal's luck cancels); per role in
team games; an OpenSkill rating table when more than one lineup is played; search latency per bot.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..bots.registry import check_name
from ..registry import make
from .runner import POLICY_PREFIX, GameRow, GameSpec

T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
       12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042, 40: 2.021, 60: 2.000, 120: 1.980}  # fmt: skip
"""Student's t at 97.5 % by degrees of freedom (95 % two-sided intervals over few seeds)."""


def t95(df: int) -> float:
    if df <= 0:
        return math.inf
    best = 1.96
    for k in sorted(T95):
        if df <= k:
            return T95[k]
        best = T95[k]
    return 1.96 if df > 120 else best


def interval(values: Sequence[float]) -> dict[str, Any]:
    """Mean and 95 % confidence interval (Student's t) of ``values``."""
    n = len(values)
    mean = statistics.fmean(values) if values else math.nan
    if n < 2:
        return {"mean": mean, "ci": [math.nan, math.nan], "n": n}
    half = t95(n - 1) * statistics.stdev(values) / math.sqrt(n)
    return {"mean": mean, "ci": [mean - half, mean + half], "n": n}


def complete_lineup(names: Sequence[str], seats: int, *, cheats: bool = True) -> tuple[str, ...]:
    """A bot per seat: ``names`` with its last name repeated to fill the table."""
    if not names:
        raise ValueError("a lineup names at least one bot")
    if len(names) > seats:
        raise ValueError(f"{len(names)} bots for {seats} seats")
    for name in names:
        if name.startswith(POLICY_PREFIX):  # a saved RL policy (kirifuda.rl.ppo): its file must exist
            if not Path(name[len(POLICY_PREFIX) :]).is_file():
                raise ValueError(f"no saved policy at {name[len(POLICY_PREFIX) :]}")
            continue
        check_name(name, cheats=cheats)
    return tuple(names) + (names[-1],) * (seats - len(names))


def specs(
    game_id: str, options: dict[str, Any], lineups: Sequence[Sequence[str]], seeds: int, *, first_seed: int = 0
) -> list[GameSpec]:
    """Every lineup × every seed × every rotation, as game specs (lineups completed to the table's size)."""
    game = make(game_id, options)
    n = game.seat_count
    out = []
    for li, names in enumerate(lineups):
        lineup = complete_lineup(names, n)
        for seed in range(first_seed, first_seed + seeds):
            for r in range(n):
                seats = tuple(lineup[(s - r) % n] for s in range(n))
                out.append(GameSpec(game_id, game.options.to_dict(), seats, seed, lineup=li, rotation=r))
    return out


def normalised_ranks(totals: Sequence[int]) -> list[float]:
    """Per seat: the share of the other seats it beat, ties counting half (1 top, 0 bottom)."""
    n = len(totals)
    if n < 2:
        return [0.5] * n
    out = []
    for i, t in enumerate(totals):
        below = sum(1 for j, u in enumerate(totals) if j != i and u < t)
        tied = sum(1 for j, u in enumerate(totals) if j != i and u == t)
        out.append((below + 0.5 * tied) / (n - 1))
    return out


def win_shares(totals: Sequence[int]) -> list[float]:
    best = max(totals)
    top = [i for i, t in enumerate(totals) if t == best]
    return [1 / len(top) if i in top else 0.0 for i in range(len(totals))]


def summarise(rows: Sequence[GameRow]) -> dict[str, Any]:
    """The tournament's tables from its rows (see the module docstring)."""
    lineups: dict[int, list[GameRow]] = defaultdict(list)
    for row in rows:
        lineups[row.lineup].append(row)
    out: dict[str, Any] = {"games": len(rows), "lineups": []}
    for li in sorted(lineups):
        group = lineups[li]
        per_seed: dict[str, dict[int, dict[str, list[float]]]] = defaultdict(
            lambda: defaultdict(lambda: defaultdict(list))
        )
        roles: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(list))
        for row in group:
            ranks, wins = normalised_ranks(row.totals), win_shares(row.totals)
            for seat, name in enumerate(row.seats):
                cell = per_seed[name][row.seed]
                cell["score"].append(row.totals[seat])
                cell["rank"].append(ranks[seat])
                cell["win"].append(wins[seat])
            for deal, seat_roles in zip(row.deal_scores, row.roles or [], strict=False):
                for seat, role in enumerate(seat_roles):
                    roles[row.seats[seat]][role].append(deal[seat])
        lineup = _lineup_of(group)
        bots: dict[str, Any] = {}
        for name in dict.fromkeys(lineup):
            seeds = per_seed[name]
            bots[name] = {
                metric: interval([statistics.fmean(seeds[s][key]) for s in sorted(seeds)])
                for metric, key in (("mean_score", "score"), ("rank", "rank"), ("win_share", "win"))
            }
            if name in roles:
                bots[name]["roles"] = {role: interval(list(map(float, v))) for role, v in sorted(roles[name].items())}
        out["lineups"].append({"lineup": lineup, "games": len(group), "bots": bots})
    if len(lineups) > 1:
        out["openskill"] = openskill_table(rows)
    out["latency"] = latency(rows)
    return out


def _lineup_of(group: Sequence[GameRow]) -> list[str]:
    first = min(group, key=lambda r: (r.seed, r.rotation))
    return list(first.seats)


def latency(rows: Sequence[GameRow]) -> dict[str, Any]:
    """Per searching bot: seconds per decision, p50 and p95."""
    samples: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        for name, times in row.think.items():
            samples[name].extend(times)
    out = {}
    for name, times in sorted(samples.items()):
        times.sort()
        out[name] = {
            "decisions": len(times),
            "p50": times[len(times) // 2],
            "p95": times[min(len(times) - 1, int(0.95 * len(times)))],
        }
    return out


def openskill_table(rows: Sequence[GameRow]) -> list[dict[str, Any]]:
    """OpenSkill (Plackett–Luce) ratings from every game's ranking, best first. A bot holding several seats of
    one game takes the mean of its seats' updates."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for row in sorted(rows, key=lambda r: (r.lineup, r.seed, r.rotation)):
        for name in row.seats:
            ratings.setdefault(name, model.rating(name=name))
        teams = [[model.rating(mu=ratings[name].mu, sigma=ratings[name].sigma)] for name in row.seats]
        order = sorted(set(row.totals), reverse=True)
        ranks = [float(order.index(t) + 1) for t in row.totals]
        updated = model.rate(teams, ranks=ranks)
        by_bot: dict[str, list[Any]] = defaultdict(list)
        for name, team in zip(row.seats, updated, strict=True):
            by_bot[name].append(team[0])
        for name, seats in by_bot.items():
            mu = statistics.fmean(r.mu for r in seats)
            sigma = statistics.fmean(r.sigma for r in seats)
            ratings[name] = model.rating(mu=mu, sigma=sigma, name=name)
    table = [{"bot": name, "mu": r.mu, "sigma": r.sigma, "ordinal": r.mu - 3 * r.sigma} for name, r in ratings.items()]
    return sorted(table, key=lambda e: -e["ordinal"])
