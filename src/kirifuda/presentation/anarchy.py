"""The table of Anarchy, Anarchy Bomb and Organised Chaos (docs/rules/anarchy.md): the bids (secret ones once all
have bid), who has chosen face down (KA3) and one's own face-down choice, every seat's captured cards with what its
bid scores so far (KA5), the turn-ups (Anarchy), the spare and the bomb (Bomb), the 3-player dummy, the pass
(Chaos), the last revealed trick with who took each card, and Organised Chaos's score sheet."""

from __future__ import annotations

from collections.abc import Sequence

from .. import cards as C
from ..core import Action
from ..games.anarchy import BID_JA, AnarchyFamily, AnarchyObservation, Bid, Give
from ..tricks import Play
from . import common as K
from .model import Call, Card, Choice, Seat, Sheet, T, Table, Text, Zone

TITLES = {
    "anarchy": T("アナーキー", "Anarchy"),
    "anarchy-bomb": T("アナーキストの爆弾", "Anarchy Bomb"),
    "organised-chaos": T("秩序立った混乱", "Organised Chaos"),
}
PHASES = {
    "deal": K.DEALING,
    "pass": T("3枚パス", "pass 3 cards left"),
    "bid": T("ビッド", "bidding"),
    "play": T("プレイ(一斉に伏せて)", "play (face down)"),
    "over": K.OVER,
}
READY = T("伏せた", "chosen")
BOMB = T("爆弾", "bomb")
DUMMY = T("ダミー", "dummy")
ANARCHIST = T("アナーキスト(あなた)", "the Anarchist (you)")

BID_EN = {"nosuit": "no-suit", "misere": "misère"}

_COMMON_JA = """・全員が手札から1枚を伏せて選び、そろったら一斉に公開する。フォローの義務はない。
・2人以上が出したスートは、そのスートの最高位のカードを出した人が全部取る。"""
_COMMON_EN = """• Everyone chooses a card face down; when all have chosen, all are revealed together.
  No need to follow suit.
• Each suit played by two or more goes to the player of its highest card."""

RULES = {
    "anarchy": T(
        f"""アナーキー(デビッド・パーレット作)
・配られた手札を見て、どのビッドで得点するかを宣言する(同じビッドも可)。
  スート(スペード・クラブ・ハート・ダイヤ): そのスート1枚2点 / ノースート: 1枚1点 /
  ミゼール: 手札枚数より少ない1枚ごとに1点。
{_COMMON_JA}
・1人だけのスートはその人の手元に残る。5人: ターンアップ札はそのスートの最高位を出した人が取る。
・各自が親を1回ずつ。合計最高が勝ち。""",
        f"""Anarchy (by David Parlett)
• Look at your hand and bid how you will score (several may make the same bid): a suit, 2 per card of it
  taken; no-suit, 1 per card; misère, 1 per card fewer than a hand.
{_COMMON_EN}
• A card alone of its suit is kept by its player. 5 players: the turn-up goes to the highest card of its suit.
• One deal per player; the highest total wins.""",
    ),
    "anarchy-bomb": T(
        f"""アナーキストの爆弾(デビッド・パーレット作)
・ジョーカーを持つ人がアナーキスト(秘密)。表向きの余り札が1枚。3人ならダミーの山が4人目として出る。
・ビッド: カード 1枚1点 / ブラック・レッド 2点 / ベスト(最多スート)3点 / スート 4点 /
  オーバー・アンダー 13枚との差1枚5点。
{_COMMON_JA}
・1人だけのスート(シングルトン)が2枚以上なら、最高位のシングルトンが全部取る(同位なら各自が持つ)。
・爆弾: アナーキストはジョーカーを投げられる。そのトリックだけ強弱が逆(2が最強)、余り札が代わりに出る。
・ボーナス: 1枚も取らなかったスート1つ10点、同じ数字4枚で20点。""",
        f"""Anarchy Bomb (by David Parlett)
• The holder of the Joker is the (secret) Anarchist. One spare card lies face up. 3 players: a dummy stock plays
  a fourth card.
• Bids: cards 1 per card; black / red 2 per card; best (your longest suit) 3; a suit 4; over / under 5 per card
  away from 13.
{_COMMON_EN}
• Two or more singletons (suits played once): the highest singleton takes them all (a tie: each keeps their own).
• The bomb: the Anarchist may throw the Joker: card order is reversed for that trick (2 high), and the spare is
  played in its place.
• Bonuses: 10 per suit of which you took nothing, 20 per four cards of one rank.""",
    ),
    "organised-chaos": T(
        f"""秩序立った混乱(デビッド・パーレット作)
・アナーキストの爆弾からジョーカーを除いたもの。配札後、全員が左へ3枚を同時に渡す。
・ビッドは親の左から公開で。10ディールで、各自が10種類のビッドをちょうど1回ずつ使う。
{_COMMON_JA}
・シングルトン、ボーナス(空スート10点・同じ数字4枚20点)はアナーキストの爆弾と同じ。得点表に記録する。""",
        f"""Organised Chaos (by David Parlett)
• Anarchy Bomb without the Joker. After the deal everyone passes 3 cards to the left, all at once.
• Bids are open, from the dealer's left. 10 deals: everyone makes each of the 10 bids exactly once.
{_COMMON_EN}
• Singletons and bonuses (10 per void suit, 20 per four of a rank) as in Anarchy Bomb; the score sheet keeps them.""",
    ),
}


