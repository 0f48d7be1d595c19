"""How well the Anarchy family's model of the other seats predicts how a search plays (issue 21).

The family's search plays the other seats out as the heuristic would from their imagined hands (``model_others``):
the best card by :func:`~kirifuda.bots.anarchy.card_scores` (a random one with probability ε), the best bid by
:func:`~kirifuda.bots.anarchy.choose_bid`'s worths. Here ``--games`` games are played by ``--bot`` in every seat;
at each of their card plays and bids with two or more choices, the model's scores of the legal choices are computed
from that seat's own information (what the search would compute, its imagined hand being right), and the choice
the bot made is looked up among them. Reported: how often the bot chose the model's best (top-1), the mean log
likelihood of its choices under the model as the search has it (argmax with ε), and under a softmax of the same
scores at each temperature of ``--temperatures`` (points), the best of them marked.

    python bench/anarchy_model_fit.py [--id anarchy-bomb] [--bot normal] [--games 6] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.console import Console  # noqa: E402
from rich.progress import track  # noqa: E402

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.anarchy import EPSILON  # noqa: E402
from kirifuda.bots.registry import kit_for  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402

TEMPERATURES = (0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
MIXES = (0.1, 0.2, 0.35, 0.5, 0.7, 0.85)


def moments(game_id: str, bot: str, games: int, first_seed: int):
    """(kind, the model's scores of the legal choices, the index chosen) per decision of the bots with two or more
    choices: kind "play" or "bid"."""
    game = make(game_id)
    kit = kit_for(game)
    for g in track(range(games), description=f"{game_id} {bot}: games", console=Console(stderr=True)):
        match = Match(game, seed=first_seed + g)
        bots = {s: make_bot(bot, game, seed=s, time_cap=None) for s in range(game.seat_count)}
        seating = Seating(match, bots)
        while not match.finished:
            seat = min(match.to_act())
            legal = match.legal_actions(seat)
            info = seating.info(seat)
            action = seating.decide(seat)
            if len(legal) > 1:
                scored = kit.model_scores(info, legal)
                if scored is not None:
                    kind, scores = scored
                    assert len(scores) == len(legal)  # every legal action is a card (a trick) or a bid (the bidding)
                    yield kind, scores, [str(a) for a in legal].index(str(action))
            match.act(seat, action)


def log_argmax(scores: list[float], chosen: int, epsilon: float) -> float:
    best = max(range(len(scores)), key=scores.__getitem__)  # the first of the best, as the model takes it
    return math.log((1 - epsilon) * (chosen == best) + epsilon / len(scores))


def log_softmax(scores: list[float], chosen: int, temperature: float) -> float:
    top = max(scores)
    total = sum(math.exp((s - top) / temperature) for s in scores)
    return (scores[chosen] - top) / temperature - math.log(total)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--id", default="anarchy-bomb")
    parser.add_argument("--bot", default="normal")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--first-seed", type=int, default=900)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--rows", type=Path, help="keep every decision's scores and choice in this JSON file")
    parser.add_argument("--from-rows", type=Path, help="fit the decisions kept in this file instead of playing")
    args = parser.parse_args()
    if args.from_rows:
        rows = json.loads(args.from_rows.read_text())
    else:
        rows = list(moments(args.id, args.bot, args.games, args.first_seed))
    if args.rows:
        args.rows.write_text(json.dumps(rows))
    out: dict = {"command": "python bench/anarchy_model_fit.py " + " ".join(sys.argv[1:]), "kinds": {}}
    for kind in ("play", "bid"):
        mine = [(s, c) for k, s, c in rows if k == kind]
        if not mine:
            continue
        n = len(mine)
        top1 = sum(c == max(range(len(s)), key=s.__getitem__) for s, c in mine) / n
        argmax = sum(log_argmax(s, c, EPSILON) for s, c in mine) / n
        uniform = sum(-math.log(len(s)) for s, _ in mine) / n
        softmax = {t: sum(log_softmax(s, c, t) for s, c in mine) / n for t in TEMPERATURES}
        best = max(softmax, key=softmax.__getitem__)
        mixed = {
            (t, e): sum(math.log((1 - e) * math.exp(log_softmax(s, c, t)) + e / len(s)) for s, c in mine) / n
            for t in TEMPERATURES
            for e in MIXES
        }
        best_mix = max(mixed, key=mixed.__getitem__)
        ranks = [sorted(range(len(s)), key=lambda i, s=s: -s[i]).index(c) / (len(s) - 1) for s, c in mine]
        out["kinds"][kind] = {
            "decisions": n,
            "top1": top1,
            "log_likelihood": {"uniform": uniform, f"argmax_eps{EPSILON}": argmax, "softmax": softmax},
            "best_temperature": best,
            "best_mixture": {"temperature": best_mix[0], "epsilon": best_mix[1], "log_likelihood": mixed[best_mix]},
            "mean_relative_rank": sum(ranks) / n,
        }
        print(
            f"{args.id} {args.bot} {kind}: {n} decisions, the model's best chosen {top1:.3f}; mean log likelihood "
            f"uniform {uniform:.3f}, argmax ε={EPSILON} {argmax:.3f}, softmax "
            + ", ".join(f"T={t} {v:.3f}" for t, v in softmax.items())
            + f" (best T={best}); softmax mixed with uniform: best T={best_mix[0]} ε={best_mix[1]} "
            f"{mixed[best_mix]:.3f}; the chosen card's rank among the scores (0 best, 1 worst) {sum(ranks) / n:.3f}",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
