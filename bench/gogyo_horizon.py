"""A Gogyō Sōkoku tournament with the leaves (or the search) set for this process (issue 21; docs/bots.md).

The first argument is the kit's setting, either a number — ``Kit.horizon`` (kirifuda.bots.gogyo_sokoku), how many
whole tricks a rollout plays after the current one before the heuristic's projected deal score values the leaf; 10
(the default) plays every rollout to the deal's end — or ``key=value`` pairs joined by commas: ``horizon``,
``epsilon`` (``ROLLOUT_EPSILON``, the rollout policy's share of uniformly random choices), ``reuse``
(``Kit.reuse``, iterations per determinization) and ``root=flat`` (no tree: every level searches as its ``-flat``
name does, :class:`kirifuda.bots.ismcts.FlatSearch`, each determinization valued once after every legal card by the
kit's leaf, the same random numbers for every card). The rest is
``kirifuda tournament``'s arguments, so that two settings are compared on the same seeds:

    python bench/gogyo_horizon.py 10 gogyo-sokoku --bots easy,heuristic --seeds 16 --jobs 1 --json
    python bench/gogyo_horizon.py 2 gogyo-sokoku --bots easy,heuristic --seeds 16 --jobs 1 --json
    python bench/gogyo_horizon.py epsilon=0 gogyo-sokoku --bots normal,heuristic --seeds 40 --jobs 1 \
        --parquet a.parquet
    python bench/gogyo_horizon.py epsilon=0,reuse=5 gogyo-sokoku --bots normal,heuristic --seeds 40 \
        --jobs 1 --parquet b.parquet
    python bench/gogyo_horizon.py root=flat,epsilon=0 gogyo-sokoku --bots normal,heuristic --seeds 40 \
        --jobs 1 --parquet c.parquet

(``--jobs 1`` keeps the games in this process, where the setting is made.)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.bots import gogyo_sokoku  # noqa: E402
from kirifuda.bots.kit import LEVELS  # noqa: E402
from kirifuda.cli import main  # noqa: E402


def configure(setting: str) -> None:
    """Set the kit as ``setting`` says (see the module docstring)."""
    if "=" not in setting:
        gogyo_sokoku.Kit.horizon = int(setting)
        return
    for part in setting.split(","):
        key, _, value = part.partition("=")
        if key == "horizon":
            gogyo_sokoku.Kit.horizon = int(value)
        elif key == "epsilon":
            gogyo_sokoku.ROLLOUT_EPSILON = float(value)
        elif key == "reuse":
            gogyo_sokoku.Kit.reuse = int(value)
        elif key == "root" and value == "flat":
            gogyo_sokoku.Kit.flat_levels = LEVELS
        else:
            raise SystemExit(f"unknown setting {key!r} (horizon, epsilon, reuse, root=flat)")


if __name__ == "__main__":
    configure(sys.argv[1])
    sys.argv = ["kirifuda", "tournament", *sys.argv[2:]]
    main()
