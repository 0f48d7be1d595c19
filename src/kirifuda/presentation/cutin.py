"""Cut-in's table (docs/rules/cutin.md): this turn's sets in play order with who played each (a cut-in marked),
who has passed, the lock and its suit, the previous turn's sets (K2), every card played this hand, and the hand
sorted weakest (3) to strongest (2) as 大富豪 players hold it."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..core import Action
from ..games.cutin import CUT_IN_SIZES, STRENGTH, TOP, Cutin, CutinObservation, Pass, Play
from . import common as K
from .model import Call, Choice, Seat, T, Table, Text, Zone

TITLE = T("カットイン", "Cut-in")
PHASES = {"deal": K.DEALING, "play": K.PLAYING, "over": K.OVER}
PASSED = T("パス", "passed")
CUT_IN = T("カットイン!", "cut-in!")

RULES = T(
    """カットイン — 1周で終わるターンの上がりゲーム
・52枚(ジョーカーなし)。強さは 3 < 4 < … < K < A < 2(大富豪と同じ)。同じ数字1〜4枚が「セット」。
・ターン: スタートプレイヤーは必ずセットを出す。その後ほかの全員が時計回りにちょうど1回ずつ、
  最新のセットに出すかパスする。
  1周で場を流し、最後にセットを出した人が次のターンを始める。
・出せるセット: 同じ枚数でより強い数字 / より多い枚数(数字は何でも)/ カットイン: 2〜3枚のセットに、そのセットにない
  スートのシングルを同じ数字以上で。
・ロック: 同じスートのシングルが2回続けて出ると、そのターンはそのスートのシングルだけ、強弱が逆になる。
・誰かの手札がなくなったターンの終わりでゲーム終了。上がった人 +5、ほかは残った数字ごとに −(4 + 枚数)。
・人数と同じ回数のゲームを行い、合計最高が勝ち。""",
    """Cut-in — a go-out game of one-lap turns
• 52 cards, no joker. Ranks 3 < 4 < … < K < A < 2 (as in 大富豪). A set is 1–4 cards of one rank.
• A turn: its start player must play a set; then every other player, clockwise, acts exactly once: plays on the
  latest set or passes. After one lap the table is cleared and whoever played the last set starts the next turn.
• Legal sets: as many cards, higher rank; more cards, any rank; the cut-in: on a set of 2 or 3, a single of a
  suit not in it, of equal or higher rank.
• The lock: two singles of one suit in a row → for the rest of the turn only singles of that suit, in reversed
  order.
• The hand ends with the turn in which someone runs out: +5 for each player out, else −(4 + k) per rank held
  k times.
