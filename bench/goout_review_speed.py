"""CPU seconds of one review decision on a design (``kirifuda review``'s work): the first hand of a seeded game played
by ``heuristic`` bots, then the first ``--decisions`` non-forced decisions of seat 0 reviewed by the ``--reviewer``
bot (seed 0, no time cap, so the same review in every tree), timed with ``time.process_time()``.

    python bench/goout_review_speed.py [--design daifugo] [--seed 1] [--decisions 6] [--reviewer normal]

Run it in two trees (or ``git stash``) to compare; the losses it prints must match where a change keeps the bots'
choices.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.arena import Seating, seat_moments  # noqa: E402
from kirifuda.bots import make_bot  # noqa: E402
from kirifuda.bots.review import review_decision  # noqa: E402
from kirifuda.match import Match  # noqa: E402
from kirifuda.registry import make  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--design", default="daifugo")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--reviewer", default="normal")
    args = parser.parse_args()
    game = make("goout", {"design": args.design})
    match = Match(game, seed=args.seed)
    seating = Seating(match, {s: make_bot("heuristic", game, s) for s in range(game.seat_count)})
    while not match.finished and not game.deal_scores(match.state):
        for s in seating.waiting_bots():
            match.act(s, seating.decide(s))
    moments = [m for m in seat_moments(match, 0) if len(m.legal) > 1][: args.decisions]
    bot = make_bot(args.reviewer, game, 0)
    bot.search.time_cap = None  # type: ignore[attr-defined]
    start = time.process_time()
    reviewed = [review_decision(bot, m) for m in moments]
    seconds = (time.process_time() - start) / len(moments)
    print(
        f"{args.design}, {args.reviewer} reviewer: {seconds:.3f} CPU s a decision over {len(moments)} decisions "
        f"(load average {os.getloadavg()[0]:.1f})"
    )
    for d in reviewed:
        print(f"  {d.played!s:24} best {d.best!s:24} loss {d.loss:.3f} ({d.legal} legal)")


if __name__ == "__main__":
    main()
