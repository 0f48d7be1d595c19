"""Gonin-kan's table (docs/rules/goninkan.md): the players by position in play order, the dealer, the Napoleon
pair (関係, public: G1), the 仮親 and the seat swap, who was dealt the trump Ace once the seat may know it, the
trump, the targets and honours captured, the passes (a card only where the seat saw it, G2), the trick (a led
Joker's named suit) and the last trick, the calls 「行く!」/「来い!」 and 十六 / 逆十六, and the score per battle."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .. import cards as C
from ..core import Action
from ..games.goninkan import Call as CallAction
from ..games.goninkan import Give, Goninkan, GoninkanObservation, Play, Sixteen, Trump
from . import common as K
from .model import Call, Card, Choice, Seat, T, Table, Text, Zone

TITLE = T("ゴニンカン", "Gonin-kan")
PHASES = {
    "deal": K.DEALING,
    "swap": T("仮親の交換", "the blind swap"),
    "call": T("行く/来い", "go or come"),
    "pass": T("カード渡し", "passing"),
    "trump": T("切り札宣言", "trump declaration"),
    "play": K.PLAYING,
    "sixteen": T("十六の宣言", "sixteen?"),
    "over": K.OVER,
}
WORDS = {
    **K.SUIT_NAMES,  # a trump declared: trump H
    **{  # a led Joker naming a suit: play JK:H
        f"JK:{s}": T(f"{K.symbol('JK')}({name.ja})", f"{K.symbol('JK')} ({name.en})")
        for s, name in K.SUIT_NAMES.items()
    },
}
"""How the words of a record text read in the log (:func:`kirifuda.presentation.event`): a suit by its name."""
NAPOLEON = T("関係", "Napoleon")
ALLY = T("無関係", "ally")
ROLES = {
    "napoleon": NAPOLEON,
    "ally": ALLY,
    "dealer": T("配り役(関係側)", "dealer (Napoleon side)"),
}
SIDES = {"napoleon": NAPOLEON, "allies": T("無関係", "allies")}
GO = T("「行く!」", "“Go!”")
COME = T("「来い!」", "“Come!”")
JOKER = T("ジョーカー", "Joker")

RULES = T(
    """ゴニンカン(青森・五所川原のトリックテイク)
・5人(6人なら1人は手札を持たない配り役で、関係側として得点)。50枚: 52枚から♥2♦2♣2を除きジョーカーを加える。
・絵札(A K Q J)16枚を取り合う。ジョーカーと切り札のAを持つ2人が「関係」(ナポレオン側)、残りが「無関係」。
・関係の先の人が「行く!」(自分がリード)か「来い!」(パートナーがリード)と言う。プレイは反時計回り。
・マストフォロー。ジョーカーはいつでも出せて最強。ただし第1・第10トリックでは出せない。リードしたジョーカーはスートを指定する。
・第1戦: 関係が絵札9枚以上で勝ち。勝てば同じチームで第2戦(目標8)、第3戦(目標9)へ。
  第2・3戦は2枚ずつ渡し合い、切り札を宣言する。
・得点: 関係の勝ち +1(第3戦 +2)、負け −1。相手が絵札0枚ならスコンクで ±1 追加。
・十六/逆十六: 相手を0枚で勝ったとき、全16枚を狙うと宣言できる(成功 +8 / +16、失敗 −16 / −32)。""",
    """Gonin-kan (a trick-taking game of Goshogawara, Aomori)
• 5 players (with 6, one is the dealer: holds no cards and scores with the Napoleon side). 50 cards: 52 minus
  ♥2 ♦2 ♣2, plus a Joker.
• The 16 honours (A K Q J) are the prize. The holders of the Joker and the trump Ace are the Napoleon pair
  (関係); the others are the allies (無関係).
• The first of the pair from the dealer calls 「行く!」 (go: I lead) or 「来い!」 (come: my partner leads).
  Play runs counter-clockwise.
• Must follow suit. The Joker may be played at any time and beats everything, but not in tricks 1 and 10;
  a led Joker names the suit to follow.
• Battle 1: Napoleon needs 9 honours. After a win the same teams play battle 2 (target 8) and battle 3 (9),
  with two cards passed each way and a declared trump.
