"""A small actor-critic for Anou in plain NumPy: one seat learns against kirifuda bots (docs/rl.md).

    python -m kirifuda.rl.train --deals 3000 --opponents random --plot docs/rl/anou-learning.png

The learner plays seat 0 of Anou deals (``gym_env("anou", episode="deal")``) against ``--opponents`` (a bot name,
or names for seats 1–3 separated by commas: rerun it with ``heuristic`` once the Anou kit lands). Its policy scores
only the legal actions: a tanh layer over the observation vector gives a score to each *feature* of an action (its
verb, each card it names, each suit-and-column it places a card in), and an action's logit is the sum of its
features' scores — so 23,166 action indices share a few dozen parameters' worth of meaning. A value head is the
baseline; the update is REINFORCE with that baseline (the return is the deal's score), an entropy bonus and Adam.

Every ``--eval-every`` training deals the greedy policy plays ``--eval-deals`` fixed deals; the same deals are played
by a uniformly random seat 0 and by the ``heuristic`` bot in seat 0, whose mean scores are drawn as baselines.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console
from rich.progress import Progress

from .. import cards as C
from ..arena import Seating
from ..bots import make_bot
from ..games.anou import Root, Take
from ..tricks import Play
from .single import KirifudaGym, gym_env

VERBS = 4  # play, take (1st), take (2nd), root
CARD_FEATURES = 64  # a card's int (suit * 16 + rank)
PLACE_FEATURES = 4 * 5  # (suit, column: none / planned 1–4)
FEATURES = VERBS + CARD_FEATURES + PLACE_FEATURES
PAD = FEATURES  # a zero feature, so every action has the same number of features
WIDTH = 5  # verb + up to two cards + up to two placements


def action_features(action: Any) -> list[int]:
    """The feature indices of an Anou action (see the module docstring)."""
    if isinstance(action, Play):
        out = [0, VERBS + action.card]
    elif isinstance(action, Root):
        out = [3, VERBS + action.card, VERBS + CARD_FEATURES + 5 * C.suit_of(action.card) + _column(action.column)]
    else:
        assert isinstance(action, Take)
        out = [1 if len(action.cards) == 1 else 2]
        for card, column in action.cards:
            out += [VERBS + card, VERBS + CARD_FEATURES + 5 * C.suit_of(card) + _column(column)]
    return out + [PAD] * (WIDTH - len(out))


def _column(column: int | None) -> int:
    return 0 if column is None else column + 1


@dataclass
class Policy:
    """The actor-critic's parameters and Adam's moments."""

    inputs: int
    hidden: int = 64
    seed: int = 0
    params: dict[str, np.ndarray] = field(default_factory=dict)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.params = {
            "W1": rng.normal(0, 1 / np.sqrt(self.inputs), (self.hidden, self.inputs)),
            "b1": np.zeros(self.hidden),
            "W2": rng.normal(0, 0.01, (FEATURES, self.hidden)),
            "b2": np.zeros(FEATURES),
            "wv": np.zeros(self.hidden),
            "bv": np.zeros(1),
        }
        self.m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self.t = 0

    def scores(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Hidden layer, feature scores (with the pad's zero) and value for a batch of observations."""
        p = self.params
        h = np.tanh(x @ p["W1"].T + p["b1"])
        u = h @ p["W2"].T + p["b2"]
        return h, np.concatenate([u, np.zeros((len(x), 1))], axis=1), h @ p["wv"] + p["bv"][0]

    def logits(self, x: np.ndarray, features: np.ndarray) -> np.ndarray:
        _, u, _ = self.scores(x[None, :])
        out: np.ndarray = u[0][features].sum(axis=1)  # fancy indexing: numpy types it Any
        return out

    def update(self, batch: Sequence[tuple[np.ndarray, np.ndarray, int, float]], lr: float, entropy: float) -> None:
        """One REINFORCE-with-baseline step on decisions (observation, legal features, chosen row, return)."""
        x = np.stack([d[0] for d in batch])
        h, u, value = self.scores(x)
        returns = np.array([d[3] for d in batch])
        advantage = returns - value
        du = np.zeros_like(u)
        for t, (_, feats, chosen, _) in enumerate(batch):
            logits = u[t][feats].sum(axis=1)
            prob = np.exp(logits - logits.max())
            prob /= prob.sum()
            logp = np.log(prob + 1e-12)
            ent = -(prob * logp).sum()
            dlogit = prob.copy()
            dlogit[chosen] -= 1.0
            dlogit *= advantage[t]
            dlogit += entropy * prob * (logp + ent)  # the gradient of −entropy
            np.add.at(du[t], feats, dlogit[:, None] * np.ones(WIDTH))
        du = du[:, :FEATURES] / len(batch)
        dv = -(advantage) / len(batch)  # ½ (return − value)²
        p = self.params
        grads = {"W2": du.T @ h, "b2": du.sum(axis=0), "wv": dv @ h, "bv": np.array([dv.sum()])}
        dh = (du @ p["W2"] + dv[:, None] * p["wv"]) * (1 - h**2)
        grads["W1"] = dh.T @ x
        grads["b1"] = dh.sum(axis=0)
        self.t += 1
        for k, g in grads.items():  # Adam
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            m_hat = self.m[k] / (1 - 0.9**self.t)
            v_hat = self.v[k] / (1 - 0.999**self.t)
            p[k] -= lr * m_hat / (np.sqrt(v_hat) + 1e-8)


