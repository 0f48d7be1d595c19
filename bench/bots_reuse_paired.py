"""A search level with its kit's determinization reuse against the same level with a new determinization every
iteration (``LEVEL-fresh``), each in one seat of a ``heuristic`` field, paired over the same deal seeds (issue 21's
fourth pass; docs/bots.md).

The tournament is ``kirifuda tournament GAME --bots LEVEL,heuristic --bots LEVEL-fresh,heuristic`` (every lineup in
every rotation of every seed), played in chunks of ``--chunk`` seeds with ``--parquet`` so that an interrupted run
keeps the chunks it finished (``--out-dir``). Then, per seed, each lineup's searching seat's mean normalised rank
(1 top, 0 bottom, ties shared) and its total less the mean of the others' totals over the rotations; the difference
(reuse − fresh) per seed, its mean and 95 % t interval (``kirifuda.analysis.verdict.paired_test``).

    python bench/bots_reuse_paired.py organised-chaos --level easy --seeds 20 --out-dir /tmp/reuse --json
    python bench/bots_reuse_paired.py anarchy --rows /tmp/reuse/anarchy_*.parquet     # the comparison only
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))  # this tree's kirifuda

import pyarrow.parquet as pq  # noqa: E402

from kirifuda.analysis.verdict import paired_test  # noqa: E402


def normalised_rank(totals: list[float], seat: int) -> float:
    """1 for the top total, 0 for the bottom, ties sharing the places they span."""
    mine = totals[seat]
    above = sum(t > mine for t in totals)
    tied = sum(t == mine for t in totals) - 1
    return 1.0 - (above + tied / 2) / (len(totals) - 1)


def play(game: str, level: str, seeds: int, first: int, chunk: int, out_dir: Path) -> list[Path]:
    """The tournament in chunks of seeds (a chunk already played is kept)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = []
    for start in range(first, first + seeds, chunk):
        count = min(chunk, first + seeds - start)
        path = out_dir / f"{game}_{level}_{start}_{count}.parquet"
        if not path.exists():
            lineups = ["--bots", f"{level},heuristic", "--bots", f"{level}-fresh,heuristic"]
            command = [sys.executable, "-m", "kirifuda", "tournament", game, *lineups]
            command += ["--seeds", str(count), "--first-seed", str(start), "--jobs", "1", "--parquet", str(path)]
            env = {**os.environ, "PYTHONPATH": str(SRC)}
            subprocess.run(command, check=True, env=env, stdout=subprocess.DEVNULL)
        files.append(path)
    return files


def compare(files: list[Path]) -> dict[str, Any]:
    per: dict[tuple[str, int], list[tuple[float, float]]] = {}
    for path in files:
        for row in pq.read_table(path).to_pylist():
            seats = row["seats"]
            bot = next(b for b in seats if b != "heuristic")
            seat = seats.index(bot)
            totals = row["totals"]
            others = [t for s, t in enumerate(totals) if s != seat]
            edge = totals[seat] - statistics.fmean(others)
            per.setdefault((bot, row["seed"]), []).append((normalised_rank(totals, seat), edge))
    bots = sorted({bot for bot, _ in per}, key=lambda b: b.endswith("-fresh"))
    if len(bots) != 2:
        raise SystemExit(f"expected a level and its -fresh twin, found {bots}")
    reuse, fresh = bots
    seeds = sorted(s for b, s in per if b == reuse and (fresh, s) in per)

    def mean_of(bot: str, seed: int, k: int) -> float:
        return statistics.fmean(x[k] for x in per[(bot, seed)])

    out: dict[str, Any] = {"seeds": len(seeds), "games_per_bot": sum(len(per[(reuse, s)]) for s in seeds)}
    for name, k in (("rank", 0), ("score_edge", 1)):
        out[name] = {
            bot: paired_test([mean_of(bot, s, k) for s in seeds]) for bot in (reuse, fresh)
        }  # each bot's per-seed means: paired_test of one sample is its mean and t interval
        out[name]["difference"] = paired_test([mean_of(reuse, s, k) - mean_of(fresh, s, k) for s in seeds])
    out["bots"] = [reuse, fresh]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--chunk", type=int, default=4)
    parser.add_argument("--out-dir", type=Path, default=Path("reuse_paired"))
    parser.add_argument("--rows", nargs="*", type=Path, help="compare these Parquet files only (no new games)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    files = args.rows or play(args.game, args.level, args.seeds, args.first_seed, args.chunk, args.out_dir)
    result = {"game": args.game, **compare(files)}
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    reuse, fresh = result["bots"]
    print(f"{args.game}: {result['seeds']} seeds, {result['games_per_bot']} games per bot")
    for name in ("rank", "score_edge"):
        for label, stat in ((reuse, result[name][reuse]), (fresh, result[name][fresh])):
            print(f"  {name} {label}: {stat['mean']:.3f} [{stat['ci'][0]:.3f}, {stat['ci'][1]:.3f}]")
        d = result[name]["difference"]
        print(f"  {name} difference (reuse − fresh): {d['mean']:+.3f} [{d['ci'][0]:+.3f}, {d['ci'][1]:+.3f}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