• Scoring: Napoleon wins +1 (battle 3 +2), loses −1; a skunk (losers with no honour) ±1 more.
• 十六 / 逆十六: a side that wins with the other on 0 honours may go for all 16 (success +8 / +16,
  failure −16 / −32).""",
)


def rules(game: Goninkan) -> Text:
    return RULES


def present(game: Goninkan, obs: GoninkanObservation) -> Table:
    phase = PHASES.get(obs.phase, T(obs.phase))
    trump = None if obs.trump is None else K.SUIT_NAMES[obs.trump]
    center: list[Zone] = []
    if obs.trick:
        center.append(
            Zone("trick", K.TRICK, "trick", _trick(obs.trick, obs.lead_suit), note=K.suit_note(obs.lead_suit))
        )
    elif obs.history:
        lead, cards, winner = obs.history[-1]
        center.append(
            Zone(
                "last_trick",
                T(f"前のトリック(第{obs.tricks_played}トリック)", f"last trick (trick {obs.tricks_played})"),
                "trick",
                tuple(Card(c.card, c.seat, c.note, c.seat == winner) for c in _trick(cards, lead)),
                note=K.taken_by(winner),
            )
        )
    if obs.passes:
        facts = tuple(
            (T(f"席{g}→席{r}", f"seat {g} → seat {r}"), T("?") if card is None else T(K.symbol(card)))
            for g, r, card in obs.passes
        )
        center.append(Zone("passes", T("渡したカード", "cards passed"), "facts", facts=facts))
    if obs.swap is not None:
        partner_card, power_card = obs.swap
        center.append(
            Zone(
                "swap",
                T("仮親の交換", "the blind swap"),
                "row",
                (
                    Card(partner_card, note=T("パートナーから", "from the partner")),
                    Card(power_card, note=T("仮親から", "from the 仮親")),
                ),
            )
        )
    if len(obs.discards):
        center.append(Zone("discards", T("捨て札", "discards"), "pile", K.ordered(obs.discards)))
    info: list[tuple[Text, Text]] = [
        (T("ラウンド", "round"), T(f"{obs.round_number} / {obs.rounds}")),
        (T("戦", "battle"), T(f"第{obs.battle}戦", f"battle {obs.battle}")),
        (K.TRUMP, trump or T("未宣言", "not declared yet")),
        (
            T("目標", "targets"),
            T(f"関係 {obs.target}枚 / 無関係 {obs.ally_target}枚", f"Napoleon {obs.target} / allies {obs.ally_target}"),
        ),
        (
            T("絵札", "honours"),
            T(
                f"関係 {obs.napoleon_honours} / 無関係 {obs.ally_honours}",
                f"Napoleon {obs.napoleon_honours} / allies {obs.ally_honours}",
            ),
        ),
    ]
    if obs.role is not None:
        info.append((T("あなたの役割", "your role"), ROLES[obs.role]))
    if obs.napoleon:
        pair = K.seats_text(obs.napoleon)
        if obs.players == 6:
            pair = T(f"{pair.ja} + 配り役 席{obs.dealer}", f"{pair.en} + the dealer, seat {obs.dealer}")
        info.append((NAPOLEON, pair))
    if obs.seat_swap:
        a, b = obs.seat_swap
        info.append((T("席替え", "seat swap"), T(f"席{a} ⇄ 席{b}", f"seat {a} ⇄ seat {b}")))
    if obs.result is not None:
        result = T(f"{SIDES[obs.result].ja}の勝ち", f"{SIDES[obs.result].en} win")
        if obs.skunk:
            result = T(result.ja + "(スコンク)", result.en + " (skunk)")
        info.append((T("結果", "result"), result))
    if obs.sixteen is not None:
        name = T("十六", "sixteen") if obs.sixteen == "napoleon" else T("逆十六", "reverse sixteen")
        outcome = {"success": T("成功", "success"), "failure": T("失敗", "failure")}.get(
            obs.sixteen_result or "", T("挑戦中", "in play")
        )
        info.append((name, outcome))
    return Table(
        game=game.id,
        title=TITLE,
        viewer=obs.seat,
        status=T(
            f"第{obs.round_number}ラウンド(全{obs.rounds}) · 第{obs.battle}戦 · {phase.ja}",
            f"round {obs.round_number} of {obs.rounds} · battle {obs.battle} · {phase.en}",
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=tuple(_seat(obs, pid) for pid in obs.seating),
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat, _hand_order(obs.trump)),
        info=tuple(info),
        calls=_calls(obs),
        sheet=K.deal_sheet(obs.deal_scores, obs.totals, lambda k: T(f"{k}戦目", f"battle #{k}")),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
        result=K.deal_result(obs, _final_position(obs), BATTLE_RESULT) if K.deal_ended(obs) else None,
    )


def BATTLE_RESULT(k: int) -> Text:
    return T(f"{k}戦目の結果", f"Result of battle #{k}")


def _final_position(obs: GoninkanObservation) -> tuple[Zone, ...]:
    """The end of a battle: which battle it was, the sides, the honours against the target, the result with the
    skunk and the 十六 / 逆十六 outcome, and the honours each player captured (public, rules §Battle 1 7)."""
    ended = obs.ended
    facts: list[tuple[Text, Text]] = []
    if ended is not None:
        facts.append(
            (
                T("戦", "battle"),
                T(
                    f"第{ended.round_number}ラウンド 第{ended.battle}戦",
                    f"round {ended.round_number}, battle {ended.battle}",
                ),
            )
        )
        if ended.trump is not None:
            facts.append((K.TRUMP, K.SUIT_NAMES[ended.trump]))
        facts.append((NAPOLEON, K.seats_text(ended.napoleon_side)))
        facts.append((T("目標", "target"), T(f"関係 {ended.target}枚", f"Napoleon {ended.target}")))
    facts.append(
        (
            T("絵札", "honours"),
            T(
                f"関係 {obs.napoleon_honours} / 無関係 {obs.ally_honours}",
                f"Napoleon {obs.napoleon_honours} / allies {obs.ally_honours}",
            ),
        )
    )
    if obs.result is not None:
        outcome = T(f"{SIDES[obs.result].ja}の勝ち", f"{SIDES[obs.result].en} win")
        if obs.skunk:
            outcome = T(outcome.ja + "(スコンク)", outcome.en + " (skunk)")
        facts.append((T("結果", "result"), outcome))
    if obs.sixteen is not None:
        name = T("十六", "sixteen (十六)") if obs.sixteen == "napoleon" else T("逆十六", "reverse sixteen (逆十六)")
        made = {"success": T("成功", "made"), "failure": T("失敗", "failed")}.get(obs.sixteen_result or "", T("—"))
        facts.append((name, made))
    zones = [Zone("result-battle", T("戦の結果", "the battle"), "facts", facts=tuple(facts))]
    for pid in obs.seating:
        if pid < len(obs.captured) and len(obs.captured[pid]):
            title = T(f"席{pid}の絵札", f"seat {pid}'s honours")
            zones.append(Zone(f"result-honours{pid}", title, "row", K.ordered(obs.captured[pid]), owner=pid))
    return tuple(zones)


def _hand_order(trump: str | None) -> Callable[[int], tuple[int, int, int]]:
    """Players hold the Joker first, then the trump suit, then the other suits, high cards first."""
    trump_suit = None if trump is None else C.SUITS.index(trump)

    def key(card: int) -> tuple[int, int, int]:
        if card == C.JOKER:
            return (0, 0, 0)
        suit = C.suit_of(card)
        return (1 if suit == trump_suit else 2, suit, -C.rank_of(card))

    return key


def _trick(plays: Sequence[tuple[int, str]], lead: str | None) -> tuple[Card, ...]:
    """The trick's cards; a led Joker carries the suit it named (K2)."""
    out = []
    for i, (pid, card) in enumerate(plays):
        note = None
        if card == "JK" and i == 0 and lead is not None:
            note = T(f"{K.suit_symbol(lead)}を指定", f"names {K.suit_symbol(lead)}")
        out.append(Card(card, seat=pid, note=note))
    return tuple(out)


