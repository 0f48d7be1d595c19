"""Gonin-kan (ゴニンカン) for RL: the observation as a vector, the voids its trick history shows, and the index.

Seats here are counted by *position* from the observing player, in play order (players change places in
Gonin-kan: ``seating`` is public), so block ``+1`` is always the player who plays after me. Every trick of the
battle is in the observation (played face up), so the voids shown (a card off the lead suit, the Joker excepted)
come from it; a pass or the blind swap shows only to those who may see it (G1, G2).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import numpy as np

from .. import cards as C
from ..cards import JOKER
from ..games.goninkan import Call, Give, Goninkan, GoninkanObservation, GoninkanOptions, Sixteen, Trump
from ..games.goninkan import Play as GoninkanPlay
from .spec import (
    CARD_OF_TEXT,
    SUIT_INDEX,
    SUIT_LABELS,
    Layout,
    Span,
    card_mask,
    mask_of,
    one_hot,
    seat_labels,
    spans_of,
)
from .spec import Encoder as BaseEncoder

PHASES = ("call", "pass", "trump", "play", "sixteen")
ROLES = ("napoleon", "ally", "dealer")
SIDES = ("napoleon", "allies")
RESULTS = ("success", "failure")


def layout(game: Goninkan) -> Layout:
    n = game.n
    seats = seat_labels(n)
    out = Layout(game.deck())
    out.cards("hand", "my hand")
    for k, who in enumerate(seats):
        out.cards(f"trick[{who}]", f"the card played by position {who} to the trick on the table" if k else "mine")
    out.cards("played", "every card of this battle's completed tricks")
    for who in seats:
        out.cards(f"captured[{who}]", f"the honours captured by position {who} this battle")
    out.cards("passed", "the cards I passed to my partner (battles 2–3)")
    out.cards("received", "the cards my partner passed to me")
    out.cards("swap", "the blind swap's two cards (the 仮親 and partner only)")
    out.flags("phase", "the phase", PHASES)
    out.flags("role", "my side: Napoleon (関係), ally (無関係), the non-playing dealer", ROLES)
    out.flags("napoleon", "the Napoleon pair", seats)
    out.flags("ace_holder", "who held the trump Ace at the deal, when I know", seats)
    out.flags("kari_oya", "the double holder 仮親", seats)
    out.flags("caller", "who calls 行く / 来い", seats)
    out.flags("call", "the call", ("go", "come"))
    out.flags("trump", "the trump suit", SUIT_LABELS)
    out.flags("lead", "the suit to follow (a led Joker's named suit)", SUIT_LABELS)
    out.flags("battle", "the battle of the round", ("1", "2", "3"))
    out.flags("dealer", "the dealer", seats)
    out.flags("to_act", "the player to act", seats)
    out.flags("seat_swap", "the two who changed places this round", seats)
    out.flags(
        "voids", "suits each position has shown it lacks this battle", [f"{w}:{s}" for w in seats for s in SUIT_LABELS]
    )
    out.flags("result", "the side that has won the battle", SIDES)
    out.flags("skunk", "the losers took no honour", ("skunk",))
    out.flags("sixteen", "the side that declared 十六 / 逆十六", SIDES)
    out.flags("sixteen_result", "how the 十六 went", RESULTS)
    out.numbers(
        "honours",
        "honours taken by the Napoleon side, by the allies, and the target (÷ 16)",
        ("napoleon", "allies", "target"),
        16,
    )
    out.numbers("tricks_played", "completed tricks this battle (÷ 10)", ["tricks"], 10)
    out.numbers("round_number", "the round (÷ rounds)", ["round"], _rounds(game))
    out.numbers("hand_sizes", "cards in each hand (÷ 10)", seats, 10)
    out.numbers("totals", "each player's total score (÷ 10 × rounds)", seats, 10 * _rounds(game))
    return out


def _rounds(game: Goninkan) -> int:
    options = game.options
    assert isinstance(options, GoninkanOptions)
    return options.rounds


def action_texts(game: Goninkan) -> tuple[list[str], list[Span]]:
    deck = C.sorted_cards(game.deck())
    return spans_of(
        [
            ("`go` / `come`", "行く, 来い", [str(Call(True)), str(Call(False))]),
            ("`play C`", "C in canonical card order, then `play JK` (following)", [str(GoninkanPlay(c)) for c in deck]),
            ("`play JK:S` …", "a led Joker naming ♠ ♥ ♦ ♣", [str(GoninkanPlay(JOKER, s)) for s in range(4)]),
            ("`give C`", "C in canonical order, the Joker last", [str(Give(c)) for c in deck]),
            ("`trump S` …", "♠ ♥ ♦ ♣", [str(Trump(s)) for s in range(4)]),
            ("`sixteen` / `stop`", "十六 (or 逆十六), stop", [str(Sixteen(True)), str(Sixteen(False))]),
        ]
    )


class Encoder(BaseEncoder):
    """The observation, turned to face the seat by position."""

    def values(self, obs: GoninkanObservation) -> list[Any]:
        n, me = self.n, self.seat
        position = {p: i for i, p in enumerate(obs.seating)}
        mine = position[me]

        def rel(p: int) -> int:
            return (position[p] - mine) % n

        def bits(players: Any) -> int:
            out = 0
            for p in players:
                out |= 1 << rel(p)
            return out

        def per_position(values: Any) -> list[Any]:
            out = [values[0]] * n
            for p, v in enumerate(values):
                out[rel(p)] = v
            return out

        trick = [0] * n
        voids = 0
        played = 0
        for lead, cards, winner in (*obs.history, (obs.lead_suit, obs.trick, None)):
            for p, text in cards:
                card = CARD_OF_TEXT[text]
                if winner is not None:  # a completed trick
                    played |= 1 << card
                if lead is not None and card != JOKER and C.SUITS[C.suit_of(card)] != lead:
                    voids |= 1 << (4 * rel(p) + SUIT_INDEX[lead])  # rules §Battle 1 6: must follow
        for p, text in obs.trick:
            trick[rel(p)] = 1 << CARD_OF_TEXT[text]
        passed = card_mask(c for g, _, c in obs.passes if g == me and c is not None)
        received = card_mask(c for _, r, c in obs.passes if r == me and c is not None)
        assert obs.hand is not None
        return [
            mask_of(obs.hand),
            *trick,
            played,
            *(mask_of(cs) for cs in per_position(obs.captured)),
            passed,
            received,
            card_mask(obs.swap or ()),
            one_hot(PHASES.index(obs.phase)) if obs.phase in PHASES else 0,
            0 if obs.role is None else one_hot(ROLES.index(obs.role)),
            bits(obs.napoleon),
            0 if obs.ace_holder is None else bits((obs.ace_holder,)),
            0 if obs.kari_oya is None else bits((obs.kari_oya,)),
            0 if obs.caller is None else bits((obs.caller,)),
            0 if obs.call is None else one_hot(("go", "come").index(obs.call)),
            0 if obs.trump is None else one_hot(SUIT_INDEX[obs.trump]),
            0 if obs.lead_suit is None else one_hot(SUIT_INDEX[obs.lead_suit]),
            one_hot(obs.battle - 1),
            bits((obs.dealer,)),
            bits(obs.to_act),
            bits(obs.seat_swap),
            voids,
            0 if obs.result is None else one_hot(SIDES.index(obs.result)),
            int(obs.skunk),
            0 if obs.sixteen is None else one_hot(SIDES.index(obs.sixteen)),
            0 if obs.sixteen_result is None else one_hot(RESULTS.index(obs.sixteen_result)),
            (obs.napoleon_honours, obs.ally_honours, obs.target),
            (obs.tricks_played,),
            (obs.round_number,),
            per_position(obs.hand_sizes),
            per_position(obs.totals),
        ]


def suit_symmetries(encoding: Any) -> list[tuple[np.ndarray, np.ndarray, np.ndarray]]:
    """The relabellings of ♥ ♦ ♣ among themselves (♠ has its 2 and stays), identity first, as index arrays for
    :func:`kirifuda.rl.ppo.clone`: ``(slots, legal, action)`` with ``relabelled = vector[slots]``,
    ``relabelled mask = mask[legal]`` and ``relabelled action = action[index]``. The rules treat the three alike
    (the rounds' battle-1 trump cycles through them, but the trump is in the vector): a situation with ♥ and ♣
    swapped is the same situation. Every slot naming a suit — the card fields, ``trump``, ``lead``, ``voids`` —
    and every action naming one (``play``, ``give``, a led Joker's suit, ``trump``) is relabelled."""
    layout, texts = encoding.layout, list(encoding.actions.texts)
    out: list[tuple[np.ndarray, np.ndarray, np.ndarray]] = []
    for order in permutations("HDC"):
        to = dict(zip("HDC", order, strict=True)) | {"S": "S"}

        def relabel(label: str, kind: str, to: dict[str, str] = to) -> str:
            if kind == "cards":  # a card's text ends in its suit letter (the Joker: JK)
                return label if label == "JK" else label[:-1] + to[label[-1]]
            if kind == "suit":
                return to[label]
            if kind == "void":
                who, _, suit = label.partition(":")
                return f"{who}:{to[suit]}"
            verb, _, word = label.partition(" ")  # an action text
            if verb == "trump":
                return f"trump {to[word]}"
            if word.startswith("JK:"):
                return f"{verb} JK:{to[word[-1]]}"
            if verb in ("play", "give") and word != "JK":
                return f"{verb} {word[:-1]}{to[word[-1]]}"
            return label

        slots = np.arange(layout.size)
        for offset, field in layout.offsets():
            kind = {"trump": "suit", "lead": "suit", "voids": "void"}.get(field.name, field.kind)
            if kind not in ("cards", "suit", "void"):
                continue
            where = {label: offset + i for i, label in enumerate(field.labels)}
            for i, label in enumerate(field.labels):
                slots[where[relabel(label, kind)]] = offset + i  # the slot's value moves to its relabelled slot
        where = {text: i for i, text in enumerate(texts)}
        action = np.array([where[relabel(text, "action")] for text in texts])
        legal = np.empty_like(action)
        legal[action] = np.arange(len(texts))
        out.append((slots, legal, action))
    return out
