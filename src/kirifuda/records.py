"""Game records (``kirifuda-record/1``) and replay, exactly as ../shared/spec/records.md.

:func:`read_record` validates a record object into a :class:`Record`; :func:`replay` applies it
action by action with full legality checks and returns the finished or unfinished
:class:`~kirifuda.match.Match`, or raises :class:`ReplayError` naming the action's index, its seat
and text, and why.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .core import Deal, DealError, Game, KirifudaError
from .match import RECORD_FORMAT, LoggedAction, Match
from .registry import make

RECORD_KEYS = {"format", "game", "options", "seed", "deals", "actions", "design", "design_sha256"}
"""``design`` and ``design_sha256``: optional, a designed game's description and its hash (docs/records.md)."""


class ReplayError(KirifudaError):
    """A malformed record (``index`` is ``None``) or an illegal action (``index`` of the action)."""

    def __init__(self, message: str, index: int | None = None):
        super().__init__(message)
        self.index = index


@dataclass(frozen=True)
class Record:
    game: Game
    seed: int | None
    deals: tuple[Deal, ...]
    actions: tuple[LoggedAction, ...]


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
    return Record(game, seed, tuple(deals), tuple(actions))


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


def save(match: Match, path: str | Path) -> Path:
    """Write the match's record as pretty JSON (one action per line) and return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(dumps(match.record()), encoding="utf-8")
    return path


def dumps(record: dict[str, Any]) -> str:
    """A record as JSON text, readable by people: one deal hand and one action per line."""
    head = {k: v for k, v in record.items() if k not in ("deals", "actions")}
    lines = ["{"]
    for k, v in head.items():
        lines.append(f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)},")
    lines.append('  "deals": [')
    deals = record.get("deals", [])
    for i, d in enumerate(deals):
        lines.append("    " + json.dumps(d, ensure_ascii=False) + ("," if i < len(deals) - 1 else ""))
    lines.append("  ],")
    lines.append('  "actions": [')
    acts = record.get("actions", [])
    for i, a in enumerate(acts):
        lines.append("    " + json.dumps(a, ensure_ascii=False) + ("," if i < len(acts) - 1 else ""))
    lines.append("  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"
