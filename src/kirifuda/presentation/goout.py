"""A designed go-out game's table (src/kirifuda/games/goout.py), drawn from the observation and the design alone:
this turn's plays in order with who played each, who has passed, the lock and the revolution, the previous turn,
every card played this hand, and the hand sorted weakest to strongest in the design's rank order (then suit
order). The rules summary is the design in words (:func:`kirifuda.design.describe`). Built like
presentation/cutin.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..core import Action
from ..design import describe
from ..games.goout import Goout, GooutObservation, Pass, Play
from . import common as K
from .model import Call, Choice, Seat, T, Table, Text, Zone

PHASES = {"deal": K.DEALING, "play": K.PLAYING, "over": K.OVER}
PASSED = T("パス", "passed")


def rules(game: Goout) -> Text:
    ja, en = describe(game.design)
    return T(ja, en)


def _order(game: Goout) -> Callable[[int], tuple[int, int]]:
    """How players hold a hand of this design: weakest to strongest rank, then suit order, the Jokers last."""

    def key(card: int) -> tuple[int, int]:
        if C.base(card) == C.JOKER:
            return (game.top_rank, 0)  # the Jokers alone are above every rank
        return (game.rank_place[C.rank_of(card)], game.suit_place[C.suit_of(card)] * 4 + C.suit_of(card))

    return key


def present(game: Goout, obs: GooutObservation) -> Table:
    order = _order(game)
    design = game.design
    title = T(design.get("game.name_ja") or design.name, design.name)
    phase = PHASES.get(obs.phase, T(obs.phase))
    playing = obs.phase == "play"
    center: list[Zone] = []
    if playing:
        center.append(_plays("table", T("このターンの場", "this turn"), obs.table, order))
    if obs.last_turn:
        center.append(_plays("last_turn", T("前のターン", "last turn"), obs.last_turn, order))
    if obs.rest_count:
        center.append(Zone("rest", T("伏せ札(使わない)", "out of play"), "pile", hidden=obs.rest_count))
    center.append(Zone("played", T("このハンドで出た札", "played this hand"), "row", K.ordered(obs.played, order)))
    info: list[tuple[Text, Text]] = [
        (T("ハンド", "hand"), T(f"{obs.deal_number} / {obs.deals_total}")),
        (T("スタートプレイヤー", "start player"), K.seat_name(obs.start_player)),
    ]
    if obs.lock:
        suits = "".join(K.suit_symbol(s) for s in obs.lock_suits)
        info.append((T("ロック(縛り)", "lock"), T(f"{suits}のみ", f"{suits} only")))
    if obs.reversed:
        info.append((T("革命", "revolution"), T("強弱逆転中", "rank order reversed")))
    calls = [Call(s, T("「パス」", "“Pass”")) for s in obs.passed] if playing else []
    if playing and obs.lock:
        calls.append(Call(obs.table[-1][0] if obs.table else None, T("「ロック!」", "“Lock!”")))
    return Table(
        game=game.id,
        title=title,
        viewer=obs.seat,
        status=T(
            f"第{obs.deal_number}ハンド(全{obs.deals_total}) · {phase.ja}",
            f"hand {obs.deal_number} of {obs.deals_total} · {phase.en}",
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=tuple(_seat(obs, s) for s in range(obs.players)),
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat, order),
        info=tuple(info),
        calls=tuple(calls),
        sheet=K.deal_sheet(obs.deal_scores, obs.totals, lambda k: T(f"第{k}ハンド", f"hand {k}")),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
        result=K.deal_result(obs, _final_position(obs), HAND_RESULT) if K.deal_ended(obs) else None,
    )


def HAND_RESULT(k: int) -> Text:
    return T(f"第{k}ハンドの結果", f"Result of hand {k}")


def _final_position(obs: GooutObservation) -> tuple[Zone, ...]:
    """The end of a hand: the finishing order, and how many cards each other seat was left with, face down."""
    places = tuple(
        (T(f"{place}位", f"#{place}"), K.seat_name(seat)) for place, seat in enumerate(obs.finish_order, start=1)
    )
    zones = [Zone("result-out", T("上がった順", "finishing order"), "facts", facts=places)]
    for seat in range(obs.players):
        if obs.hand_sizes[seat]:
            title = T(f"席{seat}の残り札", f"seat {seat}'s cards left")
            zones.append(Zone(f"result-left{seat}", title, "pile", hidden=obs.hand_sizes[seat], owner=seat))
    return tuple(zones)


def _plays(
    key: str, title: Text, plays: Sequence[tuple[int, C.CardSet]], order: Callable[[int], tuple[int, int]]
) -> Zone:
    zones = tuple(
        Zone(f"{key}-{i}", K.seat_name(seat), "row", K.ordered(cards, order), owner=seat)
        for i, (seat, cards) in enumerate(plays)
    )
    return Zone(key, title, "sets", zones=zones)


def _seat(obs: GooutObservation, seat: int) -> Seat:
    badges = []
    if seat == obs.start_player:
        badges.append(T("スタートプレイヤー", "start player"))
    if obs.phase == "play" and seat == obs.leader:
        badges.append(T("このターンの先頭", "leads this turn"))
    if obs.phase == "play" and seat in obs.passed:
        badges.append(PASSED)
    if seat in obs.finish_order:
        place = obs.finish_order.index(seat) + 1
        badges.append(T(f"上がり({place}位)", f"out (#{place})"))
    return K.seat_header(obs, seat, badges)


def choices(game: Goout, obs: GooutObservation, legal: Sequence[Action]) -> list[Choice]:
    out = []
    for action in legal:
        text = str(action)
        if isinstance(action, Pass):
            out.append(Choice(text, T("パス", "pass")))
        else:
            assert isinstance(action, Play)
            cards = tuple(C.text(c) for c in C.sorted_cards(C.cards_in(action.cards)))
            out.append(Choice(text, T(f"{K.symbols(cards)} を出す", f"play {K.symbols(cards)}"), cards, "hand"))
    return out
