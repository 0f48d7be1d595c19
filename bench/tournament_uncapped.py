"""``kirifuda tournament`` with the search bots' wall-clock safety cap lifted: the levels play their full
iteration budgets (docs/bots/cutin.md "Measurements").

The levels are iteration budgets; the time cap (3 × the level's target seconds, wall clock) only guards a
player's latency. On a machine shared with other work (load average ≈ 12 on 2 cores while these tables were
made) a search gets a fraction of a core, the wall clock runs several times faster than its CPU time, and the
cap would cut the budgets short — measuring a different, weaker bot. This wrapper lifts the cap in this process
and in the tournament's worker processes (forked from it) and otherwise runs the command unchanged:

    python bench/tournament_uncapped.py cutin --bots normal,heuristic --seeds 40 --json

On a quiet machine the plain ``kirifuda tournament`` gives the same games (the cap never binds there).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

import kirifuda.bots.registry as registry  # noqa: E402
from kirifuda.cli import main  # noqa: E402

registry.TIME_CAP_FACTOR = float("inf")  # make_bot reads it for every bot it makes, in every worker

if __name__ == "__main__":
    sys.argv = ["kirifuda", "tournament", *sys.argv[1:]]
    sys.exit(main())
