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
import subprocess
import sys
from pathlib import Path
from typing import Any

SRC = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(SRC))  # this tree's kirifuda

import paired_ranks  # noqa: E402
import pyarrow.parquet as pq  # noqa: E402


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
    seated = {b for path in files for row in pq.read_table(path).to_pylist() for b in row["seats"]}
    bots = sorted(seated - {"heuristic"}, key=lambda b: (b.endswith("-fresh"), b))
    if len(bots) != 2:
        raise SystemExit(f"expected a level and its -fresh twin, found {bots}")
    reuse, fresh = bots
    return paired_ranks.compare((reuse, files), (fresh, files), labels=(reuse, fresh))


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
    print(f"{args.game}: ", end="")
    paired_ranks.show(result, tuple(result["bots"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
