"""The registry of game ids (../shared/spec/records.md, "Game ids and options").

Each id names a :class:`~kirifuda.core.Game` subclass in ``kirifuda.games``; a module registers
itself by its class attribute ``id``. Modules are imported lazily so a game in progress never pays
for the others.
"""

from __future__ import annotations

import importlib
from typing import Any

from .core import Game, OptionError, Options

_MODULES = {
    "anou": "kirifuda.games.anou",
    "gogyo-sokoku": "kirifuda.games.gogyo_sokoku",
    "anarchy": "kirifuda.games.anarchy",
    "anarchy-bomb": "kirifuda.games.anarchy",
    "organised-chaos": "kirifuda.games.anarchy",
    "goninkan": "kirifuda.games.goninkan",
    "cutin": "kirifuda.games.cutin",
}
_DESIGNED = {"goout": "kirifuda.games.goout"}
"""Games played from a design file (:mod:`kirifuda.design`, issue 20): :func:`make` and records know them; not in
:func:`available` (which every surface's tests walk) until their surface parts are built."""


class UnknownGame(OptionError):
    """A game id the registry does not know (or whose module is not built yet)."""


def available() -> list[str]:
    """The game ids whose rules module is present, in the spec's order."""
    out = []
    for gid in _MODULES:
        try:
            game_class(gid)
        except UnknownGame:
            continue
        out.append(gid)
    return out


def game_class(game_id: str) -> type[Game]:
    module_name = _MODULES.get(game_id) or _DESIGNED.get(game_id)
    if module_name is None:
        raise UnknownGame(
            f"unknown game {game_id!r} (games: {', '.join(_MODULES)})", ja=f"{game_id} というゲームはありません"
        )
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name == module_name:
            raise UnknownGame(f"game {game_id!r} is not implemented yet") from None
        raise
    for value in vars(module).values():
        if isinstance(value, type) and issubclass(value, Game) and getattr(value, "id", None) == game_id:
            return value
    raise UnknownGame(f"game {game_id!r} is not implemented yet")


def make(game_id: str, options: Options | dict[str, Any] | None = None) -> Game:
    """A game of ``game_id`` bound to ``options`` (an Options value or a record's options object)."""
    cls = game_class(game_id)
    if isinstance(options, Options):
        return cls(options)
    if options is not None and not isinstance(options, dict):
        raise OptionError("options must be an object", ja="オプションは JSON オブジェクトです")
    return cls(cls.Options.from_dict(options))
