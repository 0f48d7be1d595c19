"""Plain-text view of a Gogyō Sōkoku observation for the terminal (Japanese and English labels)."""

from __future__ import annotations

from collections.abc import Iterable

from .. import cards as C
from ..games.gogyo_sokoku import DEALS_PER_GAME, TRICKS_PER_DEAL, GogyoObservation

PHASES = {"deal": "配札 dealing", "play": "プレイ play", "over": "終了 over"}
MODES = {"single": "パートナー1人戦 single partnership", "double": "パートナー2人戦 double partnership"}


def _cards(cs: Iterable[int]) -> str:
    return " ".join(C.symbol(c) for c in cs) or "—"


def _card_text(t: str | None) -> str:
    return "—" if t is None else C.symbol(C.parse(t))


def _trick(trick: Iterable[tuple[int, str]]) -> str:
    return ", ".join(f"{s}:{_card_text(c)}" for s, c in trick)


def render(obs: GogyoObservation) -> str:
    lines = [
        f"五行相克 Gogyō Sōkoku — 第{obs.deal_number}ディール deal {obs.deal_number}/{DEALS_PER_GAME} · "
        f"親 dealer: 席 seat {obs.dealer} · {PHASES.get(obs.phase, obs.phase)} · "
        f"手番 to act: {', '.join(map(str, obs.to_act)) or '—'}"
    ]
    if obs.mode is not None:
        taker = "場 on the table" if obs.table_taker is None else f"→ 席 seat {obs.table_taker}"
        lines.append(
            f"開始札 Starting card: {_card_text(obs.starting_card)} · 残り札 other table card: "
            f"{_card_text(obs.other_table_card)} ({taker})"
        )
        lines.append(
            f"{MODES[obs.mode]} · パートナー partners: "
            + ", ".join(f"{s}→{'+'.join(map(str, p))}" for s, p in enumerate(obs.partner_map))
        )
        if obs.seat is not None:
            lines.append(f"あなたのパートナー Your partner(s): 席 seat {', '.join(map(str, obs.partners))}")
    lines.append("獲得 Captured (点札 point cards face up):")
    for seat in range(len(obs.points)):
        me = " ←あなた you" if seat == obs.seat else ""
        lines.append(
            f"  席 seat {seat} [{obs.hand_sizes[seat]:2} 枚 in hand, {obs.tricks_won[seat]:2} トリック tricks, "
            f"{obs.captured_counts[seat]:2} 枚 taken] {obs.points[seat]:2} 点 pts "
            f"(now {obs.scores_now[seat]:+d}) {_cards(obs.point_cards[seat])}{me}"
        )
    if obs.phase == "play":
        lead = "" if obs.lead_suit is None else f" · リード lead {C.SUIT_SYMBOLS[C.SUITS.index(obs.lead_suit)]}"
        first = " (開始札 led by the starting card)" if obs.trick_number == 1 else ""
        lines.append(
            f"第{obs.trick_number}トリック Trick {obs.trick_number}/{TRICKS_PER_DEAL}{first}{lead}: "
            f"{_trick(obs.trick) or '—'}"
        )
    if obs.last_trick:
        lines.append(f"前のトリック Last trick: {_trick(obs.last_trick)} → 席 seat {obs.last_winner}")
    if obs.deal_scores:
        lines.append(
            "得点 Scores: " + " / ".join(str(list(d)) for d in obs.deal_scores) + f" → 合計 totals {list(obs.totals)}"
        )
    if obs.hand is not None:
        lines.append(f"手札 Hand: {_cards(obs.hand)}")
    return "\n".join(lines)
