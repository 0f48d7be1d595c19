"""An independent oracle of 大富豪 (Daifugō) as the ``daifugo`` design preset plays it, for differential tests.

Written from the rules text only: the Cut-in source's account of 大富豪 (../shared/seeds/004_2cf7c204125085f8.txt:
ranks 3 … A 2 and the Joker as a wild card 「カードについて」; 縛り 「2枚か3枚連続で同じスートが連続すると、以降全員が
パスするまで連続しているスートのカードしか出せなくなる」; 階段 「同じスートで続き数字になっている」場合は「3枚から繋げて
出せる」; the soft pass 「前者は「大富豪」の方式です。1度パスしても、また手番が回ってくる」) and the common rules the
preset's comment names (src/kirifuda/designs/daifugo.toml): one Joker, every card dealt, ♦3's holder leads each
hand, 革命 (four of a kind or more, the Joker counting, reverses the order for the hand; the Joker alone stays on
top), 8切り (a play with an 8 clears the pile and its player leads; one who went out: the next player holding
cards), play on until one player holds cards, places scored +2 +1 … −1 −2 (middle places 0), as many hands as
players. It does not import kirifuda.
"""

from itertools import combinations

from ._common import Illegal, canonical_order, parse_card

ORDER = "3456789TJQKA2"
SUITS = "SHDC"
POINTS = [2, 1, -1, -2]


def parse(token: str) -> str:
    return "JK" if token.upper() in ("JK", "JOKER") else parse_card(token)


def describe(cards: list[str]) -> tuple[str, int, int, frozenset[str], bool] | None:
    """(kind, count, rank index — the Joker alone 13 —, suits of the natural cards, has a Joker) or None."""
    natural = [c for c in cards if c != "JK"]
    jokers = len(cards) - len(natural)
    if jokers > 1 or not cards:
        return None
    suits = frozenset(c[1] for c in natural)
    if not natural:
        return ("set", 1, 13, suits, True)
    ranks = sorted(ORDER.index(c[0]) for c in natural)
    if len(set(ranks)) == 1 and len(cards) <= 4:
        return ("set", len(cards), ranks[0], suits, jokers > 0)
    if jokers == 0 and len(cards) >= 3 and len(suits) == 1 and ranks == list(range(ranks[0], ranks[0] + len(ranks))):
        return ("run", len(cards), ranks[-1], suits, False)
    return None


class Oracle:
    def __init__(self, game_id: str, options: dict):
        self.players = options.get("players", 4)
        self.scores: list[list[int]] = []
        self.phase = "deal"

    def pending(self) -> str:
        return self.phase

    def deal(self, deal: dict) -> None:
        self.hands = [[parse(t) for t in h] for h in deal["hands"]]
        self.turn = next(s for s in range(self.players) if "3D" in self.hands[s])
        self.top = None  # the latest play's description
        self.last = self.turn
        self.lock: frozenset[str] | None = None
        self.reversed = False
        self.out: list[int] = []
        self.phase = "act"

    def to_act(self) -> set[int]:
        return {self.turn} if self.phase == "act" else set()

    def _may(self, cards: list[str]) -> bool:
        d = describe(cards)
        if d is None:
            return False
        if self.top is None:
            return True
        kind, count, rank, suits, _ = d
        t_kind, t_count, t_rank, t_suits, _ = self.top
        if kind != t_kind or count != t_count:
            return False
        if self.lock is not None and not suits <= self.lock:
            return False
        if rank == 13 or t_rank == 13:
            return rank > t_rank
        return rank < t_rank if self.reversed else rank > t_rank

    def legal(self, seat: int) -> set[str]:
        if self.phase != "act" or seat != self.turn:
            return set()
        hand = self.hands[seat]
        out = set()
        for n in range(1, len(hand) + 1):
            for combo in combinations(hand, n):
                cards = list(combo)
                if len(cards) > 4 and len({c[1] for c in cards}) > 1:
                    continue  # quick skip: only one-suit runs are longer than 4
                if self._may(cards):
                    out.add(
                        "play " + " ".join(canonical_order([c for c in cards if c != "JK"]) + ["JK"] * ("JK" in cards))
                    )
        if self.top is not None:
            out.add("pass")
        return out

    def apply(self, seat: int, text: str) -> None:
        if self.phase != "act" or seat != self.turn or not isinstance(text, str):
            raise Illegal("not your turn")
        words = text.split()
        if [w.lower() for w in words] == ["pass"]:
            if self.top is None:
                raise Illegal("the leader must play")
            self._advance(seat)
            return
        if len(words) < 2 or words[0].lower() != "play":
            raise Illegal(f"not an action: {text!r}")
        cards = [parse(w) for w in words[1:]]
        if len(set(cards)) != len(cards) or any(c not in self.hands[seat] for c in cards):
            raise Illegal("not in hand")
        if not self._may(cards):
            raise Illegal("may not be played")
        d = describe(cards)
        assert d is not None
        top = self.top
        same = top is not None and (d[0], d[1], d[3]) == (top[0], top[1], top[3])
        if same and self.lock is None and d[3] and not d[4] and top is not None and not top[4]:
            self.lock = d[3]  # 縛り: two plays of the same suits in a row, no Joker in either
        if d[0] == "set" and d[1] >= 4:
            self.reversed = not self.reversed  # 革命
        for c in cards:
            self.hands[seat].remove(c)
        self.top, self.last = d, seat
        if not self.hands[seat]:
            self.out.append(seat)
        holding = [s for s in range(self.players) if self.hands[s]]
        if len(holding) <= 1:
            self._score(holding)
            return
        if any(c[0] == "8" for c in cards if c != "JK"):  # 8切り
            self._new_turn(seat)
            return
        self._advance(seat)

    def _advance(self, seat: int) -> None:
        nxt = (seat + 1) % self.players
        while nxt != self.last and not self.hands[nxt]:
            nxt = (nxt + 1) % self.players
        if nxt == self.last:
            self._new_turn(self.last)
        else:
            self.turn = nxt

    def _new_turn(self, last: int) -> None:
        while not self.hands[last]:
            last = (last + 1) % self.players
        self.turn, self.last, self.top, self.lock = last, last, None, None

    def _score(self, holding: list[int]) -> None:
        order = self.out + holding
        row = [0] * self.players
        for place, seat in enumerate(order):
            if place == self.players - 1:
                row[seat] = POINTS[-1]
            elif place < len(POINTS) - 1:
                row[seat] = POINTS[place]
        self.scores.append(row)
        self.phase = "over" if len(self.scores) == self.players else "deal"

    def deal_scores(self) -> list[list[int]]:
        return self.scores
