"""The ``kirifuda`` command: play, replay, simulate, games."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .core import Game, KirifudaError
from .records import ReplayError, load, summary
from .records import replay as replay_record

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="切り札 kirifuda — play and study Japanese trick-taking card games.",
)
err = Console(stderr=True)


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
    game: str = typer.Argument(..., help="a game id, e.g. anou"),
    games: int = typer.Option(100, "--games", min=1, help="how many games"),
    seed: int = typer.Option(0, "--seed", help="game i deals from seed S+i"),
    options: str | None = typer.Option(None, "--options", help="game options as JSON"),
    engine: str = typer.Option("auto", "--engine", help="auto | pure | fast"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Play N games of random legal play; print speed and mean scores per seat."""
    from .simulate import run

    if engine not in ("auto", "pure", "fast"):
        raise typer.BadParameter("--engine is auto, pure or fast")
    g = _make(game, _options(options))
    progress = Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=True,
        disable=not err.is_terminal,
    )
    try:
        with progress:
            task = progress.add_task(f"simulate {game}", total=games)
            result = run(
                g,
                games=games,
                seed=seed,
                engine=engine,
                progress=lambda k: progress.update(task, completed=k) if k % 10 == 0 or k == games else None,
            )
    except ValueError as e:
        err.print(f"[red]error:[/red] {e}")
        raise typer.Exit(2) from None
    data = result.to_json()
    if as_json:
        print(json.dumps(data))
        return
    print(f"{g.title} ({g.title_ja}) {json.dumps(data['options'])} — engine {data['engine']}")
    print(f"  {data['games']} games, {data['deals']} deals, {data['decisions']} decisions in {data['seconds']} s")
    print(
        f"  {data['games_per_second']} games/s, {data['deals_per_second']} deals/s, "
        f"{data['decisions_per_second']} decisions/s"
    )
    for seat, (mean, share) in enumerate(zip(data["mean_totals"], data["win_share"], strict=True)):
        print(f"  seat {seat}: mean total {mean:8.3f}   win share {share:6.3f}")


@app.command()
def play(
    game: str = typer.Argument("anou", help="a game id"),
    seat: int = typer.Option(0, "--seat", help="your seat"),
    seed: int | None = typer.Option(None, "--seed", help="deal seed (default: random)"),
    options: str | None = typer.Option(None, "--options", help="game options as JSON"),
    records: Path = typer.Option(Path("records"), "--records", help="where to save the record"),
) -> None:
    """Play one game in the terminal against bots; the record is saved at the end."""
    from .terminal import play as play_terminal

    g = _make(game, _options(options))
    if not 0 <= seat < g.seat_count:
        raise typer.BadParameter(f"--seat must be 0..{g.seat_count - 1}")
    play_terminal(g, seat=seat, seed=secrets.randbelow(2**31) if seed is None else seed, record_dir=records)


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


def main() -> None:
    app()


if __name__ == "__main__":
    main()
