"""Gonin-kan: what trimming the search's reward range (``Kit.span_trim``) changes at `normal`'s budget.

At the positions ``bench/bots_report.py`` times (six decisions with a choice from each heuristic game of seeds FIRST
to LAST − 1, 2 rounds), one search of 800 iterations with the full range and one with 2 % trimmed at each end, the
same generator: each position's battle, decision kind, and for both searches the choice, the range that normalised
the rewards at the end and the full range seen; then how many choices agree and how many ranges were narrowed.

    python bench/goninkan_span_diag.py 0 6
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # measure this tree's kirifuda
sys.path.insert(0, str(ROOT / "bench"))

import bots_report as R  # noqa: E402

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots.goninkan import Kit  # noqa: E402
from kirifuda.bots.ismcts import ISMCTS  # noqa: E402
from kirifuda.registry import make  # noqa: E402


def main() -> None:
    first, last = int(sys.argv[1]), int(sys.argv[2])
    game = make("goninkan", {"rounds": 2})
    kit = Kit(game)
    same = narrower = total = 0
    for seed in range(first, last):
        for match, seat in R.decisions(game, seed):
            info = Seating(match, {}).info(seat)
            legal = match.legal_actions(seat)
            out = []
            for trim in (0.0, 0.02):
                kit.span_trim = trim  # type: ignore[misc]
                search = ISMCTS(kit, iterations=800)
                action, _ = search.search(lambda r, info=info: kit.sample(info, r), seat, legal, random.Random(seed))
                out.append((str(action), search._span, search._hi - search._lo))
            total += 1
            same += out[0][0] == out[1][0]
            narrower += out[1][1] < out[0][1]
            print(match.state.setup.battle, type(legal[0]).__name__, out, flush=True)
    print(f"{total} positions: same choice {same}, narrower range {narrower}")


if __name__ == "__main__":
    main()
