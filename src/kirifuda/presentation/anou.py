"""Anou's table (docs/rules/anou.md): every wall with its four planned columns, the trick and the ranked 1st and
2nd while they take, the cards left to take, the discards (4 players), 「ござらぬゆえ」 from a void player."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..cards import CardSet
from ..core import Action
from ..games.anou import DEALS_PER_GAME, PLANS, Anou, AnouObservation, Root, Take, column_of
from ..tricks import Play
from . import common as K
from .model import Call, Choice, Seat, T, Table, Text, Zone

TITLE = T("アノウ", "Anou")
PHASES = {
    "deal": K.DEALING,
    "root": T("根石の配置", "root stones"),
    "play": K.PLAYING,
    "take-1st": T("一番目が取る", "the 1st takes"),
    "take-2nd": T("二番目が取る", "the 2nd takes"),
    "over": K.OVER,
}
FIRST, SECOND = T("一番目", "1st"), T("二番目", "2nd")
SCORES_NOW = T("今の得点", "scores now")
GOZARANU = T("「ござらぬゆえ」", "“Gozaranu yue” (void in the lead suit)")

RULES = T(
    """アノウ — 石垣を計画どおりに積む(与左衛門作)
・手札を1枚ずつ出すトリックテイク。マストフォロー。リードのスートがなければ何を出してもよく「ござらぬゆえ」と言う。
・順位: リードスートを強い順、その後は他のスートを数字だけで強い順(同じ数字なら先に出した方が上)。
・一番目はトリックのどのカードでも1枚取り、二番目は残りから2枚取る(4人なら最後の1枚は捨て札)。一番目が次をリード。
・取ったカードは自分の石垣へ。石垣は左から計画 1・2・3・4 枚の4列。列は最初に置いたスートに決まり、
  決まったスートはその列へ、新しいスートは空いた列を選ぶ。
・得点: 列の枚数 n が計画以下なら +n、超えたら −n。全列が計画どおりなら +2。合計が負なら 0(最大12)。
・3ディールで合計最高が勝ち。次の親は直前のディールの最高得点者。""",
    """Anou — build your stone wall to plan (by Yozaemon)
• A trick-taking game: must follow suit; a void player plays any card and says 「ござらぬゆえ」.
• Ranking: lead-suit cards high to low, then every other card by rank alone (an earlier card above an equal rank).
• The 1st takes any one card of the trick, the 2nd two of the rest (4 players: the last is discarded).
  The 1st leads next.
• Cards taken go to your wall: four columns planned for 1, 2, 3 and 4 cards, left to right. A column belongs to
  the suit of its first card; a card of a new suit opens any free column (your choice).
• Scoring per column with n cards: n ≤ plan → +n, n > plan → −n; every column exactly to plan +2; a negative
  deal counts 0 (12 at most).
