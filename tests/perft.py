"""Perft of the pure rules: the number of action sequences of a given length from a state, as the fast engines'
tests count them on their own positions (tests/test_fast_<game>.py) to check both list the same actions."""

from __future__ import annotations

from typing import Any

from kirifuda.core import Game


def pure_perft(game: Game, state: Any, depth: int) -> int:
    """Leaves ``depth`` decisions below ``state`` (a finished game is one leaf); where several seats are to act
    (Anarchy's simultaneous play), the lowest seat's action is counted first."""
    seats = game.to_act(state)
    if depth == 0 or not seats:
        return 1
    seat = min(seats)
    actions = game.legal_actions(state, seat)
    if depth == 1:
        return len(actions)
    return sum(pure_perft(game, game.apply(state, seat, a), depth - 1) for a in actions)
