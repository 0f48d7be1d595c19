"""Calibrate the Anarchy-family heuristic's bid reckoning by self-play (kirifuda.bots.anarchy.CALIBRATION), and
measure what a bid tells of the bidder's hand (kirifuda.bots.anarchy.BID_WEIGHTS).

For each game id (default options), many single deals are played on the fast engine by the heuristic's own play
policy; in each, one seat (rotating) makes a uniformly random bid and the others bid as the heuristic does. What
the random bidder's hand promised (``bid_features``) is fitted to the score it made by least squares, one fit for
each kind of bid (the four suit bids together, both colours together: ``bid_class``), and each bid's mean score
is kept (Organised Chaos's cost of using a bid now). The heuristic bidders' hands give, per kind of bid, how much
likelier than at random each card is in the bidder's hand (by rank, in the suits the bid seeks and in the
others): the sampler's weights. The tables are printed as Python, to be pasted into the kit; with ``--json`` as
JSON.

    python bench/fit_anarchy_bids.py [--deals 20000] [--games anarchy,anarchy-bomb,organised-chaos] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from rich.progress import Progress  # noqa: E402

from kirifuda import cards as C  # noqa: E402
from kirifuda.bots.anarchy import FEATURES, Kit, bid_class, bid_features, seeks  # noqa: E402
from kirifuda.fast.anarchy import Position  # noqa: E402
from kirifuda.games.anarchy import BID, NO_CARD, PASS, PLAY  # noqa: E402
from kirifuda.registry import make  # noqa: E402

GAMES = ("anarchy", "anarchy-bomb", "organised-chaos")


def play_deal(kit: Kit, index: int, rng: random.Random) -> tuple[str, tuple[float, ...], int, list[tuple[str, int]]]:
    """One deal: one seat bids at random, the rest as the heuristic; (its bid, its hand's features, its score, and
    the heuristic bidders' bids with their hands)."""
    game = kit.family
    n = game.n
    pos = Position(game)
    pos.dealer = index % n
    pos.deal_seeded(index)
    chooser = (index // n) % n
    if pos.phase == PASS:
        kit.pass_all(pos)
    features: tuple[float, ...] = ()
    bid = ""
    bidders: list[tuple[str, int]] = []
    while pos.phase == BID:
        s = pos.seat_to_act()
        if s == chooser:
            bid = rng.choice(pos.bid_choices(s))
            hand = pos.hands[s]
            unseen = kit._unseen(hand, pos.taken, pos.spare, NO_CARD, False)
            features = bid_features(game, hand, unseen, kit._plays())[bid]
            pos.bid(s, bid)
        else:
            made = kit.bid_for(pos, s)
            bidders.append((made, pos.hands[s]))
            pos.bid(s, made)
    assert pos.phase == PLAY
    kit.play_out(pos, rng, epsilon=0.0)
    return bid, features, pos.scores[-1][chooser], bidders


def composition(game, hands: list[tuple[str, int]]) -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    """Per kind of bid (:func:`kirifuda.bots.anarchy.bid_class`): how much likelier than at random each card is in
    the hand of a heuristic bidder who made it, by rank, for the suits the bid seeks and for the others
    (kirifuda.bots.anarchy.BID_WEIGHTS)."""
    deck = [c for c in game.deck() if C.base(c) != C.JOKER]
    per_rank = [0] * 13
    for c in deck:
        per_rank[c & 15] += 1
    counts: dict[str, list[list[float]]] = defaultdict(lambda: [[0.0] * 13, [0.0] * 13])
    seen: dict[str, int] = defaultdict(int)
    for bid, hand in hands:
        wanted = seeks(bid)
        kind = bid_class(bid)
        seen[kind] += 1
        for card in C.cards_in(hand):
            if C.base(card) != C.JOKER:
                counts[kind][0 if C.suit_of(card) in wanted else 1][card & 15] += 1
    out = {}
    for bid, (mine, others) in counts.items():
        wanted = seeks({"suit": "spades", "colour": "black"}.get(bid, bid))
        share = len(wanted) / 4
        rows = []
        for row, part in ((mine, share), (others, 1 - share)):
            expected = [seen[bid] * game.hand_size * per_rank[r] * part / len(deck) for r in range(13)]
            rows.append(tuple(round(row[r] / expected[r], 2) if expected[r] else 1.0 for r in range(13)))
        out[bid] = (rows[0], rows[1])
    return out


def least_squares(rows: list[tuple[float, ...]], ys: list[float], ridge: float = 1e-3) -> list[float]:
    """Coefficients (intercept first) minimising the squared error of ``ys`` on ``rows`` (normal equations, a
    touch of ridge so that a feature constant for a bid gets a zero coefficient)."""
    xs = [(1.0, *row) for row in rows]
    k = len(xs[0])
    a = [
        [sum(x[i] * x[j] for x in xs) + (ridge * len(xs) if i == j and i else 0.0) for j in range(k)] for i in range(k)
    ]
    b = [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) for i in range(k)]
    for col in range(k):  # Gaussian elimination with partial pivoting
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot], b[col], b[pivot] = a[pivot], a[col], b[pivot], b[col]
        for r in range(k):
            if r != col and a[col][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * w for v, w in zip(a[r], a[col], strict=True)]
                b[r] -= f * b[col]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def r2(rows: list[tuple[float, ...]], ys: list[float], coefficients: list[float]) -> float:
    my = sum(ys) / len(ys)
    ss = sum((y - my) ** 2 for y in ys) or 1.0
    predicted = [coefficients[0] + sum(c * f for c, f in zip(coefficients[1:], row, strict=True)) for row in rows]
    return 1.0 - sum((y - p) ** 2 for y, p in zip(ys, predicted, strict=True)) / ss


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals per game id (default 20000)")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    table: dict[str, dict[str, tuple[float, ...]]] = {}
    weights: dict[str, dict[str, tuple[tuple[float, ...], tuple[float, ...]]]] = {}
    report: dict[str, dict[str, dict[str, float]]] = {}
    with Progress(transient=True) as progress:
        for game_id in args.games.split(","):
            kit = Kit(make(game_id, {"deals": 1} if game_id != "organised-chaos" else {}))
            rng = random.Random(0)
            data: dict[str, tuple[list[tuple[float, ...]], list[float]]] = defaultdict(lambda: ([], []))
            hands: list[tuple[str, int]] = []
            task = progress.add_task(game_id, total=args.deals)
            start = time.perf_counter()
            for i in range(args.deals):
                bid, features, score, bidders = play_deal(kit, i, rng)
                hands.extend(bidders)
                data[bid][0].append(features)
                data[bid][1].append(score)
                progress.advance(task)
            table[game_id], report[game_id] = {}, {}
            for bid in kit.family.bid_names:
                # the suits are alike, and so are the colours: one fit for every bid of a kind (bid_class)
                kind = bid_class(bid)
                rows = [row for b in kit.family.bid_names if bid_class(b) == kind for row in data[b][0]]
                ys = [y for b in kit.family.bid_names if bid_class(b) == kind for y in data[b][1]]
                coefficients = least_squares(rows, ys)
                mean = sum(ys) / len(ys)
                table[game_id][bid] = (*(round(c, 3) for c in coefficients), round(mean, 2))
                report[game_id][bid] = {
                    "n": len(ys),
                    "r2": round(r2(rows, ys, coefficients), 3),
                    "mean": round(mean, 2),
                }
            weights[game_id] = composition(kit.family, hands)
            report[game_id]["seconds"] = {"value": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps({"calibration": table, "weights": weights, "fit": report}, indent=2))
        return 0
    print(f"# coefficients: intercept, {', '.join(FEATURES)}; then the mean score")
    print("CALIBRATION = {")
    for game_id, rows in table.items():
        print(f'    "{game_id}": {{')
        for bid, values in rows.items():
            fit_ = report[game_id][bid]
            print(f'        "{bid}": {values},  # n={fit_["n"]} r2={fit_["r2"]}')
        print("    },")
    print("}")
    print("# per bid: by rank (2 … A), for the suits the bid seeks, then for the others")
    print("BID_WEIGHTS = {")
    for game_id, rows in weights.items():
        print(f'    "{game_id}": {{')
        for bid in sorted(rows):
            mine, others = rows[bid]
            print(f'        "{bid}": ({mine}, {others}),')
        print("    },")
    print("}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
