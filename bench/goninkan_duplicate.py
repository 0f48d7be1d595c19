"""Gonin-kan duplicate battles: one seat's gain from a search level over the heuristic, on the same deals.

For each deal seed, the first battle of a 2-round game is played twice: by ``heuristic`` bots in every seat, then
with one seat of ``--role`` (an ally: a seat outside the pair and not the 6-player dealer; or a Napoleon player)
played by ``--level``, the other seats' bots unchanged (their decisions are functions of their seeds and what they
see, so they differ only where the game does). The seat is the role's ``seed mod k``-th player by id. The
difference of that seat's battle score is paired per deal, so a deal's luck cancels (docs/bots.md, issue 21). A
tree's earlier version is measured by running this script from an exported copy of that tree.

    python bench/goninkan_duplicate.py --level easy --role ally --deals 200 [--first 0] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # measure this tree's kirifuda

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402

OPTIONS = {"rounds": 2}


def battle(game: Any, seed: int, level: str, seat: int | None) -> tuple[int, ...]:
    """The first battle's scores of deal ``seed``: heuristic bots, ``seat`` (if any) played by ``level``."""
    match = Match(game, seed=seed)
    bots = {p: make_bot(level if p == seat else "heuristic", game, 100 + p) for p in range(game.seat_count)}
    seating = Seating(match, {})
    while not game.deal_scores(match.state):
        (player,) = match.to_act()
        legal = match.legal_actions(player)
        match.act(player, legal[0] if len(legal) == 1 else bots[player].act(seating.info(player), legal))
    return tuple(game.deal_scores(match.state)[0])


def measure(level: str, role: str, first: int, deals: int) -> dict[str, Any]:
    game = make("goninkan", OPTIONS)
    rows = []
    for seed in range(first, first + deals):
        setup = Match(game, seed=seed).state.setup  # the deal and any blind swap are made: the pair is known
        pair = sorted({setup.ace, setup.other})
        dealer = setup.seating[setup.dealer] if game.seat_count > 5 else -1
        allies = [p for p in range(game.seat_count) if p not in pair and p != dealer]
        players = allies if role == "ally" else pair
        seat = players[seed % len(players)]
        base = battle(game, seed, level, None)[seat]
        played = battle(game, seed, level, seat)[seat]
        rows.append({"seed": seed, "seat": seat, "heuristic": base, level: played})
    diffs = [r[level] - r["heuristic"] for r in rows]
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.nan
    return {
        "level": level,
        "role": role,
        "deals": deals,
        "mean_difference": round(statistics.mean(diffs), 4),
        "ci95": [round(statistics.mean(diffs) - half, 4), round(statistics.mean(diffs) + half, 4)],
        "changed": sum(1 for d in diffs if d),
        "rows": rows,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="easy")
    parser.add_argument("--role", choices=("ally", "napoleon"), default="ally")
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.level, args.role, args.first, args.deals)
    if args.json:
        print(json.dumps(result))
        return
    low, high = result["ci95"]
    print(
        f"{args.level} as {args.role}: {result['mean_difference']:+.3f} [{low:+.3f}, {high:+.3f}] a battle over "
        f"{args.deals} deals ({result['changed']} changed)"
    )


if __name__ == "__main__":
    main()
