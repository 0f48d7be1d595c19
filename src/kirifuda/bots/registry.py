"""Bots by name: ``random``, ``heuristic``, ``easy``, ``normal``, ``hard`` (their ``-infer``, ``-uniform``, ``-fresh``
and ``-flat`` variants for measuring a sampler or a search setting, and, for evaluation only, the cheating twins
``easy-cheat``, ``normal-cheat``, ``hard-cheat``), and each game's kit."""

from __future__ import annotations

from typing import Any

from ..core import Game
from ..registry import UnknownGame, part
from .base import BotError, CheatingBot, HeuristicBot, RandomBot, SearchBot
from .inference import POOL
from .info import Knowledge
from .kit import LEVELS, GameKit

INFER_SUFFIX = "-infer"
INFER_NAMES = tuple(level + INFER_SUFFIX for level in LEVELS)
"""The search levels with the inference-weighted sampler (:mod:`kirifuda.bots.inference`): fair, measured against
the uniform sampler in docs/bots.md."""
UNIFORM_SUFFIX = "-uniform"
UNIFORM_NAMES = tuple(level + UNIFORM_SUFFIX for level in LEVELS)
"""The search levels with the uniform sampler where the kit's levels weigh determinizations
(:attr:`GameKit.infer_pool`): fair, for measuring the weighted sampler against the uniform one in one tournament."""
FRESH_SUFFIX = "-fresh"
FRESH_NAMES = tuple(level + FRESH_SUFFIX for level in LEVELS)
"""The search levels with a new determinization every iteration where the kit reuses each for several
(:attr:`GameKit.reuse`): fair, for measuring the reuse against the plain search in the same tournament."""
FLAT_SUFFIX = "-flat"
FLAT_NAMES = tuple(level + FLAT_SUFFIX for level in LEVELS)
"""The search levels spending their budget on flat Monte Carlo with common random numbers at the root
(:class:`~kirifuda.bots.ismcts.FlatSearch`) instead of the tree: fair, for measuring it against the tree in the same
tournament (where a kit's :attr:`GameKit.flat_levels` lists a level, its plain name searches so too)."""
BOT_NAMES = ("random", "heuristic", *LEVELS)
"""The fair bots a table offers, weakest first (the ``-infer`` variants are fair too, and named anywhere a bot is)."""
CHEAT_SUFFIX = "-cheat"
CHEAT_NAMES = tuple(level + CHEAT_SUFFIX for level in LEVELS)
TIME_CAP_FACTOR = 3.0
"""A search stops early only if it takes this many times its level's target (0.05 / 0.25 / 1 s): a safety net."""
TARGET_SECONDS = {"easy": 0.05, "normal": 0.25, "hard": 1.0}

Player = RandomBot | HeuristicBot | SearchBot


def kit_for(game: Game) -> GameKit:
    """The bots' kit of ``game`` (the ``Kit`` of its registry entry's ``bots`` part); the base kit where the game
    declares none (or is not registered)."""
    try:
        module = part(game.id, "bots")
    except UnknownGame:
        module = None
    if module is None:
        return GameKit(game)
    kit: GameKit = module.Kit(game)
    return kit


def knowledge_for(game: Game, seat: int) -> Knowledge:
    return kit_for(game).knowledge(seat)


def check_name(name: str, *, cheats: bool = False) -> None:
    """Raise :class:`BotError` unless ``name`` is a bot (a cheating twin only where ``cheats`` allows it)."""
    if name in BOT_NAMES or name in INFER_NAMES or name in UNIFORM_NAMES or name in FRESH_NAMES or name in FLAT_NAMES:
        return
    if name in CHEAT_NAMES:
        if cheats:
            return
        raise BotError(
            f"{name!r} searches the true state and is for evaluation only (tournaments); at a table use one of: "
            + ", ".join(BOT_NAMES),
            ja=f"{name} は本当の状態を見て探索する評価専用のボットです(トーナメントのみ)",
        )
    raise BotError(
        f"unknown bot {name!r} (bots: {', '.join(BOT_NAMES)})",
        ja=f"{name} というボットはありません(ボット: {', '.join(BOT_NAMES)})",
    )


_CAPPED = object()


def make_bot(name: str, game: Game, seed: int = 0, *, kit: GameKit | None = None, time_cap: Any = _CAPPED) -> Player:
    """A fair bot by name for ``game``; a cheating twin's name is refused (see :func:`make_cheating_bot`).
    ``time_cap``: CPU seconds after which a search stops early (default: the level's safety net,
    :data:`TIME_CAP_FACTOR` × its target); ``None`` makes every decision depend on the seed alone."""
    check_name(name)
    if name == "random":
        return RandomBot(seed)
    kit = kit or kit_for(game)
    if name == "heuristic":
        return HeuristicBot(kit, seed)
    level = name.removesuffix(INFER_SUFFIX).removesuffix(UNIFORM_SUFFIX).removesuffix(FRESH_SUFFIX)
    level = level.removesuffix(FLAT_SUFFIX)
    if name.endswith(INFER_SUFFIX):
        infer, pool = True, kit.infer_pool or POOL
    else:  # the level as the kit plays it (weighted where it sets a pool), or ``-uniform``: never weighted
        infer = kit.infer_pool > 0 and level in kit.infer_levels and not name.endswith(UNIFORM_SUFFIX)
        pool = kit.infer_pool
    return SearchBot(
        kit,
        name=name,
        iterations=kit.budgets[level],
        seed=seed,
        time_cap=TARGET_SECONDS[level] * TIME_CAP_FACTOR if time_cap is _CAPPED else time_cap,
        infer=infer,
        pool=pool,
        reuse=1 if name.endswith(FRESH_SUFFIX) else None,
        flat=name.endswith(FLAT_SUFFIX) or level in kit.flat_levels,
        flat_iterations=kit.flat_budgets.get(level),
    )


def make_cheating_bot(name: str, game: Game, seed: int = 0, *, kit: GameKit | None = None) -> CheatingBot:
    """The cheating twin ``<level>-cheat``: for the tournament's evaluation only."""
    check_name(name, cheats=True)
    level = name.removesuffix(CHEAT_SUFFIX)
    if level not in LEVELS:
        raise BotError(f"{name!r} is not a cheating twin (twins: {', '.join(CHEAT_NAMES)})")
    kit = kit or kit_for(game)
    return CheatingBot(
        kit,
        name=name,
        iterations=kit.budgets[level],
        seed=seed,
        time_cap=TARGET_SECONDS[level] * TIME_CAP_FACTOR,
        flat=level in kit.flat_levels,
        flat_iterations=kit.flat_budgets.get(level),
    )
