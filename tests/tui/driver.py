"""Driving the real full-screen app headlessly (Textual's pilot), as a person at the keyboard would."""

from __future__ import annotations

import asyncio
import functools
import random
from collections import Counter
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot

from kirifuda.match import Match
from kirifuda.presentation.common import symbol
from kirifuda.registry import make, quick
from kirifuda.tui.app import CHOICE_KEYS, PlayApp
from kirifuda.tui.session import Session
from kirifuda.tui.widgets import CardRow, ChoiceList

SIZE = (100, 36)
"""A terminal large enough that every zone is on screen without scrolling."""


def sync(test: Callable[..., Awaitable[None]]) -> Callable[..., None]:
    """Run an async test (the pilot is async) on its own event loop: pytest sees a plain test function."""

    @functools.wraps(test)
    def run(*args, **kwargs) -> None:
        asyncio.run(test(*args, **kwargs))

    return run


def seats_for(game_id: str, seat_count: int) -> list[str]:
    """The person at seat 1 (Gonin-kan's seat 0 deals without a hand in round 1), random bots elsewhere."""
    seats = ["random"] * seat_count
    seats[1] = "me"
    return seats


def new_app(game_id: str, seed: int, tmp_path, *, options=None, seats=None, lang="en") -> PlayApp:
    game = make(game_id, quick(game_id) if options is None else options)
    session = Session(
        Match(game, seed=seed),
        seats or seats_for(game_id, game.seat_count),
        bot_seed=seed,
        hint_bot="heuristic",
        record_path=tmp_path / f"{game_id}.json",
    )
    return PlayApp(session, lang=lang, delay=0)


async def settle(app: PlayApp, pilot: Pilot, limit: float = 30.0) -> None:
    """Wait until the table waits for a person, the game is over, or a dialog is up."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while loop.time() < end:
        await pilot.pause()
        if app.awaiting_input or app.session.finished or len(app.screen_stack) > 1:
            await pilot.pause()
            return
    raise AssertionError("the table never came to rest")


def screen_text(app: PlayApp) -> str:
    """What the terminal shows now, as text (the compositor's lines: exactly what would be painted)."""
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


def hand_on_screen(app: PlayApp) -> list[str]:
    return [view.card for view in app.query_one("#hand", CardRow).cards]


def check_screen(app: PlayApp) -> None:
    """The hand, the cards on the table and every seat's total on screen are the person's observation's."""
    session = app.session
    seat = app.viewer
    obs = session.match.observation(seat)
    text = screen_text(app)
    hand = hand_on_screen(app)
    assert Counter(hand) == Counter(obs.hand.texts()), "the hand on screen is the observation's hand"
    for card in hand:
        assert symbol(card) in text
    table = session.table(seat)
    for zone in table.center:
        if zone.kind == "trick":  # each card with its seat: 2:♥10
            for card in zone.cards:
                assert (symbol(card.card) if card.seat is None else f"{card.seat}:{symbol(card.card)}") in text
        if zone.kind == "sets":
            for inner in zone.zones:
                assert all(symbol(card.card) in text for card in inner.cards)
    for s in table.seats:
        assert f"total {obs.totals[s.seat]}" in text


async def choose_by_keys(app: PlayApp, pilot: Pilot, rng: random.Random) -> str:
    """Choose a random legal choice as a person would: by its key, by arrows and Enter, or by selecting its
    cards (← → Space) and confirming. Returns the action chosen."""
    visible = app.listed()
    k = rng.randrange(len(visible))
    index, choice = visible[k]
    by_cards = bool(choice.cards) and len(choice.cards) <= 3
    ways = ["key", "key"] if k < len(CHOICE_KEYS) else []  # the cheap way most (each key press costs a redraw)
    # arrows and Enter near the top, or where nothing else reaches the choice: not hundreds of ↓ down a long list
    # (Organised Chaos's 816 ways to give three cards of 18), where the choice's cards narrow the list first
    if k < 5 or not (ways or by_cards):
        ways.append("arrows")
    if by_cards:
        ways.append("cards")
    way = rng.choice(ways)
    if way == "key":
        await pilot.press(CHOICE_KEYS[k])
        return choice.action
    if way == "cards":
        source = app.source()
        assert source is not None
        wanted = Counter(choice.cards)
        positions = []
        for i, card in enumerate(source.cards):
            if wanted[card.card] > 0:
                wanted[card.card] -= 1
                positions.append(i)
        for position in positions:
            for _ in range(len(source.cards) + 1):
                if app.cursor == position:
                    break
                await pilot.press("right")
            assert app.cursor == position, "the cursor reaches every card a choice uses"
            await pilot.press("space")
        visible = app.listed()
        k = next(j for j, (i, _) in enumerate(visible) if i == index)
    options = app.query_one(ChoiceList)
    await pilot.press(*(["home"] if options.highlighted else []), *(["down"] * k), "enter")
    return choice.action
