"""docs/rl.md's leaderboard: a trained policy beside the bots, under one fixed protocol per game id.

The protocol: whole games over the same deal seeds in every rotation (``kirifuda tournament``'s), two fields —
every other seat ``random``, then every other seat ``heuristic`` — and in each field one seat taken in turn by the
policy, ``random`` and ``heuristic``, the field's own lineup being the baseline (the search levels ``easy`` …
``hard`` are measured against these bots in docs/bots.md).
Besides each player's mean score, normalised rank (1 = first) and win share with 95 % intervals over seeds, the
**paired difference** is each game's score of the player's seat minus the score the field's own bot made from that
seat on the same deal (same seed, same rotation), averaged per seed, with its 95 % interval over seeds: above 0
with the interval clear of 0 means the player beats what it replaced.

    python bench/rl_leaderboard.py run GAME [--seeds N] [--model docs/rl/models/GAME.zip] [--options JSON] [--out F]
    python bench/rl_leaderboard.py table            # the Markdown table of every docs/rl/leaderboard/*.json

``run`` writes docs/rl/leaderboard/GAME.json (or ``--out``). Gonin-kan is played with the rules' ten rounds
(``rounds=10``, the default made explicit): over two rounds not even ``heuristic``'s edge over ``random`` shows
(docs/rl.md).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.analysis import runner  # noqa: E402
from kirifuda.analysis import tournament as T  # noqa: E402

FOLDER = Path("docs/rl/leaderboard")
FIELDS = ("random", "heuristic")
EVALUATION_OPTIONS = {"goninkan": {"rounds": 10}}
"""Options of the evaluation games where they differ from the defaults."""


def lineups(policy: str | None, fields: tuple[str, ...] = FIELDS) -> list[tuple[str, list[str]]]:
    """(field, lineup) of the protocol: the field alone, then each player in one seat of it."""
    out: list[tuple[str, list[str]]] = []
    for field in fields:
        out.append((field, [field]))
        players = [p for p in (policy, "random", "heuristic") if p is not None and p != field]
        out.extend((field, [p, field]) for p in players)
    return out


def paired(rows: list[runner.GameRow], plan: list[tuple[str, list[str]]]) -> dict[str, dict[str, Any]]:
    """Per field, per player: the player's score in its seat minus the field's own from that seat, same deal."""
    base: dict[tuple[str, int, int], list[int]] = {}
    for row in rows:
        field, lineup = plan[row.lineup]
        if len(lineup) == 1:
            base[field, row.seed, row.rotation] = row.totals
    diffs: dict[str, dict[str, dict[int, list[float]]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for row in rows:
        field, lineup = plan[row.lineup]
        if len(lineup) == 1:
            continue
        player = lineup[0]
        seat = row.seats.index(player)
        diffs[field][player][row.seed].append(row.totals[seat] - base[field, row.seed, row.rotation][seat])
    return {
        field: {
            player: T.interval([statistics.fmean(per_seed[s]) for s in sorted(per_seed)])
            for player, per_seed in players.items()
        }
        for field, players in diffs.items()
    }


def run(
    game: str,
    seeds: int,
    model: Path | None,
    options: dict[str, Any],
    first_seed: int,
    fields: tuple[str, ...] = FIELDS,
) -> dict[str, Any]:
    policy = None if model is None else f"{runner.POLICY_PREFIX}{model}"
    plan = lineups(policy, fields)
    specs = T.specs(game, options, [lineup for _, lineup in plan], seeds, first_seed=first_seed)
    start = time.process_time()
    rows = runner.run(specs, jobs=1)
    summary = T.summarise(rows)
    return {
        "game": game,
        "options": specs[0].options,
        "seeds": seeds,
        "first_seed": first_seed,
        "model": None if model is None else str(model),
        "fields": [field for field, _ in plan],
        "paired": paired(rows, plan),
        "cpu_seconds": round(time.process_time() - start, 1),
        **summary,
    }


def cell(stats: dict[str, Any]) -> str:
    lo, hi = stats["ci"]
    return f"{stats['mean']:.2f} [{lo:.2f}, {hi:.2f}]"


def table(folder: Path) -> None:
    print("| game (options) | field | player in one seat | games | mean score [95 % CI] ", end="")
    print("| paired difference [95 % CI] | rank [95 % CI] | win share |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        if "paired" not in data:
            continue
        options = {k: v for k, v in data["options"].items() if k in ("players", "rounds")}
        label = f"{data['game']} ({', '.join(f'{k}={v}' for k, v in options.items())})"
        if data.get("first_seed", 500) != 500:  # the protocol's seeds start at 500: another range is named
            label = f"{label[:-1]}; seeds {data['first_seed']}–{data['first_seed'] + data['seeds'] - 1})"
        for field, lineup in zip(data["fields"], data["lineups"], strict=True):
            names = lineup["lineup"]
            player = names[0]
            if player == field and len(set(names)) == 1:
                continue  # the field alone: the baseline of the paired differences
            stats = lineup["bots"][player]
            name = player
            if player.startswith(runner.POLICY_PREFIX):
                model = Path(player[len(runner.POLICY_PREFIX) :])
                named = "" if model.name == f"{data['game']}.zip" else f" `{model.name}`"  # not the game's default
                name = f"**policy (MaskablePPO)**{named}"
            diff = data["paired"][field][player]
            print(
                f"| {label} | {field} | {name} | {lineup['games']} | {cell(stats['mean_score'])} | {cell(diff)} "
                f"| {cell(stats['rank'])} | {stats['win_share']['mean']:.2f} |"
            )
            label = ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("run", help="play the protocol for one game id and write docs/rl/leaderboard/GAME.json")
    r.add_argument("game")
    r.add_argument("--seeds", type=int, default=6)
    r.add_argument("--first-seed", type=int, default=500)
    r.add_argument("--model", type=Path, help="the saved policy (default docs/rl/models/GAME.zip if it exists)")
    r.add_argument("--options", type=json.loads, default=None)
    r.add_argument("--out", type=Path, help="the JSON written (default docs/rl/leaderboard/GAME.json)")
    r.add_argument(
        "--fields",
        default=",".join(FIELDS),
        help="only these fields, separated by commas (a quicker look: the protocol is both)",
    )
    t = sub.add_parser("table", help="print the Markdown table")
    t.add_argument("folder", type=Path, nargs="?", default=FOLDER)
    args = parser.parse_args()
    if args.command == "table":
        table(args.folder)
        return
    model = args.model
    if model is None and (Path("docs/rl/models") / f"{args.game}.zip").exists():
        model = Path("docs/rl/models") / f"{args.game}.zip"
    options = args.options if args.options is not None else EVALUATION_OPTIONS.get(args.game, {})
    fields = tuple(args.fields.split(","))
    if not set(fields) <= set(FIELDS):
        parser.error(f"--fields: each of {', '.join(FIELDS)}")
    result = run(args.game, args.seeds, model, options, args.first_seed, fields)
    out = args.out or FOLDER / f"{args.game}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(finite(result), ensure_ascii=False, indent=1) + "\n")
    print(f"{args.game}: {result['games']} games in {result['cpu_seconds']} CPU s")


def finite(value: Any) -> Any:
    """NaN (an interval of one seed) as null: JSON has no NaN."""
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [finite(v) for v in value]
    return value


if __name__ == "__main__":
    main()
