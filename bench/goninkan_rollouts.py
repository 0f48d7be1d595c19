"""Gonin-kan's rollout policy playing itself: which side's guard helps, and what a Napoleon win is worth later.

Whole games on the fast engine (``kirifuda.fast.goninkan.Position``), every decision by the rollout policy
(``kirifuda.bots.goninkan.policy_code``, with the guard given per side), deal seeds
``0 … --games − 1``, the same policy generator for every assignment, so the assignments are compared on the same
deals (docs/bots/goninkan.md, issue 21):

* for each assignment of the honour-feeding guard (no side, the allies, Napoleon, both): the Napoleon side's mean
  score per game (a Napoleon player's battle scores summed), with its standard error;
* with the allies guarded: per battle (1, 2, 3) the Napoleon side's win rate and mean score,
  and the ``continuation`` the search's leaves use — the Napoleon side's mean score in the battles that follow a win
  in battle 1 (2): ``mean(battle 2) + P(win battle 2) × mean(battle 3)`` (``mean(battle 3)``).

    python bench/goninkan_rollouts.py --games 1500 [--rounds 10] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # measure this tree's kirifuda

from kirifuda.bots import goninkan as G  # noqa: E402
from kirifuda.fast.goninkan import Position, Rules  # noqa: E402
from kirifuda.games.goninkan import DEAL, OVER, SWAP  # noqa: E402
from kirifuda.registry import make  # noqa: E402

ASSIGNMENTS = {"none": (False, False), "allies": (True, False), "napoleon": (False, True), "both": (True, True)}
"""Guard assignments by name: (allies guarded, Napoleon guarded), as ``_play_code``'s ``guarded``."""


def play(rules: Rules, seed: int, guarded: tuple[bool, bool], rng: random.Random) -> list[tuple[int, int]]:
    """One whole game: each battle's (number, a Napoleon player's score), in order."""
    position = Position(rules, 0)
    chance = 0
    battles = []
    while position.phase != OVER:
        if position.phase == DEAL:
            position.deal_seeded(seed, chance)
            chance += 1
            continue
        if position.phase == SWAP:
            position.swap_seeded(seed, chance)
            chance += 1
            continue
        napoleon, battle, done = position.napoleon, position.battle, len(position.scores)
        position.act(G.policy_code(position, rng, guarded))
        if len(position.scores) > done:
            player = (napoleon & -napoleon).bit_length() - 1
            battles.append((battle, position.scores[-1][player]))
    return battles


def measure(games: int, rounds: int) -> dict[str, Any]:
    rules = Rules(make("goninkan", {"rounds": rounds}))
    sides: dict[str, Any] = {}
    for name, guarded in ASSIGNMENTS.items():
        rng = random.Random(7)
        totals = [sum(score for _, score in play(rules, seed, guarded, rng)) for seed in range(games)]
        sides[name] = {
            "napoleon_per_game": round(statistics.mean(totals), 3),
            "stderr": round(statistics.stdev(totals) / len(totals) ** 0.5, 3),
        }
    rng = random.Random(1)
    by_battle: dict[int, list[int]] = {1: [], 2: [], 3: []}
    for seed in range(games):
        for battle, score in play(rules, seed, ASSIGNMENTS["allies"], rng):
            by_battle[battle].append(score)
    means = {b: statistics.mean(v) for b, v in by_battle.items()}
    wins = {b: sum(1 for s in v if s > 0) / len(v) for b, v in by_battle.items()}
    return {
        "games": games,
        "rounds": rounds,
        "napoleon_per_game_by_guard": sides,
        "battles": {
            b: {"count": len(v), "napoleon_win": round(wins[b], 3), "napoleon_mean": round(means[b], 3)}
            for b, v in by_battle.items()
        },
        "continuation": [round(means[2] + wins[2] * means[3], 3), round(means[3], 3)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.games, args.rounds)
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for name, stat in result["napoleon_per_game_by_guard"].items():
        print(f"guard {name:9} Napoleon side {stat['napoleon_per_game']:+.3f} ± {stat['stderr']:.3f} a game")
    for b, stat in result["battles"].items():
        win, mean = stat["napoleon_win"], stat["napoleon_mean"]
        print(f"battle {b}: {stat['count']} battles, Napoleon wins {win:.1%}, mean {mean:+.3f}")
    print("continuation after a Napoleon win in battle 1 / 2:", result["continuation"])


if __name__ == "__main__":
    main()
