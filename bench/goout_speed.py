"""The go-out design engine's random play: hands per second of one core, against Cut-in's own fast engine.

Issue 20's bars: ``simulate`` of the ``cutin`` preset on the generic engine ≥ 0.5× the ``cutin`` fast engine in the
same run; Daifugō and Big Two ≥ 2,000 hands/s on one core. Every engine plays whole games of uniformly random
legal play (``play_random_game``: what ``kirifuda simulate`` runs) in alternating slices of ``--seconds``, timed
with ``time.process_time()`` (one core's CPU time: other load on the machine counts less, as in
bench/bots_cutin.py), ``--rounds`` times; the figure is hands (deals) per second over all slices.

    python bench/goout_speed.py [--seconds 2] [--rounds 3] [--pure] [--json]
    python bench/goout_speed.py --ref REV [--seconds 1] [--rounds 7]   # this tree against another, as ratios
    python bench/goout_speed.py --native [--seconds 1] [--rounds 7]    # compiled against pure Python, as ratios

The go-out engine runs compiled where ``make setup`` built its compiled copy (mypyc, ``kirifuda.fast.native``) from
this very source; the first line says which copy runs. Where it is compiled the table also has the pure-Python
engine's rows (the same code as Python, ``KIRIFUDA_PURE=1``), and ``--native`` gives the ratio of the two in one
process, as ``--ref`` does for two trees.

``--ref REV`` (a git revision, exported to a temporary folder, or a folder holding ``kirifuda/``) measures each
design engine of the reference tree and of this tree in the same process, alternately (every ``kirifuda`` module is
dropped and imported again from the other tree; the engines already made keep working), over the same seeds; the
speed-up is the median over rounds of this tree's hands per CPU second over the reference's. Absolute figures on a
shared machine move by half from one minute to the next; the ratio is what to compare. Each engine first plays
``--warm`` games (default 300: the fast engine remembers plays per hand mask as it meets them), so the ratio is
the steady state ``kirifuda simulate`` reaches after its first few hundred games. ``--ref`` compares the two trees'
Python (``KIRIFUDA_PURE=1``: a compiled module, once imported, cannot be imported again from another tree).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parents[1] / "src"
sys.path.insert(0, str(HERE))  # measure this tree's kirifuda

if "--ref" in sys.argv:
    os.environ["KIRIFUDA_PURE"] = "1"  # before kirifuda is imported (the module docstring)

from kirifuda.core import Game  # noqa: E402
from kirifuda.fast import engine_for, goout_engine, native  # noqa: E402
from kirifuda.fast.goout import IMPL  # noqa: E402
from kirifuda.registry import make  # noqa: E402
from kirifuda.simulate import play_random_game  # noqa: E402

Player = Callable[[int, random.Random], tuple[tuple[tuple[int, ...], ...], int]]


def players(pure: bool) -> dict[str, Player]:
    games: dict[str, Game] = {
        "cutin (fast)": make("cutin"),
        "goout cutin preset (fast)": make("goout", {"design": "cutin"}),
        "goout daifugo (fast)": make("goout", {"design": "daifugo"}),
        "goout big-two (fast)": make("goout", {"design": "big-two"}),
    }
    out: dict[str, Player] = {}
    for name, game in games.items():
        engine = engine_for(game)
        assert engine is not None, name
        out[name] = engine.play_random_game
    if IMPL is not goout_engine:  # compiled: the same engine as Python too
        for preset in PRESETS:
            python_engine = goout_engine.FastGoout(make("goout", {"design": preset}))
            name = "goout cutin preset" if preset == "cutin" else f"goout {preset}"
            out[f"{name} (fast, pure Python)"] = python_engine.play_random_game
    if pure:
        for preset in ("cutin", "daifugo", "big-two"):
            game = make("goout", {"design": preset})
            out[f"goout {preset} (pure)"] = lambda seed, rng, game=game: play_random_game(game, seed, rng)
    return out


def measure(seconds: float, rounds: int, pure: bool) -> dict:
    engines = players(pure)
    hands = dict.fromkeys(engines, 0)
    decisions = dict.fromkeys(engines, 0)
    spent = dict.fromkeys(engines, 0.0)
    seeds = dict.fromkeys(engines, 0)
    for _ in range(rounds):
        for name, play in engines.items():
            start = time.process_time()
            while time.process_time() - start < seconds:
                seed = seeds[name]
                scores, d = play(seed, random.Random(seed))
                hands[name] += len(scores)
                decisions[name] += d
                seeds[name] = seed + 1
            spent[name] += time.process_time() - start
    rates = {name: hands[name] / spent[name] for name in engines}
    base = rates["cutin (fast)"]
    return {
        "command": "python bench/goout_speed.py " + " ".join(sys.argv[1:]),
        "machine": f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"CPython {platform.python_version()}",
        "load_average": round(os.getloadavg()[0], 2),
        "goout_engine": native.status["goout_engine"],
        "engines": {
            name: {
                "games": seeds[name],
                "hands": hands[name],
                "decisions": decisions[name],
                "cpu_seconds": round(spent[name], 3),
                "hands_per_second": round(rates[name], 1),
                "decisions_per_second": round(decisions[name] / spent[name]),
                "ratio_to_cutin_fast": round(rates[name] / base, 3),
            }
            for name in engines
        },
    }


PRESETS = ("cutin", "daifugo", "big-two")


def design_engine(tree: Path, preset: str) -> Player:
    """``tree``'s fast engine of the preset (every ``kirifuda`` module of another tree dropped first)."""
    for name in [m for m in sys.modules if m == "kirifuda" or m.startswith("kirifuda.")]:
        del sys.modules[name]
    sys.path[:] = [p for p in sys.path if p not in (str(HERE), str(tree))]
    sys.path.insert(0, str(tree))
    importlib.invalidate_caches()
    fast = importlib.import_module("kirifuda.fast")
    registry = importlib.import_module("kirifuda.registry")
    engine = fast.engine_for(registry.make("goout", {"design": preset}))
    assert engine is not None, preset
    return engine.play_random_game  # type: ignore[no-any-return]


