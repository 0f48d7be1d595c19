"""``/api/tables``: create a table, its status, the lobby's lists, joining an open seat, the record and the replay
of a finished game (docs/protocol.md). A seat's token is handed out in a response body and in the fragment of its
link (``/table/ID#token=…``), which browsers never send to a server: it is in no access log."""

from __future__ import annotations

import asyncio
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse

from ...presentation import event as present_event
from ...presentation import present
from ..designs import title as design_title
from ..runtime import HUMAN, TableRuntime, Tables, WebError
from ..schemas import Claimed, CreatedSeat, CreatedTable, CreateTable, ErrorBody, ReplayStep, TableList, TableStatus
from ..store import TableSummary
from .common import tables_of

router = APIRouter(prefix="/api/tables", tags=["tables"])

ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody},
    403: {"model": ErrorBody},
    404: {"model": ErrorBody},
    409: {"model": ErrorBody},
    413: {"model": ErrorBody},
    422: {"model": ErrorBody},
    429: {"model": ErrorBody},
}


def seat_url(request: Request, table_id: str, token: str | None = None) -> str:
    """A table's page; a seat's link carries its token in the fragment, never sent in a request."""
    url = f"{request.base_url}table/{table_id}"
    return url if token is None else f"{url}#token={token}"


def client_address(request: Request) -> str:
    return request.client.host if request.client else "unknown"


@router.post("", status_code=201, responses=ERRORS)
async def create_table(body: CreateTable, request: Request) -> CreatedTable:
    """A new table: each seat human (the creator's — ``creator``, else the first — and invitations, each link
    carrying its secret token), open (listed in the lobby for anyone to claim) or a bot. Limited per client address
    (429)."""
    runtime, tokens = tables_of(request).create(body, client_address(request))
    seats = []
    creator = next((s.seat for s in runtime.seats if s.taken), None)  # bound at creation: the creator's alone
    for stored in runtime.seats:
        token = tokens.get(stored.seat)
        seats.append(
            CreatedSeat(
                seat=stored.seat,
                kind="human" if stored.kind == HUMAN else "bot",
                bot=stored.bot,
                token=token,
                invite_url=None if token is None else seat_url(request, runtime.id, token),
                open=stored.open,
                creator=stored.seat == creator,
            )
        )
    return CreatedTable(id=runtime.id, url=seat_url(request, runtime.id), seats=seats)


@router.get("", responses=ERRORS)
async def list_tables(
    request: Request,
    state: Annotated[Literal["open", "finished"], Query(description="open: not finished yet")] = "open",
    limit: Annotated[int, Query(ge=1, le=200)] = 50,
) -> TableList:
    """The lobby's lists: tables in play (open seats to join, games to watch) or finished games (newest first).
    Private, paused and aborted tables are not listed."""
    hub = tables_of(request)
    out = []
    for summary in hub.store.listing(finished=state == "finished", limit=limit):
        runtime = hub.loaded.get(summary.id)
        out.append(status(runtime) if runtime is not None else stored_status(summary))
    return TableList(tables=out)


@router.get("/{table_id}", responses=ERRORS)
async def get_table(table_id: str, request: Request) -> TableStatus:
    """A table's status: version (actions applied), whose turn, its seats, finished."""
    return status(await _runtime(request, table_id))


@router.post("/{table_id}/seats/{seat}/claim", responses=ERRORS)
async def claim_seat(table_id: str, seat: int, request: Request) -> Claimed:
    """Take a seat the host opened at a listed table: a new secret token for it (the creator's and invited seats are
    never claimable)."""
    token = await tables_of(request).claim(table_id, seat)
    return Claimed(seat=seat, token=token, url=seat_url(request, table_id, token))


@router.get("/{table_id}/record", responses=ERRORS)
async def get_record(table_id: str, request: Request, download: bool = False) -> JSONResponse:
    """The game's ``kirifuda-record/1`` once it is over (403 before: a live record would show every hand), with its
    ``seating`` (who sat where: a person and the name they chose, or a bot). A served table's record carries its deals
    and no seed; a practice table's carries its seed."""
    hub = tables_of(request)
    match = await hub.finished_match(table_id)
    headers = {}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="kirifuda-{match.game.id}-{table_id}.json"'
    return JSONResponse({**match.record(), "seating": hub.seating(table_id)}, headers=headers)


