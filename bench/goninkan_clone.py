"""How faithfully a cloned Gonin-kan policy chooses as the ``heuristic`` bot, decision kind by decision kind.

    python bench/goninkan_clone.py collect --decisions 40000 --seed 0 --out /tmp/gk-train.npz
    python bench/goninkan_clone.py collect --decisions 8000 --seed 7 --out /tmp/gk-test.npz
    python bench/goninkan_clone.py fit /tmp/gk-train.npz /tmp/gk-test.npz --net 256,256 --epochs 20 --symmetries
    python bench/goninkan_clone.py agree docs/rl/models/goninkan-bc10.zip /tmp/gk-test.npz

``collect`` plays ``heuristic`` in seat 0 of the training environment (``python -m kirifuda.rl.ppo``'s, random
opponents, whole games: ``--episode game``) exactly as ``train --bc heuristic`` records it
(:func:`kirifuda.rl.ppo.expert_samples`), and besides the bot's choice asks a second ``heuristic`` (another seed) on
the same information state: the bot's **agreement with itself**, the ceiling a clone can reach, since its card play
draws sampled states and breaks ties at random. Each decision is labelled by its kind (call, pass, trump, 十六,
card play; a play of the Joker and a forced choice apart). ``fit`` clones a policy on one file
(:func:`kirifuda.rl.ppo.clone`) and prints its agreement with the bot on the other, held-out file, per kind, beside
the bot's own agreement with itself there (``--both``: fitted to both opinions of each training decision;
``--symmetries``: each minibatch under a random relabelling of ♥ ♦ ♣). ``agree`` measures a saved policy (one
``python -m kirifuda.rl.ppo train goninkan --bc heuristic`` made) on the held-out file the same way.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))  # measure this tree's kirifuda

from kirifuda.rl.ppo import Samples, clone, expert_samples, new_model  # noqa: E402
from kirifuda.rl.single import gym_env  # noqa: E402

OPTIONS = {"first_dealer": 1, "rounds": 10}
KINDS = ("call", "give", "trump", "sixteen", "play", "play-joker", "forced")


def kind(texts: tuple[str, ...], mask: np.ndarray, action: int) -> str:
    if mask.sum() == 1:
        return "forced"
    text = texts[action]
    if text.startswith("play"):
        return "play-joker" if "JK" in text else "play"
    if text in ("go", "come"):
        return "call"
    if text in ("sixteen", "stop"):
        return "sixteen"
    return text.split()[0]


def collect(decisions: int, seed: int, out: Path, second: bool) -> None:
    start = time.process_time()
    samples = expert_samples("goninkan", OPTIONS, "random", "game", "heuristic", decisions, seed, second_opinion=second)
    np.savez_compressed(
        out,
        observations=samples.observations,
        masks=samples.masks,
        actions=samples.actions,
        returns=samples.returns,
        second=samples.second if samples.second is not None else np.full_like(samples.actions, -1),
    )
    print(json.dumps({"decisions": decisions, "seed": seed, "cpu_seconds": round(time.process_time() - start, 1)}))


def load(paths: list[Path]) -> tuple[Samples, np.ndarray]:
    data = [np.load(path) for path in paths]

    def joined(key: str) -> np.ndarray:
        return np.concatenate([d[key] for d in data])

    samples = Samples(joined("observations"), joined("masks"), joined("actions"), joined("returns"))
    return samples, joined("second")


def per_kind(texts: tuple[str, ...], samples: Samples, chosen: np.ndarray, second: np.ndarray) -> dict[str, Any]:
    kinds = np.array([kind(texts, m, a) for m, a in zip(samples.masks, samples.actions, strict=True)])
    out: dict[str, Any] = {}
    for k in (*KINDS, "all", "all but forced"):
        pick = kinds == k if k in KINDS else (kinds != "forced" if k == "all but forced" else np.ones_like(kinds, bool))
        n = int(pick.sum())
        if n == 0:
            continue
        out[k] = {
            "decisions": n,
            "clone": round(float((chosen[pick] == samples.actions[pick]).mean()), 4),
            "bot itself": round(float((second[pick] == samples.actions[pick]).mean()), 4),
        }
    return out


def fit(
    train: list[Path],
    test: Path,
    net: tuple[int, ...],
    epochs: int,
    head: str,
    seed: int,
    out: Path | None,
    both: bool,
    symmetric: bool,
) -> None:
    import torch

    from kirifuda import registry
    from kirifuda.rl.goninkan import suit_symmetries
    from kirifuda.rl.registry import encoding_for

    texts = tuple(gym_env("goninkan", 0, "random", OPTIONS, episode="game").action_texts)
    samples, second_labels = load(train)
    assert not both or (second_labels >= 0).all(), "--both needs every training file collected with a second opinion"
    if both:  # both opinions as labels: each decision counted twice, once with each bot's choice
        samples = Samples(
            np.concatenate([samples.observations, samples.observations]),
            np.concatenate([samples.masks, samples.masks]),
            np.concatenate([samples.actions, second_labels]),
            np.concatenate([samples.returns, samples.returns]),
        )
    held, second = load([test])
    start = time.process_time()
    model, _ = new_model("goninkan", OPTIONS, "random", "game", net=net, head=head, seed=seed)
    symmetries = suit_symmetries(encoding_for(registry.make("goninkan", OPTIONS))) if symmetric else []
    fitted = clone(model, samples, epochs=epochs, seed=seed, symmetries=symmetries)
    seconds = round(time.process_time() - start, 1)
    with torch.no_grad():
        distribution = model.policy.get_distribution(
            torch.as_tensor(held.observations, dtype=torch.float32), action_masks=held.masks
        )
        chosen = distribution.distribution.probs.argmax(dim=1).numpy()
    report = {
        "train": [str(path) for path in train],
        "decisions": len(samples.actions),
        "net": list(net),
        "head": head,
        "epochs": epochs,
        "both opinions": both,
        "suit symmetries": symmetric,
        "fit": fitted,
        "cpu_seconds": seconds,
        "held out": per_kind(texts, held, chosen, second),
    }
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        model.save(out)
        report["model"] = str(out)
    print(json.dumps(report, indent=1))


def agree(model_path: Path, test: Path) -> None:
    """A saved policy's agreement with the bot on the held-out file, per kind (a ``train --bc`` model, say)."""
    import torch
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    texts = tuple(gym_env("goninkan", 0, "random", OPTIONS, episode="game").action_texts)
    held, second = load([test])
    model = MaskablePPO.load(model_path, device="cpu")
    with torch.no_grad():
        distribution = model.policy.get_distribution(
            torch.as_tensor(held.observations, dtype=torch.float32), action_masks=held.masks
        )
        chosen = distribution.distribution.probs.argmax(dim=1).numpy()
    print(json.dumps({"model": str(model_path), "held out": per_kind(texts, held, chosen, second)}, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    c = sub.add_parser("collect", help="record heuristic's decisions with a second opinion")
    c.add_argument("--decisions", type=int, default=20_000)
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--out", type=Path, required=True)
    c.add_argument("--no-second", action="store_true", help="without the second opinion (stored as -1)")
    f = sub.add_parser("fit", help="clone on TRAIN, agreement per kind on TEST")
    f.add_argument("train", type=lambda text: [Path(p) for p in text.split(",")], help="files, separated by commas")
    f.add_argument("test", type=Path)
    f.add_argument("--net", default="128,128")
    f.add_argument("--epochs", type=int, default=10)
    f.add_argument("--head", default="flat")
    f.add_argument("--seed", type=int, default=0)
    f.add_argument("--out", type=Path)
    f.add_argument("--both", action="store_true", help="fit to both opinions of each decision (halves label noise)")
    f.add_argument("--symmetries", action="store_true", help="each minibatch under a random ♥ ♦ ♣ relabelling")
    a = sub.add_parser("agree", help="a saved policy's agreement with the bot on TEST, per kind")
    a.add_argument("model", type=Path)
    a.add_argument("test", type=Path)
    args = parser.parse_args()
    if args.command == "agree":
        agree(args.model, args.test)
    elif args.command == "collect":
        collect(args.decisions, args.seed, args.out, not args.no_second)
    else:
        net = tuple(int(x) for x in args.net.split(","))
        fit(args.train, args.test, net, args.epochs, args.head, args.seed, args.out, args.both, args.symmetries)


if __name__ == "__main__":
    main()
