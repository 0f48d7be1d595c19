"""Worlds a seat cannot tell apart: the current deal with two unplayed cards swapped between two other hands.

Used by the conformance suite (a seat's history and observations must not change) and by the bots' no-peeking
tests (nor may the information state or a bot's decision). A swap is kept only when the same actions replay
legally from the swapped deal and a spectator's view is unchanged (else the swap is visible to everyone, e.g.
it moves Gonin-kan's Joker out of the public Napoleon pair, or breaks a void shown in play).
"""

from __future__ import annotations

import random
import re

from kirifuda import cards as C
from kirifuda.core import Deal, KirifudaError
from kirifuda.match import Match
from kirifuda.records import ReplayError, replay

CARD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def random_match(game, seed: int, steps: int, rng: random.Random) -> Match:
    """A match of uniformly random play, stopped after ``steps`` decisions or at the end."""
    match = Match(game, seed=seed)
    for _ in range(steps):
        if match.finished or not match.to_act():
            break
        seat = rng.choice(sorted(match.to_act()))
        match.act(seat, rng.choice(match.legal_actions(seat)))
    return match


def swapped(match: Match, seat: int, rng: random.Random) -> Match | None:
    """The match replayed from its current deal with one unplayed card of each of two other seats swapped,
    if some such swap replays legally and leaves a spectator's view unchanged; else None."""
    deal_events = [i for i, e in enumerate(match.events) if e.actor == "deal"]
    if not deal_events:
        return None
    k, start = len(deal_events) - 1, deal_events[-1]
    deal = match.deals[k]
    mentioned: set[str] = set()
    for event in match.events[start + 1 :]:
        text = event.action if isinstance(event.action, str) else str(event.action)
        mentioned.update(CARD.findall(text))
    others = [p for p, hand in enumerate(deal.hands) if p != seat and hand]
    pairs = [(a, b) for a in others for b in others if a < b]
    rng.shuffle(pairs)
    for a, b in pairs[:6]:
        xs = [c for c in deal.hands[a] if C.text(c) not in mentioned]
        ys = [c for c in deal.hands[b] if C.text(c) not in mentioned]
        rng.shuffle(xs)
        rng.shuffle(ys)
        for x, y in zip(xs[:3], ys[:3], strict=False):
            if C.text(x) == C.text(y):
                continue
            hands = list(deal.hands)
            hands[a] = tuple(y if c == x else c for c in hands[a])
            hands[b] = tuple(x if c == y else c for c in hands[b])
            record = match.record()
            record["deals"] = record["deals"][: k + 1]
            record["deals"][k] = Deal(tuple(hands), deal.rest, deal.spare, deal.dummy).to_json()
            try:
                other = replay(record)
            except (ReplayError, KirifudaError):
                continue
            if other.view(None).history() != match.view(None).history():
                continue
            if observations(other, None) != observations(match, None):
                continue
            return other
    return None


def observations(match: Match, seat: int | None) -> list:
    view = match.view(seat)
    return [view.observation_at(i) for i in range(len(view) + 1)]