def rules(game: AnarchyFamily) -> Text:
    return RULES[game.id]


def bid_name(name: str) -> Text:
    return T(BID_JA.get(name, name), BID_EN.get(name, name))


WORDS = {name: bid_name(name) for name in BID_JA}
"""How the words of a record text read in the log (:func:`kirifuda.presentation.event`): a bid by its name."""


def present(game: AnarchyFamily, obs: AnarchyObservation) -> Table:
    phase = PHASES.get(obs.phase, T(obs.phase))
    n = obs.players
    center: list[Zone] = []
    if obs.my_choice is not None:
        center.append(_my_choice(obs.my_choice))
    if obs.turnup is not None or obs.turnups_face_down:
        cards: tuple[Card, ...] = () if obs.turnup is None else (Card(obs.turnup, note=T("ターンアップ", "turn-up")),)
        center.append(Zone("turnup", T("ターンアップ", "turn-up"), "pile", cards, hidden=obs.turnups_face_down))
    if game.id == "anarchy-bomb":
        spare = () if obs.spare is None else (Card(obs.spare),)
        note = T("爆弾が投げられた", "the bomb was thrown") if obs.bomb_thrown else None
        center.append(Zone("spare", T("余り札", "spare"), "row", spare, note=note))
    if obs.out_of_play:
        center.append(Zone("out_of_play", T("除外", "out of play"), "pile", hidden=obs.out_of_play))
    if obs.dummy_taken is not None:
        center.append(Zone("dummy_stock", T("ダミーの山", "dummy stock"), "pile", hidden=obs.dummy_stock))
        center.append(Zone("dummy_taken", T("ダミーの獲得", "taken by the dummy"), "row", K.ordered(obs.dummy_taken)))
    if obs.last_trick:
        cards = tuple(
            Card(
                r.card,
                seat=r.seat,
                note=BOMB if r.bomb else (T("→ダミー", "→ dummy") if r.taken_by is None else K.taken_by(r.taken_by)),
                highlight=r.bomb,
            )
            for r in obs.last_trick
        )
        note = T("爆弾で強弱逆転", "order reversed by the bomb") if obs.last_trick_reversed else None
        center.append(Zone("last_trick", K.LAST_TRICK, "trick", cards, note=note))
    if obs.last_turnup is not None:
        card, seat = obs.last_turnup
        center.append(
            Zone("last_turnup", T("取られたターンアップ", "turn-up taken"), "row", (Card(card, note=K.taken_by(seat)),))
        )
    if obs.passed is not None and obs.received is not None:
        center.append(Zone("passed", T("渡した札", "cards you passed"), "row", K.ordered(obs.passed)))
        center.append(Zone("received", T("受け取った札", "cards you received"), "row", K.ordered(obs.received)))
    info: list[tuple[Text, Text]] = [
        (T("ディール", "deal"), T(f"{obs.deal_number} / {obs.deals}")),
        (
            T("ビッド", "bidding"),
            T("非公開(一斉)", "secret (all at once)") if obs.bidding == "secret" else T("公開(順番)", "open (in turn)"),
        ),
    ]
    if obs.phase == "play":
        info.append((T("トリック", "trick"), T(f"{obs.trick_number} / {obs.tricks}")))
    if obs.wild_joker is not None:
        info.append((T("ワイルドのジョーカー", "wild Joker"), K.seat_name(obs.wild_joker)))
    calls = []
    if obs.phase == "bid":  # the bids as they are announced; afterwards each seat's badge keeps its bid
        calls += [Call(s, T(f"「{bid_name(b).ja}」", f"“{bid_name(b).en}”")) for s, b in enumerate(obs.bids) if b]
    calls += [Call(r.seat, T("「爆弾!」", "“Bomb!”")) for r in obs.last_trick if r.bomb]
    status_trick = obs.phase == "play"
    return Table(
        game=game.id,
        title=TITLES[game.id],
        viewer=obs.seat,
        status=T(
            f"第{obs.deal_number}ディール(全{obs.deals}) · {phase.ja}"
            + (f" · 第{obs.trick_number}トリック" if status_trick else ""),
            f"deal {obs.deal_number} of {obs.deals} · {phase.en}"
            + (f" · trick {obs.trick_number} of {obs.tricks}" if status_trick else ""),
        ),
        phase=obs.phase,
        turn=obs.to_act,
        seats=tuple(_seat(obs, s) for s in range(n)),
        center=tuple(center),
        hand=K.hand_zone(obs.hand, obs.seat),
        info=tuple(info),
        calls=tuple(calls),
        sheet=_sheet(obs),
        over=obs.phase == "over",
        winners=K.winners(obs.phase == "over", obs.totals),
        result=K.deal_result(obs, _final_position(obs)) if K.deal_ended(obs) else None,
    )


