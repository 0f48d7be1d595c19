"""Information Set Monte Carlo Tree Search, one search for every game.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012, "Information Set Monte Carlo Tree Search") with
partially observable moves, as OpenSpiel's ``ismcts.py`` and AI Factory's Spades play it:

* every iteration draws a **determinization** — a complete state consistent with the searching seat's
  information, from the game's sampler — and walks the one tree with it;
* tree nodes are keyed by what the searching seat would see: its own actions in full, others' as
  :meth:`~kirifuda.core.Game.seen` shows them (a pass between two others is one ``give ?`` node whose actual
  card the kit's rollout policy picks); children count their **availability** (how often they were legal in a
  determinization that reached their parent), and UCB1 divides by it;
* each node keeps a **reward vector** (one value per seat: :meth:`GameKit.rewards` of the deal's scores; team
  games give a side's members one score), and a seat to act chooses by its own component;
* a kit may **model the other seats** (``GameKit.model_others``): their choices are then made by the kit's policy
  from their own imagined hands instead of by the tree, which avoids fusing their strategies across
  determinizations (the tree is still keyed by what the searching seat sees);
* where several seats choose at once (the Anarchy family's tricks, secret bids, Organised Chaos's pass) the node
  is a **simultaneous** node: each seat chooses by **regret matching** (Hart & Mas-Colell; Lanctot et al. 2013,
  sampled, with exploration) over its own choices, and the child is keyed by what the searching seat sees of the
  joint choice (its own card; the others' are ``?`` until revealed: the tree is open-loop over them);
* nodes with many choices **widen progressively** (``k·√visits`` children, best first by the kit's prior, counting
  the children legal in this determinization), at simultaneous nodes too (each seat's regret matching runs over
  its first ``k·√visits`` choices);
* leaves are evaluated by the kit (:meth:`GameKit.evaluate`): the deal's scores where it is over, else a
  **rollout** to its end.

Budgets are iteration counts, deterministic for a given generator; ``time_cap`` only guards latency. It counts the
search thread's own CPU time, so a machine busy with other work slows a decision down but never changes it.

:class:`FlatSearch` (the ``-flat`` levels) spends the same budget on flat Monte Carlo at the root with common random
numbers: every choice of the seat valued on the same determinizations with the same rollout draws.

:meth:`ISMCTS.evaluate` is the same search, then what it learnt of each of the seat's own choices at the root: the
mean and standard error of the seat's reward over the iterations that chose it (a game review, ``kirifuda review``),
with extra iterations forced through the choices that the search left with too few visits.
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Action
from .kit import GameKit

UCB_C = 0.7
"""UCB1's exploration constant, on rewards normalised to [0, 1] by the range seen in the search."""
REGRET_EXPLORATION = 0.2
"""Regret matching's share of uniformly random choice at simultaneous nodes."""
WIDEN_K = 2.0


@dataclass(frozen=True)
class ActionValue:
    """What the search learnt of one of the seat's choices at the root: the mean of the seat's reward (its deal
    score above the table's mean, :meth:`GameKit.rewards`) over the ``visits`` iterations that chose it, and
    that mean's standard error (``inf`` with fewer than two visits)."""

    mean: float
    stderr: float
    visits: int

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": round(self.mean, 4),
            "stderr": round(self.stderr, 4) if math.isfinite(self.stderr) else None,
            "visits": self.visits,
        }


@dataclass(frozen=True)
class SearchStats:
    iterations: int
    seconds: float

    def to_json(self) -> dict[str, Any]:
        return {"iterations": self.iterations, "seconds": round(self.seconds, 4)}


class _Node:
    __slots__ = ("visits", "avail", "reward", "children", "regrets", "widened")

    def __init__(self, seats: int) -> None:
        self.visits = 0
        self.avail = 1
        self.reward = [0.0] * seats
        self.children: dict[Hashable, _Node] = {}
        self.regrets: dict[int, dict[str, list[float]]] | None = None  # simultaneous: seat → text → [regret, σ sum]
        self.widened: dict[int, tuple[Sequence[Action], Sequence[Action], list[str], list[list[float]]]] | None = None
        """Simultaneous nodes: per seat, its prior's order (with many choices; else its legal actions), the choices
        open, their texts and their regret entries, as last made (reused while the kit gives the same order at the
        same width, or the same legal actions)."""


