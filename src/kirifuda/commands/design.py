"""``kirifuda design`` (docs/design.md): the go-out design files — ``show NAME`` prints a preset to copy and change,
``new`` a commented starter file, ``check FILE`` validates a design and prints the game in words (ja/en), ``schema``
the format's JSON Schema. :func:`design_options` is what ``play --design`` and ``simulate --design`` call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from ..core import KirifudaError
from .common import fail

design_app = typer.Typer(no_args_is_help=True, help="go-out designs: show a preset, start a new one, check a file")


def register(app: typer.Typer) -> None:
    app.add_typer(design_app, name="design")


def load_design(spec: str) -> Any:
    """A design from a preset name or a file; a bad one exits 2 naming the key (both languages)."""
    from ..design import check_runnable, load

    try:
        return check_runnable(load(spec))
    except KirifudaError as e:
        fail(e)


def design_options(spec: str, options: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The game id and options of a designed game: ``goout`` with ``spec`` (a preset's name or a file)."""
    if "design" in options:
        fail(
            KirifudaError("give the design once: --design or options.design", ja="設計は --design か options の一方で")
        )
    return "goout", {**options, "design": load_design(spec)}


@design_app.command("show")
def show(name: str = typer.Argument(..., help="a preset: cutin, daifugo, big-two")) -> None:
    """Print a preset's design file (to copy and change)."""
    from ..design import preset_text

    try:
        print(preset_text(name), end="")
    except KirifudaError as e:
        fail(e)


@design_app.command("new")
def new(file: Path | None = typer.Argument(None, help="write the starter here (default: print it)")) -> None:
    """A commented starter file: the article's six questions (cards, players, plays, scoring, turns, passes)."""
    from ..design import STARTER

    if file is None:
        print(STARTER, end="")
        return
    if file.exists():
        fail(KirifudaError(f"{file} exists; not overwritten", ja=f"{file} はすでにあります(上書きしません)"))
    file.write_text(STARTER, encoding="utf-8")
    print(f"wrote {file} — check it: kirifuda design check {file}")


@design_app.command("check")
def check(
    file: str = typer.Argument(..., help="a design file (TOML) or a preset's name"),
    lang: str | None = typer.Option(None, "--lang", help="ja or en (default: both)"),
) -> None:
    """Validate a design and print the game in words, like a rules sheet (exit 2 with the key at fault)."""
    from ..design import describe

    design = load_design(file)
    ja, en = describe(design)
    if lang not in (None, "ja", "en"):
        fail(KirifudaError(f"--lang is ja or en, not {lang!r}", ja=f"--lang は ja か en です({lang!r} は不可)"))
    print("\n\n".join(text for code, text in (("ja", ja), ("en", en)) if lang in (None, code)))
    print(f"\nsha256 {design.sha256}")


@design_app.command("schema")
def schema() -> None:
    """Print the format's JSON Schema (docs/design.schema.json)."""
    from ..design import schema_text

    print(schema_text(), end="")