• As many hands as players; the highest total wins.""",
)


def rules(game: Cutin) -> Text:
    return RULES


def strength_order(card: int) -> tuple[int, int]:
    """How players hold a Cut-in hand: weakest (3) to strongest (2), suits ♠ ♥ ♦ ♣ within a rank, Jokers last
    (cutin.md K9: a set of Jokers alone is the strongest)."""
    if C.base(card) == C.JOKER:
        return (TOP, 0)
    return (STRENGTH[C.rank_of(card)], C.suit_of(card))


def present(game: Cutin, obs: CutinObservation) -> Table:
    phase = PHASES.get(obs.phase, T(obs.phase))
    playing = obs.phase == "play"
    center: list[Zone] = []
    if playing:
        center.append(_sets("table", T("このターンの場", "this turn"), obs.table))
    if obs.last_turn:
        center.append(_sets("last_turn", T("前のターン", "last turn"), obs.last_turn))
    if obs.rest_count:
        center.append(Zone("rest", T("伏せ札(使わない)", "out of play"), "pile", hidden=obs.rest_count))
    center.append(
        Zone("played", T("このゲームで出た札", "played this hand"), "row", K.ordered(obs.played, strength_order))
    )
    info: list[tuple[Text, Text]] = [
        (T("ゲーム", "hand"), T(f"{obs.deal_number} / {obs.deals_total}")),
        (T("スタートプレイヤー", "start player"), K.seat_name(obs.start_player)),
    ]
    if obs.lock and obs.lock_suit is not None:
        symbol = K.suit_symbol(obs.lock_suit)
        info.append(
            (T("ロック", "lock"), T(f"{symbol}のシングルのみ・強弱逆転", f"only single {symbol}, order reversed"))
        )
    calls = [Call(s, T("「パス」", "“Pass”")) for s in obs.passed] if playing else []
    if playing and obs.lock:
        calls.append(Call(obs.table[-1][0] if obs.table else None, T("「ロック!」", "“Lock!”")))
    if playing:
        calls += [Call(s, T("「カットイン!」", "“Cut-in!”")) for s, _ in _cut_ins(obs.table)]
    return Table(
        game=game.id,
        title=TITLE,
        viewer=obs.seat,
        status=T(
            f"第{obs.deal_number}ゲーム(全{obs.deals_total}) · {phase.ja}",
            f"hand {obs.deal_number} of {obs.deals_total} · {phase.en}",
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=tuple(_seat(obs, s) for s in range(obs.players)),
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat, strength_order),
        info=tuple(info),
        calls=tuple(calls),
        sheet=K.deal_sheet(obs.deal_scores, obs.totals, lambda k: T(f"第{k}ゲーム", f"hand {k}")),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
        result=K.deal_result(obs, _final_position(obs), HAND_RESULT) if K.deal_ended(obs) else None,
    )


def HAND_RESULT(k: int) -> Text:
    return T(f"第{k}ゲームの結果", f"Result of hand {k}")


def _final_position(obs: CutinObservation) -> tuple[Zone, ...]:
    """The end of a hand: who went out, in order, and how many cards each other seat was left with — face down:
    the hands left stay hidden, only the scores are public (K2); the viewer sees its own cards left."""
    order = tuple(
        (T(f"{place}位", f"#{place}"), K.seat_name(seat)) for place, seat in enumerate(obs.finish_order, start=1)
    )
    zones = [Zone("result-out", T("上がった順", "went out"), "facts", facts=order)]
    for seat in range(obs.players):
        if not obs.hand_sizes[seat]:
            continue
        title = T(f"席{seat}の残り札", f"seat {seat}'s cards left")
        if seat == obs.seat and obs.hand is not None:  # one's own cards left are no secret to oneself
            cards = K.ordered(obs.hand, strength_order)
            zones.append(Zone(f"result-left{seat}", title, "row", cards, owner=seat))
        else:
            zones.append(Zone(f"result-left{seat}", title, "pile", hidden=obs.hand_sizes[seat], owner=seat))
    return tuple(zones)


def _cut_ins(sets: Sequence[tuple[int, C.CardSet]]) -> list[tuple[int, int]]:
    """(seat, index) of every cut-in of a turn: a single played on a set of 2 or 3 (cutin.md "A hand" 3)."""
    return [
        (seat, i)
        for i, (seat, cards) in enumerate(sets)
        if i and len(cards) == 1 and len(sets[i - 1][1]) in CUT_IN_SIZES
    ]


def _sets(key: str, title: Text, sets: Sequence[tuple[int, C.CardSet]]) -> Zone:
    cut = {i for _, i in _cut_ins(sets)}
    zones = tuple(
        Zone(
            f"{key}-{i}",
            K.seat_name(seat),
            "row",
            K.ordered(cards, strength_order),
            owner=seat,
            note=CUT_IN if i in cut else None,
        )
        for i, (seat, cards) in enumerate(sets)
    )
    return Zone(key, title, "sets", zones=zones)


def _seat(obs: CutinObservation, seat: int) -> Seat:
    badges = []
    if seat == obs.start_player:
        badges.append(T("スタートプレイヤー", "start player"))
    if obs.phase == "play" and seat == obs.leader:
        badges.append(T("このターンの先頭", "leads this turn"))
    if obs.phase == "play" and seat in obs.passed:
        badges.append(PASSED)
    if seat in obs.out:
        badges.append(T("上がり", "out"))
    if seat == obs.first_out:
        badges.append(T("一番上がり", "first out"))
    return K.seat_header(obs, seat, badges)


def choices(game: Cutin, obs: CutinObservation, legal: Sequence[Action]) -> list[Choice]:
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
