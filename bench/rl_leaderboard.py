"""docs/rl.md's leaderboard: each id's tournament (a trained policy, the heuristic bot and the random bot, each in
one seat against random seats, over the same deal seeds in every rotation) as a Markdown table.

    kirifuda tournament GAME --bots policy:docs/rl/models/GAME.zip,random --bots heuristic,random --bots random \\
        --seeds N --first-seed 500 --jobs 1 --json > docs/rl/leaderboard/GAME.json
    python bench/rl_leaderboard.py [docs/rl/leaderboard]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def cell(stats: dict) -> str:
    lo, hi = stats["ci"]
    return f"{stats['mean']:.2f} [{lo:.2f}, {hi:.2f}]"


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/rl/leaderboard")
    print("| game (options) | games | player in one seat | mean score [95 % CI] | rank [95 % CI] | win share ", end="")
    print("| OpenSkill μ |")
    print("|---|---:|---|---:|---:|---:|---:|")
    for path in sorted(folder.glob("*.json")):
        text = path.read_text()
        if not text.strip():  # a tournament still writing its output
            continue
        data = json.loads(text)
        skill = {row["bot"]: row["mu"] for row in data["openskill"]}
        options = {k: v for k, v in data.get("options", {}).items() if k in ("players", "rounds")}
        label = f"{data['game']} ({', '.join(f'{k}={v}' for k, v in options.items())})"
        for lineup in data["lineups"]:
            player = lineup["lineup"][0]
            stats = lineup["bots"][player]
            name = "policy (MaskablePPO)" if player.startswith("policy:") else player
            print(
                f"| {label} | {lineup['games']} | {name} | {cell(stats['mean_score'])} | {cell(stats['rank'])} "
                f"| {stats['win_share']['mean']:.2f} | {skill.get(player, float('nan')):.1f} |"
            )
            label = ""


if __name__ == "__main__":
    main()
