"""What the server tells one seat: built from that seat's view of the match only (``match.view(seat)``).

:func:`seat_payload` is the part of a state message that depends on the game — the seat's observation, its legal
actions, the presentation model of its table (``kirifuda.presentation``), its choices, the last events as it saw
them, the scores — and nothing in it is read from the referee's state except through the seat's own view: the
observation and history of :class:`~kirifuda.match.SeatView`, and the legal actions of the seat itself.
:func:`error_message` is a refused message's answer.
"""

from __future__ import annotations

import logging
from typing import Any

from ..core import KirifudaError, Observation
from ..match import Match
from ..presentation import choices as present_choices
from ..presentation import event as present_event
from ..presentation import present
from ..presentation.model import choice_to_json
from ..seats import winners_of
from .schemas import ErrorCode, ErrorMessage

log = logging.getLogger("kirifuda.web")

LOG_EVENTS = 16
"""How many of the latest events a state message carries (the table's log)."""


def seat_payload(match: Match, seat: int | None) -> dict[str, Any]:
    """The game part of a state message for ``seat`` (None: a spectator): ``version``, ``seat``,
    ``observation``, ``legal``, ``to_act``, ``finished``, ``scores``, ``view``, ``choices``, ``log``."""
    game = match.game
    view = match.view(seat)
    obs = view.observation()
    history = view.history()
    to_act = sorted(getattr(obs, "to_act", ()) or match.to_act())
    legal = match.legal_actions(seat) if seat is not None and seat in to_act else []
    finished = match.finished
    try:
        table_view: dict[str, Any] | None = present(game, obs).to_json()
        offered = [choice_to_json(c) for c in present_choices(game, obs, legal)]
    except Exception:  # a presentation bug must not take the table down: the page falls back to plain buttons
        log.exception("presentation of %s failed for seat %s; sending plain choices", game.id, seat)
        table_view = None
        offered = [plain_choice(str(a)) for a in legal]
    return {
        "version": len(match.actions),
        "seat": seat,
        "observation": obs.to_json(),
        "legal": [str(a) for a in legal],
        "to_act": to_act,
        "finished": finished,
        "scores": scores(obs, finished),
        "view": table_view,
        "choices": offered,
        "log": [
            {"actor": seen.actor, "text": seen.text, "line": _text(present_event(game, seen))}
            for seen in history[-LOG_EVENTS:]
        ],
    }


def scores(obs: Observation, finished: bool) -> dict[str, list[Any]]:
    """Each completed deal's scores, the totals and (once the game is over) the winners, from the observation."""
    totals = list(getattr(obs, "totals", ()))
    return {
        "deals": [list(d) for d in getattr(obs, "deal_scores", ())],
        "totals": totals,
        "winners": list(winners_of(totals)) if finished and totals else [],
    }


def plain_choice(action: str) -> dict[str, Any]:
    """A choice with no presentation: its record text as its label."""
    return {"action": action, "label": {"ja": action, "en": action}, "cards": [], "zone": None, "group": None}


def error_message(code: ErrorCode, en: str, ja: str) -> dict[str, Any]:
    return ErrorMessage(code=code, message=f"{ja} — {en}", en=en, ja=ja).model_dump()


def error_from(code: ErrorCode, error: KirifudaError) -> dict[str, Any]:
    return error_message(code, str(error), error.ja or str(error))


def _text(text: Any) -> dict[str, str]:
    return {"ja": text.ja, "en": text.en}
