"""A Gogyō Sōkoku tournament with the search's rollouts truncated (issue 21; docs/bots.md, "Issue 21").

``Kit.horizon`` (kirifuda.bots.gogyo_sokoku) is how many whole tricks a rollout plays after the current one before
the heuristic's projected deal score values the leaf; 10 (the default) plays every rollout to the deal's end. This
runs ``kirifuda tournament`` with the horizon set, so that two horizons are compared on the same seeds:

    python bench/gogyo_horizon.py 10 gogyo-sokoku --bots easy,heuristic --seeds 16 --jobs 1 --json
    python bench/gogyo_horizon.py 2 gogyo-sokoku --bots easy,heuristic --seeds 16 --jobs 1 --json

(``--jobs 1`` keeps the games in this process, where the horizon is set.)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.bots import gogyo_sokoku  # noqa: E402
from kirifuda.cli import main  # noqa: E402

if __name__ == "__main__":
    gogyo_sokoku.Kit.horizon = int(sys.argv[1])
    sys.argv = ["kirifuda", "tournament", *sys.argv[2:]]
    main()
