"""``kirifuda tournament`` with the search bots' wall-clock cap lifted, for measuring on a shared machine.

The levels are iteration budgets; the time cap (3× a level's target, wall clock) is only a safety net for
players. On a machine shared with other heavy jobs a search can take several times its CPU time in wall time,
and the cap would cut it short — making the measured strength depend on the machine's load. This runs the same
command with the cap lifted, so every search spends exactly its budget (docs/bots/*.md say which tables were
measured this way).

    python bench/tournament_uncapped.py GAME --bots hard,heuristic --seeds 20 --jobs 1 --json
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

import kirifuda.bots.registry as registry  # noqa: E402
from kirifuda.cli import main  # noqa: E402

registry.TIME_CAP_FACTOR = float("inf")

if __name__ == "__main__":
    sys.argv = ["kirifuda", "tournament", *sys.argv[1:]]
    sys.exit(main())