class Learner:
    """Plays Anou deals with a :class:`Policy` in a Gymnasium environment."""

    def __init__(self, env: KirifudaGym, policy: Policy) -> None:
        self.env = env
        self.policy = policy
        self._features: dict[int, list[int]] = {}

    def features(self, legal: np.ndarray) -> np.ndarray:
        actions = self.env.encoding.actions
        rows = []
        for i in legal:
            f = self._features.get(int(i))
            if f is None:
                f = self._features[int(i)] = action_features(actions.action(int(i)))
            rows.append(f)
        return np.array(rows)

    def play(
        self, seed: int, rng: np.random.Generator | None
    ) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
        """One deal: the seat's score and its decisions (sampled with ``rng``; greedy without)."""
        obs, _ = self.env.reset(seed=seed)
        decisions = []
        total, done = 0.0, False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            feats = self.features(legal)
            logits = self.policy.logits(obs["observation"].astype(np.float64), feats)
            if rng is None:
                choice = int(np.argmax(logits))
            else:
                prob = np.exp(logits - logits.max())
                choice = int(rng.choice(len(legal), p=prob / prob.sum()))
            decisions.append((obs["observation"].astype(np.float64), feats, choice))
            obs, reward, done, _, _ = self.env.step(int(legal[choice]))
            total += reward
        return total, decisions


def baseline(opponents: list[str], seat_bot: str, seeds: Sequence[int]) -> tuple[float, float]:
    """The mean seat-0 deal score of bot ``seat_bot`` in seat 0 on the evaluation deals, and its standard error."""
    env = gym_env("anou", 0, opponents, episode="deal")
    bot = make_bot(seat_bot, env.game, seed=7)
    scores = []
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        total = 0.0
        referee = env._referee()
        seating = Seating(referee.match, {})  # seat 0's information state, for its bot
        done = False
        while not done:
            match = referee.match  # a fast referee brings its pure match up to date when asked for it
            action = bot.act(seating.info(0), match.legal_actions(0))
            obs, reward, done, _, _ = env.step(env.encoding.actions.of(action))
            total += reward
        scores.append(total)
    return mean_and_error(scores)


def mean_and_error(scores: Sequence[float]) -> tuple[float, float]:
    values = np.array(scores, dtype=np.float64)
    return float(values.mean()), float(values.std(ddof=1) / np.sqrt(len(values)))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3000, help="training deals")
    parser.add_argument("--opponents", default="random", help="a bot name, or three names separated by commas")
    parser.add_argument("--batch", type=int, default=16, help="deals per update")
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--eval-every", type=int, default=250)
    parser.add_argument("--eval-deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, help="write the learning curve (PNG)")
    parser.add_argument("--json", type=Path, help="write the curve's numbers (JSON)")
    args = parser.parse_args(argv)
    names = args.opponents.split(",")
    opponents = names * 3 if len(names) == 1 else names
    console = Console()
    env = gym_env("anou", 0, opponents, episode="deal")
    learner = Learner(env, Policy(env.encoding.layout.size, args.hidden, args.seed))
    rng = np.random.default_rng(args.seed)
    eval_seeds = [10**6 + k for k in range(args.eval_deals)]
    started, cpu_started = time.perf_counter(), time.process_time()
    with console.status("baselines on the evaluation deals"):
        random_mean = baseline(opponents, "random", eval_seeds)
        heuristic_mean = baseline(opponents, "heuristic", eval_seeds)
    curve: list[tuple[int, float, float]] = []

    def evaluate(done: int) -> None:
        mean, error = mean_and_error([learner.play(s, None)[0] for s in eval_seeds])
        curve.append((done, mean, error))
        console.print(
            f"deals {done:6d}  greedy mean {mean:5.2f} ± {error:.2f}  "
            f"(random {random_mean[0]:.2f}, heuristic {heuristic_mean[0]:.2f})"
        )

    evaluate(0)
    batch: list[tuple[np.ndarray, np.ndarray, int, float]] = []
    with Progress(console=console, transient=True) as progress:
        task = progress.add_task("training", total=args.deals)
        for k in range(args.deals):
            score, decisions = learner.play(args.seed * 10**7 + k, rng)
            batch += [(x, f, c, score) for x, f, c in decisions]
            if (k + 1) % args.batch == 0:
                learner.policy.update(batch, args.lr, args.entropy)
                batch = []
            if (k + 1) % args.eval_every == 0:
                progress.stop()
                evaluate(k + 1)
                progress.start()
            progress.advance(task)
    minutes = (time.perf_counter() - started) / 60
    cpu_minutes = (time.process_time() - cpu_started) / 60
    console.print(f"{args.deals} training deals in {minutes:.1f} min ({cpu_minutes:.1f} min of CPU, one core)")
    result = {
        "opponents": opponents,
        "curve": curve,
        "random": random_mean,
        "heuristic": heuristic_mean,
        "minutes": minutes,
        "cpu_minutes": cpu_minutes,
        "args": {k: str(v) for k, v in vars(args).items()},
    }
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1) + "\n")
    if args.plot:
        plot(result, args.plot)


def plot(result: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    deals, means, errors = zip(*result["curve"], strict=True)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.errorbar(deals, means, yerr=errors, marker="o", capsize=3, label="learner (greedy), seat 0")
    for (mean, error), colour, style, label in (
        (result["random"], "grey", "--", "random bot in seat 0"),
        (result["heuristic"], "tab:green", ":", "heuristic bot in seat 0"),
    ):
        ax.axhline(mean, color=colour, linestyle=style, label=f"{label} ({mean:.2f} ± {error:.2f})")
    ax.set_ylim(bottom=0)
    ax.set_xlabel("training deals")
    ax.set_ylabel("mean deal score (evaluation deals)")
    ax.set_title(f"Anou 4p, NumPy actor-critic vs {', '.join(sorted(set(result['opponents'])))} bots")
    ax.legend()
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
