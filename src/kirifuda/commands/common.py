"""What the subcommands share: reading options, making a game, printing errors, progress bars."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from ..core import Game, KirifudaError

err = Console(stderr=True)


def fail(error: KirifudaError | str) -> NoReturn:
    """Print an error (both languages where it has them) and exit 2."""
    text = error.bilingual() if isinstance(error, KirifudaError) else error
    err.print(f"[red]error:[/red] {text}", highlight=False, markup=True)
    raise typer.Exit(2)


def need(extra: str, what: str, modules: tuple[str, ...] | None = None) -> None:
    """Exit 2 with the command that installs ``extra`` if its modules (or only ``modules`` of it) are missing:
    ``what`` (e.g. ``kirifuda serve``) needs them."""
    from ..extras import MissingExtra, require

    try:
        require(extra, what, modules)
    except MissingExtra as e:
        fail(escape(e.bilingual()))


def need_for_options(what: str, *, parquet: Path | None = None, ray: str | None = None) -> None:
    """:func:`need` for the options of the many-games commands: ``--parquet`` writes with pyarrow, ``--ray`` runs
    on Ray (both in the analysis extra)."""
    if parquet is not None:
        need("analysis", f"{what} --parquet", ("pyarrow",))
    if ray is not None:
        need("analysis", f"{what} --ray", ("ray",))


def options_json(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        fail(f"--options is not JSON: {e}")
    if not isinstance(value, dict):
        fail("--options must be a JSON object, e.g. '{\"players\": 3}'")
    return value


def make_game(game_id: str, options: dict[str, Any]) -> Game:
    from ..registry import make

    try:
        return make(game_id, options)
    except KirifudaError as e:
        fail(e)


def progress_bar() -> Progress:
    """A progress bar on standard error (hidden when it is not a terminal)."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )


RAY_LOCAL = "local"
"""What ``--ray`` means without an address: start a local Ray runtime on this machine."""
OPTIONAL_VALUES = {"--ray": RAY_LOCAL}
"""Options whose value may be left out (``--ray`` alone = ``--ray local``). Typer has no options with an optional
value, so :func:`with_optional_values` fills the default in before it parses the command line."""


def with_optional_values(argv: list[str]) -> list[str]:
    """``argv`` with the default value inserted after any option of :data:`OPTIONAL_VALUES` given without one
    (at the end, or followed by another option)."""
    out: list[str] = []
    for i, word in enumerate(argv):
        out.append(word)
        if word in OPTIONAL_VALUES and (i + 1 == len(argv) or argv[i + 1].startswith("-")):
            out.append(OPTIONAL_VALUES[word])
    return out


def ray_help() -> str:
    return (
        "run on Ray: alone, a local Ray runtime on this machine; or a cluster's address (e.g. auto, ray://host:10001)"
    )
