"""kirifuda: Japanese trick-taking card games — their rules, bots and tables.

The front door (docs/architecture.md, "The public API")::

    import kirifuda

    kirifuda.games()                            # every game id, e.g. ['anou', 'gogyo-sokoku', ...]
    game = kirifuda.make("anou", players=3)     # a Game bound to its options
    match = kirifuda.Match(game, seed=7)        # a game in progress: to_act(), legal_actions(seat), act(seat, a)
    record = match.record()                     # a kirifuda-record/1 object (docs/records.md)
    again = kirifuda.replay(record)             # the match a record reaches, every action checked

Everything here is imported on first use, so ``import kirifuda`` stays cheap and a game in progress never pays
for the others.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"
"""kirifuda's version, its one source: the wheel's metadata reads it (pyproject.toml, [tool.setuptools.dynamic]) and
``kirifuda --version`` prints it."""

# --- the public API (a block of its own: other sections of this file stay independent of it) ---------------

if TYPE_CHECKING:
    from .core import Game, IllegalAction, KirifudaError, Options
    from .match import Match

__all__ = ["Game", "IllegalAction", "KirifudaError", "Match", "Options", "games", "make", "replay"]

_LAZY = {
    "Game": "kirifuda.core",
    "IllegalAction": "kirifuda.core",
    "KirifudaError": "kirifuda.core",
    "Options": "kirifuda.core",
    "Match": "kirifuda.match",
}


class _Games:
    """``kirifuda.games()``: every game id whose rules are built, in the spec's order. The same name reaches the
    rules subpackage's modules as attributes (``kirifuda.games.anou``), as a plain package would."""

    def __call__(self) -> list[str]:
        from .registry import available

        return available()

    def __getattr__(self, name: str) -> Any:
        import importlib

        return getattr(importlib.import_module("kirifuda.games"), name)

    def __repr__(self) -> str:
        return "<function kirifuda.games>"


games = _Games()


def make(game_id: str, options: Options | dict[str, Any] | None = None, /, **option_values: Any) -> Game:
    """A game of ``game_id`` bound to its options, given as keywords (``make("anou", players=3)``), as a record's
    options object, or as an Options value; an unknown id or option is a :class:`KirifudaError` that says why."""
    from .registry import make as make_game

    if option_values:
        if options is not None:
            raise TypeError("give the options either as one object or as keywords, not both")
        options = option_values
    return make_game(game_id, options)


def replay(record: Any) -> Match:
    """The match a kirifuda-record/1 reaches (a parsed JSON object, or the path of a record file), every action
    checked; a bad record is a :class:`KirifudaError` (``records.ReplayError``) that says why."""
    from pathlib import Path

    from .records import load
    from .records import replay as replay_record

    if isinstance(record, str | Path):
        record = load(record)
    return replay_record(record)


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'kirifuda' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


class _FrontDoor(ModuleType):
    """The package's module type: ``kirifuda.games`` stays the callable :data:`games` when the rules subpackage
    ``kirifuda.games`` is imported (the import system would otherwise set the name to the subpackage; the
    subpackage stays in ``sys.modules`` and every ``import kirifuda.games…`` / ``from kirifuda.games import …``
    works as before)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "games" and isinstance(value, ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _FrontDoor


# --- end of the public API -----------------------------------------------------------------------------------