def compare(ref: Path, seconds: float, rounds: int, warm: int) -> dict:
    """Each preset's engine of ``ref`` and of this tree, alternately in slices of ``seconds``: the ratio's median."""
    return ratios(
        {preset: {"ref": design_engine(ref, preset), "this": design_engine(HERE, preset)} for preset in PRESETS},
        seconds,
        rounds,
        warm,
    )


def compare_native(seconds: float, rounds: int, warm: int) -> dict:
    """Each preset's compiled engine ("this") against the same engine as pure Python ("ref"), in one process."""
    if IMPL is goout_engine:
        raise SystemExit(f"the go-out engine is not compiled here ({native.status['goout_engine']})")
    return ratios(
        {
            preset: {
                "ref": goout_engine.FastGoout(make("goout", {"design": preset})).play_random_game,
                "this": IMPL.FastGoout(make("goout", {"design": preset})).play_random_game,
            }
            for preset in PRESETS
        },
        seconds,
        rounds,
        warm,
    )


def ratios(engines: dict[str, dict[str, Player]], seconds: float, rounds: int, warm: int) -> dict:
    """Per preset, its two engines ("ref", "this") alternately in slices of ``seconds`` after ``warm`` games each
    (the same seeds, checked to play the same games): the ratio's median."""
    out: dict = {}
    for preset, plays in engines.items():
        same = all(plays["ref"](s, random.Random(s)) == plays["this"](s, random.Random(s)) for s in range(warm))
        seeds = dict.fromkeys(plays, warm)
        hands = dict.fromkeys(plays, 0)
        spent = dict.fromkeys(plays, 0.0)
        found = []
        for _ in range(rounds):
            rate = {}
            for name, play in plays.items():
                done, start = 0, time.process_time()
                while time.process_time() - start < seconds:
                    done += len(play(seeds[name], random.Random(seeds[name]))[0])
                    seeds[name] += 1
                took = time.process_time() - start
                hands[name] += done
                spent[name] += took
                rate[name] = done / took
            found.append(rate["this"] / rate["ref"])
        out[preset] = {
            "same_games": same,
            "ref_hands_per_second": round(hands["ref"] / spent["ref"], 1),
            "hands_per_second": round(hands["this"] / spent["this"], 1),
            "speedup": round(statistics.median(found), 3),
            "speedup_range": [round(min(found), 3), round(max(found), 3)],
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds per slice")
    parser.add_argument("--rounds", type=int, default=3, help="slices per engine, alternating")
    parser.add_argument("--pure", action="store_true", help="the pure engine too (slow)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--ref", help="a git revision or a folder holding kirifuda/: this tree against it, as ratios")
    parser.add_argument("--native", action="store_true", help="the compiled go-out engine against it as Python")
    parser.add_argument("--warm", type=int, default=300, help="games each engine plays first (--ref, --native)")
    args = parser.parse_args()
    if args.ref or args.native:
        if args.native:
            rows = compare_native(args.seconds, args.rounds, args.warm)
            columns = "pure Python hands/s | compiled hands/s"
        else:
            with tempfile.TemporaryDirectory() as tmp:
                ref = Path(args.ref)
                if not (ref / "kirifuda").is_dir():
                    archive = subprocess.run(["git", "archive", args.ref, "src"], check=True, capture_output=True)
                    subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
                    ref = Path(tmp) / "src"
                rows = compare(ref, args.seconds, args.rounds, args.warm)
            columns = "ref hands/s | this tree hands/s"
        head = f"python bench/goout_speed.py {' '.join(sys.argv[1:])}, load average {os.getloadavg()[0]:.2f}"
        if args.json:
            print(json.dumps({"command": head, "presets": rows}, indent=2))
            return
        print(head)
        print(f"| preset | same games | {columns} | speed-up (median, range) |")
        print("|---|---|---:|---:|---:|")
        for preset, r in rows.items():
            low, high = r["speedup_range"]
            print(
                f"| {preset} | {'yes' if r['same_games'] else 'NO'} | {r['ref_hands_per_second']:,.0f} | "
                f"{r['hands_per_second']:,.0f} | {r['speedup']}× ({low}–{high}) |"
            )
        return
    result = measure(args.seconds, args.rounds, args.pure)
    if args.json:
        print(json.dumps(result, indent=2))
        return
    print(f"{result['command']} — {result['machine']}, load average {result['load_average']}")
    print(f"go-out engine: {result['goout_engine']}")
    print("| engine | games | hands | decisions | CPU s | hands/s | decisions/s | × cutin fast |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for name, r in result["engines"].items():
        print(
            f"| {name} | {r['games']:,} | {r['hands']:,} | {r['decisions']:,} | {r['cpu_seconds']} | "
            f"{r['hands_per_second']:,.1f} | {r['decisions_per_second']:,} | {r['ratio_to_cutin_fast']} |"
        )


if __name__ == "__main__":
    main()