@router.get("/{table_id}/replay", responses=ERRORS)
async def get_replay_step(
    table_id: str,
    request: Request,
    step: Annotated[int, Query(ge=0)] = 0,
    seat: Annotated[int | None, Query(ge=0, description="whose view (absent: a spectator's)")] = None,
) -> ReplayStep:
    """One step of a finished game's replay as ``seat`` saw it: the table after the first ``step`` events (built off
    the event loop, and kept)."""
    hub = tables_of(request)
    match, practice = await hub.finished_game(table_id)
    if seat is not None and seat >= match.game.seat_count:
        raise WebError(400, "bad_seat", f"no seat {seat} in this game", f"席 {seat} はありません")
    key = (table_id, seat, step)
    cached: ReplayStep | None = hub.steps.get(key)
    if cached is None:
        cached = await asyncio.to_thread(replay_step, match, seat, step, practice)
        hub.steps[key] = cached
        while len(hub.steps) > Tables.STEPS_KEPT:
            hub.steps.popitem(last=False)
    else:
        hub.steps.move_to_end(key)
    return cached


@router.get("/{table_id}/review", responses=ERRORS)
async def get_review(
    table_id: str,
    request: Request,
    seat: Annotated[int, Query(ge=0, description="whose decisions are reviewed")],
    bot: Annotated[Literal["easy", "normal"], Query(description="the reviewing search")] = "normal",
) -> dict[str, Any]:
    """A seat's decisions in a finished game judged by a search from that seat's information only: the JSON of
    ``kirifuda review`` (docs/cli.md), each decision's ``event`` the replay's step before it. Computed off the event
    loop, one review at a time, and kept."""
    return await tables_of(request).review(table_id, seat, bot)


def replay_step(match: Any, seat: int | None, step: int, practice: bool) -> ReplayStep:
    view = match.view(seat)
    steps = len(view)
    step = min(step, steps)
    history = view.history()
    obs = view.observation_at(step)
    return ReplayStep(
        step=step,
        steps=steps,
        seat=seat,
        event=None if step == 0 else _text(present_event(match.game, history[step - 1])),
        view=present(match.game, obs).to_json(),
        log=[
            {"actor": seen.actor, "text": seen.text, "line": _text(present_event(match.game, seen))}
            for seen in history[max(0, step - 16) : step]
        ],
        practice=practice,
    )


async def _runtime(request: Request, table_id: str) -> TableRuntime:
    runtime = await tables_of(request).load(table_id)
    if runtime is None:
        raise WebError(404, "not_found", f"no table {table_id}", f"テーブル {table_id} はありません")
    return runtime


def _text(text: Any) -> dict[str, str]:
    return {"ja": text.ja, "en": text.en}


def status(runtime: TableRuntime) -> TableStatus:
    game = runtime.game
    return TableStatus.model_validate(
        {
            "id": runtime.id,
            "game": game.id,
            "title": design_title(game.id, game.options.to_dict(), {"ja": game.title_ja, "en": game.title}),
            "options": game.options.to_dict(),
            "status": runtime.status,
            "version": runtime.version,
            "to_act": sorted(runtime.match.to_act()),
            "finished": runtime.finished,
            "seats": runtime.players(),
            "created": runtime.created,
            "private": runtime.private,
            "practice": runtime.practice,
        }
    )


def stored_status(summary: TableSummary) -> TableStatus:
    """The status of a table that is not in memory (finished, or idle): from the store alone."""
    from ...registry import game_class

    cls = game_class(summary.game)
    open_seat = any(s.open for s in summary.seats)
    return TableStatus.model_validate(
        {
            "id": summary.id,
            "game": summary.game,
            "title": design_title(summary.game, summary.options, {"ja": cls.title_ja, "en": cls.title}),
            "options": summary.options,
            "status": summary.status
            if summary.status in ("finished", "paused", "aborted")
            else "waiting"
            if open_seat
            else "playing",
            "version": summary.version,
            "to_act": [],
            "finished": summary.finished,
            "seats": [
                {
                    "seat": s.seat,
                    "kind": "human" if s.kind == HUMAN else "bot",
                    "bot": s.bot,
                    "taken": s.taken,
                    "open": s.open,
                    "connected": False,
                    "takeover": False,
                    "playing": s.bot,
                    "name": s.name,
                }
                for s in summary.seats
            ],
            "created": summary.created,
            "private": summary.private,
            "practice": summary.practice,
        }
    )
