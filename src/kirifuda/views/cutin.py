"""Plain-text view of a Cut-in (カットイン) observation for the terminal (Japanese and English labels)."""

from __future__ import annotations

from .. import cards as C
from ..games.cutin import STRENGTH, TOP, CutinObservation

PHASES = {"deal": "配札 dealing", "play": "プレイ play", "over": "終了 over"}


def _cards(cs) -> str:
    return " ".join(C.symbol(c) for c in cs) or "—"


def _sets(sets) -> str:
    return ", ".join(f"{s}:{_cards(cs)}" for s, cs in sets) or "—"


def _by_strength(cs) -> str:
    """A hand in play order: weakest rank (3) first, strongest (2) last, then the Jokers; a space between ranks."""
    groups: dict[int, list[int]] = {}
    for c in cs:
        groups.setdefault(TOP if C.base(c) == C.JOKER else STRENGTH[C.rank_of(c)], []).append(c)
    return "  ".join(_cards(groups[st]) for st in sorted(groups)) or "—"


def render(obs: CutinObservation) -> str:
    lines = [
        f"カットイン Cut-in — 第{obs.deal_number}ゲーム hand {obs.deal_number}/{obs.deals_total} · "
        f"スタートプレイヤー start player: 席 seat {obs.start_player} · "
        f"{PHASES.get(obs.phase, obs.phase)} · 手番 to act: {', '.join(map(str, obs.to_act)) or '—'}"
    ]
    for seat, size in enumerate(obs.hand_sizes):
        marks = []
        if obs.phase == "play" and seat == obs.leader:
            marks.append("親 starts this turn")
        if seat in obs.passed:
            marks.append("パス passed")
        if seat in obs.out:
            marks.append("上がり out")
        if seat == obs.seat:
            marks.append("←あなた you")
        head = f"  席 seat {seat} [{size:2} 枚 cards, 合計 total {obs.totals[seat]:4}]"
        lines.append(f"{head} {' · '.join(marks)}".rstrip())
    if obs.phase == "play":
        lines.append(f"場 Table (this turn): {_sets(obs.table)}")
        if obs.lock_suit is not None:
            sym = C.SUIT_SYMBOLS[C.SUITS.index(obs.lock_suit)]
            lines.append(f"ロック Lock: {sym} の1枚出しのみ・強弱逆転 (only single {sym}, order reversed)")
    if obs.last_turn:
        lines.append(f"前のターン Last turn: {_sets(obs.last_turn)}")
    if obs.deal_scores:
        per_hand = " / ".join(str(list(d)) for d in obs.deal_scores)
        lines.append(f"得点 Scores: {per_hand} → 合計 totals {list(obs.totals)}")
    if obs.hand is not None:
        lines.append(f"手札 Hand (弱→強 weak→strong): {_by_strength(obs.hand)}")
    return "\n".join(lines)
