"""What the inference-weighted sampler costs a decision in the Anarchy family (issue 21; docs/bots/anarchy.md).

Positions: in ``--games`` games played by ``heuristic`` bots, the lowest seat's decision at the bid (the pass in
Organised Chaos) and before tricks 1, 4, 7 and 10 of the first deal. At each, a ``LEVEL`` and a ``LEVEL-infer`` bot
(same seed, no time cap) decide, alternately, in one process, and the weighted pool is built alone once more:
CPU seconds (``time.process_time``) per decision of each, their ratio (infer / plain, the median over positions of
a phase) and the pool's share; and each bot's p50 / p95 over every position. A machine shared with other jobs
changes absolute speed from minute to minute: the ratio is the figure to read.

    python bench/anarchy_infer_speed.py [--ids anarchy-bomb,organised-chaos,anarchy] [--level normal] [--games 3]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.inference import InferenceSampler  # noqa: E402
from kirifuda.bots.registry import kit_for  # noqa: E402
from kirifuda.games.anarchy import PLAY  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402

MOMENTS = ("bid", 0, 3, 6, 9)
"""The phase's first decision, then the decision before trick 1, 4, 7, 10 (tricks done)."""


def positions(game_id: str, games: int):
    """(moment, information state, legal actions) at each moment of the first deal of each game."""
    game = make(game_id)
    for g in range(games):
        match = Match(game, seed=900 + g)
        seating = Seating(match, {})
        bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.seat_count)}
        wanted = list(MOMENTS)
        while wanted and not match.state.scores:
            seat = min(match.to_act())
            state = match.state
            now = state.tricks_done if state.phase == PLAY else "bid"
            info = seating.info(seat)
            legal = match.legal_actions(seat)
            if now == wanted[0] and len(legal) > 1:
                yield wanted.pop(0), info, legal
            match.act(seat, bots[seat].act(info, legal))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", default="anarchy-bomb,organised-chaos,anarchy")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out: dict[str, dict] = {}
    for game_id in args.ids.split(","):
        game = make(game_id)
        kit = kit_for(game)
        rows: dict[str, list[tuple[float, float, float]]] = {}
        for moment, info, legal in positions(game_id, args.games):
            times = []
            for name in (args.level, args.level + "-infer"):
                bot = make_bot(name, game, seed=3, kit=kit, time_cap=None)
                start = time.process_time()
                bot.act(info, legal)
                times.append(time.process_time() - start)
            start = time.process_time()
            InferenceSampler(kit, info)(random.Random(5))
            pool = time.process_time() - start
            rows.setdefault(str(moment), []).append((times[0], times[1], pool))
        result = {}
        for moment, found in rows.items():
            plain = statistics.median(p for p, _, _ in found)
            infer = statistics.median(i for _, i, _ in found)
            pool = statistics.median(b for _, _, b in found)
            result[moment] = {
                "positions": len(found),
                "plain_s": plain,
                "infer_s": infer,
                "ratio": statistics.median(i / p for p, i, _ in found),
                "pool_s": pool,
            }
            print(
                f"{game_id} {moment:>3}: {len(found)} positions, {args.level} {plain:.3f} s, {args.level}-infer "
                f"{infer:.3f} s (×{result[moment]['ratio']:.2f}), the pool alone {pool:.3f} s",
                file=sys.stderr,
            )
        every = [row for found in rows.values() for row in found]
        for i, name in enumerate((args.level, args.level + "-infer")):
            times = sorted(row[i] for row in every)
            result[name] = {"p50": statistics.median(times), "p95": times[min(len(times) - 1, int(0.95 * len(times)))]}
            print(
                f"{game_id} {name}: {len(times)} decisions, p50 {result[name]['p50']:.3f} s, p95 "
                f"{result[name]['p95']:.3f} s",
                file=sys.stderr,
            )
        out[game_id] = result
    if args.json:
        print(json.dumps({"command": "python bench/anarchy_infer_speed.py " + " ".join(sys.argv[1:]), "results": out}))


if __name__ == "__main__":
    main()
