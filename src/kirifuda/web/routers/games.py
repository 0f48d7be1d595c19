"""``/api/games``: the game ids with their options (../shared/spec/records.md) and the bots, for the lobby's form."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from ...bots import BOT_NAMES
from ...core import Game, KirifudaError
from ...match import Match
from ...presentation import present
from ...registry import available, game_class, make
from ..designs import game_info, served_options
from ..runtime import WebError
from ..schemas import ErrorBody, GameInfo, GameList, OptionInfo, OptionsCheck
from .common import tables_of

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("")
async def list_games(request: Request) -> GameList:
    """Every game id, its title and its options (name, default, every value it takes, what it means); with
    ``--designs``, the designed game ``goout`` last, its option ``design`` naming one of the served designs."""
    games = []
    for game_id in available():
        cls = game_class(game_id)
        options = [
            OptionInfo(name=name, default=default, choices=None if choices is None else list(choices), doc=doc)
            for name, default, choices, doc in cls.Options.describe()
        ]
        games.append(GameInfo(id=game_id, title={"ja": cls.title_ja, "en": cls.title}, options=options))
    designs = tables_of(request).settings.designs
    if designs:
        games.append(game_info(designs))
    return GameList(games=games, bots=list(BOT_NAMES))


@router.post("/{game_id}/check", responses={400: {"model": ErrorBody}})
async def check_options(game_id: str, options: dict[str, Any], request: Request) -> OptionsCheck:
    """The options resolved (derived values filled in) and the number of seats, or why they are refused."""
    try:
        game = make(game_id, served_options(tables_of(request).settings.designs, game_id, options))
    except KirifudaError as e:
        raise WebError.from_error(400, "bad_game", e) from None
    return OptionsCheck(options=game.options.to_dict(), seats=game.seat_count, person_seat=person_seat(game))


def person_seat(game: Game) -> int:
    """The seat a person takes by default: the first that holds cards in the first deal (a 6-player Gonin-kan deals
    its first dealer none in round 1, and the dealer's position does not depend on the shuffle), as the terminal's
    ``kirifuda play`` seats its person."""
    try:
        seats = present(game, Match(game, seed=0).observation(None)).seats
    except Exception:  # a presentation bug must not refuse the options: seat 0 then
        return 0
    return min((s.seat for s in seats if s.cards), default=0)
