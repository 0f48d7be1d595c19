"""Write the golden records of tests/golden/ (run by hand: ``python tests/golden/make_golden.py GAME...``).

Each is a complete random game, checked move by move against the game's independent oracle before it
is written (tests/test_oracles.py's lockstep); its summary goes into expected.json. Once written, a
golden record is never regenerated to make a test pass: a changed result is a changed rule.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path[:0] = [str(HERE.parent), str(HERE.parent.parent / "src")]

from kirifuda.records import dumps, replay, summary  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from test_oracles import Lockstep, option_combos, oracle_module  # noqa: E402


def main(game_ids: list[str], prefix: str = "") -> None:
    """Write ``GAME-k.json`` (``GAME-PREFIX-k.json`` with a prefix) for each option combination ``k``; an
    existing record is never overwritten."""
    expected_path = HERE / "expected.json"
    expected = json.loads(expected_path.read_text()) if expected_path.exists() else {}
    for game_id in game_ids:
        oracle = oracle_module(game_id)
        for k, options in enumerate(option_combos(game_id)):
            name = f"{game_id}-{prefix}-{k}.json" if prefix else f"{game_id}-{k}.json"
            if (HERE / name).exists():
                print(name, "exists: kept")
                continue
            rng = random.Random(f"golden/{game_id}/{prefix}{k}")
            game = make(game_id, options)
            run = Lockstep(game, oracle.Oracle(game_id, game.options.to_dict()), seed=rng.randrange(10**6), rng=rng)
            while run.step():
                pass
            assert [list(s) for s in game.deal_scores(run.match.state)] == [list(s) for s in run.oracle.deal_scores()]
            (HERE / name).write_text(dumps(run.match.record()))
            result = summary(replay(run.match.record()))
            expected[name] = {key: result[key] for key in ("deal_scores", "totals", "winners")}
            print(name, options, result["totals"])
    expected_path.write_text(json.dumps(expected, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    args = sys.argv[1:]
    prefix = ""
    if "--prefix" in args:  # e.g. Cut-in's design knobs: python tests/golden/make_golden.py cutin --prefix knobs
        i = args.index("--prefix")
        prefix = args[i + 1]
        del args[i : i + 2]
    main(args, prefix)
