"""The plain-terminal game: one person at one seat, bots at the others (``kirifuda play``).

It shows the person only their seat's observation (never the action log, which holds other seats'
private choices such as passed cards) (rendered by ``kirifuda.views.<game>``), asks
for actions in the record notation, explains an illegal or unreadable action and asks again, and
saves the record at the end (also when the person quits early: nothing a player did is lost).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import cast

from .bots import Bot
from .bots.random_bot import RandomBot
from .core import Game, KirifudaError, Observation, to_jsonable
from .match import Match
from .records import save

HELP = (
    "コマンド Commands: an action in record notation (e.g. 'play JD'; symbols and 10 are fine: 'play ♦10'), "
    "'legal' (合法手 list the legal actions), 'help' (ヘルプ), 'quit' (中断: save and stop)"
)


def render(game: Game, obs: Observation) -> str:
    """The game's own renderer (``kirifuda.views.<module>``), else a generic field listing."""
    module = game.__class__.__module__.rsplit(".", 1)[-1]
    try:
        view = importlib.import_module(f"kirifuda.views.{module}")
    except ModuleNotFoundError:
        data = to_jsonable(obs)
        return "\n".join(f"{k}: {v}" for k, v in data.items())
    return cast(str, view.render(obs))  # every view module has render(observation) -> str


def play(
    game: Game,
    *,
    seat: int,
    seed: int,
    bots: dict[int, Bot] | None = None,
    ask: Callable[[str], str] = input,
    say: Callable[[str], None] = print,
    record_dir: Path = Path("records"),
) -> tuple[Match, Path]:
    """Play one game at ``seat``; returns the match and the path of its saved record."""
    match = Match(game, seed=seed)
    bots = bots or {
        s: RandomBot(__import__("random").Random(seed * 31 + s)) for s in range(game.seat_count) if s != seat
    }
    say(f"{game.title_ja} {game.title} — あなたは席 {seat} / you are seat {seat}. {HELP}")
    try:
        while not match.finished:
            waiting = match.to_act()
            if not waiting:
                break
            if seat in waiting:
                say(render(game, match.observation(seat)))
                legal = match.legal_actions(seat)
                say("合法手 Legal: " + ", ".join(str(a) for a in legal))
                while True:
                    line = ask(f"席 {seat} seat {seat} > ").strip()
                    if line in ("help", "?", "ヘルプ"):
                        say(HELP)
                    elif line in ("legal", "合法手"):
                        say("合法手 Legal: " + ", ".join(str(a) for a in legal))
                    elif line in ("quit", "exit", "中断"):
                        raise KeyboardInterrupt
                    else:
                        try:
                            match.act(seat, line)
                            break
                        except KirifudaError as e:
                            say(f"できません Not allowed: {e.bilingual()}")
                continue
            for s in sorted(waiting):
                if s == seat:
                    continue
                bot = bots[s]
                match.act(s, bot.act(match.observation(s), match.legal_actions(s)))
    except (KeyboardInterrupt, EOFError):
        say("中断しました Stopped.")
    say(render(game, match.observation(seat)))
    if match.finished:
        winners = game.winners(match.state)
        say(f"終了 Game over — 合計 totals {list(game.totals(match.state))}; 勝者 winners {list(winners)}")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    path = save(match, record_dir / f"{game.id}-{stamp}-seed{seed}.json")
    say(f"記録を保存しました Record saved: {path}")
    return match, path