• 3 deals; the highest total wins. The top scorer of a deal deals the next.""",
)


def rules(game: Anou) -> Text:
    return RULES


def present(game: Anou, obs: AnouObservation) -> Table:
    phase = PHASES.get(obs.phase, T(obs.phase))
    taking = obs.first is not None
    seats = tuple(_seat(obs, s) for s in range(obs.players))
    center: list[Zone] = []
    if obs.trick:
        ranked = {obs.first: FIRST, obs.second: SECOND} if obs.first is not None and obs.second is not None else {}
        cards = K.played(obs.trick, ranked, obs.first)
        center.append(Zone("trick", K.TRICK, "trick", cards, note=K.suit_note(obs.lead_suit)))
    if taking:
        center.append(Zone("pool", T("取れる札", "cards to take"), "row", K.ordered(obs.pool)))
    elif obs.last_trick:
        center.append(Zone("last_trick", K.LAST_TRICK, "trick", K.played(obs.last_trick)))
    if obs.players == 4:
        center.append(Zone("discards", T("捨て札", "discards"), "pile", K.ordered(obs.discards)))
    if obs.unused_count:
        center.append(Zone("unused", T("未使用", "unused"), "pile", hidden=obs.unused_count))
    info = [(T("ディール", "deal"), T(f"{obs.deal_number} / {DEALS_PER_GAME}"))]
    if obs.phase == "root":
        info.append((T("残りの根石", "root stones left"), T(str(obs.root_stones_left))))
    if obs.first is not None and obs.second is not None:
        info.append((FIRST, K.seat_name(obs.first)))
        info.append((SECOND, K.seat_name(obs.second)))
    return Table(
        game=game.id,
        title=TITLE,
        viewer=obs.seat,
        status=T(
            f"第{obs.deal_number}ディール(全{DEALS_PER_GAME}) · {phase.ja}",
            f"deal {obs.deal_number} of {DEALS_PER_GAME} · {phase.en}",
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=seats,
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat),
        info=tuple(info),
        calls=tuple(Call(s, GOZARANU) for s in obs.gozaranu),
        sheet=K.deal_sheet(obs.deal_scores, obs.totals, K.deal_row),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
        result=K.deal_result(obs, _final_walls(obs)) if K.deal_ended(obs) else None,
    )


def _final_walls(obs: AnouObservation) -> tuple[Zone, ...]:
    """The end of a deal: every wall as it was scored (anou.md "Scoring a deal")."""
    return tuple(
        _wall(obs, seat, T(f"席{seat}の石垣", f"seat {seat}'s wall"), "result-wall", T("得点", "score"))
        for seat in range(obs.players)
    )


def _wall(obs: AnouObservation, seat: int, title: Text, key: str = "wall", score: Text = SCORES_NOW) -> Zone:
    columns = tuple(
        Zone(
            f"{key}{seat}-{plan}",
            T(f"計画{plan}", f"plan {plan}"),
            "row",
            K.ordered(column),
            owner=seat,
            note=T(f"{len(column)}/{plan}"),
        )
        for plan, column in zip(PLANS, obs.walls[seat], strict=True)
    )
    return Zone(
        f"{key}{seat}",
        title,
        "columns",
        owner=seat,
        zones=columns,
        facts=((score, T(str(obs.wall_scores[seat]))),),
    )


def _seat(obs: AnouObservation, seat: int) -> Seat:
    badges = []
    if seat == obs.dealer:
        badges.append(K.DEALER)
    if seat == obs.first:
        badges.append(FIRST)
    if seat == obs.second:
        badges.append(SECOND)
    return K.seat_header(obs, seat, badges, (_wall(obs, seat, T("石垣", "wall")),))


def choices(game: Anou, obs: AnouObservation, legal: Sequence[Action]) -> list[Choice]:
    wall = obs.walls[obs.seat] if obs.seat is not None else ()
    out = []
    for action in legal:
        text = str(action)
        if isinstance(action, Play):
            card = C.text(action.card)
            out.append(Choice(text, T(f"{K.symbol(card)} を出す", f"play {K.symbol(card)}"), (card,), "hand"))
        elif isinstance(action, Root):
            card = C.text(action.card)
            plan = _plan(wall, action.card, action.column)
            out.append(
                Choice(
                    text,
                    T(f"根石 {K.symbol(card)} → 計画{plan}の列", f"root stone {K.symbol(card)} → plan-{plan} column"),
                    (card,),
                    "hand",
                    T(f"計画{plan}", f"plan {plan}"),
                )
            )
        elif isinstance(action, Take):
            placed = [(C.text(c), _plan(wall, c, col, action.cards)) for c, col in action.cards]
            ja = "、".join(f"{K.symbol(c)}→計画{p}" for c, p in placed)
            en = ", ".join(f"{K.symbol(c)} → plan {p}" for c, p in placed)
            out.append(Choice(text, T(f"取る {ja}", f"take {en}"), tuple(c for c, _ in placed), "pool", T(ja, en)))
        else:  # pragma: no cover - every Anou action is one of the above
            out.append(Choice(text, T(text)))
    return out


def _plan(
    wall: Sequence[CardSet],
    card: int,
    column: int | None,
    placements: Sequence[tuple[int, int | None]] = (),
) -> int:
    """The plan (1–4) of the column ``card`` goes to: its named column, its suit's column, or the column its
    same-suit partner in ``placements`` names."""
    if column is not None:
        return PLANS[column]
    bound = column_of(tuple(C.mask(column) for column in wall), C.suit_of(card)) if wall else None
    if bound is not None:
        return PLANS[bound]
    for other, col in placements:
        if col is not None and C.suit_of(other) == C.suit_of(card):
            return PLANS[col]
    raise ValueError(f"no column for {C.text(card)}")  # pragma: no cover - legal actions always place a card
