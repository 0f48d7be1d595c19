"""Plain-text view of an Anarchy / Anarchy Bomb / Organised Chaos observation (Japanese and English labels)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from .. import cards as C
from ..games.anarchy import BID_JA, AnarchyObservation

TITLES = {
    "anarchy": "アナーキー Anarchy",
    "anarchy-bomb": "アナーキストの爆弾 Anarchy Bomb",
    "organised-chaos": "秩序立った混乱 Organised Chaos",
}
PHASES = {
    "deal": "配札 dealing",
    "pass": "パス pass 3 cards left",
    "bid": "ビッド bidding",
    "play": "プレイ play",
    "over": "終了 over",
}


def _cards(cs: Iterable[int]) -> str:
    return " ".join(C.symbol(c) for c in cs) or "—"


def _card(text: str | None) -> str:
    return "—" if text is None else C.symbol(C.parse(text))


def _bid(name: str | None) -> str:
    return "—" if name is None else f"{BID_JA.get(name, name)} {name}"


def _who(seat: int | None) -> str:
    return "ダミー dummy" if seat is None else f"席{seat}"


def render(obs: AnarchyObservation) -> str:
    to_act = ", ".join(map(str, obs.to_act)) or "—"
    lines = [
        f"{TITLES.get(obs.game, obs.game)} — 第{obs.deal_number}ディール deal {obs.deal_number}/{obs.deals} · "
        f"親 dealer: 席 seat {obs.dealer} · {PHASES.get(obs.phase, obs.phase)} · 手番 to act: {to_act}"
    ]
    if obs.phase == "play":
        lines[0] += f" · 第{obs.trick_number}トリック trick {obs.trick_number}/{obs.tricks}"
    mode = "非公開 secret" if obs.bidding == "secret" else "公開 open"
    lines.append(
        f"ビッド Bids ({mode}): "
        + " · ".join(
            f"席{s} {_bid(b)}" + ("" if obs.bid_scores[s] is None else f" ({obs.bid_scores[s]}点 pts)")
            for s, b in enumerate(obs.bids)
        )
    )
    table = []
    if obs.turnup is not None or obs.turnups_face_down:
        table.append(f"ターンアップ Turn-up: {_card(obs.turnup)} (+{obs.turnups_face_down} 伏せ face down)")
    if obs.game == "anarchy-bomb":
        spare = _card(obs.spare) if obs.spare is not None else "— (爆弾が投げられた the bomb was thrown)"
        table.append(f"余り札 Spare: {spare}")
        if obs.wild_joker is not None:
            table.append(f"ジョーカー Joker (wild): 席{obs.wild_joker}")
    if obs.out_of_play:
        table.append(f"除外 Out of play: {obs.out_of_play} 枚 cards")
    if obs.dummy_taken is not None:
        table.append(f"ダミー山札 Dummy stock: {obs.dummy_stock} 枚 cards")
    if table:
        lines.append(" · ".join(table))
    if any(obs.ready):
        lines.append("伏せ済み Chosen face down: " + ", ".join(f"席{s}" for s, r in enumerate(obs.ready) if r))
    if obs.last_trick:
        flag = " 逆順 reversed (爆弾 bomb)" if obs.last_trick_reversed else ""
        played = ", ".join(
            f"{_who(r.seat)}:{_card(r.card)}{'(爆弾 bomb)' if r.bomb else ''}→{_who(r.taken_by)}"
            for r in obs.last_trick
        )
        lines.append(f"前のトリック Last trick{flag}: {played}")
        if obs.last_turnup is not None:
            card, seat = obs.last_turnup
            lines.append(f"  ターンアップ turn-up {_card(card)} → 席{seat}")
    lines.append("獲得 Taken:")
    for seat, taken in enumerate(obs.taken):
        me = " ←あなた you" if seat == obs.seat else ""
        counts = f"{obs.hand_sizes[seat]:2} 手札 in hand, {len(taken):2} 枚 taken"
        lines.append(f"  席 seat {seat} [{counts}] {_cards(taken)}{me}")
    if obs.dummy_taken is not None:
        lines.append(f"  ダミー dummy [{len(obs.dummy_taken):2} 枚 taken] {_cards(obs.dummy_taken)}")
    if obs.score_sheet:
        lines.extend(_sheet(obs))
    elif obs.deal_scores:
        lines.append(
            "得点 Scores: " + " / ".join(str(list(d)) for d in obs.deal_scores) + f" → 合計 totals {list(obs.totals)}"
        )
    if obs.passed is not None and obs.received is not None:  # both set after the pass
        lines.append(f"渡した Passed: {_cards(obs.passed)} · 受け取った Received: {_cards(obs.received)}")
    if obs.my_choice is not None:
        lines.append(f"あなたの選択 Your choice (伏せ face down): {obs.my_choice}")
    if obs.hand is not None:
        anarchist = " · あなたはアナーキスト you are the Anarchist" if C.JOKER in obs.hand else ""
        lines.append(f"手札 Hand: {_cards(obs.hand)}{anarchist}")
    return "\n".join(lines)


def _columns(text: str) -> int:
    """Terminal columns of ``text``: East Asian wide characters take two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _left(text: str, width: int) -> str:
    return text + " " * max(0, width - _columns(text))


def _right(text: str, width: int) -> str:
    return " " * max(0, width - _columns(text)) + text


def _sheet(obs: AnarchyObservation) -> list[str]:
    """Organised Chaos's score sheet: a column per player, a row per bid, the total row."""
    label, cell = 24, 6
    rows = [_left("得点表 Score sheet", label) + "".join(_right(f"席{s}", cell) for s in range(obs.players))]
    for name, scores in obs.score_sheet:
        cells = "".join(_right("·" if v is None else str(v), cell) for v in scores)
        rows.append(_left(f"  {_bid(name)}", label) + cells)
    rows.append(_left("  合計 Total", label) + "".join(_right(str(t), cell) for t in obs.totals))
    return rows
