"""An independent oracle of Big Two (大老二) as the ``big-two`` design preset plays it, for differential tests.

Written from the public rules text only (pagat.com "Big Two"; big2.win/rules: "The player who has the three of
diamonds goes first and must play the three of diamonds as a single card or as part of a valid hand. Subsequent
players must play a valid hand of the same number of cards which is higher than the previous hand played, or
otherwise pass. This continues until three players consecutively pass, at which point the last player to have
played a hand has control." "One point is lost for each card remaining in your hands at the end of a game, but
having 10 or more cards remaining results in points being doubled.") and the preset's own comment
(src/kirifuda/designs/big-two.toml: ×3 with all 13 left; the winner of a hand leads the next; as many hands as
players). It does not import kirifuda.

Ranks 3 < 4 < … < A < 2, suits ♦ < ♣ < ♥ < ♠. Hands: a single, a pair, three of a kind, each beaten only by a
higher one of the same kind: by rank, then by the highest suit. Five-card hands (pagat.com "Big Two", as mirrored at
gambiter.com/cards/climbing/bigtwo.html: "a five card group can be beaten by a five card group of a stronger type -
any flush beats any straight, any full house beats any straight or flush, any four of a kind plus an odd card beats
any straight, flush or full house and any straight flush beats all of the other type of five card group"): a
straight (five consecutive ranks in that order, any suits: 3-4-5-6-7 up to J-Q-K-A-2) by its highest card; a flush
(five of one suit) by its highest rank, then the next and so on, then the suit; a full house by its three; four of
a kind and any fifth card by its four; a straight flush by its highest card. A pass does not stop a player from
playing when play comes round again. The hand ends as soon as a player has no cards.
"""

from itertools import combinations

from ._common import Illegal, canonical_order, full_deck, parse_card

ORDER = "3456789TJQKA2"
SUIT_ORDER = "DCHS"
PLAYERS = 4


def strength(card: str) -> int:
    return ORDER.index(card[0]) * 4 + SUIT_ORDER.index(card[1])


def kind(cards: list[str]) -> tuple[str, tuple] | None:
    """(kind, key) of a valid hand, or None: keys of one kind compare as tuples."""
    n = len(cards)
    ranks = sorted(ORDER.index(c[0]) for c in cards)
    top = max(strength(c) for c in cards)
    if n in (1, 2, 3) and len(set(ranks)) == 1:
        return (f"set{n}", (top,))
    if n != 5:
        return None
    straight = ranks == list(range(ranks[0], ranks[0] + 5))
    suits = {c[1] for c in cards}
    held = sorted((ranks.count(r) for r in set(ranks)), reverse=True)
    most = max(set(ranks), key=ranks.count)
    if straight and len(suits) == 1:
        return ("five", (4, top))
    if held == [4, 1]:
        return ("five", (3, most))
    if held == [3, 2]:
        return ("five", (2, most))
    if len(suits) == 1:
        return ("five", (1, tuple(sorted(ranks, reverse=True)), SUIT_ORDER.index(suits.pop())))
    if straight:
        return ("five", (0, top))
    return None


class Oracle:
    def __init__(self, game_id: str, options: dict):
        self.dealer = options.get("first_dealer", 0)
        self.scores: list[list[int]] = []
        self.hands: list[list[str]] = []
        self.phase = "deal"
        self.winner: int | None = None

    def pending(self) -> str:
        return self.phase

    def deal(self, deal: dict) -> None:
        self.hands = [[parse_card(t) for t in h] for h in deal["hands"]]
        assert sorted(c for h in self.hands for c in h) == sorted(full_deck())
        if self.winner is None:
            self.turn = next(s for s in range(PLAYERS) if "3D" in self.hands[s])
            self.must = "3D"
        else:
            self.turn, self.must = self.winner, None
        self.top: tuple[str, tuple] | None = None
        self.last = self.turn
        self.phase = "act"

    def to_act(self) -> set[int]:
        return {self.turn} if self.phase == "act" else set()

    def _beats(self, cards: list[str]) -> bool:
        k = kind(cards)
        if k is None:
            return False
        if self.must and self.must not in cards:
            return False
        if self.top is None:
            return True
        return k[0] == self.top[0] and k[1] > self.top[1]

    def legal(self, seat: int) -> set[str]:
        if self.phase != "act" or seat != self.turn:
            return set()
        hand = self.hands[seat]
        out = set()
        candidates = [list(c) for n in (1, 2, 3, 5) for c in combinations(hand, n)]
        for combo in candidates:
            if self._beats(combo):
                out.add("play " + " ".join(canonical_order(combo)))
        if self.top is not None:
            out.add("pass")
        return out

    def apply(self, seat: int, text: str) -> None:
        if self.phase != "act" or seat != self.turn or not isinstance(text, str):
            raise Illegal("not your turn")
        words = text.split()
        if words == ["pass"] or [w.lower() for w in words] == ["pass"]:
            if self.top is None:
                raise Illegal("the leader must play")
            self._advance()
            return
        if len(words) < 2 or words[0].lower() != "play":
            raise Illegal(f"not an action: {text!r}")
        cards = [parse_card(w) for w in words[1:]]
        if len(set(cards)) != len(cards) or any(c not in self.hands[seat] for c in cards):
            raise Illegal("not in hand")
        if not self._beats(cards):
            raise Illegal("does not beat")
        for c in cards:
            self.hands[seat].remove(c)
        self.top = kind(cards)
        self.last = seat
        self.must = None
        if not self.hands[seat]:
            self._score(seat)
            return
        self._advance()

    def _advance(self) -> None:
        self.turn = (self.turn + 1) % PLAYERS
        if self.turn == self.last:  # everyone else passed in succession: control
            self.top = None

    def _score(self, winner: int) -> None:
        row = []
        for hand in self.hands:
            n = len(hand)
            row.append(-n * (3 if n >= 13 else 2 if n >= 10 else 1))
        self.scores.append(row)
        self.winner = winner
        self.phase = "over" if len(self.scores) == PLAYERS else "deal"

    def deal_scores(self) -> list[list[int]]:
        return self.scores
