"""Gonin-kan search variants screened against a heuristic field: `normal` in one seat, heuristic bots in the other
five, every rotation, 2-round games (the table's cell, docs/bots.md), with the kit's switches set for this process.

Variants (joined by ``+``): ``base`` (the kit as it is), ``model`` (``Kit.model_others``: the other seats' choices
made by the rollout policy from their imagined hands instead of branching), ``trimX`` (``Kit.span_trim`` = X), ``cX``
(the UCB exploration constant). Prints the rank and per-role battle scores of `normal` and writes every game (the
seats, deal scores, roles, `normal`'s think times) to OUT, so two variants can be paired game by game:

    python bench/goninkan_variants.py base 20 10 base.json
    python bench/goninkan_variants.py trim0.02 20 10 trim.json
    python bench/goninkan_variants.py --pair base.json trim.json
"""

from __future__ import annotations

import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # measure this tree's kirifuda

from kirifuda.analysis import runner  # noqa: E402
from kirifuda.analysis import tournament as T  # noqa: E402
from kirifuda.bots import goninkan as G  # noqa: E402
from kirifuda.bots import ismcts as I  # noqa: E402


def configure(variant: str) -> None:
    for part in variant.split("+"):
        if part == "model":
            G.Kit.model_others = True
        elif part.startswith("trim"):
            G.Kit.span_trim = float(part[4:])
        elif part.startswith("c"):
            I.UCB_C = float(part[1:])
        elif part != "base":
            raise SystemExit(f"unknown variant part {part!r}")


def play(variant: str, first: int, seeds: int, out: Path) -> None:
    configure(variant)
    specs = T.specs("goninkan", {"rounds": 2}, [["normal", "heuristic"]], seeds, first_seed=first)
    start = time.process_time()
    rows = runner.run(specs, jobs=1)
    normal = T.summarise(rows)["lineups"][0]["bots"]["normal"]
    games = [
        {
            "seed": r.seed,
            "rotation": r.rotation,
            "seats": r.seats,
            "totals": r.totals,
            "deals": r.deal_scores,
            "roles": r.roles,
            "think": r.think.get("normal"),
        }
        for r in rows
    ]
    cpu = time.process_time() - start
    out.write_text(json.dumps({"variant": variant, "cpu": cpu, "normal": normal, "games": games}))
    print(variant, json.dumps(normal["rank"]), json.dumps(normal["roles"]), f"{cpu:.0f} CPU s")


def rank(game: dict[str, Any]) -> float:
    """The normal seat's normalised rank in one game (1 top, 0 bottom, ties shared)."""
    seat = game["seats"].index("normal")
    totals = game["totals"]
    below = sum(t < totals[seat] for t in totals)
    ties = sum(t == totals[seat] for t in totals) - 1
    return (below + ties / 2) / (len(totals) - 1)


def pair(a: Path, b: Path) -> None:
    runs = [json.loads(p.read_text()) for p in (a, b)]
    keyed = [{(g["seed"], g["rotation"]): g for g in run["games"]} for run in runs]
    both = sorted(set(keyed[0]) & set(keyed[1]))
    diffs = [rank(keyed[1][k]) - rank(keyed[0][k]) for k in both]
    seeds = sorted({k[0] for k in both})
    per_seed = [statistics.mean(d for k, d in zip(both, diffs, strict=True) if k[0] == s) for s in seeds]
    mean = statistics.mean(per_seed)
    half = 1.96 * statistics.stdev(per_seed) / math.sqrt(len(per_seed)) if len(per_seed) > 1 else math.nan
    changed = sum(keyed[0][k]["totals"] != keyed[1][k]["totals"] for k in both)
    print(
        f"{runs[1]['variant']} − {runs[0]['variant']}: rank {mean:+.3f} [{mean - half:+.3f}, {mean + half:+.3f}] "
        f"over {len(seeds)} seeds ({len(both)} games, {changed} with other totals)"
    )


def main() -> None:
    if sys.argv[1] == "--pair":
        pair(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        play(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4]))


if __name__ == "__main__":
    main()
