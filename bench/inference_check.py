"""How much closer to the truth the inference-weighted sampler's beliefs are than the uniform sampler's (issue 21).

For each game id, ``--games`` games played by ``--field`` bots in every seat (``heuristic`` by default: the seats the
model stands for; ``normal``: does the model still read players who search);
at ``--positions`` random decisions of each game with two or more legal actions, the acting seat's beliefs: a pool
of ``--pool`` determinizations from the game's sampler, weighted as :class:`kirifuda.bots.inference.InferenceSampler`
weights them. The **accuracy** of a determinization is the share of the other seats' hidden cards it places in the
right hand; the uniform sampler's is the pool's plain mean, the inference sampler's the weighted mean. The
difference (inference − uniform) is paired over positions (95 % Student's t). Where the Joker is hidden (Anarchy
Bomb, until the bomb is thrown: the Anarchist), also the share of the belief on the right seat (``joker``).

The Anarchy family's model can be chosen (``--models``, comma-separated, each measured on the same pools):
``epsilon`` (the heuristic's bid with 1 − ε, the sampler's bid-weighted deal divided out: the default),
``epsilon-tilted`` (the same without dividing out: the bids counted twice), ``softmax:T`` (a softmax of the bid
worths at temperature T points; ``softmax-tilted:T`` without dividing out); each with ``+plays`` scores the
revealed cards too, ``+plays@E`` with their own ε = E (the default: ``epsilon+plays``, the ε of the bids);
other games have one model, whose ε a kit with ``model_epsilon`` takes from ``epsilon@E`` (Gogyō Sōkoku, Cut-in,
Gonin-kan: ``--models epsilon@0.5,epsilon@0.1``).

    python bench/inference_check.py [--ids anou,gogyo-sokoku] [--games 10] [--positions 6] [--models epsilon] [--json]
    python bench/inference_check.py --ids anarchy-bomb,organised-chaos,anarchy --models epsilon,epsilon-tilted,softmax:2
    python bench/inference_check.py --ids anarchy-bomb --field normal --pool 256 --models epsilon+plays,softmax:2
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
from kirifuda.cards import JOKER  # noqa: E402
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


def joker_right(state, truth, seat: int) -> float | None:
    """1 where ``state`` gives the hidden Joker to the seat that holds it, 0 elsewhere; None where it is not hidden."""
    holder = next((s for s, held in enumerate(truth.hands) if s != seat and held >> JOKER & 1), None)
    if holder is None:
        return None
    return float(state.hands[holder] >> JOKER & 1)


def configure(kit, model: str) -> None:
    """Set an Anarchy kit's bid model (see the module docstring); other kits have one."""
    if not hasattr(kit, "bid_model"):
        if hasattr(kit, "model_epsilon"):  # "epsilon@E": the kit's model with its ε = E (Cut-in, Gonin-kan, Gogyō)
            _, _, value = model.partition("@")
            kit.model_epsilon = float(value) if value else type(kit).model_epsilon
        return
    model, _, play_epsilon = model.partition("@")
    model, plus, _ = model.partition("+plays")
    name, _, temperature = model.partition(":")
    kit.bid_model = "softmax" if name.startswith("softmax") else "epsilon"
    kit.untilt = not name.endswith("-tilted")
    kit.bid_temperature = float(temperature) if temperature else type(kit).bid_temperature
    kit.model_plays = bool(plus)
    kit.play_epsilon = float(play_epsilon) if play_epsilon else None


