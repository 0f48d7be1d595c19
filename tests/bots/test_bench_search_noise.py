"""The benches that measure what a search expects and how much of its choice is noise (issue 21):
``bench/anarchy_model_fit.py`` and ``bench/search_agreement.py``; and the beliefs' bench,
``bench/inference_check.py``, at a table of other players than the model's."""

from __future__ import annotations

import importlib.util
import math
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench"


def load(name: str):
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_model_fit_finds_the_heuristic_is_its_own_model():
    """Games of ``heuristic`` players: every card and bid they chose is the model's best, and the model as the search
    has it (the best with ε) explains them far better than uniform choice does."""
    fit = load("anarchy_model_fit")
    rows = list(fit.moments("anarchy-bomb", "heuristic", 1, 900))
    kinds = {kind for kind, _, _ in rows}
    assert kinds == {"play", "bid"}
    for _, scores, chosen in rows:
        assert chosen == max(range(len(scores)), key=scores.__getitem__)
        assert fit.log_argmax(scores, chosen, 0.1) > -math.log(len(scores))


def test_the_likelihoods_are_probabilities():
    fit = load("anarchy_model_fit")
    scores = [1.0, 3.0, 2.0, 2.5]
    for t in (0.1, 1.0, 5.0):
        assert math.isclose(sum(math.exp(fit.log_softmax(scores, c, t)) for c in range(4)), 1.0)
    assert math.isclose(sum(math.exp(fit.log_argmax(scores, c, 0.2)) for c in range(4)), 1.0)
    assert math.isclose(math.exp(fit.log_argmax(scores, 1, 0.2)), 0.8 + 0.05)


def test_a_deterministic_bot_agrees_with_itself_and_random_choice_rarely():
    bench = load("search_agreement")
    agree, chance = bench.agreement("anarchy", ["heuristic", "random"], "heuristic", 1, 700, 3, "play")
    assert len(chance) > 10
    assert agree["heuristic"] == len(chance)
    assert agree["random"] < len(chance) / 2
    lo, hi = bench.wilson(agree["heuristic"], len(chance))
    assert lo < 1.0 <= hi + 1e-9


def test_the_beliefs_bench_plays_its_games_with_the_field_it_is_given():
    """``--field``: the games whose positions are judged are played by that bot (here ``random``, which the model
    does not stand for); every accuracy is a share and every effective pool within the pool."""
    check = load("inference_check")
    rows = list(check.positions("anarchy-bomb", 1, 2, 16, ["epsilon+plays", "epsilon"], field="random"))
    assert len(rows) == 2
    for uniform, weighted, _, _ in rows:
        assert 0.0 <= uniform <= 1.0
        for accuracy, effective in weighted.values():
            assert 0.0 <= accuracy <= 1.0
            assert 1.0 <= effective <= 16.0 + 1e-9
