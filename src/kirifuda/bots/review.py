"""The review of a game (棋譜の検討): each decision of one seat, judged by a search from that seat's information only.

For every :class:`Moment` — a decision of the seat as it knew it then (its
:class:`~kirifuda.bots.info.InfoState`, its legal actions, the action it played) — the reviewing bot's search
(:meth:`~kirifuda.bots.ismcts.ISMCTS.evaluate`) estimates every legal action's value: the seat's expected deal
score above the table's mean (what the bots maximise, :meth:`~kirifuda.bots.kit.GameKit.rewards`), with a standard
error over the iterations that tried it. The review reports the bot's own choice, the best estimate, and the
**loss** of the played action: best estimate − played estimate (≥ 0). A loss above the threshold that is also more
than twice its standard error is flagged as a mistake (悪手).

Hidden information stays hidden: a review is given the seat's moments only, never a state — the caller (the
``kirifuda review`` command) walks the record and builds each moment from the seat's own view, as the table does
for a bot. The same moments, bot and seed give the same review (each decision's generator is
:func:`~kirifuda.bots.base.decision_rng` of the bot's seed and the seat's history), and a decision with a single
legal action is counted as forced, not reviewed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Action
from .base import SearchBot, decision_rng
from .info import InfoState
from .ismcts import ActionValue

DEFAULT_THRESHOLD = 1.0
"""A decision is a mistake when its loss exceeds this many points of deal score (and twice its standard error)."""
MIN_VISITS = 30
"""Iterations the search is made to spend on each judged action (every legal one where there are few, else the
played one and the bot's choice), so that no estimate rests on a handful of rollouts."""
COSTLIEST = 3
"""How many of the costliest decisions the summary names."""
SIGNIFICANCE = 2.0
"""A flagged loss exceeds this many standard errors."""


@dataclass(frozen=True)
class Moment:
    """One decision of the seat as the seat knew it: ``index`` of the action in the record's ``actions``,
    ``event`` its index among the match's events (a viewer's step), and what the seat played."""

    index: int
    event: int
    info: InfoState
    legal: tuple[Action, ...]
    played: Action


@dataclass(frozen=True)
class DecisionReview:
    """One reviewed decision: every estimated action best first, the bot's choice and the played action's loss."""

    index: int
    event: int
    deal: int
    played: str
    choice: str
    best: str
    loss: float
    loss_stderr: float
    mistake: bool
    values: tuple[tuple[str, ActionValue], ...]
    legal: int

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "event": self.event,
            "deal": self.deal,
            "legal": self.legal,
            "played": self.played,
            "choice": self.choice,
            "best": self.best,
            "loss": round(self.loss, 4),
            "loss_stderr": round(self.loss_stderr, 4) if math.isfinite(self.loss_stderr) else None,
            "mistake": self.mistake,
            "actions": [{"action": text, **value.to_json()} for text, value in self.values],
        }


@dataclass(frozen=True)
class Review:
    """A seat's reviewed decisions and their summary."""

    game: str
    options: dict[str, Any]
    seat: int
    bot: str
    seed: int
    threshold: float
    decisions: tuple[DecisionReview, ...]
    forced: int

    @property
    def mean_loss(self) -> float:
        """The mean loss per reviewed decision (0 where there is none)."""
        return sum(d.loss for d in self.decisions) / len(self.decisions) if self.decisions else 0.0

    @property
    def costliest(self) -> tuple[DecisionReview, ...]:
        """The :data:`COSTLIEST` decisions with the largest loss (above 0), costliest first."""
        ranked = sorted((d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.index))
        return tuple(ranked[:COSTLIEST])

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of ``kirifuda review`` (docs/cli.md)."""
        return {
            "game": self.game,
            "options": self.options,
            "seat": self.seat,
            "bot": self.bot,
            "seed": self.seed,
            "threshold": self.threshold,
            "decisions": [d.to_json() for d in self.decisions],
            "summary": {
                "decisions": len(self.decisions),
                "forced": self.forced,
                "mean_loss": round(self.mean_loss, 4),
                "mistakes": sum(d.mistake for d in self.decisions),
                "costliest": [
                    {"index": d.index, "event": d.event, "deal": d.deal, "played": d.played, "best": d.best}
                    | {"loss": round(d.loss, 4)}
                    for d in self.costliest
                ],
            },
        }


def review_decision(
    bot: SearchBot, moment: Moment, *, threshold: float = DEFAULT_THRESHOLD, min_visits: int = MIN_VISITS
) -> DecisionReview:
    """One decision judged by ``bot``'s search from ``moment.info`` alone (see the module docstring)."""
    info, kit = moment.info, bot.kit
    choice, values, _ = bot.search.evaluate(
        lambda rng: kit.sample(info, rng),
        info.seat,
        moment.legal,
        decision_rng(bot.seed, info),
        min_visits=min_visits,
        also=(moment.played,),
    )
    played = str(moment.played)
    judged = {text: v for text, v in values.items() if v.visits >= min_visits}
    best = max(judged, key=lambda text: (judged[text].mean, text == str(choice)))
    loss = max(judged[best].mean - judged[played].mean, 0.0)
    loss_stderr = 0.0 if best == played else math.hypot(judged[best].stderr, judged[played].stderr)
    return DecisionReview(
        index=moment.index,
        event=moment.event,
        deal=_deal_number(info),
        played=played,
        choice=str(choice),
        best=best,
        loss=loss,
        loss_stderr=loss_stderr,
        mistake=loss > threshold and loss > SIGNIFICANCE * loss_stderr,
        values=tuple(sorted(values.items(), key=lambda item: (-item[1].mean, item[0]))),
        legal=len(moment.legal),
    )


def review(
    bot: SearchBot,
    seat: int,
    moments: Iterable[Moment],
    *,
    threshold: float = DEFAULT_THRESHOLD,
    min_visits: int = MIN_VISITS,
    progress: Callable[[int], None] | None = None,
) -> Review:
    """Every moment of ``seat`` judged by ``bot`` (moments with one legal action are counted as forced);
    ``progress(k)`` is called after each of them."""
    decisions: list[DecisionReview] = []
    forced = 0
    for k, moment in enumerate(moments, 1):
        if moment.info.seat != seat:
            raise ValueError(f"a moment of seat {moment.info.seat} in a review of seat {seat}")
        if len(moment.legal) == 1:
            forced += 1
        else:
            decisions.append(review_decision(bot, moment, threshold=threshold, min_visits=min_visits))
        if progress is not None:
            progress(k)
    game = bot.kit.game
    return Review(
        game=game.id,
        options=game.options.to_dict(),
        seat=seat,
        bot=bot.name,
        seed=bot.seed,
        threshold=threshold,
        decisions=tuple(decisions),
        forced=forced,
    )


def _deal_number(info: InfoState) -> int:
    """The deal the moment belongs to, counted from 0 (the seat sees every deal happen)."""
    return sum(1 for seen in info.history if seen.actor == "deal") - 1


def costliest_text(decisions: Sequence[DecisionReview]) -> list[str]:
    """One line per decision: where, what was played, what was best, and the loss."""
    return [
        f"action {d.index} (deal {d.deal + 1}): {d.played} → {d.best}  −{d.loss:.2f} ± {d.loss_stderr:.2f}"
        for d in decisions
    ]
