"""The registry of game ids (../shared/spec/records.md, "Game ids and options"): one entry per id naming its parts.

A game lives in one place: its :class:`Entry` names the module of each of its *layers* —

``rules``
    the :class:`~kirifuda.core.Game` subclass whose class attribute ``id`` is the game id (``kirifuda.games``);
``fast``
    a fast engine for bulk random play, ``engine(game) -> FastEngine | None`` (:mod:`kirifuda.fast`);
``bots``
    the bots' kit, ``Kit(game) -> GameKit`` (:mod:`kirifuda.bots.kit`);
``presentation``
    ``present``, ``choices`` and ``rules`` (:mod:`kirifuda.presentation`);
``rl``
    the RL encoding, ``layout``, ``action_texts`` and ``Encoder`` (:mod:`kirifuda.rl.registry`);
``analysis``
    what the score lines do not carry, ``seating``, ``events`` and ``DESCRIPTIONS`` (:mod:`kirifuda.analysis.events`).

Every layer asks :func:`part` for a game's module, and nothing else knows where a game lives. A game declares
the layers it has no part for (``None``); a declared part that cannot be imported is an error
(tests/test_registry.py walks every id × layer). Modules are imported lazily, so a game in progress never pays
for the others. :func:`register` adds a game from outside the package (the toy game of the tests,
docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType, ModuleType
from typing import Any, Literal, get_args

from .core import Game, KirifudaError, OptionError, Options

Layer = Literal["rules", "fast", "bots", "presentation", "rl", "analysis"]
LAYERS: tuple[Layer, ...] = get_args(Layer)
"""Every layer a game may have a part in, the rules first."""

PACKAGES: Mapping[Layer, str] = MappingProxyType(
    {
        "rules": "kirifuda.games",
        "fast": "kirifuda.fast",
        "bots": "kirifuda.bots",
        "presentation": "kirifuda.presentation",
        "rl": "kirifuda.rl",
        "analysis": "kirifuda.analysis.stats",
    }
)
"""Where the built-in games keep each layer's part: ``<package>.<the game's module name>``."""


class UnknownGame(OptionError):
    """A game id the registry does not know (or whose module is not built yet)."""


class MissingPart(KirifudaError):
    """A game has no part for a layer (it declares none, or its declared module is missing)."""


@dataclass(frozen=True)
class Entry:
    """One game id and the module of each of its layers (None: the game has no part for that layer).

    ``quick`` are the options of a short whole game (one deal or round) for tests and demonstrations; ``length``
    names the option that sets how long a game is, where the game has one (Anarchy's ``deals``, Gonin-kan's
    ``rounds``), so :func:`quick` can give a game of several deals. A game not
    ``listed`` (one played from a design file, :mod:`kirifuda.design`, issue 20) is known to :func:`make` and to
    records, but not in :func:`available` — which every surface's tests walk — until its surface parts are built.
    """

    id: str
    parts: Mapping[Layer, str | None]
    quick: Mapping[str, Any] = field(default_factory=dict)
    listed: bool = True
    length: str | None = None

    def __post_init__(self) -> None:
        unknown = set(self.parts) - set(LAYERS)
        if unknown:
            raise ValueError(f"{self.id}: unknown layers {sorted(unknown)} (layers: {', '.join(LAYERS)})")
        if not self.parts.get("rules"):
            raise ValueError(f"{self.id}: every game has a rules module")
        missing = set(LAYERS) - set(self.parts)
        if missing:
            raise ValueError(f"{self.id}: say which module or None for layers {sorted(missing)}")

    @classmethod
    def builtin(
        cls,
        game_id: str,
        name: str,
        *,
        without: tuple[Layer, ...] = (),
        quick: Mapping[str, Any] | None = None,
        listed: bool = True,
        length: str | None = None,
    ) -> Entry:
        """A game of this package: module ``name`` in each layer's package (:data:`PACKAGES`) but ``without``."""
        parts: dict[Layer, str | None] = {
            layer: None if layer in without else f"{package}.{name}" for layer, package in PACKAGES.items()
        }
        return cls(game_id, parts, dict(quick or {}), listed, length)


_ENTRIES: dict[str, Entry] = {
    entry.id: entry
    for entry in (
        Entry.builtin("anou", "anou"),
        Entry.builtin("gogyo-sokoku", "gogyo_sokoku"),
        Entry.builtin("anarchy", "anarchy", quick={"deals": 1}, length="deals"),
        Entry.builtin("anarchy-bomb", "anarchy", quick={"deals": 1}, length="deals"),
        Entry.builtin("organised-chaos", "anarchy"),  # always 10 deals (§3)
        Entry.builtin("goninkan", "goninkan", quick={"rounds": 1}, length="rounds"),
        Entry.builtin("cutin", "cutin"),
        Entry.builtin("goout", "goout", without=("fast",), listed=False),
    )
}
"""The spec's game ids in its order."""


def register(entry: Entry) -> None:
    """Add a game (a new id only: a registered game is never silently replaced)."""
    if entry.id in _ENTRIES:
        raise ValueError(f"game {entry.id!r} is registered already")
    _ENTRIES[entry.id] = entry


def unregister(game_id: str) -> None:
    """Remove a game added by :func:`register` (a test's toy game when the test ends)."""
    _ENTRIES.pop(game_id, None)


def ids() -> list[str]:
    """Every registered game id, whether or not its rules module is built yet."""
    return list(_ENTRIES)


def entry(game_id: str) -> Entry:
    """The registry entry of ``game_id``."""
    found = _ENTRIES.get(game_id)
    if found is None:
        raise UnknownGame(
            f"unknown game {game_id!r} (games: {', '.join(_ENTRIES)})", ja=f"{game_id} というゲームはありません"
        )
    return found


def has_part(game_id: str, layer: Layer) -> bool:
    """Whether ``game_id`` declares a part for ``layer``."""
    return entry(game_id).parts[layer] is not None


def part(game_id: str, layer: Layer) -> ModuleType | None:
    """The module of ``game_id``'s ``layer`` (imported now), or None where the game declares it has none.

    A declared module that is missing raises :class:`MissingPart` (:class:`UnknownGame` for the rules)."""
    module_name = entry(game_id).parts[layer]
    if module_name is None:
        return None
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        if e.name != module_name:
            raise
        if layer == "rules":
            raise UnknownGame(f"game {game_id!r} is not implemented yet") from None
        raise MissingPart(f"game {game_id!r} declares its {layer} part {module_name!r}, which is missing") from None


def require(game_id: str, layer: Layer) -> ModuleType:
    """The module of ``game_id``'s ``layer``; :class:`MissingPart` where the game has none."""
    module = part(game_id, layer)
    if module is None:
        raise MissingPart(f"game {game_id!r} has no {layer} part", ja=f"{game_id} には {layer} の部分がありません")
    return module


def available() -> list[str]:
    """The game ids whose rules module is present, in the spec's order (then games registered later)."""
    out = []
    for gid, found in _ENTRIES.items():
        if not found.listed:
            continue
        try:
            game_class(gid)
        except UnknownGame:
            continue
        out.append(gid)
    return out


def game_class(game_id: str) -> type[Game]:
    module = require(game_id, "rules")
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


def quick(game_id: str, deals: int | None = None) -> dict[str, Any]:
    """The options of a short whole game of ``game_id`` (the defaults where the game is short already). ``deals``:
    a game that long instead, where its length is an option (:attr:`Entry.length`; Gonin-kan: rounds, each of one
    to three battles) — for a test that needs more than one deal."""
    found = entry(game_id)
    options = dict(found.quick)
    if deals is not None and found.length is not None:
        options[found.length] = deals
    return options
