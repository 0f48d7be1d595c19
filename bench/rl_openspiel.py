"""OpenSpiel's own algorithms on kirifuda games (docs/rl.md "OpenSpiel"): its ISMCTS bot and outcome-sampling MCCFR.

* **ISMCTS** — ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts holds seat 0 of one deal
  against uniformly random seats; its mean deal score is compared with a uniformly random seat 0 on the same deals
  (the same chance outcomes). It resamples worlds through ``resample_from_infostate`` and keys its nodes by the
  information-state string.
* **MCCFR** — ``open_spiel.python.algorithms.outcome_sampling_mccfr.OutcomeSamplingSolver`` on a small
  configuration (one deal, ``deal_seeds`` fixed shuffles); its average policy then holds seat 0 against random
  seats on those shuffles, beside a random seat 0.

    python bench/rl_openspiel.py [--ismcts-game cutin] [--deals 20] [--simulations 100]
                                 [--cfr-game cutin] [--cfr-options '{"players": 3}']
                                 [--iterations 2000] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

import numpy as np  # noqa: E402
import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

from kirifuda import openspiel  # noqa: E402


def play(game, seat0, rng: np.random.Generator, seed: int) -> float:
    """One episode from chance outcome ``seed`` (every chance event): seat 0's return; the others random."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(outcomes[seed % len(outcomes)])
        elif state.current_player() == 0:
            state.apply_action(seat0(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns()[0]


def mean_se(values: list[float]) -> tuple[float, float]:
    return statistics.fmean(values), statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def run_ismcts(game_id: str, params: dict, deals: int, simulations: int) -> dict:
    game = openspiel.load(game_id, **params)
    rng = np.random.default_rng(0)
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=simulations,
        random_state=np.random.RandomState(2),
        # in a sampled world the other seats' nodes are keyed by the searching seat's view, and their legal actions
        # depend on the sampled hands: OpenSpiel's option for action sets that vary within one key
        allow_inconsistent_action_sets=True,
    )
    t0 = time.process_time()
    searched = [play(game, bot.step, np.random.default_rng(100 + d), d) for d in range(deals)]
    cpu = time.process_time() - t0
    uniform = [
        play(game, lambda s: int(rng.choice(s.legal_actions())), np.random.default_rng(100 + d), d)
        for d in range(deals)
    ]
    return {
        "game": game_id,
        "params": params,
        "deals": deals,
        "simulations": simulations,
        "ismcts": mean_se(searched),
        "random": mean_se(uniform),
        "cpu_seconds": round(cpu, 1),
    }


def run_mccfr(game_id: str, params: dict, iterations: int, eval_episodes: int) -> dict:
    game = openspiel.load(game_id, **params)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    t0 = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    cpu = time.process_time() - t0
    average = solver.average_policy()
    policy_rng = np.random.default_rng(3)

    def cfr_seat(state) -> int:
        probs = average.action_probabilities(state, 0)
        actions = list(probs)
        p = np.array([probs[a] for a in actions], dtype=np.float64)
        return int(actions[policy_rng.choice(len(actions), p=p / p.sum())])

    rng = np.random.default_rng(4)
    seeds = params.get("deal_seeds", 1)
    learned = [play(game, cfr_seat, np.random.default_rng(200 + e), e % seeds) for e in range(eval_episodes)]
    uniform = [
        play(game, lambda s: int(rng.choice(s.legal_actions())), np.random.default_rng(200 + e), e % seeds)
        for e in range(eval_episodes)
    ]
    return {
        "game": game_id,
        "params": params,
        "iterations": iterations,
        "infostates": len(solver._infostates),
        "mccfr_average_policy": mean_se(learned),
        "random": mean_se(uniform),
        "eval_episodes": eval_episodes,
        "cpu_seconds": round(cpu, 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ismcts-game", default="cutin")
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--cfr-game", default="cutin")
    ap.add_argument("--cfr-options", type=json.loads, default={"players": 3}, help="game options as JSON")
    ap.add_argument("--iterations", type=int, default=2000)
    ap.add_argument("--eval-episodes", type=int, default=400)
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    print(f"OpenSpiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}".strip())
    ism = run_ismcts(args.ismcts_game, {"episode": "deal"}, args.deals, args.simulations)
    print(
        f"ISMCTS ({ism['simulations']} simulations, random rollouts) in seat 0 of {ism['game']}, {ism['deals']} deals "
        f"against random seats: {ism['ismcts'][0]:.2f} ± {ism['ismcts'][1]:.2f} per deal; a random seat 0 on the same "
        f"deals: {ism['random'][0]:.2f} ± {ism['random'][1]:.2f} ({ism['cpu_seconds']} s CPU)"
    )
    params = {**args.cfr_options, "episode": "deal", "deal_seeds": 1}
    cfr = run_mccfr(args.cfr_game, params, args.iterations, args.eval_episodes)
    print(
        f"outcome-sampling MCCFR on {cfr['game']} {cfr['params']}: {cfr['iterations']} iterations, "
        f"{cfr['infostates']} information states ({cfr['cpu_seconds']} s CPU); its average policy in seat 0 against "
        f"random seats: {cfr['mccfr_average_policy'][0]:.2f} ± {cfr['mccfr_average_policy'][1]:.2f} per deal; a "
        f"random seat 0: {cfr['random'][0]:.2f} ± {cfr['random'][1]:.2f} ({cfr['eval_episodes']} episodes)"
    )
    if args.json:
        args.json.write_text(json.dumps({"ismcts": ism, "mccfr": cfr}, indent=2) + "\n")


if __name__ == "__main__":
    main()
