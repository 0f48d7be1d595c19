"""How much of a search's choice is noise: two copies of one bot with different seeds, asked the same question
(issue 21).

``--games`` games are played by ``--field`` in every seat; at every ``--every``-th decision with three or more
legal actions in the phase ``--phase`` (a trick's card by default), each bot of ``--bots`` is asked twice, with two
seeds, what it would play from that seat's information. Reported per bot: how often its two answers agree (with
a 95 % Wilson interval), beside what two uniformly random choices would agree (the mean of 1 / legal actions).
A search whose choice is mostly its own noise agrees with itself little more than random choices do.

    python bench/search_agreement.py [--id anarchy-bomb] [--bots hard,hard-flat] [--games 2] [--options JSON] [--json]
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.console import Console  # noqa: E402
from rich.progress import track  # noqa: E402

from kirifuda.arena import Seating  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402


def wilson(hits: int, n: int) -> list[float]:
    """A 95 % Wilson interval of the share ``hits / n``."""
    if n == 0:
        return [0.0, 1.0]
    z = 1.96
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [centre - half, centre + half]


def agreement(
    game_id: str,
    names: list[str],
    field: str,
    games: int,
    first_seed: int,
    every: int,
    phase: str,
    options: dict | None = None,
) -> tuple[dict[str, int], list[float]]:
    """How many times each bot's two seeds agreed, and per position asked 1 / its legal actions."""
    game = make(game_id, options or {})
    agree = dict.fromkeys(names, 0)
    chance: list[float] = []
    for g in track(range(games), description=f"{game_id}: games", console=Console(stderr=True)):
        match = Match(game, seed=first_seed + g)
        seating = Seating(match, {s: make_bot(field, game, seed=s, time_cap=None) for s in range(game.seat_count)})
        pairs = {n: tuple(make_bot(n, game, seed=seed, time_cap=None) for seed in (11, 12)) for n in names}
        k = 0
        while not match.finished:
            seat = min(match.to_act())
            legal = match.legal_actions(seat)
            if len(legal) > 2 and match.state.phase == phase:
                if k % every == 0:
                    info = seating.info(seat)
                    chance.append(1 / len(legal))
                    for name, (a, b) in pairs.items():
                        agree[name] += str(a.act(info, legal)) == str(b.act(info, legal))
                k += 1
            match.act(seat, seating.decide(seat))
    return agree, chance


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--id", default="anarchy-bomb")
    parser.add_argument("--bots", default="hard,hard-flat")
    parser.add_argument("--field", default="normal")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--first-seed", type=int, default=700)
    parser.add_argument("--every", type=int, default=5)
    parser.add_argument("--phase", default="play")
    parser.add_argument("--options", default="{}", help="the game's options, JSON")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.bots.split(",")
    agree, chance = agreement(
        args.id, names, args.field, args.games, args.first_seed, args.every, args.phase, json.loads(args.options)
    )
    n = len(chance)
    out = {
        "command": "python bench/search_agreement.py " + shlex.join(sys.argv[1:]),
        "positions": n,
        "random": statistics.fmean(chance) if chance else None,
        "bots": {name: {"agree": agree[name] / n if n else None, "ci": wilson(agree[name], n)} for name in names},
    }
    for name in names:
        lo, hi = out["bots"][name]["ci"]
        print(
            f"{args.id} {name}: its two seeds agree at {agree[name]}/{n} ({agree[name] / max(n, 1):.3f} "
            f"[{lo:.3f}, {hi:.3f}]); two random choices {out['random']:.3f}",
            file=sys.stderr,
        )
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