def _final_position(obs: AnarchyObservation) -> tuple[Zone, ...]:
    """The end of a deal: each seat's bid beside the cards it took (KA5: captured cards are public), and the
    dummy's (scoring for nobody)."""
    zones = []
    for seat in range(obs.players):
        bid = obs.bids[seat]
        facts = (
            (T("ビッド", "bid"), T("—") if bid is None else bid_name(bid)),
            (T("取った枚数", "cards taken"), T(str(len(obs.taken[seat])))),
        )
        title = T(f"席{seat}の獲得", f"seat {seat} took")
        zones.append(Zone(f"result-taken{seat}", title, "row", K.ordered(obs.taken[seat]), owner=seat, facts=facts))
    if obs.dummy_taken is not None:
        zones.append(Zone("result-dummy", T("ダミーの獲得", "taken by the dummy"), "row", K.ordered(obs.dummy_taken)))
    return tuple(zones)


def _my_choice(choice: Action) -> Zone:
    title = T("あなたの伏せた選択", "your face-down choice")
    if isinstance(choice, Play):
        return Zone("my_choice", title, "row", (Card(C.text(choice.card)),))
    if isinstance(choice, Give):
        return Zone("my_choice", title, "row", tuple(Card(C.text(c)) for c in choice.cards))
    assert isinstance(choice, Bid)
    return Zone("my_choice", title, "facts", facts=((T("ビッド", "bid"), bid_name(choice.name)),))


def _seat(obs: AnarchyObservation, seat: int) -> Seat:
    badges = []
    if seat == obs.dealer:
        badges.append(K.DEALER)
    bid = obs.bids[seat]
    if bid is not None:
        badges.append(T(f"ビッド: {bid_name(bid).ja}", f"bid: {bid_name(bid).en}"))
    if obs.ready[seat]:
        badges.append(READY)
    if seat == obs.seat and obs.hand is not None and C.JOKER in obs.hand:
        badges.append(ANARCHIST)
    if seat == obs.wild_joker:
        badges.append(T("ワイルドのジョーカー", "wild Joker"))
    score = obs.bid_scores[seat]
    facts = () if score is None else ((T("ビッドの得点", "bid scores"), T(str(score))),)
    taken = Zone(f"taken{seat}", T("獲得", "taken"), "row", K.ordered(obs.taken[seat]), owner=seat, facts=facts)
    return K.seat_header(obs, seat, badges, (taken,))


def _sheet(obs: AnarchyObservation) -> Sheet:
    if obs.score_sheet:  # Organised Chaos (§3): a row per bid
        rows = tuple((bid_name(name), values) for name, values in obs.score_sheet)
        return Sheet(title=T("得点表", "score sheet"), rows=rows, totals=obs.totals)
    return K.deal_sheet(obs.deal_scores, obs.totals, K.deal_row)


def choices(game: AnarchyFamily, obs: AnarchyObservation, legal: Sequence[Action]) -> list[Choice]:
    out = []
    for action in legal:
        text = str(action)
        if isinstance(action, Bid):
            name = bid_name(action.name)
            out.append(Choice(text, T(f"ビッド: {name.ja}", f"bid {name.en}")))
        elif isinstance(action, Play):
            card = C.text(action.card)
            if action.card == C.JOKER:
                label = T("爆弾を投げる(ジョーカー)", "throw the bomb (the Joker)")
            else:
                label = T(f"{K.symbol(card)} を伏せて出す", f"play {K.symbol(card)} face down")
            out.append(Choice(text, label, (card,), "hand"))
        elif isinstance(action, Give):
            cards = tuple(C.text(c) for c in action.cards)
            out.append(Choice(text, T(f"左へ渡す {K.symbols(cards)}", f"pass {K.symbols(cards)} left"), cards, "hand"))
        else:  # pragma: no cover - every action of the family is one of the above
            out.append(Choice(text, T(text)))
    return out