class ISMCTS:
    """One search over imagined states for ``seat``; ``sample(rng)`` draws a determinization."""

    def __init__(
        self,
        kit: GameKit,
        *,
        iterations: int,
        time_cap: float | None = None,
        exploration: float = UCB_C,
        reuse: int | None = None,
    ) -> None:
        self.kit = kit
        self.game = kit.search_game
        self.iterations = iterations
        self.time_cap = time_cap
        self.c = exploration
        self.reuse = kit.reuse if reuse is None else reuse
        """How many consecutive iterations each determinization serves (:attr:`GameKit.reuse`; 1: a new one every
        iteration)."""
        self._drawn: Any = None
        self._uses = 0
        self._root_stats: dict[str, list[float]] = {}
        """The seat's action text at the root → [visits, sum of its rewards, sum of their squares]."""

    def search(
        self, sample: Callable[[random.Random], Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, SearchStats]:
        if len(legal) == 1:
            return legal[0], SearchStats(0, 0.0)
        root, stats = self._run(sample, seat, rng)
        return self._choose(root, seat, legal), stats

    def evaluate(
        self,
        sample: Callable[[random.Random], Any],
        seat: int,
        legal: Sequence[Action],
        rng: random.Random,
        *,
        min_visits: int = 0,
        also: Sequence[Action] = (),
    ) -> tuple[Action, dict[str, ActionValue], SearchStats]:
        """The search's choice, and what it learnt of each of the seat's choices at the root (by action text; a
        choice it never tried is absent). Then every choice with fewer than ``min_visits`` visits — every legal
        one where there are at most ``kit.widen_above``, else only the search's choice and those in ``also`` —
        gets iterations forced through it until it has ``min_visits``; these come after the choice is made and
        do not change it. A single legal action is still evaluated (``min_visits`` forced iterations). Every
        iteration draws a new determinization here whatever :attr:`reuse` says: the standard errors treat the
        iterations as independent."""
        reuse, self.reuse = self.reuse, 1
        try:
            root, stats = self._run(sample, seat, rng, iterations=0 if len(legal) == 1 else self.iterations)
            choice = legal[0] if len(legal) == 1 else self._choose(root, seat, legal)
            chosen = str(choice)
            wanted = [str(a) for a in legal] if len(legal) <= self.kit.widen_above else [chosen]
            wanted += [str(a) for a in also if str(a) not in wanted]
            extra = 0
            for text in wanted:
                while self._root_stats.get(text, [0, 0.0, 0.0])[0] < min_visits:
                    self._iterate(root, self._sampled(sample, seat, rng), seat, rng, force=text)
                    extra += 1
        finally:
            self.reuse = reuse
        values = {text: _value(*acc) for text, acc in self._root_stats.items()}
        return choice, values, SearchStats(stats.iterations + extra, stats.seconds)

    def _sampled(self, sample: Callable[[random.Random], Any], seat: int, rng: random.Random) -> Any:
        """The state of the next iteration: a new determinization, or (``reuse`` > 1) a private copy of the current
        one until it has served ``reuse`` iterations."""
        if self.reuse > 1:
            if self._drawn is None or self._uses >= self.reuse:
                self._drawn = self._checked(self.kit.searchable(sample(rng)), seat)
                self._uses = 0
            self._uses += 1
            return self.kit.searchable(self._drawn)
        return self._checked(self.kit.searchable(sample(rng)), seat)

    def _checked(self, state: Any, seat: int) -> Any:
        if seat not in self.game.to_act(state):
            raise RuntimeError(f"{self.game.id}: a sampled state does not wait for seat {seat}")
        return state

    def _run(
        self, sample: Callable[[random.Random], Any], seat: int, rng: random.Random, *, iterations: int | None = None
    ) -> tuple[_Node, SearchStats]:
        root = _Node(self.game.seat_count)
        self._lo, self._hi = 0.0, 0.0
        self._span = 1.0
        self._seen: list[float] = []
        self._root_stats = {}
        self._drawn, self._uses = None, 0
        start = time.perf_counter()
        cpu_start = time.thread_time()
        done = 0
        for done in range(1, (self.iterations if iterations is None else iterations) + 1):
            self._iterate(root, self._sampled(sample, seat, rng), seat, rng)
            if self.time_cap is not None and done % 8 == 0 and time.thread_time() - cpu_start > self.time_cap:
                break
        return root, SearchStats(done, time.perf_counter() - start)

    # one iteration
    def _iterate(self, root: _Node, state: Any, seat: int, rng: random.Random, force: str | None = None) -> None:
        """One iteration from ``state``; ``force``: the seat's action text at the root (else the tree's choice)."""
        game, kit = self.game, self.kit
        base = len(game.deal_scores(state))
        node = root
        path = [root]
        root_text: str | None = None
        sim_choices: list[tuple[_Node, dict[int, tuple[float, list[list[float]], list[float]]]]] = []
        expanded = False
        while not expanded:
            if len(game.deal_scores(state)) > base or game.chance(state) is not None or game.is_over(state):
                break
            waiting = game.to_act(state)
            if len(waiting) == 1:
                actor = next(iter(waiting))
                if kit.model_others and actor != seat:
                    # the kit's model of another seat: its choice from its own (imagined) hand, not a branch
                    action = kit.model_choice(state, actor, rng)
                    shown = game.seen(state, seat, actor, action)
                    child = node.children.get(shown)
                    if child is None:
                        child = node.children[shown] = _Node(len(node.reward))
                        expanded = True
                    node = child
                    state = game.apply(state, actor, action)
                    path.append(node)
                    continue
                legal = game.legal_actions(state, actor)
                keyed = self._keys(state, seat, actor, legal)
                children = node.children
                fresh = []
                for key in keyed:
                    child = children.get(key)
                    if child is None:
                        fresh.append(key)
                    else:
                        child.avail += 1
                # widening counts the children legal here: others' hands differ between determinizations
                if node is root and force is not None:
                    key = force
                    if key not in children:
                        children[key] = _Node(len(node.reward))
                        expanded = True
                    node = children[key]
                elif fresh and len(keyed) - len(fresh) < self._room(node, len(keyed)):
                    key = fresh[0] if len(keyed) > kit.widen_above else rng.choice(fresh)
                    node = children[key] = _Node(len(node.reward))
                    expanded = True
                else:
                    key = self._select(node, keyed, actor)
                    node = children[key]
                if path[-1] is root:
                    root_text = str(key)
                choices = keyed[key]
                action = choices[0] if len(choices) == 1 else kit.rollout_policy(state, actor, choices, rng)
                state = game.apply(state, actor, action)
                path.append(node)
            else:
                picks: dict[int, tuple[float, list[list[float]], list[float]]] = {}
                if node.regrets is None:
                    node.regrets = {}
                key_parts = []
                for actor in sorted(waiting):
                    if kit.model_others and actor != seat:
                        action = kit.model_choice(state, actor, rng)
                        key_parts.append(game.seen(state, seat, actor, action))
                        state = game.apply(state, actor, action)
                        continue
                    legal = game.legal_actions(state, actor)
                    if actor == seat and node is root and force is not None:
                        # a forced choice leaves the regrets alone: the search's own choice is already made
                        root_text = force
                        key_parts.append(force)
                        state = game.apply(state, actor, next(a for a in legal if str(a) == force))
                        continue
                    table = node.regrets.get(actor)
                    if table is None:
                        table = node.regrets[actor] = {}
                    if len(legal) > kit.widen_above:
                        # progressive widening here too (Organised Chaos's 286 passes): the first k·√visits
                        # choices of each seat, best first by the kit's prior; what was made of the same prior
                        # (the same object: a kit's cache for the same hand) at the same width is reused
                        ordered = kit.prior(state, actor, legal)
                        room = self._room(node, len(legal))
                        if node.widened is None:
                            node.widened = {}
                        made = node.widened.get(actor)
                        if made is not None and made[0] is ordered and len(made[1]) == room:
                            _, legal, texts, entries = made
                        else:
                            legal = ordered[:room]
                            texts, entries = _entries(table, legal)
                            node.widened[actor] = (ordered, legal, texts, entries)
                    else:
                        # the same choices as last time here (the seat's own hand: every determinization that
                        # reaches this node gives it the same): their texts and entries as made then
                        if node.widened is None:
                            node.widened = {}
                        made = node.widened.get(actor)
                        if made is not None and (made[1] is legal or made[1] == legal):
                            texts, entries = made[2], made[3]
                        else:
                            texts, entries = _entries(table, legal)
                            node.widened[actor] = (legal, legal, texts, entries)
                    probs = _regret_matching(entries)
                    i = _draw(probs, rng)
                    picks[actor] = (probs[i], entries, entries[i])
                    for entry, p in zip(entries, probs, strict=True):
                        entry[1] += p
                    action = legal[i]
                    if actor == seat and node is root:
                        root_text = texts[i]
                    key_parts.append(texts[i] if actor == seat else game.seen(state, seat, actor, action))
                    state = game.apply(state, actor, action)
                sim_choices.append((node, picks))
                key = tuple(key_parts)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(len(node.reward))
                    expanded = True
                node = child
                path.append(node)
        reward = kit.rewards(kit.evaluate(state, base, rng))
        lo, hi = min(reward), max(reward)
        if lo < self._lo:
            self._lo = lo
        if hi > self._hi:
            self._hi = hi
        self._span = self._hi - self._lo or 1.0
        if kit.span_trim:
            self._span = self._trimmed_span(reward[seat], kit.span_trim)
        if root_text is not None:
            acc = self._root_stats.setdefault(root_text, [0, 0.0, 0.0])
            acc[0] += 1
            acc[1] += reward[seat]
            acc[2] += reward[seat] * reward[seat]
        for visited in path:
            visited.visits += 1
            visited.reward = [total + r for total, r in zip(visited.reward, reward, strict=True)]
        span = self._span
        for sim_node, picks in sim_choices:
            assert sim_node.regrets is not None
            for actor, (p, entries, chosen) in picks.items():
                u = (reward[actor] - self._lo) / span
                for entry in entries:
                    # sampled regret matching: the chosen action's value estimated by importance weighting
                    if entry is chosen:
                        entry[0] += u / p - u
                    else:
                        entry[0] -= u

    def _keys(self, state: Any, seat: int, actor: int, legal: Sequence[Action]) -> dict[Hashable, list[Action]]:
        """Legal actions grouped by what the searching seat sees of them, in the kit's prior order."""
        ordered = self.kit.prior(state, actor, legal) if len(legal) > self.kit.widen_above else legal
        keyed: dict[Hashable, list[Action]] = {}
        if actor == seat:
            for a in ordered:
                keyed[str(a)] = [a]
        else:
            seen = self.game.seen
            for a in ordered:
                keyed.setdefault(seen(state, seat, actor, a), []).append(a)
        return keyed

    def _room(self, node: _Node, choices: int) -> int:
        if choices <= self.kit.widen_above:
            return choices
        return max(2, int(WIDEN_K * math.sqrt(node.visits + 1)))

    def _trimmed_span(self, value: float, trim: float) -> float:
        """The range that normalises rewards where the kit trims it (:attr:`GameKit.span_trim`): the searching seat's
        leaf rewards so far (``value`` the newest), less the ``trim`` share of them at each end — a rare extreme leaf
        (Gonin-kan's ±16 of a 十六) no longer flattens the whole search; never wider than the full range."""
        seen = self._seen
        bisect.insort(seen, value)
        cut = int(trim * len(seen))
        span = seen[-1 - cut] - seen[cut]
        return span if span > 0 else (self._hi - self._lo or 1.0)

    def _select(self, node: _Node, keyed: dict[Hashable, list[Action]], actor: int) -> Hashable:
        lo, span = self._lo, self._span
        c = self.c
        best_key: Hashable = None
        best = -math.inf
        children = node.children
        for key in keyed:
            child = children.get(key)
            if child is None:
                continue
            visits = child.visits or 1
            value = (child.reward[actor] / visits - lo) / span + c * math.sqrt(math.log(child.avail) / visits)
            if value > best:
                best, best_key = value, key
        return best_key

    def _choose(self, root: _Node, seat: int, legal: Sequence[Action]) -> Action:
        by_text = {str(a): a for a in legal}
        if root.regrets is not None:
            table = root.regrets.get(seat, {})
            text = max(by_text, key=lambda t: table.get(t, [0.0, 0.0])[1])
            return by_text[text]
        text = max(by_text, key=lambda t: root.children[t].visits if t in root.children else -1)
        return by_text[text]


class FlatSearch(ISMCTS):
    """Flat Monte Carlo with **common random numbers** at the root (the ``-flat`` levels): each determinization is
    valued after every one of the seat's legal choices by the kit's leaf (:meth:`GameKit.evaluate`: a rollout to
    the deal's end), every choice with the same random numbers, until the iteration budget (one iteration per
    choice valued) or the time cap is spent; the choice with the best mean reward. Every choice meets the same
    worlds and the same draws, so the differences between their means are paired: where a search's leaves vary far
    more than its choices differ (the Anarchy family: a deal's score spreads by about 7 points where the cards in
    hand differ by a fraction of one), paired means separate what a tree's visit counts, each choice over its own
    worlds, cannot. The seat's later choices are the rollout's. A choice among more than
    :attr:`GameKit.widen_above` (Organised Chaos's pass) is the tree's (:class:`ISMCTS`), with ``iterations``; so is a
    review (:meth:`ISMCTS.evaluate`). ``flat_iterations``: the flat search's own budget (None: ``iterations``;
    :attr:`GameKit.flat_budgets`)."""

    def __init__(self, kit: GameKit, *, iterations: int, flat_iterations: int | None = None, **options: Any) -> None:
        super().__init__(kit, iterations=iterations, **options)
        self.flat_iterations = iterations if flat_iterations is None else flat_iterations

    def search(
        self, sample: Callable[[random.Random], Any], seat: int, legal: Sequence[Action], rng: random.Random
    ) -> tuple[Action, SearchStats]:
        if len(legal) == 1:
            return legal[0], SearchStats(0, 0.0)
        if len(legal) > self.kit.widen_above:
            return super().search(sample, seat, legal, rng)
        kit, game = self.kit, self.game
        start = time.perf_counter()
        cpu_start = time.thread_time()
        texts = [str(a) for a in legal]
        totals = [0.0] * len(legal)
        done = 0
        while done == 0 or done + len(legal) <= self.flat_iterations:
            drawn = self._checked(kit.searchable(sample(rng)), seat)
            base = len(game.deal_scores(drawn))
            seed = rng.getrandbits(64)
            here = {str(a): a for a in game.legal_actions(drawn, seat)}  # the seat's choices as the walk spells them
            for i, text in enumerate(texts):
                state = game.apply(kit.searchable(drawn), seat, here[text])
                totals[i] += kit.rewards(kit.evaluate(state, base, random.Random(seed), seat))[seat]
            done += len(legal)
            if self.time_cap is not None and time.thread_time() - cpu_start > self.time_cap:
                break
        best = max(range(len(legal)), key=totals.__getitem__)  # the first of equals
        return legal[best], SearchStats(done, time.perf_counter() - start)


def _value(visits: float, total: float, squares: float) -> ActionValue:
    n = int(visits)
    mean = total / n
    if n < 2:
        return ActionValue(mean, math.inf, n)
    variance = max(squares - n * mean * mean, 0.0) / (n - 1)
    return ActionValue(mean, math.sqrt(variance / n), n)


def _entries(table: dict[str, list[float]], legal: Sequence[Action]) -> tuple[list[str], list[list[float]]]:
    """The choices' texts, and each one's ``[regret, σ sum]`` entry of ``table`` (made at its first visit)."""
    texts = [str(a) for a in legal]
    entries = []
    for text in texts:
        entry = table.get(text)
        if entry is None:
            entry = table[text] = [0.0, 0.0]
        entries.append(entry)
    return texts, entries


def _regret_matching(entries: Sequence[list[float]]) -> list[float]:
    """The current strategy over choices with these ``[regret, σ sum]`` entries: positive regrets normalised, mixed
    with uniform exploration."""
    positive = [r if r > 0.0 else 0.0 for r, _ in entries]
    total = sum(positive)
    k = len(entries)
    if total <= 0:
        return [1.0 / k] * k
    g = REGRET_EXPLORATION
    kept, uniform = 1 - g, g / k
    return [kept * p / total + uniform for p in positive]


def _draw(probs: Sequence[float], rng: random.Random) -> int:
    x = rng.random()
    for i, p in enumerate(probs):
        x -= p
        if x < 0:
            return i
    return len(probs) - 1
