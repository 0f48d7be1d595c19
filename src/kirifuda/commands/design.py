"""``kirifuda design`` (docs/design.md): the go-out design files — ``show NAME`` prints a preset to copy and change,
``new`` a commented starter file, ``check FILE`` validates a design and prints the game in words (ja/en), ``sweep
FILE --vary KEY=V1,V2,…`` (a list value as a JSON list: ``KEY=[1,2],[1,2,3]``) plays the design once per value of
one key on the same deals and prints the report's verdict, ``schema`` the format's JSON Schema.
:func:`design_options` is what ``--design`` of ``play``, ``simulate``, ``tournament`` and ``analyze`` calls."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..core import KirifudaError
from .common import fail, need, need_for_options, ray_help

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


@design_app.command("sweep")
def sweep(
    file: Annotated[str, typer.Argument(help="a design file (TOML) or a preset's name")],
    vary: Annotated[
        str,
        typer.Option(
            "--vary",
            help="KEY=V1,V2,…: a design key and its values (e.g. turns.pass=lap,soft,hard); a list value as a JSON "
            "list, its commas inside the brackets ('scoring.finish_points=[2,1,-1,-2],[3,1,-1,-3]'); each played on "
            "the same deals and compared with the first",
        ),
    ],
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="a bot per seat, comma-separated (the last fills the rest); default heuristic"),
    ] = None,
    games: Annotated[int, typer.Option("--games", min=1, help="deal seeds per value")] = 200,
    seed: Annotated[int, typer.Option("--seed", help="the first deal seed")] = 0,
    skill: Annotated[
        str, typer.Option("--skill", help="bots measured against a random field, comma-separated ('' for none)")
    ] = "heuristic",
    players: Annotated[int | None, typer.Option("--players", help="the number of players (players.allowed)")] = None,
    out: Annotated[Path | None, typer.Option("--out", help="the report's directory (default reports/NAME-KEY)")] = None,
    jobs: Annotated[int | None, typer.Option("--jobs", min=1, help="worker processes (default: every core)")] = None,
    ray: Annotated[str | None, typer.Option("--ray", help=ray_help())] = None,
    png: Annotated[bool, typer.Option("--png", help="write every figure as PNG too (beside the SVG)")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="print the report's JSON twin")] = False,
) -> None:
    """One report across the values of one key of a design, with the verdict (kirifuda analyze's; 設計の比較)."""
    need("analysis", "kirifuda design sweep", ("matplotlib", "pyarrow"))
    need_for_options("kirifuda design sweep", ray=ray)
    from ..analysis import analyze as A
    from .analysis import report

    design = load_design(file)
    options: dict[str, Any] = {"design": design.to_json()} | ({"players": players} if players is not None else {})
    try:
        key, values = A.parse_sweep(vary)
        plan = A.plan(
            "goout",
            options,
            bots=[name.strip() for name in (bots or "").split(",") if name.strip()],
            games=games,
            seed=seed,
            skill=[name.strip() for name in skill.split(",") if name.strip()],
            sweep=(key, values),
            vary=A.vary_design,
        )
    except KirifudaError as e:
        fail(e)
    slug = "".join(c if c.isalnum() else "-" for c in design.name.lower()).strip("-") or "design"
    report(plan, out or Path("reports") / f"{slug}-{key}", jobs=jobs, ray=ray, png=png, as_json=as_json)


@design_app.command("schema")
def schema() -> None:
    """Print the format's JSON Schema (docs/design.schema.json)."""
    from ..design import schema_text

    print(schema_text(), end="")
