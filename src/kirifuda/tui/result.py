"""How a deal ended, for the terminal: the final position, each seat's score for the deal by the rule that made it,
the deal's scores and the totals — read from the presentation model's deal result (``Table.result``), drawn in lines
(``--plain``) here and as a dialog by :class:`~.screens.ResultScreen`. Nothing here knows a game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..presentation.model import Table, Text, Zone
from ..presentation.text import pad, width, zone_text


@dataclass(frozen=True, slots=True)
class Summary:
    """A deal's result as the terminal draws it: ``lines`` are (rule name, amount per seat)."""

    title: Text
    zones: tuple[Zone, ...]
    lines: tuple[tuple[Text, tuple[int, ...]], ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    over: bool


DEAL_SCORE = Text("この配札", "this deal")
TOTAL = Text("合計", "total")


def summary(table: Table) -> Summary | None:
    """The deal result the table shows (at the end of a deal, or when the game is over), or None."""
    result: Any = getattr(table, "result", None)
    if result is None:
        return None
    return Summary(
        title=result.title,
        zones=tuple(result.zones),
        lines=tuple((line.name, tuple(line.amounts)) for line in result.lines),
        scores=tuple(result.scores),
        totals=tuple(result.totals),
        over=bool(result.over),
    )


def from_table(table: Table, scores: Sequence[int]) -> Summary:
    """The result as far as the table itself shows it (for a table without a deal result): its zones — the
    final position — with the deal's ``scores`` and the totals."""
    zones = (*table.center, *(z for s in table.seats for z in s.zones))
    totals = tuple(table.sheet.totals) if table.sheet is not None else tuple(s.score or 0 for s in table.seats)
    return Summary(END_OF_DEAL, zones, (), tuple(scores), totals, table.over)


END_OF_DEAL = Text("配札の終わり", "end of the deal")


def seat_head(seat: int, lang: str) -> str:
    return f"席{seat}" if lang == "ja" else f"s{seat}"


def lines(table: Table, scores: Sequence[int], lang: str, names: Callable[[int], Text] | None = None) -> list[str]:
    """The result as plain lines (``scores``: the deal's, for a table without a deal result)."""
    found = summary(table) or from_table(table, scores)
    seats = list(range(len(found.totals)))
    out = [f"=== {found.title(lang)} ==="]
    out += [f"{zone.title(lang)}: {zone_text(zone, lang)}" for zone in found.zones]
    rows: list[tuple[str, Sequence[int]]] = [(name(lang), amounts) for name, amounts in found.lines]
    rows += [(DEAL_SCORE(lang), found.scores), (TOTAL(lang), found.totals)]
    label = max(width(r) for r, _ in rows) + 2
    head = "".join(pad(seat_head(s, lang), 7, right=True) for s in seats)
    out.append(pad("", label) + head)
    for row, values in rows:
        out.append(pad(row, label) + "".join(pad(str(v), 7, right=True) for v in values))
    if names is not None:
        out.append(" · ".join(f"{seat_head(s, lang)} {names(s)(lang)}" for s in seats))
    return out
