"""Gogyō Sōkoku's table (docs/rules/gogyo-sokoku.md): the two table cards (the starting card 開始札 leads trick 1),
the partnership mode and one-way partners, every seat's face-up point cards, points and captured count (K1), the
trick and the trick just completed (K2)."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..core import Action
from ..games.gogyo_sokoku import DEALS_PER_GAME, TRICKS_PER_DEAL, GogyoObservation, GogyoSokoku
from ..tricks import Play
from . import common as K
from .model import Card, Choice, Seat, T, Table, Text, Zone

TITLE = T("五行相克", "Gogyō Sōkoku")
PHASES = {"deal": K.DEALING, "play": K.PLAYING, "over": K.OVER}
MODES = {
    "single": T("パートナー1人戦", "single partnership"),
    "double": T("パートナー2人戦", "double partnership"),
}
STARTING_CARD = T("開始札", "starting card")
PARTNER = T("あなたのパートナー", "your partner")

RULES = T(
    """五行相克 — 点を取れ、ただし頼みのパートナーより多くは取るな(黒宮公彦作)
・5人。各10枚、残り2枚が場札(表向き)。上の1枚が開始札で、第1トリックのリードになる。
・A K Q J 10 が各1点(全20点)。スペードが常に切り札。マストフォロー。
・第1トリックは親の左から5人全員が出す。開始札は決して勝たない。勝者は出た5枚と場札2枚を取る。
・場札が2枚とも点札ならパートナー2人戦、そうでなければパートナー1人戦。パートナーは一方通行:
  1人戦は3つ先の席、2人戦は2つ先と3つ先の席。
・取った点札は表向き(点数は常に公開)、0点札は裏向き。
・得点 1人戦: 自分の点 ≤ パートナーの点なら自分の点、超えたら(パートナー − 自分)。
  2人戦: −|自分 + パートナー2人 − 12|。5ディールで合計最高が勝ち。""",
    """Gogyō Sōkoku — take points, but never more than the partner you count on (by Kimihiko Kuromiya)
• 5 players, 10 cards each; the two cards left are the table cards, face up. The upper one, the starting card
  (開始札), is the lead of trick 1.
• A K Q J 10 are worth 1 point each (20 in all). Spades are always trump. Must follow suit.
• Trick 1: all five play, from the dealer's left; the starting card never wins. The winner takes the five cards
  and both table cards.
• Both table cards point cards → double partnership, else single. Partners are one-way: single, the seat three
  on; double, the seats two and three on.