def _seat(obs: GoninkanObservation, pid: int) -> Seat:
    badges = []
    holds_hand = not (obs.players == 6 and pid == obs.dealer)
    if pid == obs.dealer:
        badges.append(T("配り役", "dealer") if obs.players == 6 else K.DEALER)
    if pid in obs.napoleon:
        badges.append(NAPOLEON)
    if pid == obs.kari_oya:
        badges.append(T("仮親", "double holder (仮親)"))
    if pid == obs.ace_holder:
        badges.append(T("切り札Aを配られた", "dealt the trump A"))
    if pid == obs.caller:
        badges.append(T("宣言者", "caller"))
    honours = Zone(
        f"honours{pid}",
        T("取った絵札", "honours taken"),
        "row",
        K.ordered(obs.captured[pid]),
        owner=pid,
    )
    return K.seat_header(obs, pid, badges, (honours,) if holds_hand else (), holds_hand=holds_hand)


def _calls(obs: GoninkanObservation) -> tuple[Call, ...]:
    calls = []
    if obs.trump is not None and obs.battle > 1 and obs.ace_holder is not None and obs.phase != "trump":
        # rules §Battles 2 and 3: the partner of whoever was dealt the trump Ace declares trump
        declarer = next((p for p in obs.napoleon if p != obs.ace_holder), None)
        symbol = K.suit_symbol(obs.trump)
        calls.append(Call(declarer, T(f"「切り札は{symbol}!」", f"“Trump {symbol}!”")))
    if obs.call is not None:
        calls.append(Call(obs.caller, GO if obs.call == "go" else COME))
    if obs.sixteen is not None:
        side = SIDES[obs.sixteen]
        name = T("「十六!」", "“Sixteen!”") if obs.sixteen == "napoleon" else T("「逆十六!」", "“Reverse sixteen!”")
        calls.append(Call(None, T(f"{side.ja}: {name.ja}", f"{side.en}: {name.en}")))
    return tuple(calls)


