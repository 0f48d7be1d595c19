"""Does this tree's search compute exactly what a reference tree's does? (issue 21; docs/bots.md)

For every option case of the Anarchy family (3–5 players, secret bids, the dummy and its pass, ``bomb_wild``,
``deck5``) and positions of every phase (2 seeds × 0, 7, 30 and 80 random actions into a game), both trees search
the same information state with the same seed (60 iterations by default); the search's root statistics — each of
the seat's choices: its visits, the sum of its rewards and of their squares, as floats — and its choice are hashed.
Equal hashes mean every iteration computed the same numbers in both trees (a speed-up that changes nothing).
The trees are loaded as ``bench/bots_speed_ab.py`` loads them.

    python bench/bots_same_search.py --ref ee27b81
"""

from __future__ import annotations

import argparse
import hashlib
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bots_speed_ab import HERE, load  # noqa: E402

CASES: list[tuple[str, dict[str, Any]]] = [
    ("anarchy", {}),
    ("anarchy", {"players": 4}),
    ("anarchy", {"bidding": "secret", "turnup": "contested"}),
    ("anarchy-bomb", {}),
    ("anarchy-bomb", {"players": 3, "bidding": "secret"}),
    ("anarchy-bomb", {"players": 5, "bomb_wild": True}),
    ("anarchy-bomb", {"players": 5, "deck5": "65"}),
    ("organised-chaos", {}),
    ("organised-chaos", {"players": 3}),
    ("organised-chaos", {"players": 3, "dummy_passes": True}),
    ("organised-chaos", {"players": 5}),
]


def fingerprints(tree: Path, iterations: int) -> list[str]:
    """Per case, a hash of the search's choices and root statistics at its positions, in ``tree``."""
    load(tree)
    from kirifuda.arena import Seating
    from kirifuda.bots.ismcts import ISMCTS
    from kirifuda.bots.registry import kit_for
    from kirifuda.match import Match
    from kirifuda.registry import make

    out = []
    for game_id, options in CASES:
        game = make(game_id, options)
        kit = kit_for(game)
        digest = hashlib.sha256()
        for seed in range(2):
            for steps in (0, 7, 30, 80):
                match = Match(game, seed=seed)
                rng = random.Random(seed)
                for _ in range(steps):
                    if match.finished:
                        break
                    seat = min(match.to_act())
                    match.act(seat, rng.choice(match.legal_actions(seat)))
                if match.finished:
                    continue
                seat = min(match.to_act())
                info = Seating(match, {}).info(seat)
                search = ISMCTS(kit, iterations=iterations)
                action, _ = search.search(
                    lambda r, info=info, kit=kit: kit.sample(info, r), seat, match.legal_actions(seat), rng
                )
                digest.update(repr((str(action), sorted(search._root_stats.items()))).encode())
        out.append(digest.hexdigest()[:16])
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", required=True, help="a git revision of this repository, or a folder with kirifuda/")
    parser.add_argument("--iterations", type=int, default=60)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        ref = Path(args.ref)
        if not (ref / "kirifuda").is_dir():
            archive = subprocess.run(["git", "archive", args.ref, "src"], check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            ref = Path(tmp) / "src"
        before = fingerprints(ref, args.iterations)
        after = fingerprints(HERE, args.iterations)
    same = 0
    for (game_id, options), a, b in zip(CASES, before, after, strict=True):
        same += a == b
        print(f"{game_id} {options}: {'same' if a == b else 'DIFFERENT'} ({a} / {b})")
    print(f"{same} of {len(CASES)} cases search exactly as the reference does")
    return 0 if same == len(CASES) else 1


if __name__ == "__main__":
    raise SystemExit(main())
