"""The browser game's messages as pydantic models: the HTTP API's bodies and every WebSocket message
(docs/protocol.md). Incoming data is validated by these models; outgoing state messages are built as plain data
for speed and match :class:`StateMessage` (a test validates every one the server sends)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

ErrorCode = Literal["stale", "illegal", "malformed", "forbidden", "not_found", "rate_limited", "too_many"]
"""Why a WebSocket message was refused: ``stale`` (its version is not the table's), ``illegal`` (the rules forbid
the action now), ``malformed`` (not an act message, or too large), ``forbidden`` (a spectator acting, a token that is
no seat of this table); additions to the issue's four: ``not_found`` (no such table), ``rate_limited`` (too many
messages), ``too_many`` (the table or the client's address has as many sockets open as the server allows)."""

MAX_ACTION_TEXT = 200
MAX_SEATS = 8
MAX_NAME = 32
"""The longest player name (characters)."""


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class StrictTypes(BaseModel):
    """A WebSocket message: no unknown key, and no value of another JSON type coerced (``"version": "0"`` and
    ``"version": true`` are ``malformed``)."""

    model_config = ConfigDict(extra="forbid", strict=True)


# --- HTTP ----------------------------------------------------------------------------------------------------


class CreateTable(Strict):
    """``POST /api/tables``: a game id, its options (../shared/spec/records.md), one entry per seat — ``"human"``
    (the creator's — ``creator``, else the first — is bound to them at once; the others are reserved for their invite
    links), ``"open"``
    (a human seat listed in the lobby for anyone to claim) or a bot's name — whether the table stays out of the
    lobby's list, and for a private table only, a deal seed (a *practice* table)."""

    game: str = Field(examples=["anou"])
    options: dict[str, Any] = Field(default_factory=dict, examples=[{"players": 4}])
    seats: list[str] = Field(min_length=1, max_length=MAX_SEATS, examples=[["human", "heuristic", "normal", "normal"]])
    seed: int | None = Field(
        default=None, ge=0, lt=2**62, description="private practice tables only: served tables are dealt by the OS"
    )
    private: bool = False
    names: list[str | None] = Field(
        default_factory=list,
        max_length=MAX_SEATS,
        description="(addition) the chosen name of each human seat's player, by seat; null or absent: none yet",
    )
    creator: int | None = Field(
        default=None,
        ge=0,
        lt=MAX_SEATS,
        description="(addition) the creator's own seat, one of the human seats; absent: the first human seat",
    )


class CreatedSeat(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = None
    token: str | None = Field(None, description="the seat's secret (a human seat bound to someone)")
    invite_url: str | None = Field(None, description="the seat's link: the token is in the fragment (#token=…)")
    open: bool = Field(False, description="listed in the lobby for anyone to claim")
    creator: bool = Field(False, description="the creator's own seat")


class CreatedTable(BaseModel):
    id: str
    url: str = Field(description="the table's page for spectators")
    seats: list[CreatedSeat]


class SeatStatus(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    bot: str | None = Field(None, description="a bot seat's bot")
    taken: bool = Field(
        description="a human seat bound to someone: the creator's, an invited one opened, a claimed one"
    )
    open: bool = Field(False, description="a human seat listed in the lobby for anyone to claim")
    connected: bool = Field(description="a player's page is open at this seat now")
    takeover: bool = Field(description="a bot plays for the absent player now")
    playing: str | None = Field(None, description="the bot that actually plays this seat now (after any fallback)")
    name: str | None = Field(None, description="(addition) the name the seat's player chose; shown as text only")


class TableStatus(BaseModel):
    id: str
    game: str
    title: dict[str, str]
    options: dict[str, Any]
    status: Literal["waiting", "playing", "paused", "finished", "aborted"]
    version: int = Field(description="the record's actions applied so far")
    to_act: list[int]
    finished: bool
    seats: list[SeatStatus]
    created: float
    private: bool
    practice: bool = Field(False, description="a private practice table dealt from its creator's seed")


class TableList(BaseModel):
    tables: list[TableStatus]


class Claimed(BaseModel):
    seat: int
    token: str
    url: str


class OptionInfo(BaseModel):
    name: str
    default: Any
    choices: list[Any] | None
    doc: str


class GameInfo(BaseModel):
    id: str
    title: dict[str, str]
    options: list[OptionInfo]


class GameList(BaseModel):
    games: list[GameInfo]
    bots: list[str]


class OptionsCheck(BaseModel):
    options: dict[str, Any]
    seats: int
    person_seat: int = Field(
        0,
        description="(addition) the seat a person takes by default: the first holding cards in the first deal "
        "(a 6-player Gonin-kan's first dealer holds none in round 1)",
    )


class ReplayStep(BaseModel):
    step: int
    steps: int
    seat: int | None
    event: dict[str, str] | None = Field(description="the event that led to this step, as the seat saw it")
    view: dict[str, Any] | None
    log: list[dict[str, Any]]
    practice: bool = Field(False, description="a private practice table, dealt from its creator's seed (issue 19)")


class ErrorBody(BaseModel):
    """Every HTTP error: a code, the message in both languages (``message``), and each language alone."""

    error: str
    message: str
    en: str
    ja: str


# --- WebSocket -------------------------------------------------------------------------------------------------


class ActMessage(StrictTypes):
    """Client → server: take ``action`` (record text) at the table as it was at ``version``."""

    type: Literal["act"]
    version: int = Field(ge=0)
    action: str = Field(min_length=1, max_length=MAX_ACTION_TEXT)


class AuthMessage(StrictTypes):
    """Client → server: the seat's token, so that it never travels in a URL (the socket, a spectator's until then,
    becomes the seat's)."""

    type: Literal["auth"]
    token: str = Field(min_length=1, max_length=100)


class ContinueMessage(StrictTypes):
    """Client → server (addition): the player has read the result of deal ``deal`` (1 = the first) and is ready
    for the next one."""

    type: Literal["continue"]
    deal: int = Field(ge=1)


class NameMessage(StrictTypes):
    """Client → server (addition): the name the seat's player goes by at this table."""

    type: Literal["name"]
    name: str = Field(min_length=1, max_length=2 * MAX_NAME)  # checked again once trimmed


class AgainMessage(StrictTypes):
    """Client → server (addition): play again once the game is over — the same seats and options, a new shuffle,
    a new table (created once; every seat is told its way there)."""

    type: Literal["again"]


class HistoryMessage(StrictTypes):
    """Client → server (addition): this deal's events so far as the seat saw them (answered by a ``history``
    message to this socket only)."""

    type: Literal["history"]


ClientMessage = Annotated[
    ActMessage | ContinueMessage | NameMessage | AgainMessage | HistoryMessage, Field(discriminator="type")
]
"""Every message a client may send."""


class Pause(BaseModel):
    """The end of a deal on the table: the server deals the next one when every seat in ``waiting`` has sent
    ``continue`` for ``deal`` (or after ``seconds`` when nobody is waited for)."""

    deal: int = Field(description="the deal that has ended (1 = the first)")
    waiting: list[int] = Field(description="the seats whose players are waited for")
    ready: list[int] = Field(description="the seats that have sent continue for this deal")
    seconds: float | None = Field(description="when nobody is waited for: how long the result stays on the table")


class Again(BaseModel):
    """Where the game goes on after "play again": the new table, and this seat's token there."""

    table: str
    token: str | None = None


class Scores(BaseModel):
    deals: list[list[int]]
    totals: list[int]
    winners: list[int]


class LogLine(BaseModel):
    actor: int | str
    text: str = Field(description="the event's record text as this seat saw it (? for what it may not know)")
    line: dict[str, str]


class StateMessage(BaseModel):
    """Server → client after every change (and on connecting, and after an error): the table as ``seat`` (None:
    a spectator) may know it. The issue's keys, then additions: ``table``, ``view`` (the presentation model),
    ``choices``, ``log``, ``players``, ``deal``, ``pause``, ``again``, ``practice``."""

    type: Literal["state"]
    version: int
    seat: int | None
    observation: dict[str, Any]
    legal: list[str]
    to_act: list[int]
    finished: bool
    scores: Scores
    table: str
    view: dict[str, Any] | None
    choices: list[dict[str, Any]]
    log: list[LogLine]
    players: list[SeatStatus]
    deal: int = Field(0, description="(addition) deals dealt so far")
    pause: Pause | None = Field(None, description="(addition) the end of a deal, waiting for continue")
    again: Again | None = Field(None, description="(addition) the table of the next game, once asked for")
    practice: bool = Field(False, description="a private practice table dealt from its creator's seed")


class TrickEntry(BaseModel):
    """One completed trick (turn) of the deal, as the seat's table showed it when it was completed."""

    trick: int = Field(description="its number in the deal, from 1")
    zone: dict[str, Any] = Field(description="the presentation model's zone of the trick (its cards and their seats)")
    led: int | None = Field(description="the seat that led it")
    won: int | None = Field(description="the seat that won it, when the table marks one (its highlighted card)")
    lines: list[int] = Field(
        min_length=2, max_length=2, description="the deal's events [first, end) (indices into lines) that led to it"
    )


class HistoryReply(BaseModel):
    """Server → client (addition), the answer to ``history``: every event of the current deal (after the end of a
    deal: of that deal) as this seat saw it, in order."""

    type: Literal["history"] = "history"
    lines: list[LogLine]
    tricks: list[TrickEntry] = Field(
        default_factory=list, description="(addition) the tricks (turns) completed in this deal, in order"
    )


class ErrorMessage(BaseModel):
    """Server → client: a refused message; nothing changed, and a fresh state follows."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str = Field(description="Japanese and English")
    en: str
    ja: str
