"""Plain-text view of a Gonin-kan observation for the terminal (Japanese and English labels)."""

from __future__ import annotations

from collections.abc import Iterable

from .. import cards as C
from ..games.goninkan import GoninkanObservation

PHASES = {
    "deal": "配札 dealing",
    "swap": "仮親の交換 blind swap",
    "call": "行く/来い go/come",
    "pass": "カード渡し passing",
    "trump": "切り札宣言 trump declaration",
    "play": "プレイ play",
    "sixteen": "十六の宣言 sixteen?",
    "over": "終了 over",
}
ROLES = {"napoleon": "関係 Napoleon", "ally": "無関係 ally", "dealer": "配り役 dealer (関係 Napoleon side)"}
SIDES = {"napoleon": "関係 Napoleon", "allies": "無関係 allies"}


def _cards(cs: Iterable[int]) -> str:
    return " ".join(C.symbol(c) for c in cs) or "—"


def _card_text(t: str) -> str:
    return C.symbol(C.parse(t))


def _suit(letter: str | None) -> str:
    return "—" if letter is None else C.SUIT_SYMBOLS[C.SUITS.index(letter)]


def _trick(cards: Iterable[tuple[int, str]], lead: str | None) -> str:
    shown = []
    for i, (p, t) in enumerate(cards):
        text = _card_text(t)
        if t == "JK" and i == 0 and lead is not None:
            text += f"({_suit(lead)})"
        shown.append(f"{p}:{text}")
    return ", ".join(shown)


def render(obs: GoninkanObservation) -> str:
    nap = set(obs.napoleon)
    lines = [
        f"ゴニンカン Gonin-kan — 第{obs.round_number}ラウンド round {obs.round_number}/{obs.rounds} · "
        f"第{obs.battle}戦 battle {obs.battle} · 切り札 trump {_suit(obs.trump)} · "
        f"{PHASES.get(obs.phase, obs.phase)} · 手番 to act: {', '.join(map(str, obs.to_act)) or '—'}"
    ]
    seats = []
    for pid in obs.seating:
        mark = "*" if pid == obs.dealer else ""
        mark += "関" if pid in nap else ""
        seats.append(f"{pid}{mark}")
    lines.append(f"席順 Seating (play order →): {' → '.join(seats)}   (*配り役 dealer, 関 Napoleon)")
    facts = []
    if obs.napoleon:
        team = ", ".join(map(str, obs.napoleon)) + (f" + 配り役 dealer {obs.dealer}" if obs.players == 6 else "")
        facts.append(f"関係 Napoleon: {team}")
    if obs.kari_oya is not None:
        facts.append(f"仮親 double holder: {obs.kari_oya}")
    if obs.ace_holder is not None:
        facts.append(f"渡し手 passer (dealt the trump A): {obs.ace_holder}")
    if obs.seat_swap:
        facts.append(f"席替え seat swap: {obs.seat_swap[0]} ⇄ {obs.seat_swap[1]}")
    if facts:
        lines.append(" · ".join(facts))
    if obs.swap is not None:
        lines.append(f"交換 Blind swap: partner's {_card_text(obs.swap[0])} ⇄ {_card_text(obs.swap[1])}")
    if obs.call is not None:
        lines.append(f"宣言 Call: {obs.caller} 「{'行く!' if obs.call == 'go' else '来い!'}」 ({obs.call})")
    elif obs.caller is not None and obs.phase in ("call", "pass", "trump", "swap"):
        lines.append(f"行く/来い caller: {obs.caller}")
    for giver, receiver, card in obs.passes:
        lines.append(f"渡し Pass: {giver} → {receiver}: {'?' if card is None else _card_text(card)}")
    lines.append(
        f"目標 Target: 関係 Napoleon {obs.target} · 無関係 allies {obs.ally_target} — "
        f"絵札 honours: 関係 {obs.napoleon_honours} / 無関係 {obs.ally_honours}"
    )
    for pid, honours in enumerate(obs.captured):
        if len(honours):
            lines.append(f"  {pid}: {_cards(honours)}")
    if obs.trick:
        lines.append(f"場 Trick {obs.tricks_played + 1}/10: {_trick(obs.trick, obs.lead_suit)}")
    elif obs.history:
        lead, cards, winner = obs.history[-1]
        lines.append(f"前のトリック Last trick {obs.tricks_played}/10: {_trick(cards, lead)} → {winner}")
    if obs.result is not None:
        result = f"勝敗 Result: {SIDES[obs.result]} wins" + (" スコンク skunk" if obs.skunk else "")
        if obs.sixteen is not None:
            name = "十六" if obs.sixteen == "napoleon" else "逆十六"
            result += f" · {name} sixteen: {obs.sixteen_result or '…'}"
        lines.append(result)
    if obs.deal_scores:
        lines.append(
            f"得点 Scores ({len(obs.deal_scores)} 戦 battles): last {list(obs.deal_scores[-1])} → "
            f"合計 totals {list(obs.totals)}"
        )
    if obs.role is not None:
        lines.append(f"役割 Role: {ROLES[obs.role]}")
    if obs.hand is not None:
        lines.append(f"手札 Hand: {_cards(obs.hand)}")
    return "\n".join(lines)
