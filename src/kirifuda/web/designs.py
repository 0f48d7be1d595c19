"""The go-out designs a server plays (``kirifuda serve --designs DIR``, docs/design.md): read from the operator's
folder when the server starts, offered in the lobby as the game ``goout`` with an option ``design`` naming one of
them. A browser chooses a design by its name only: it never sends a design (nor any file or code), so a served
table plays exactly what the operator put in the folder, checked before the server listens."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..core import KirifudaError
from ..design import Design, DesignError, check_runnable, load
from ..registry import game_class
from .schemas import GameInfo, OptionInfo

DESIGNED = "goout"
"""The game id of every design (:mod:`kirifuda.games.goout`, through the registry)."""


def load_folder(folder: Path) -> dict[str, Design]:
    """Every design file of ``folder`` (``*.toml``, by name), keyed by its file's stem; a file that is not a design
    the engine runs raises :class:`~kirifuda.design.DesignError` naming the file and the key."""
    if not folder.is_dir():
        raise DesignError(f"--designs {folder}: not a folder", ja=f"--designs {folder} はフォルダではありません")
    designs: dict[str, Design] = {}
    for path in sorted(folder.glob("*.toml")):
        try:
            designs[path.stem] = check_runnable(load(path))
        except KirifudaError as e:
            raise DesignError(f"{path.name}: {e}", ja=f"{path.name}: {e.ja or e}") from None
    if not designs:
        raise DesignError(f"--designs {folder}: no design file (*.toml)", ja=f"{folder} に設計ファイルがありません")
    return designs


def served_options(designs: Mapping[str, Design], game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the served design its ``design`` names put in (the first design when none is named); other
        games' options as they are. Raises :class:`~kirifuda.design.DesignError` for a design the server does not play
    (the routes answer 400)."""
    if game_id != DESIGNED:
        return options
    if not designs:
        raise DesignError(
            "this server plays no designs (kirifuda serve --designs DIR)",
            ja="このサーバーは設計したゲームを扱いません(kirifuda serve --designs DIR)",
        )
    name = options.get("design", next(iter(designs)))
    if not isinstance(name, str) or name not in designs:
        shown = ", ".join(designs)
        raise DesignError(
            f"option design names one of this server's designs ({shown}); a design is never sent to the server",
            ja=f"design はこのサーバーの設計の名前です({shown})。設計そのものは送れません",
        )
    return {**options, "design": designs[name]}


def game_info(designs: Mapping[str, Design]) -> GameInfo:
    """The lobby's entry for the served designs: the game ``goout``, its option ``design`` choosing one by name."""
    names = list(designs)
    cls = game_class(DESIGNED)
    described = ", ".join(
        f"{name}: {d.name}" + (f" ({d.get('game.name_ja')})" if d.get("game.name_ja") else "")
        for name, d in designs.items()
    )
    return GameInfo(
        id=DESIGNED,
        title={"ja": cls.title_ja, "en": cls.title},
        options=[
            OptionInfo(name="design", default=names[0], choices=names, doc=f"the design / 設計 — {described}"),
            *(
                OptionInfo(name=name, default=default, choices=None if choices is None else list(choices), doc=doc)
                for name, default, choices, doc in cls.Options.describe()
                if name != "design"
            ),
        ],
    )


def title(game_id: str, options: Mapping[str, Any], default: dict[str, str]) -> dict[str, str]:
    """A table's title: a design's own name (its ``game.name`` and ``game.name_ja``), else ``default``."""
    design = options.get("design") if game_id == DESIGNED else None
    if isinstance(design, Design):
        design = design.to_json()
    if not isinstance(design, dict):
        return default
    names = design.get("game", {})
    en = str(names.get("name") or default["en"])
    return {"ja": str(names.get("name_ja") or en), "en": en}
