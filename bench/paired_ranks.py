"""One bot's rank in two sets of tournament games, paired over the deal seeds both sets played in full (issue 21's
sampler and search comparisons: docs/bots.md, docs/bots/issue21.md).

Each side is a bot name and the Parquet files of ``kirifuda tournament --parquet`` runs in which that bot holds one
seat (a run made in parts is several files; a game found twice counts once). Per seed, the bot's mean normalised
rank (1 top, 0 bottom, ties shared) and its total less the mean of the others' totals, over the rotations; a seed
counts when both sides played it in every rotation. Then the difference (A − B) per seed, its mean and 95 % t
interval (``kirifuda.analysis.verdict.paired_test``). The two sides may be two lineups of one run, or a new run
against a cell's games kept in docs/bots/tournaments/ (the same seeds deal the same cards):

    python bench/paired_ranks.py --a normal-infer run.parquet \
        --b normal docs/bots/tournaments/anarchy-normal-heuristic.parquet
    python bench/paired_ranks.py --a normal part1.parquet part2.parquet --b normal kept.parquet --json
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))  # this tree's kirifuda

import pyarrow.parquet as pq  # noqa: E402

from kirifuda.analysis.tournament import normalised_ranks  # noqa: E402
from kirifuda.analysis.verdict import paired_test  # noqa: E402


def per_seed(bot: str, files: Sequence[Path]) -> dict[int, list[tuple[float, float]]]:
    """For each seed whose every rotation ``files`` hold with ``bot`` in one seat: (rank, total less the others'
    mean) per rotation; each game once."""
    games: dict[tuple[tuple[str, ...], int, int], tuple[float, float]] = {}
    seats_of: dict[int, int] = {}
    for path in files:
        for row in pq.read_table(path).to_pylist():
            seats = tuple(row["seats"])
            key = (seats, row["seed"], row["rotation"])
            if seats.count(bot) != 1 or key in games:
                continue
            seat = seats.index(bot)
            totals = row["totals"]
            others = [t for s, t in enumerate(totals) if s != seat]
            games[key] = (normalised_ranks(totals)[seat], totals[seat] - statistics.fmean(others))
            seats_of[row["seed"]] = len(seats)
    out: dict[int, list[tuple[float, float]]] = {}
    for (_, seed, _), value in games.items():
        out.setdefault(seed, []).append(value)
    return {seed: values for seed, values in out.items() if len(values) == seats_of[seed]}


def compare(
    a: tuple[str, Sequence[Path]], b: tuple[str, Sequence[Path]], labels: tuple[str, str] = ("a", "b")
) -> dict[str, Any]:
    """Side ``a`` against side ``b`` (each a bot name and its files) over the seeds both played in full."""
    ours, theirs = per_seed(*a), per_seed(*b)
    seeds = sorted(set(ours) & set(theirs))
    if not seeds:
        raise SystemExit(f"no seed played in full by both {a[0]!r} ({len(ours)} seeds) and {b[0]!r} ({len(theirs)})")

    def means(side: dict[int, list[tuple[float, float]]], k: int) -> list[float]:
        return [statistics.fmean(v[k] for v in side[s]) for s in seeds]

    out: dict[str, Any] = {"bots": [a[0], b[0]], "seeds": len(seeds), "games_per_bot": sum(len(ours[s]) for s in seeds)}
    for name, k in (("rank", 0), ("score_edge", 1)):
        x, y = means(ours, k), means(theirs, k)
        out[name] = {labels[0]: paired_test(x), labels[1]: paired_test(y)}  # one sample: its mean and t interval
        out[name]["difference"] = paired_test([p - q for p, q in zip(x, y, strict=True)])
    ranks = zip(means(ours, 0), means(theirs, 0), strict=True)
    out["per_seed_rank"] = {str(s): dict(zip(labels, pair, strict=True)) for s, pair in zip(seeds, ranks, strict=True)}
    return out


def show(result: dict[str, Any], labels: tuple[str, str]) -> None:
    print(f"{result['seeds']} seeds, {result['games_per_bot']} games a side")
    for name in ("rank", "score_edge"):
        for label in labels:
            stat = result[name][label]
            print(f"  {name} {label}: {stat['mean']:.3f} [{stat['ci'][0]:.3f}, {stat['ci'][1]:.3f}]")
        d = result[name]["difference"]
        interval = f"[{d['ci'][0]:+.3f}, {d['ci'][1]:+.3f}]"
        print(f"  {name} difference ({labels[0]} − {labels[1]}): {d['mean']:+.3f} {interval}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--a", nargs="+", required=True, metavar=("BOT", "FILE"), help="a bot and its Parquet files")
    parser.add_argument("--b", nargs="+", required=True, metavar=("BOT", "FILE"), help="the bot it is paired with")
    parser.add_argument("--json", action="store_true", help="the result as JSON, every seed's ranks included")
    args = parser.parse_args(argv)
    for side in (args.a, args.b):
        if len(side) < 2:
            parser.error("each side is a bot name and at least one Parquet file")
    labels = (args.a[0], args.b[0]) if args.a[0] != args.b[0] else (f"{args.a[0]} (a)", f"{args.b[0]} (b)")
    result = compare((args.a[0], [Path(f) for f in args.a[1:]]), (args.b[0], [Path(f) for f in args.b[1:]]), labels)
    if args.json:
        print(json.dumps(result, indent=1))
    else:
        show(result, labels)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
