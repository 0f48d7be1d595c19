"""The ``kirifuda`` command: play, replay, simulate, games."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from . import __version__
from .core import Game, KirifudaError
from .records import ReplayError, load, summary
from .records import replay as replay_record

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="切り札 kirifuda — play and study Japanese trick-taking card games.",
)
err = Console(stderr=True)


def _print_version(value: bool) -> None:
    if value:
        print(f"kirifuda {__version__}")
        raise typer.Exit()


@app.callback()
def _app(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_print_version, is_eager=True, help="print kirifuda's version and exit"),
    ] = False,
) -> None:
    """The options before any command (``kirifuda --version``)."""


def _options(text: str | None) -> dict[str, Any]:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError as e:
        raise typer.BadParameter(f"--options is not JSON: {e}") from None
    if not isinstance(value, dict):
        raise typer.BadParameter("--options must be a JSON object, e.g. '{\"players\": 3}'")
    return value


def _make(game_id: str, options: dict[str, Any]) -> Game:
    from .registry import make

    try:
        return make(game_id, options)
    except KirifudaError as e:
        err.print(f"[red]error:[/red] {e.bilingual()}", highlight=False)
        raise typer.Exit(2) from None


@app.command()
def replay(
    file: str = typer.Argument(..., help="a kirifuda-record/1 file, or - for standard input"),
    as_json: bool = typer.Option(False, "--json", help="print the result as one JSON object"),
    legal: bool = typer.Option(False, "--legal", help="with --json: the legal actions of every seat to act"),
) -> None:
    """Replay a record with full legality checks (exit 0: all legal; exit 2: malformed or illegal)."""
    try:
        match = replay_record(load(file))
    except ReplayError as e:
        if as_json:
            print(json.dumps({"ok": False, "index": e.index, "error": str(e)}, ensure_ascii=False))
        else:
            err.print(f"error: {e}", markup=False, highlight=False)
        raise typer.Exit(2) from None
    result = summary(match, legal=legal)
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    g = match.game
    print(
        f"{g.title} ({g.title_ja}) — {len(match.actions)} actions, "
        f"{'finished' if result['finished'] else 'not finished'}"
    )
    for i, scores in enumerate(result["deal_scores"]):
        print(f"  deal {i + 1}: {scores}")
    print(f"  totals: {result['totals']}")
    if result["finished"]:
        print(f"  winners: {result['winners']}")
    else:
        print(f"  to act: {result['to_act']}")
    if legal:
        for seat, acts in result["legal"].items():
            print(f"  legal for seat {seat}: {', '.join(acts)}")


@app.command()
def simulate(
    game: Annotated[str | None, typer.Argument(help="a game id, e.g. anou (none with --design)")] = None,
    games: Annotated[int, typer.Option("--games", min=1, help="how many games")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="game i deals from seed S+i")] = 0,
    options: Annotated[str | None, typer.Option("--options", help="game options as JSON")] = None,
    engine: Annotated[str, typer.Option("--engine", help="auto | pure | fast")] = "auto",
    jobs: Annotated[int | None, typer.Option("--jobs", min=1, help="worker processes (default: every core)")] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", help="run on Ray: alone a local runtime, or a cluster's address")
    ] = None,
    parquet: Annotated[
        Path | None, typer.Option("--parquet", help="write one row per game to this Parquet file")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print one JSON object")] = False,
    design: Annotated[str | None, typer.Option("--design", help="a go-out design: a file or a preset")] = None,
) -> None:
    """Play N games of random legal play on every core; print speed and mean scores per seat."""
    from .commands.common import need_for_options

    need_for_options("kirifuda simulate", parquet=parquet, ray=ray)
    from .analysis import simulation

    if engine not in ("auto", "pure", "fast"):
        raise typer.BadParameter("--engine is auto, pure or fast")
    values = _options(options)
    if design is not None:  # a designed go-out game (docs/design.md)
        from .commands.design import design_options

        game, values = design_options(design, values)
    if game is None:
        raise typer.BadParameter("give a game id, or --design FILE|PRESET")
    g = _make(game, values)
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    sink = None
    if parquet is not None:
        from .analysis.table import ParquetSink

        sink = ParquetSink(parquet)
    keep = None if sink is None else (lambda chunk, results: sink.extend(simulation.rows(chunk, results, g.seat_count)))
    try:
        with progress:
            task = progress.add_task(f"simulate {game}", total=games)
            result = simulation.run(
                game,
                g.options.to_dict(),
                games=games,
                seed=seed,
                engine=engine,
                jobs=jobs,
                ray=ray,
                progress=lambda k: progress.update(task, completed=k),
                keep=keep,
            )
    except ValueError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    finally:
        if sink is not None:
            sink.close()
    data = result.to_json()
    if data.get("interrupted"):
        err.print(f"interrupted: {data['games']} of {games} games finished (中断)", highlight=False)
    if as_json:
        print(json.dumps(data))
        return
    design = getattr(g, "design", None)  # a designed game: its name and hash, not the whole design
    shown = f"design {design.name} sha256 {design.sha256[:12]}" if design is not None else json.dumps(data["options"])
    print(f"{g.title} ({g.title_ja}) {shown} — engine {data['engine']}")
    print(f"  {data['games']} games, {data['deals']} deals, {data['decisions']} decisions in {data['seconds']} s")
    print(
        f"  {data['games_per_second']} games/s, {data['deals_per_second']} deals/s, "
        f"{data['decisions_per_second']} decisions/s ({data['jobs']} workers, {data['backend']})"
    )
    for seat, (mean, share) in enumerate(zip(data["mean_totals"], data["win_share"], strict=True)):
        print(f"  seat {seat}: mean total {mean:8.3f}   win share {share:6.3f}")
    if parquet is not None:
        print(f"  rows: {parquet}")


@app.command("games")
def list_games() -> None:
    """List the game ids and their options."""
    from .registry import available, game_class

    for gid in available():
        cls = game_class(gid)
        print(f"{gid:16} {cls.title} ({cls.title_ja})")
        for name, default, choices, doc in cls.Options.describe():
            shown = (
                " / ".join(json.dumps(c) for c in choices)
                if choices
                else "derived (any)"
                if default is None
                else f"{json.dumps(default)} (any)"
            )
            print(f"    {name:18} {shown:28} {doc}")


from .commands import register  # noqa: E402  (the subcommands of each surface, after the app exists)

register(app)


def main() -> None:
    from .commands.common import with_optional_values

    sys.argv[1:] = with_optional_values(sys.argv[1:])  # ``--ray`` alone means ``--ray local``
    app()


if __name__ == "__main__":
    main()
