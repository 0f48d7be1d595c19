"""Jūni's table (the toy game of docs/adding-a-game.md): the trick, the last trick, tricks won, the score sheet."""

from __future__ import annotations

from collections.abc import Sequence

from kirifuda import cards as C
from kirifuda.core import Action
from kirifuda.presentation import common as K
from kirifuda.presentation.model import Choice, Seat, T, Table, Text, Zone
from kirifuda.tricks import Play

from .rules import Juni, JuniObservation

TITLE = T("十二", "Jūni")
TRICKS, WON = T("トリック", "tricks"), T("取った", "won")
PHASES = {"deal": K.DEALING, "play": K.PLAYING, "over": K.OVER}
RULES = T(
    "十二 — 2人、J Q K A ×♠♥♦ の12枚。各6枚。マストフォロー、切り札なし。リードスートの最高位が勝ち。1トリック1点。",
    "Jūni — two players, J Q K A of ♠♥♦, six cards each. Must follow, no trumps; the highest of the lead suit wins."
    " One point a trick.",
)


def rules(game: Juni) -> Text:
    return RULES


def present(game: Juni, obs: JuniObservation) -> Table:
    center = []
    if obs.phase == "play":
        center.append(Zone("trick", K.TRICK, "trick", K.played(obs.trick), note=K.suit_note(obs.lead_suit)))
    if obs.last_trick and not obs.trick:
        center.append(Zone("last_trick", K.LAST_TRICK, "trick", K.played(obs.last_trick)))
    phase = PHASES.get(obs.phase, T(obs.phase))
    return Table(
        game=game.id,
        title=TITLE,
        viewer=obs.seat,
        status=T(
            f"第{obs.deal_number}ディール(全{obs.deals_total}) · {phase.ja}",
            f"deal {obs.deal_number} of {obs.deals_total} · {phase.en}",
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=tuple(_seat(obs, s) for s in range(len(obs.hand_sizes))),
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat),
        info=((T("切り札", "trump"), T("なし", "none")),),
        sheet=K.deal_sheet(obs.deal_scores, obs.totals, K.deal_row),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
    )


def _seat(obs: JuniObservation, seat: int) -> Seat:
    won_facts = ((T("取った", "won"), T(str(obs.tricks_won[seat]))),)
    won = Zone(f"won{seat}", T("トリック", "tricks"), "row", facts=won_facts)
    return K.seat_header(obs, seat, (K.DEALER,) if seat == obs.dealer else (), (won,))


def choices(game: Juni, obs: JuniObservation, legal: Sequence[Action]) -> list[Choice]:
    out = []
    for action in legal:
        assert isinstance(action, Play)
        card = C.text(action.card)
        out.append(Choice(str(action), T(f"{K.symbol(card)} を出す", f"play {K.symbol(card)}"), (card,), "hand"))
    return out
