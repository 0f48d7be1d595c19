"""Search speed at hand start, this tree against a reference tree, in one process (issue 21; docs/bots.md).

A machine shared with other jobs changes a search's speed by half from one minute to the next, so a speed-up is
measured as a **ratio**: the same positions searched by a reference tree's kirifuda (``--ref``: a git revision,
exported to a temporary folder, or a folder holding ``kirifuda/``) and by this tree's, alternately, in the same
process (every ``kirifuda`` module is dropped and imported again from the other tree between runs), ``--rounds``
times; each round's ratio is this tree's iterations per CPU second over the reference's, and the median is the
speed-up. The absolute figures are what this machine gave at that moment. Where a change should only make the
search faster, ``same_choices`` says whether both trees chose the same action at every position (same seeds), and
``same_root_statistics`` whether they learnt exactly the same numbers at the root (each of the seat's choices: its
visits and the sums of its rewards and their squares, compared as floats): true only if every iteration computed
the same as before.

Positions: for each of ``--positions`` seeded deals, the first decision of ``phase`` (Anarchy and the Bomb: the
bid; Organised Chaos: the pass), reached by random play as ``bench/bots_anarchy.py`` does; a search of
``--iterations`` iterations (the ``normal`` budget by default), CPU time by ``time.process_time``.

    python bench/bots_speed_ab.py --ref HEAD~3 [--ids anarchy,anarchy-bomb,organised-chaos] [--rounds 3] [--json]
    python bench/bots_speed_ab.py --ref HEAD~3 --rounds 1 --latency hard   # and hard's CPU seconds per decision

``--warm`` searches the positions once untimed before timing them (in each tree): the figures of a process that
has searched before, whose kits' caches (suit reckonings, card scores by suit) are filled, as a bot's are after its
first decisions.

``--latency LEVEL`` adds the level's CPU seconds per decision (p50, p95) at 12 positions of two heuristic games, in
both trees (the same seeds: the same choices where the change keeps them).
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parents[1] / "src"
FIRST = {"organised-chaos": "pass", "goninkan": "play"}
"""The first decision of a hand where it is not the bid (Gonin-kan: the first card of a battle)."""


def load(tree: Path) -> Any:
    """The ``kirifuda`` package of ``tree`` (every module of another tree's dropped first)."""
    for name in [m for m in sys.modules if m == "kirifuda" or m.startswith("kirifuda.")]:
        del sys.modules[name]
    sys.path[:] = [p for p in sys.path if p not in (str(HERE), str(tree))]
    sys.path.insert(0, str(tree))
    importlib.invalidate_caches()
    return importlib.import_module("kirifuda")


def measure(tree: Path, game_id: str, positions: int, iterations: int, warm: bool = False) -> dict[str, float]:
    """Iterations per CPU second of ``tree``'s search at the first decision of ``game_id``'s hands; ``warm``: the
    same searches once untimed first (a process that has searched before: the kit's caches filled)."""
    load(tree)
    try:
        from kirifuda.arena import Seating
    except ImportError:  # a tree before 26 Nov 2026 (the speed table's, 9f63564) kept it with the bots
        from kirifuda.bots.table import Seating  # type: ignore[no-redef]
    from kirifuda.bots.ismcts import ISMCTS
    from kirifuda.bots.registry import kit_for
    from kirifuda.match import Match
    from kirifuda.registry import make

    game = make(game_id)
    kit = kit_for(game)
    phase = FIRST.get(game_id, "bid")
    done, seconds = 0, 0.0
    choices: list[str] = []
    roots: list[str] = []
    for timed in (False, True) if warm else (True,):
        for seed in range(positions):
            match = Match(game, seed=seed)
            rng = random.Random(seed)
            while match.state.phase != phase:
                seat = min(match.to_act())
                match.act(seat, rng.choice(match.legal_actions(seat)))
            seat = min(match.to_act())
            info = Seating(match, {}).info(seat)
            search = ISMCTS(kit, iterations=iterations)
            start = time.process_time()
            action, stats = search.search(
                lambda r, info=info: kit.sample(info, r), seat, match.legal_actions(seat), rng
            )
            if timed:
                seconds += time.process_time() - start
                done += stats.iterations
                choices.append(str(action))
                # what the search learnt at the root (each of the seat's choices: visits, sum of rewards, sum of
                # squares), exactly: equal only where both trees computed the same numbers
                roots.append(repr(sorted(getattr(search, "_root_stats", {}).items())))
    return {
        "iterations": done,
        "seconds": round(seconds, 3),
        "per_second": round(done / seconds),
        "choices": choices,
        "roots": roots,
    }


def latency(tree: Path, game_id: str, level: str) -> dict[str, Any]:
    """CPU seconds per decision of ``tree``'s ``level`` bot at 12 positions of two heuristic games (seeds 1000 and
    1001, six decisions each with two or more legal actions, as bench/bots_report.py picks them)."""
    load(tree)
    from kirifuda.arena import Seating
    from kirifuda.bots import make_bot
    from kirifuda.match import Match
    from kirifuda.records import replay
    from kirifuda.registry import make

    game = make(game_id)
    times, choices = [], []
    for seed in (1000, 1001):
        match = Match(game, seed=seed)
        seating = Seating(match, {})
        bot = make_bot("heuristic", game, seed=seed)
        found = []
        while not match.finished:
            seat = min(match.to_act())
            legal = match.legal_actions(seat)
            if len(legal) > 1:
                found.append((len(match.actions), seat))
            match.act(seat, bot.act(seating.info(seat), legal))
        record = match.record()
        for k, seat in random.Random(seed).sample(found, min(6, len(found))):
            position = replay(dict(record, actions=record["actions"][:k]))
            searcher = make_bot(level, game, seed=3, time_cap=None)
            info = Seating(position, {}).info(seat)
            start = time.process_time()
            choices.append(str(searcher.act(info, position.legal_actions(seat))))
            times.append(time.process_time() - start)
    ordered = sorted(times)
    return {
        "decisions": len(times),
        "p50": round(ordered[len(ordered) // 2], 3),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "choices": choices,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ref", required=True, help="a git revision of this repository, or a folder with kirifuda/")
    parser.add_argument("--ids", default="anarchy,anarchy-bomb,organised-chaos")
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--latency", default="", help="also a level's CPU seconds per decision (e.g. hard)")
    parser.add_argument("--warm", action="store_true", help="search the positions once untimed first (warm caches)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        ref = Path(args.ref)
        if not (ref / "kirifuda").is_dir():
            archive = subprocess.run(["git", "archive", args.ref, "src"], check=True, capture_output=True).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            ref = Path(tmp) / "src"
        out: dict[str, Any] = {}
        for game_id in args.ids.split(","):
            rounds = []
            for _ in range(args.rounds):
                before = measure(ref, game_id, args.positions, args.iterations, args.warm)
                after = measure(HERE, game_id, args.positions, args.iterations, args.warm)
                ratio = round(after["per_second"] / before["per_second"], 3)
                same = before.pop("choices") == after.pop("choices")
                same_roots = before.pop("roots") == after.pop("roots")
                rounds.append(
                    {
                        "ref": before,
                        "this": after,
                        "ratio": ratio,
                        "same_choices": same,
                        "same_root_statistics": same_roots,
                    }
                )
            out[game_id] = {
                "rounds": rounds,
                "median_ratio": round(statistics.median(r["ratio"] for r in rounds), 3),
                "this_per_second": round(statistics.median(r["this"]["per_second"] for r in rounds)),
                "ref_per_second": round(statistics.median(r["ref"]["per_second"] for r in rounds)),
                "same_choices": all(r["same_choices"] for r in rounds),
                "same_root_statistics": all(r["same_root_statistics"] for r in rounds),
            }
            if args.latency:
                before = latency(ref, game_id, args.latency)
                after = latency(HERE, game_id, args.latency)
                same = before.pop("choices") == after.pop("choices")
                out[game_id]["latency"] = {"level": args.latency, "ref": before, "this": after, "same_choices": same}
                print(
                    f"{game_id} {args.latency} CPU p50/p95: {before['p50']}/{before['p95']} → "
                    f"{after['p50']}/{after['p95']} s (same choices: {same})",
                    file=sys.stderr,
                )
            print(
                f"{game_id}: {out[game_id]['ref_per_second']:,} → {out[game_id]['this_per_second']:,} it/s, "
                f"ratio {out[game_id]['median_ratio']}, same choices: {out[game_id]['same_choices']}, "
                f"same root statistics: {out[game_id]['same_root_statistics']}",
                file=sys.stderr,
            )
    command = " ".join(["python", "bench/bots_speed_ab.py", *(sys.argv[1:] if argv is None else argv)])
    print(json.dumps({"command": command, "results": out}, indent=2) if args.json else "")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
