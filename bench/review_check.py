"""Does the review mean something? (issue 21, "Done when") — a seat played well shows a lower mean loss.

For each game id and each deal seed, the first deal is played twice with the same deal: the reviewed seat (seed mod
the table's size) by the good player (``--player``, default ``hard``), then by ``random``; the other seats by
``heuristic`` both times. Each deal's record is reviewed for that seat by the reviewing bot (``--reviewer``, default
``normal``, seed 0, no time cap), exactly as ``kirifuda review`` does: the seat's moments built from its own view,
the search from its information state only. Per deal, the difference of the seat's mean loss per decision
(random − player) is paired; its mean and 95 % interval (Student's t over deals) must exclude 0.

The numbers go to ``docs/bots/review.json`` and the "Review" section of docs/bots.md (between its markers):

    python bench/review_check.py --deals 4                    # every game id
    python bench/review_check.py --games anou --deals 10      # replaces that game's entry
    python bench/review_check.py --render                     # docs/bots.md's section from the JSON alone
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))  # measure this tree's kirifuda

from rich.console import Console  # noqa: E402
from rich.progress import track  # noqa: E402

from kirifuda.analysis.tournament import interval  # noqa: E402
from kirifuda.arena import Seating, seat_moments  # noqa: E402
from kirifuda.bots import SearchBot, kit_for, make_bot  # noqa: E402
from kirifuda.bots.review import review  # noqa: E402
from kirifuda.core import Game  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import available, make  # noqa: E402

RESULTS = ROOT / "docs" / "bots" / "review.json"
DOC = ROOT / "docs" / "bots.md"
BEGIN, END = "<!-- review-check:begin -->", "<!-- review-check:end -->"
OTHERS = "heuristic"


def first_deal(game: Game, seed: int, seat: int, player: Any) -> Match:
    """The first deal of ``seed`` played to its end, ``player`` at ``seat`` and :data:`OTHERS` elsewhere."""
    match = Match(game, seed=seed)
    players = {s: make_bot(OTHERS, game, seed * 31 + s) for s in range(game.seat_count)}
    players[seat] = player
    seating = Seating(match, players)
    while not match.finished and not game.deal_scores(match.state):
        waiting = seating.waiting_bots()
        if not waiting:
            raise RuntimeError(f"{game.id} seed {seed}: nobody to act before the first deal ends")
        for s in waiting:
            match.act(s, seating.decide(s))
    return match


def seat_loss(match: Match, seat: int, reviewer: SearchBot) -> tuple[float, int]:
    """The seat's mean loss per reviewed decision in ``match``, and how many decisions were reviewed."""
    result = review(reviewer, seat, seat_moments(match, seat))
    return result.mean_loss, len(result.decisions)


def measure(
    game_id: str,
    *,
    deals: int,
    first_seed: int = 0,
    player: str = "hard",
    reviewer: str = "normal",
    budgets: dict[str, int] | None = None,
) -> dict[str, Any]:
    """One game id's check (see the module docstring); ``budgets`` overrides search iterations by level (tests)."""
    game = make(game_id)
    kit = kit_for(game)
    if budgets:
        kit.budgets = {**kit.budgets, **budgets}
    judge = make_bot(reviewer, game, 0, kit=kit, time_cap=None)
    assert isinstance(judge, SearchBot)
    start = time.process_time()
    rows = []
    seeds = range(first_seed, first_seed + deals)
    for seed in track(seeds, description=f"{game_id}: deals", console=Console(stderr=True), transient=True):
        seat = seed % game.seat_count
        row: dict[str, Any] = {"seed": seed, "seat": seat}
        for name in (player, "random"):
            bot = make_bot(name, game, seed, kit=kit, time_cap=None)
            loss, decisions = seat_loss(first_deal(game, seed, seat, bot), seat, judge)
            row[name] = {"mean_loss": loss, "decisions": decisions}
        row["difference"] = row["random"]["mean_loss"] - row[player]["mean_loss"]
        rows.append(row)
    diff = interval([r["difference"] for r in rows])
    return {
        "game": game_id,
        "player": player,
        "reviewer": reviewer,
        "budgets": {level: kit.budgets[level] for level in (player, reviewer) if level in kit.budgets},
        "deals": deals,
        "first_seed": first_seed,
        "player_loss": interval([r[player]["mean_loss"] for r in rows]),
        "random_loss": interval([r["random"]["mean_loss"] for r in rows]),
        "difference": diff,
        "excludes_zero": bool(diff["ci"][0] > 0),
        "cpu_seconds": round(time.process_time() - start, 1),
        "rows": rows,
    }


def _ci(s: dict[str, Any]) -> str:
    lo, hi = s["ci"]
    return f"{s['mean']:.3f} [{lo:.3f}, {hi:.3f}]"


def render(results: dict[str, Any]) -> str:
    lines = [
        BEGIN,
        "| game | deals | player / reviewer | player's mean loss | random's mean loss | random − player "
        "| excludes 0 | CPU s |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for game_id in available():
        r = results.get(game_id)
        if r is None:
            lines.append(f"| {game_id} | — | not measured | | | | | |")
            continue
        lines.append(
            f"| {game_id} | {r['deals']} | {r['player']} / {r['reviewer']} | {_ci(r['player_loss'])} "
            f"| {_ci(r['random_loss'])} | {_ci(r['difference'])} | {'yes' if r['excludes_zero'] else '**no**'} "
            f"| {r['cpu_seconds']} |"
        )
    lines.append(END)
    return "\n".join(lines)


def write_doc(results: dict[str, Any]) -> None:
    text = DOC.read_text()
    start, end = text.index(BEGIN), text.index(END) + len(END)
    DOC.write_text(text[:start] + render(results) + text[end:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(available()))
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--player", default="hard")
    parser.add_argument("--reviewer", default="normal")
    parser.add_argument("--render", action="store_true", help="only rewrite docs/bots.md from the JSON")
    args = parser.parse_args()
    results: dict[str, Any] = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
    if not args.render:
        for game_id in args.games.split(","):
            r = measure(
                game_id, deals=args.deals, first_seed=args.first_seed, player=args.player, reviewer=args.reviewer
            )
            # read again before writing: runs of different games may go on side by side
            results = json.loads(RESULTS.read_text()) if RESULTS.exists() else {}
            results[game_id] = r
            RESULTS.parent.mkdir(parents=True, exist_ok=True)
            RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n")
            print(
                f"{game_id}: {args.player} {_ci(r['player_loss'])}  random {_ci(r['random_loss'])}  "
                f"difference {_ci(r['difference'])}  ({r['cpu_seconds']} CPU s)",
                flush=True,
            )
    write_doc(results)
    print(f"wrote {DOC.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
