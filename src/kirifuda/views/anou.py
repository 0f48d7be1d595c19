"""Plain-text view of an Anou observation for the terminal (Japanese and English labels)."""

from __future__ import annotations

from collections.abc import Iterable

from .. import cards as C
from ..games.anou import PLANS, AnouObservation

PHASES = {
    "deal": "配札 dealing",
    "root": "根石 root stones",
    "play": "プレイ play",
    "take-1st": "一番目が取る the 1st takes",
    "take-2nd": "二番目が取る the 2nd takes",
    "over": "終了 over",
}


def _cards(cs: Iterable[int]) -> str:
    return " ".join(C.symbol(c) for c in cs) or "—"


def _card_text(t: str) -> str:
    return C.symbol(C.parse(t))


def render(obs: AnouObservation) -> str:
    lines = [
        f"アノウ Anou — 第{obs.deal_number}ディール deal {obs.deal_number}/3 · 親 dealer: 席 seat {obs.dealer} · "
        f"{PHASES.get(obs.phase, obs.phase)} · 手番 to act: {', '.join(map(str, obs.to_act)) or '—'}"
    ]
    lines.append("石垣 Walls (plans 1 2 3 4):")
    for seat, wall in enumerate(obs.walls):
        me = " ←あなた you" if seat == obs.seat else ""
        cols = " | ".join(f"{plan}: {_cards(col)}" for plan, col in zip(PLANS, wall, strict=True))
        lines.append(
            f"  席 seat {seat} [{obs.hand_sizes[seat]:2} 枚 cards, {obs.wall_scores[seat]:2} 点 pts] {cols}{me}"
        )
    if obs.trick:
        played = ", ".join(f"{s}:{_card_text(c)}" for s, c in obs.trick)
        lines.append(f"場 Trick: {played}")
        for s in obs.gozaranu:
            lines.append(f"  席 seat {s}: 「ござらぬゆえ」 (void in the lead suit)")
    if obs.first is not None:
        lines.append(
            f"一番目 1st: 席 seat {obs.first} · 二番目 2nd: 席 seat {obs.second} · 残り left: {_cards(obs.pool)}"
        )
    elif obs.last_trick:
        lines.append("前のトリック Last trick: " + ", ".join(f"{s}:{_card_text(c)}" for s, c in obs.last_trick))
    if len(obs.discards):
        lines.append(f"捨て札 Discards: {_cards(obs.discards)}")
    if obs.deal_scores:
        lines.append(
            "得点 Scores: " + " / ".join(str(list(d)) for d in obs.deal_scores) + f" → 合計 totals {list(obs.totals)}"
        )
    if obs.hand is not None:
        lines.append(f"手札 Hand: {_cards(obs.hand)}")
    return "\n".join(lines)
