"""Game records (``kirifuda-record/1``) and replay, exactly as ../shared/spec/records.md.

:func:`read_record` validates a record object into a :class:`Record`; :func:`replay` applies it
action by action with full legality checks and returns the finished or unfinished
:class:`~kirifuda.match.Match`, or raises :class:`ReplayError` naming the action's index, its seat
and text, and why.

kirifuda adds optional top-level keys: ``seating`` (who sat where: :class:`Seating`, docs/records.md), and for a
designed game (``goout``) ``design_sha256`` (and, when written by hand, ``design``); a record without them is
exactly a ``kirifuda-record/1`` of the spec. :func:`save` writes atomically (a temporary file, then
``os.replace``), so a record on disk is always whole, even when a game is killed while saving.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from .core import Deal, DealError, Game, KirifudaError
from .match import RECORD_FORMAT, LoggedAction, Match
from .registry import make

RECORD_KEYS = {"format", "game", "options", "seed", "deals", "actions", "seating", "design", "design_sha256"}
"""The spec's top-level keys, and kirifuda's optional ``seating``, ``design`` and ``design_sha256`` (a designed
game's description and its hash; docs/records.md)."""
PERSON: Literal["person"] = "person"
BOT: Literal["bot"] = "bot"
NAME_LENGTH = 40
"""The longest display name a seating keeps (characters)."""


class ReplayError(KirifudaError):
    """A malformed record (``index`` is ``None``) or an illegal action (``index`` of the action)."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index


@dataclass(frozen=True, slots=True)
class Sitter:
    """Who sits at one seat: a person, or a bot of level ``bot``; ``name`` is what the table calls them."""

    player: Literal["person", "bot"]
    bot: str | None = None
    name: str | None = None

    def to_json(self) -> dict[str, str]:
        out: dict[str, str] = {"player": self.player}
        if self.bot is not None:
            out["bot"] = self.bot
        if self.name is not None:
            out["name"] = self.name
        return out


@dataclass(frozen=True, slots=True)
class Seating:
    """The record's optional ``seating``: one :class:`Sitter` per seat id, in seat order (docs/records.md).

    ``Seating.from_json`` validates what a record holds (it does not know which bots exist: a surface checks the
    level when it seats the bot again)."""

    seats: tuple[Sitter, ...]

    def to_json(self) -> list[dict[str, str]]:
        return [s.to_json() for s in self.seats]

    @classmethod
    def from_json(cls, data: Any, seat_count: int) -> Seating:
        """The seating a record's ``seating`` value gives; :class:`ReplayError` (``index`` None) says what is wrong."""
        if not isinstance(data, list) or len(data) != seat_count:
            raise ReplayError(f"'seating' must be a list of {seat_count} seats, one object per seat id")
        return cls(tuple(_sitter(i, entry) for i, entry in enumerate(data)))


def _sitter(seat: int, entry: Any) -> Sitter:
    where = f"'seating' seat {seat}"
    if not isinstance(entry, dict):
        raise ReplayError(f'{where}: a seat is an object like {{"player": "person"}} or {{"player": "bot", "bot": …}}')
    unknown = sorted(set(entry) - {"player", "bot", "name"})
    if unknown:
        raise ReplayError(f"{where}: unknown key {unknown[0]!r}")
    player, bot, name = entry.get("player"), entry.get("bot"), entry.get("name")
    if player not in (PERSON, BOT):
        raise ReplayError(f"{where}: 'player' must be {PERSON!r} or {BOT!r}")
    if player == BOT and not (isinstance(bot, str) and bot):
        raise ReplayError(f"{where}: a bot's seat names its level in 'bot'")
    if player == PERSON and bot is not None:
        raise ReplayError(f"{where}: a person's seat has no 'bot'")
    if name is not None and not (isinstance(name, str) and 0 < len(name) <= NAME_LENGTH and name.isprintable()):
        raise ReplayError(f"{where}: 'name' must be 1 to {NAME_LENGTH} printable characters")
    return Sitter(PERSON if player == PERSON else BOT, bot, name)


@dataclass(frozen=True)
class Record:
    game: Game
    seed: int | None
    deals: tuple[Deal, ...]
    actions: tuple[LoggedAction, ...]
    seating: Seating | None = None


def read_record(obj: Any) -> Record:
    """Validate a record object (as loaded from JSON). Raises :class:`ReplayError` with ``index`` None."""
    try:
        return _read(obj)
    except ReplayError:
        raise
    except KirifudaError as e:
        raise ReplayError(str(e)) from None


def _read(obj: Any) -> Record:
    if not isinstance(obj, dict):
        raise ReplayError("a record is a JSON object")
    unknown = sorted(set(obj) - RECORD_KEYS)
    if unknown:
        raise ReplayError(f"unknown record key {unknown[0]!r}")
    if obj.get("format") != RECORD_FORMAT:
        raise ReplayError(f"'format' must be {RECORD_FORMAT!r}")
    if not isinstance(obj.get("game"), str):
        raise ReplayError("'game' must be a game id")
    options = obj.get("options") or {}
    if "design" in obj:  # a designed game may carry its design beside its options (docs/records.md)
        if not isinstance(options, dict) or "design" in options:
            raise ReplayError("'design' is given twice (top level and in 'options')")
        options = {**options, "design": obj["design"]}
    game = make(obj["game"], options)
    sha = obj.get("design_sha256")
    if sha is not None and sha != getattr(game, "design_sha256", None):
        raise ReplayError("'design_sha256' does not match the record's design (the design was changed)")
    seed = obj.get("seed")
    if seed is not None and (type(seed) is not int):
        raise ReplayError("'seed' must be an integer")
    deals_raw = obj.get("deals", [])
    if not isinstance(deals_raw, list):
        raise ReplayError("'deals' must be a list")
    deals = []
    for i, d in enumerate(deals_raw):
        try:
            deals.append(Deal.from_json(d))
        except DealError as e:
            raise ReplayError(f"deal {i}: {e}") from None
    actions_raw = obj.get("actions", [])
    if not isinstance(actions_raw, list):
        raise ReplayError("'actions' must be a list")
    actions = []
    for i, entry in enumerate(actions_raw):
        ok = (
            isinstance(entry, list)
            and len(entry) == 2
            and isinstance(entry[1], str)
            and (entry[0] == "chance" or (type(entry[0]) is int and 0 <= entry[0] < game.seat_count))
        )
        if not ok:
            raise ReplayError(
                f'action {i}: an action is [seat, text] with a seat 0..{game.seat_count - 1}, or ["chance", text]',
                index=i,
            )
        actions.append((entry[0], entry[1]))
    seating = None if obj.get("seating") is None else Seating.from_json(obj["seating"], game.seat_count)
    return Record(game, seed, tuple(deals), tuple(actions), seating)


def replay(obj: Any) -> Match:
    """Apply a record with full legality checks; the match it reaches (maybe unfinished)."""
    rec = read_record(obj)
    match = Match(rec.game, seed=rec.seed, deals=rec.deals, auto_chance=False)
    index = None
    try:
        for index, (who, text) in enumerate(rec.actions):
            if who == "chance":
                match.resolve_chance(text)
                continue
            match.resolve_chance()
            if match.blocked:
                raise ReplayError(
                    f"action {index} (seat {who}, {json.dumps(text, ensure_ascii=False)}): "
                    "the record gives no deal here and has no seed",
                    index,
                )
            match.act(who, text)
        index = None
        match.resolve_chance()
    except DealError as e:
        raise ReplayError(f"deal {len(match.deals)}: {e}") from None
    except ReplayError:
        raise
    except KirifudaError as e:
        # index is None only in the closing resolve_chance: a bad deal is caught above, a seeded event is legal
        assert index is not None
        who, text = rec.actions[index]
        raise ReplayError(
            f"action {index} ({'chance' if who == 'chance' else f'seat {who}'}, "
            f"{json.dumps(text, ensure_ascii=False)}): {e}",
            index,
        ) from None
    return match


def summary(match: Match, *, legal: bool = False) -> dict[str, Any]:
    """The ``--json`` object of ``kirifuda replay`` for a replayed match."""
    g, s = match.game, match.state
    out: dict[str, Any] = {
        "ok": True,
        "finished": match.finished,
        "deal_scores": [list(d) for d in g.deal_scores(s)],
        "totals": list(g.totals(s)),
    }
    if match.finished:
        out["winners"] = list(g.winners(s))
    else:
        out["to_act"] = sorted(g.to_act(s))
    if legal:
        out["legal"] = {str(seat): [str(a) for a in g.legal_actions(s, seat)] for seat in sorted(g.to_act(s))}
    return out


def load(path: str | Path) -> Any:
    """Read a record file (``-``: standard input) as JSON; malformed JSON is a :class:`ReplayError`."""
    import sys

    try:
        raw = sys.stdin.read() if str(path) == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise ReplayError(f"cannot read {path}: {e.strerror}") from None
    try:
        return json.loads(raw)
    except json.JSONDecodeError as e:
        raise ReplayError(f"not JSON: {e}") from None


def save(match: Match, path: str | Path, *, seating: Seating | None = None) -> Path:
    """Write the match's record (with ``seating`` when given) as pretty JSON (one action per line), atomically: a
    temporary file in the same folder, then ``os.replace``. Returns the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    record = match.record()
    if seating is not None:
        record["seating"] = seating.to_json()
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(dumps(record))
        os.chmod(temporary, 0o644)  # mkstemp makes it private; a record is an ordinary file
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return path


_ENCODE = json.JSONEncoder(ensure_ascii=False).encode
"""One JSON encoder for every line (``json.dumps`` builds a new one per call: too slow to autosave a long game)."""


def _action_line(entry: Any) -> str:
    """``[seat, "text"]`` exactly as ``json.dumps`` writes it, without building an encoder."""
    if isinstance(entry, list | tuple) and len(entry) == 2 and isinstance(entry[1], str):
        who, text = entry
        if type(who) is int:
            return f"[{who}, {_ENCODE(text)}]"
    return _ENCODE(entry)


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text, readable by people: one deal hand and one action per line."""
    head = {k: v for k, v in record.items() if k not in ("deals", "actions")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {_ENCODE(v)},")
    lines.append('  "deals": [')
    lines.append(",\n".join("    " + _ENCODE(d) for d in record.get("deals", [])))
    lines.append("  ],")
    lines.append('  "actions": [')
    lines.append(",\n".join("    " + _action_line(a) for a in record.get("actions", [])))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(line for line in lines if line) + "\n"