• Captured point cards lie face up (points are always public), zero cards face down.
• Scoring, single: own ≤ partner's → own, else partner − own. Double: −|own + both partners − 12|.
  5 deals; the highest total wins.""",
)


def rules(game: GogyoSokoku) -> Text:
    return RULES


def present(game: GogyoSokoku, obs: GogyoObservation) -> Table:
    phase = PHASES.get(obs.phase, T(obs.phase))
    playing = obs.phase == "play"
    center: list[Zone] = []
    if obs.starting_card is not None and obs.other_table_card is not None:
        taker = (
            T("場にある", "on the table")
            if obs.table_taker is None
            else T(f"席{obs.table_taker}が取った", f"taken by seat {obs.table_taker}")
        )
        table_cards = (Card(obs.starting_card, note=STARTING_CARD), Card(obs.other_table_card))
        center.append(Zone("table_cards", T("場札", "table cards"), "row", table_cards, note=taker))
    if playing:
        lead: tuple[Card, ...] = ()
        if obs.trick_number == 1 and obs.starting_card is not None:  # gogyo.md "A deal" 4: the opening lead
            lead = (Card(obs.starting_card, note=STARTING_CARD),)
        title = T(f"第{obs.trick_number}トリック", f"trick {obs.trick_number}")
        center.append(Zone("trick", title, "trick", lead + K.played(obs.trick), note=K.suit_note(obs.lead_suit)))
    if obs.last_trick and not obs.trick:
        winner = obs.last_winner
        center.append(
            Zone(
                "last_trick",
                K.LAST_TRICK,
                "trick",
                K.played(obs.last_trick, highlight=winner),
                note=None if winner is None else K.taken_by(winner),
            )
        )
    info: list[tuple[Text, Text]] = [
        (T("ディール", "deal"), T(f"{obs.deal_number} / {DEALS_PER_GAME}")),
        (K.TRUMP, K.SUIT_NAMES["S"]),
    ]
    if obs.mode is not None:
        info.append((T("形式", "mode"), MODES[obs.mode]))
        info.append(
            (
                T("パートナー", "partners"),
                T(
                    " ".join(f"{s}→{'+'.join(map(str, p))}" for s, p in enumerate(obs.partner_map)),
                    " ".join(f"{s}→{'+'.join(map(str, p))}" for s, p in enumerate(obs.partner_map)),
                ),
            )
        )
        if obs.partners:
            info.append((PARTNER, K.seats_text(obs.partners)))
    if playing:
        info.append((T("トリック", "trick"), T(f"{obs.trick_number} / {TRICKS_PER_DEAL}")))
    return Table(
        game=game.id,
        title=TITLE,
        viewer=obs.seat,
        status=T(
            f"第{obs.deal_number}ディール(全{DEALS_PER_GAME}) · {phase.ja}"
            + (f" · 第{obs.trick_number}トリック" if playing else ""),
            f"deal {obs.deal_number} of {DEALS_PER_GAME} · {phase.en}"
            + (f" · trick {obs.trick_number} of {TRICKS_PER_DEAL}" if playing else ""),
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=tuple(_seat(obs, s) for s in range(len(obs.points))),
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat),
        info=tuple(info),
        sheet=K.deal_sheet(obs.deal_scores, obs.totals, K.deal_row),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
        result=K.deal_result(obs, _final_position(obs)) if K.deal_ended(obs) else None,
    )


def _final_position(obs: GogyoObservation) -> tuple[Zone, ...]:
    """The end of a deal: the partnership that scored it and every seat's captured point cards and points
    (gogyo.md "Scoring a deal"; zero cards stay face down, K1)."""
    facts: list[tuple[Text, Text]] = []
    if obs.mode is not None:
        facts.append((T("形式", "mode"), MODES[obs.mode]))
        partners = " ".join(f"{s}→{'+'.join(map(str, p))}" for s, p in enumerate(obs.partner_map))
        facts.append((T("パートナー", "partners"), T(partners)))
    zones = [Zone("result-mode", T("パートナー", "partnership"), "facts", facts=tuple(facts))]
    for seat in range(len(obs.points)):
        zones.append(
            Zone(
                f"result-points{seat}",
                T(f"席{seat}の点札", f"seat {seat}'s point cards"),
                "pile",
                K.ordered(obs.point_cards[seat]),
                hidden=obs.captured_counts[seat] - len(obs.point_cards[seat]),
                owner=seat,
                facts=(
                    (T("点", "points"), T(str(obs.points[seat]))),
                    (T("トリック", "tricks"), T(str(obs.tricks_won[seat]))),
                ),
            )
        )
    return tuple(zones)


def _seat(obs: GogyoObservation, seat: int) -> Seat:
    badges = []
    if seat == obs.dealer:
        badges.append(K.DEALER)
    if seat in obs.partners:
        badges.append(PARTNER)
    if seat == obs.table_taker:
        badges.append(T("場札を取った", "took the table cards"))
    captured = Zone(
        f"points{seat}",
        T("点札", "point cards"),
        "row",
        K.ordered(obs.point_cards[seat]),
        owner=seat,
        facts=(
            (T("点", "points"), T(str(obs.points[seat]))),
            (T("取った枚数", "cards taken"), T(str(obs.captured_counts[seat]))),
            (T("トリック", "tricks"), T(str(obs.tricks_won[seat]))),
            (T("今の得点", "scores now"), T(f"{obs.scores_now[seat]:+d}")),
        ),
    )
    return K.seat_header(obs, seat, badges, (captured,))


def choices(game: GogyoSokoku, obs: GogyoObservation, legal: Sequence[Action]) -> list[Choice]:
    out = []
    for action in legal:
        assert isinstance(action, Play)
        card = C.text(action.card)
        out.append(Choice(str(action), T(f"{K.symbol(card)} を出す", f"play {K.symbol(card)}"), (card,), "hand"))
    return out
