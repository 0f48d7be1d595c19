"""How much closer to the truth the inference-weighted sampler's beliefs are than the uniform sampler's (issue 21).

For each game id, ``--games`` games played by ``heuristic`` bots in every seat (the seats the model stands for);
at ``--positions`` random decisions of each game with two or more legal actions, the acting seat's beliefs: a pool
of ``--pool`` determinizations from the game's sampler, weighted as :class:`kirifuda.bots.inference.InferenceSampler`
weights them. The **accuracy** of a determinization is the share of the other seats' hidden cards it places in the
right hand; the uniform sampler's is the pool's plain mean, the inference sampler's the weighted mean. The
difference (inference − uniform) is paired over positions (95 % Student's t).

    python bench/inference_check.py [--ids anou,gogyo-sokoku] [--games 10] [--positions 6] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.analysis.tournament import interval  # noqa: E402
from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.inference import EPSILON, POOL, log_likelihood  # noqa: E402
from kirifuda.bots.registry import kit_for  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402


def accuracy(state, truth, seat: int) -> float:
    """The share of the other seats' cards (as ``truth`` holds them) that ``state`` places in the same hands."""
    right = total = 0
    for s, held in enumerate(truth.hands):
        if s != seat:
            right += (held & state.hands[s]).bit_count()
            total += held.bit_count()
    return right / total if total else 1.0


def positions(game_id: str, games: int, per_game: int, pool: int):
    """(uniform accuracy, weighted accuracy, effective sample size) at each sampled position."""
    game = make(game_id)
    kit = kit_for(game)
    for g in range(games):
        match = Match(game, seed=500 + g)
        seating = Seating(match, {})
        bots = {s: make_bot("heuristic", game, seed=s) for s in range(game.seat_count)}
        moments = []
        while not match.finished:
            (seat,) = match.to_act()
            legal = match.legal_actions(seat)
            info = seating.info(seat)
            if len(legal) > 1 and any(isinstance(e.actor, int) and e.actor != seat for e in info.history[-8:]):
                moments.append((info, match.state, seat))
            match.act(seat, bots[seat].act(info, legal))
        for info, truth, seat in random.Random(g).sample(moments, min(per_game, len(moments))):
            rng = random.Random(g)
            states = [kit.sample(info, rng) for _ in range(pool)]
            logs = [log_likelihood(kit, info, s, EPSILON) for s in states]
            assert all(x is not None for x in logs)
            top = max(logs)  # type: ignore[type-var]
            weights = [math.exp(x - top) for x in logs]  # type: ignore[operator]
            acc = [accuracy(s, truth, seat) for s in states]
            uniform = statistics.fmean(acc)
            weighted = sum(w * a for w, a in zip(weights, acc, strict=True)) / sum(weights)
            yield uniform, weighted, sum(weights) ** 2 / sum(w * w for w in weights)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", default="anou,gogyo-sokoku")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--pool", type=int, default=POOL)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    out = {}
    for game_id in args.ids.split(","):
        rows = list(positions(game_id, args.games, args.positions, args.pool))
        uniform = [u for u, _, _ in rows]
        weighted = [w for _, w, _ in rows]
        diff = [w - u for u, w, _ in rows]
        out[game_id] = {
            "positions": len(rows),
            "uniform": statistics.fmean(uniform),
            "inference": statistics.fmean(weighted),
            "difference": interval(diff),
            "effective_size": statistics.fmean(e for _, _, e in rows),
        }
        lo, hi = out[game_id]["difference"]["ci"]
        print(
            f"{game_id}: {len(rows)} positions, accuracy uniform {out[game_id]['uniform']:.3f}, inference "
            f"{out[game_id]['inference']:.3f}, difference {out[game_id]['difference']['mean']:+.3f} "
            f"[{lo:+.3f}, {hi:+.3f}], effective pool {out[game_id]['effective_size']:.1f} of {args.pool}",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps({"command": "python bench/inference_check.py " + " ".join(sys.argv[1:]), "results": out}))


if __name__ == "__main__":
    main()