def choices(game: Goninkan, obs: GoninkanObservation, legal: Sequence[Action]) -> list[Choice]:
    out = []
    on_napoleon_side = obs.role in ("napoleon", "dealer")
    for action in legal:
        text = str(action)
        if isinstance(action, CallAction):
            label = (
                T("「行く!」(自分がリードする)", "“Go!” (I lead)")
                if action.go
                else T("「来い!」(パートナーがリードする)", "“Come!” (my partner leads)")
            )
            out.append(Choice(text, label))
        elif isinstance(action, Play):
            card = C.text(action.card)
            if action.suit is not None:
                symbol = C.SUIT_SYMBOLS[action.suit]
                out.append(
                    Choice(
                        text,
                        T(f"ジョーカーをリードし{symbol}を指定", f"lead the Joker naming {symbol}"),
                        (card,),
                        "hand",
                        T(f"{symbol}を指定", f"naming {symbol}"),
                    )
                )
            elif action.card == C.JOKER:
                out.append(Choice(text, T("ジョーカーを出す", "play the Joker"), (card,), "hand"))
            else:
                out.append(Choice(text, T(f"{K.symbol(card)} を出す", f"play {K.symbol(card)}"), (card,), "hand"))
        elif isinstance(action, Give):
            card = C.text(action.card)
            out.append(
                Choice(
                    text,
                    T(f"{K.symbol(card)} をパートナーに渡す", f"give {K.symbol(card)} to your partner"),
                    (card,),
                    "hand",
                )
            )
        elif isinstance(action, Trump):
            suit = K.SUIT_NAMES[C.SUITS[action.suit]]
            out.append(Choice(text, T(f"切り札を{suit.ja}に", f"trump: {suit.en}")))
        elif isinstance(action, Sixteen):
            if action.declare:
                label = (
                    T("「十六!」を宣言", "declare “Sixteen!”")
                    if on_napoleon_side
                    else T("「逆十六!」を宣言", "declare “Reverse sixteen!”")
                )
            else:
                label = T("宣言しない(ストップ)", "stop (no sixteen)")
            out.append(Choice(text, label))
        else:  # pragma: no cover - every Gonin-kan action is one of the above
            out.append(Choice(text, T(text)))
    return out
