"""Measure the wall values of Anou's truncated playouts: src/kirifuda/bots/anou_values.json.

For every option combination that changes the game (players 4/3, ``deck3`` "36"/"52", ``root_stones``), deals
are played by the playout policy in every seat (:class:`kirifuda.bots.anou_playout.ClubPlayer`, on the fast engine);
at every trick boundary each wall's capped column counts (a :func:`~kirifuda.bots.anou_playout.cell`) and the
number of tricks left are recorded with the score that wall ends the deal with. The table holds the mean final
score per (tricks left, cell) seen at least ``--min-count`` times; a truncated playout values a wall by it
(docs/bots/anou.md, "Evaluation"). Deal ``i`` is dealt from seed ``i`` by the pure engine's dealing, the dealer
rotating; the policy is deterministic, so the file is reproducible.

    python bench/anou_values.py [--deals 40000] [--min-count 30]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.progress import Progress  # noqa: E402

from kirifuda.bots.anou_playout import CELLS, ClubPlayer, WallValues, cell  # noqa: E402
from kirifuda.fast.anou import Position  # noqa: E402
from kirifuda.games.anou import DEAL, PLAY, Anou  # noqa: E402

CONFIGS = [
    {"players": 4, "root_stones": False},
    {"players": 4, "root_stones": True},
    {"players": 3, "deck3": "36", "root_stones": False},
    {"players": 3, "deck3": "36", "root_stones": True},
    {"players": 3, "deck3": "52", "root_stones": False},
    {"players": 3, "deck3": "52", "root_stones": True},
]
OUT = Path(__file__).resolve().parents[1] / "src" / "kirifuda" / "bots" / "anou_values.json"


def measure(options: dict, deals: int, min_count: int, advance) -> list[dict[str, float]]:
    game = Anou(**options)
    n = game.n
    policy = ClubPlayer(n)
    tricks = game.hand_size + 1
    sums = [[0.0] * CELLS for _ in range(tricks)]
    counts = [[0] * CELLS for _ in range(tricks)]
    for i in range(deals):
        p = Position(game)
        p.dealer = (i // n) % n
        p.deal_seeded(i)
        seen: list[tuple[int, int, int]] = []  # (tricks left, seat, cell)
        while p.phase != DEAL:
            if p.phase == PLAY and not p.trick:
                left = len(p.hands[p.turn])
                for seat, wall in enumerate(p.walls):
                    seen.append((left, seat, cell([col.bit_count() for col in wall])))
            policy.step(p)
        final = p.scores[-1]
        for left, seat, c in seen:
            sums[left][c] += final[seat]
            counts[left][c] += 1
        advance()
    return [
        {str(c): round(sums[t][c] / counts[t][c], 3) for c in range(CELLS) if counts[t][c] >= min_count}
        for t in range(tricks)
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40000, help="deals per option combination")
    parser.add_argument("--min-count", type=int, default=30, help="samples a cell needs to be stored")
    args = parser.parse_args()
    tables = {}
    start = time.perf_counter()
    with Progress() as progress:
        task = progress.add_task("self-play", total=args.deals * len(CONFIGS))
        for options in CONFIGS:
            key = WallValues.config(options["players"], options.get("deck3", "36"), options["root_stones"])
            tables[key] = measure(options, args.deals, args.min_count, lambda: progress.advance(task))
    out = {
        "about": "Anou wall values: mean final deal score by tricks left and capped column counts, from self-play "
        "of the playout policy (bench/anou_values.py; docs/bots/anou.md)",
        "command": f"python bench/anou_values.py --deals {args.deals} --min-count {args.min_count}",
        "tables": tables,
    }
    OUT.write_text(json.dumps(out, separators=(",", ":"), sort_keys=True) + "\n")
    print(f"wrote {OUT} ({OUT.stat().st_size:,} bytes) in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