def positions(game_id: str, games: int, per_game: int, pool: int, models: list[str], field: str = "heuristic"):
    """Per sampled position: (uniform accuracy, {model: (weighted accuracy, effective size)}, uniform Joker,
    {model: weighted Joker}) — the Joker's None where it is not hidden."""
    game = make(game_id)
    kit = kit_for(game)
    for g in range(games):
        match = Match(game, seed=500 + g)
        seating = Seating(match, {})
        bots = {s: make_bot(field, game, seed=s, time_cap=None) for s in range(game.seat_count)}
        moments = []
        while not match.finished:
            seat = min(match.to_act())  # simultaneous choices (the Anarchy family): the lowest seat first
            legal = match.legal_actions(seat)
            info = seating.info(seat)
            if len(legal) > 1 and any(isinstance(e.actor, int) and e.actor != seat for e in info.history[-8:]):
                moments.append((info, kit.undo_pending(match.state, seat), seat))
            match.act(seat, bots[seat].act(info, legal))
        for info, truth, seat in random.Random(g).sample(moments, min(per_game, len(moments))):
            rng = random.Random(g)
            states = [kit.sample(info, rng) for _ in range(pool)]
            acc = [accuracy(s, truth, seat) for s in states]
            jokers = [joker_right(s, truth, seat) for s in states]
            weighted, joker_weighted = {}, {}
            for model in models:
                configure(kit, model)
                logs = [log_likelihood(kit, info, s, EPSILON) for s in states]
                assert all(x is not None for x in logs)
                top = max(logs)  # type: ignore[type-var]
                weights = [math.exp(x - top) for x in logs]  # type: ignore[operator]
                total = sum(weights)
                weighted[model] = (
                    sum(w * a for w, a in zip(weights, acc, strict=True)) / total,
                    total**2 / sum(w * w for w in weights),
                )
                if jokers[0] is not None:
                    joker_weighted[model] = sum(w * j for w, j in zip(weights, jokers, strict=True)) / total
            uniform_joker = statistics.fmean(jokers) if jokers[0] is not None else None  # type: ignore[arg-type]
            yield statistics.fmean(acc), weighted, uniform_joker, joker_weighted
        configure(kit, "epsilon+plays")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ids", default="anou,gogyo-sokoku")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--pool", type=int, default=POOL)
    parser.add_argument("--models", default="epsilon+plays")
    parser.add_argument("--field", default="heuristic", help="the bot in every seat of the games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    models = args.models.split(",")
    out: dict[str, dict] = {}
    for game_id in args.ids.split(","):
        rows = list(positions(game_id, args.games, args.positions, args.pool, models, args.field))
        uniform = [u for u, _, _, _ in rows]
        result: dict = {"positions": len(rows), "uniform": statistics.fmean(uniform)}
        jokers = [(u, w) for _, _, u, w in rows if u is not None]
        if jokers:
            result["joker_positions"] = len(jokers)
            result["joker_uniform"] = statistics.fmean(u for u, _ in jokers)
        for model in models:
            weighted = [w[model][0] for _, w, _, _ in rows]
            key = "" if model == "epsilon+plays" else f"{model}/"
            result[f"{key}inference"] = statistics.fmean(weighted)
            result[f"{key}difference"] = interval([w - u for u, w in zip(uniform, weighted, strict=True)])
            result[f"{key}effective_size"] = statistics.fmean(w[model][1] for _, w, _, _ in rows)
            line = (
                f"{game_id} [{model}]: {len(rows)} positions, accuracy uniform {result['uniform']:.3f}, inference "
                f"{result[f'{key}inference']:.3f}, difference {result[f'{key}difference']['mean']:+.3f} "
                f"[{result[f'{key}difference']['ci'][0]:+.3f}, {result[f'{key}difference']['ci'][1]:+.3f}], "
                f"effective pool {result[f'{key}effective_size']:.1f} of {args.pool}"
            )
            if jokers:
                result[f"{key}joker_inference"] = statistics.fmean(w[model] for _, w in jokers)
                result[f"{key}joker_difference"] = interval([w[model] - u for u, w in jokers])
                line += (
                    f"; Joker on the right seat ({len(jokers)} positions) uniform {result['joker_uniform']:.3f}, "
                    f"inference {result[f'{key}joker_inference']:.3f}"
                )
            print(line, file=sys.stderr)
        out[game_id] = result
    if args.json:
        print(json.dumps({"command": "python bench/inference_check.py " + " ".join(sys.argv[1:]), "results": out}))


if __name__ == "__main__":
    main()
