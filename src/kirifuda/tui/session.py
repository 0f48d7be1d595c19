"""A game at the table: the match, who sits where (people and bots), the hint bot and the record file.

:class:`Session` is the referee's side that both the full-screen app and the ``--plain`` line mode drive. It holds
the :class:`~kirifuda.match.Match` (and so every state); what it hands a surface for a seat is that seat's
presentation (:func:`~kirifuda.presentation.present` of its observation), its choices and its own history —
never another seat's hand. Bots get their seat's information state through
:class:`~kirifuda.arena.Seating`; a bot's thinking is split into :meth:`bot_turn` (gather its information
on the caller's thread) and :meth:`Turn.decide` (think, on any thread) so a surface can think off its UI thread.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..arena import Seating
from ..bots import BotError, HeuristicBot, RandomBot, SearchBot, check_name, make_bot
from ..bots.info import InfoState
from ..bots.registry import Player
from ..core import Action, Game, KirifudaError
from ..match import Match
from ..presentation import choices, event, present
from ..presentation.model import Choice, Table, Text
from ..records import save

HUMAN = "me"
"""The seat entry of a person at the table (``--seats me,normal,…``)."""
DEFAULT_BOT = "normal"


class SeatError(KirifudaError):
    """A ``--seats`` entry that is neither ``me`` nor a bot that may sit at a table."""


def parse_seats(spec: str | None, game: Game) -> list[str]:
    """One entry per seat: ``me`` or a bot name. Default: ``me`` at seat 0 and ``normal`` bots elsewhere."""
    n = game.seat_count
    if spec is None:
        return [HUMAN] + [DEFAULT_BOT] * (n - 1)
    entries = [word.strip() for word in spec.split(",")]
    if len(entries) != n:
        example = ",".join([HUMAN] + [DEFAULT_BOT] * (n - 1))
        raise SeatError(
            f"{game.id} has {n} seats with these options: --seats takes {n} entries, not {len(entries)} "
            f"(e.g. {example})",
            ja=f"{game.title_ja} はこのオプションで {n} 席です。--seats には {n} 個の指定が必要です(例: {example})",
        )
    for entry in entries:
        if entry != HUMAN:
            try:
                check_name(entry)
            except BotError as e:
                raise SeatError(f"--seats: {e}", ja=f"--seats: {e.ja}") from None
    return entries


def new_seed() -> int:
    return secrets.randbelow(2**31)


def default_record_path(game: Game, seed: int | None, directory: Path = Path("records")) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return directory / f"{game.id}-{stamp}-seed{seed}.json"


@dataclass(frozen=True)
class Turn:
    """One decision a bot is asked for: everything it may use, gathered on the referee's thread."""

    seat: int
    player: Player
    info: InfoState
    legal: tuple[Action, ...]
    events: int  # the match's length when asked: the answer applies to this moment only

    def decide(self) -> Action:
        """The bot's action (it may take a while: call it off the UI thread)."""
        return self.player.act(self.info, self.legal)


class BotFailed(KirifudaError):
    """A bot could not decide (e.g. its game's sampler is not built yet)."""


class Session:
    """A game in progress at one table (see the module docstring)."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[str],
        *,
        bot_seed: int = 0,
        hint_bot: str = DEFAULT_BOT,
        record_path: Path | None = None,
    ) -> None:
        game = match.game
        if len(seats) != game.seat_count:
            raise SeatError(f"{game.id} has {game.seat_count} seats, not {len(seats)}")
        self.match = match
        self.game = game
        self.seats = list(seats)
        self.humans = tuple(s for s, name in enumerate(seats) if name == HUMAN)
        self.bot_seed = bot_seed
        self.seating = Seating(
            match, {s: make_bot(name, game, bot_seed) for s, name in enumerate(seats) if name != HUMAN}
        )
        check_name(hint_bot)
        self.hint_bot = hint_bot
        self.record_path = record_path or default_record_path(game, match.seed)

    # whose turn
    @property
    def finished(self) -> bool:
        return self.match.finished

    def waiting_humans(self) -> list[int]:
        return [s for s in sorted(self.match.to_act()) if s in self.humans]

    def waiting_bots(self) -> list[int]:
        return self.seating.waiting_bots()

    def viewer(self) -> int | None:
        """The seat whose table a person sees now: the person to act, else the first person seated."""
        waiting = self.waiting_humans()
        if waiting:
            return waiting[0]
        return self.humans[0] if self.humans else None

    # what a seat sees
    def table(self, seat: int | None) -> Table:
        return present(self.game, self.match.observation(seat))

    def choices(self, seat: int) -> list[Choice]:
        return choices(self.game, self.match.observation(seat), self.match.legal_actions(seat))

    def log(self, seat: int | None, start: int = 0) -> list[Text]:
        """The events from index ``start`` on, as ``seat`` saw them."""
        return [event(self.game, seen) for seen in self.match.view(seat).history()[start:]]

    def seat_label(self, seat: int) -> Text:
        """Who sits at ``seat``: あなた / you, or the bot's name."""
        name = self.seats[seat]
        if name == HUMAN:
            return Text("あなた", "you") if len(self.humans) == 1 else Text(f"プレイヤー{seat}", f"player {seat}")
        return Text(name, name)

    # acting
    def act(self, seat: int, action: Action | str) -> None:
        """A person's action (``IllegalAction`` / ``NotationError`` say why, nothing changed)."""
        self.match.act(seat, action)

    def bot_turn(self, seat: int) -> Turn:
        player = self.seating.players[seat]
        assert isinstance(player, (RandomBot, HeuristicBot, SearchBot)), "only fair bots sit at a table"
        return Turn(
            seat, player, self.seating.info(seat), tuple(self.match.legal_actions(seat)), len(self.match.events)
        )

    def hint_turn(self, seat: int) -> Turn:
        """What the hint bot would be asked for ``seat`` now (``kirifuda suggest``)."""
        player = make_bot(self.hint_bot, self.game, self.bot_seed)
        return Turn(
            seat, player, self.seating.info(seat), tuple(self.match.legal_actions(seat)), len(self.match.events)
        )

    def apply(self, turn: Turn, action: Action) -> bool:
        """Apply a bot's answer if the match is still where it was asked; False if it moved on meanwhile."""
        if len(self.match.events) != turn.events:
            return False
        self.match.act(turn.seat, action)
        return True

    def play_bots(self) -> None:
        """Let the bots act until a person is to act or the game ends (no delay: the line mode, self-play)."""
        while not self.match.finished and not self.waiting_humans():
            waiting = self.waiting_bots()
            if not waiting:
                return
            turn = self.bot_turn(waiting[0])
            self.apply(turn, decide(turn))

    def replace_bot(self, seat: int, name: str) -> None:
        """Seat another bot at ``seat`` (after one failed)."""
        check_name(name)
        self.seats[seat] = name
        self.seating.players[seat] = make_bot(name, self.game, self.bot_seed)

    # the record
    def save(self, path: Path | None = None) -> Path:
        return save(self.match, path or self.record_path)


def decide(turn: Turn) -> Action:
    """A bot's decision, with a bot that cannot play this game yet reported as :class:`BotFailed`."""
    try:
        return turn.decide()
    except NotImplementedError as e:
        name = turn.player.name
        raise BotFailed(
            f"the {name!r} bot at seat {turn.seat} cannot play yet: {e}",
            ja=f"席{turn.seat}のボット {name} はまだこのゲームを打てません({e})",
        ) from None
