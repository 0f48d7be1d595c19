"""A game at the table: the match, who sits where (people and bots), the hint bot and the record file.

:class:`Session` is the referee's side that both the full-screen app and the ``--plain`` line mode drive. It holds
the :class:`~kirifuda.match.Match` (and so every state); what it hands a surface for a seat is that seat's
presentation (:func:`~kirifuda.presentation.present` of its observation), its choices and its own history —
never another seat's hand. Bots get their seat's information state through
:class:`~kirifuda.arena.Seating`; a bot's thinking is split into :meth:`bot_turn` (gather its information
on the caller's thread) and :meth:`Turn.decide` (think, on any thread) so a surface can think off its UI thread.

The session resolves chance itself (its match runs with ``auto_chance`` off): when a deal ends it stops there
(:attr:`Session.at_deal_end`) so the table can show how the deal ended, and deals the next one only when a person
continues (:meth:`Session.next_deal`). With ``autosave`` it writes the record after every action (atomically), and
:func:`save_on_signals` writes it when the terminal closes (SIGHUP) or the game is killed (SIGTERM).
"""

from __future__ import annotations

import secrets
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from ..arena import Seating
from ..bots import BotError, HeuristicBot, RandomBot, SearchBot, check_name, make_bot
from ..bots.info import InfoState
from ..bots.registry import Player
from ..core import Action, Game, KirifudaError, Seen
from ..match import Match
from ..presentation import choices, event, present
from ..presentation.model import Choice, Table, Text, Zone
from ..records import BOT, PERSON, Sitter, save
from ..records import Seating as SeatingRecord

HUMAN = "me"
"""The seat entry of a person at the table (``--seats me,normal,…``)."""
DEFAULT_BOT = "normal"


class SeatError(KirifudaError):
    """A ``--seats`` entry that is neither ``me`` nor a bot that may sit at a table."""


def parse_seats(spec: str | None, game: Game, *, person: int = 0) -> list[str]:
    """One entry per seat: ``me`` or a bot name. Default: ``me`` at seat ``person`` and ``normal`` bots elsewhere."""
    n = game.seat_count
    if spec is None:
        return [HUMAN if s == person else DEFAULT_BOT for s in range(n)]
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


def first_seat_with_cards(match: Match) -> int:
    """The lowest seat that holds a hand in the deal now (the default seat of a person): a 6-player Gonin-kan
    deals the first dealer no cards in round 1 (docs/cli.md), so a person is not seated there by default."""
    seats = present(match.game, match.observation(None)).seats
    return min((s.seat for s in seats if s.cards), default=0)


def seats_of(seating: SeatingRecord) -> tuple[list[str], list[str | None]]:
    """A record's seating as ``--seats`` entries and display names."""
    entries = [HUMAN if s.player == PERSON else (s.bot or DEFAULT_BOT) for s in seating.seats]
    return entries, [s.name for s in seating.seats]


def new_seed() -> int:
    return secrets.randbelow(2**31)


def default_record_path(game: Game, seed: int | None, directory: Path = Path("records")) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return directory / f"{game.id}-{stamp}-seed{seed}.json"


def log_line(game: Game, seen: Seen) -> Text:
    """One event of a seat's history as the log shows it, wholly in each language (``席2: ビッド ハート♥``): the
    presentation model's reading (:func:`kirifuda.presentation.event`), the same as the browser's log."""
    return event(game, seen)


def trick_key(zone: Zone) -> tuple[object, ...]:
    """What tells one completed trick (turn) from another: its cards and who played them."""
    return (tuple((c.card, c.seat) for c in zone.cards), tuple(trick_key(z) for z in zone.zones))


def completed(table: Table) -> Zone | None:
    """The trick (turn) just completed that the table shows: a center zone keyed ``last_…`` of kind trick/sets."""
    return next((z for z in table.center if z.key.startswith("last_") and z.kind in ("trick", "sets")), None)


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
        names: Sequence[str | None] = (),
        autosave: bool = False,
    ) -> None:
        game = match.game
        if len(seats) != game.seat_count:
            raise SeatError(f"{game.id} has {game.seat_count} seats, not {len(seats)}")
        self.match = match
        self.game = game
        self.seats = list(seats)
        self.names: list[str | None] = [names[s] if s < len(names) else None for s in range(game.seat_count)]
        self.autosave = autosave
        self._tricks: dict[int | None, tuple[int, int, list[Zone]]] = {}
        self.humans = tuple(s for s, name in enumerate(seats) if name == HUMAN)
        self.bot_seed = bot_seed
        self.seating = Seating(
            match, {s: make_bot(name, game, bot_seed) for s, name in enumerate(seats) if name != HUMAN}
        )
        check_name(hint_bot)
        self.hint_bot = hint_bot
        self.record_path = record_path or default_record_path(game, match.seed)
        match.auto_chance = False  # the session deals: a finished deal waits for next_deal()
        self.settle()

    # chance: the end of a deal waits
    @property
    def at_deal_end(self) -> bool:
        """A deal is over and the next one is pending: the table shows how it ended until someone continues."""
        return self.game.chance(self.match.state) == "deal" and bool(self.match.deals)

    def settle(self) -> None:
        """Resolve the chance events now pending (a first deal, Gonin-kan's blind swap), but not the next deal."""
        if not self.at_deal_end:
            self.match.resolve_chance()

    def next_deal(self) -> None:
        """Continue after the end of a deal: deal the next one (and what chance follows it)."""
        self.match.resolve_chance()
        self._changed()

    def _changed(self) -> None:
        if self.autosave:
            self.save()

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
        return [log_line(self.game, seen) for seen in self.match.view(seat).history()[start:]]

    def tricks(self, seat: int | None) -> list[Zone]:
        """The tricks (turns) completed in this deal, in order, as ``seat`` saw them: from its own view of the
        history (each completed trick as its table showed it), never another seat's hidden cards."""
        view = self.match.view(seat)
        history = view.history()
        start = max((i + 1 for i, seen in enumerate(history) if seen.actor == "deal"), default=0)
        cached = self._tricks.get(seat)
        if cached is None or cached[0] != start or cached[1] > len(history):
            cached = (start, start, [])
        _, done, found = cached
        for _, _, after in view.steps(done):
            zone = completed(present(self.game, after))
            if zone is None:
                continue
            if found and trick_key(found[-1]) == trick_key(zone):
                found[-1] = zone  # the same trick, maybe with more said about it
            else:
                found.append(zone)
        self._tricks[seat] = (start, len(history), found)
        return list(found)

    def seat_label(self, seat: int) -> Text:
        """Who sits at ``seat``: their name if they gave one, あなた / you, or the bot's level."""
        name = self.seats[seat]
        if self.names[seat] is not None:
            return Text(str(self.names[seat]), str(self.names[seat]))
        if name == HUMAN:
            return Text("あなた", "you") if len(self.humans) == 1 else Text(f"プレイヤー{seat}", f"player {seat}")
        return Text(name, name)

    # acting
    def act(self, seat: int, action: Action | str) -> None:
        """A person's action (``IllegalAction`` / ``NotationError`` say why, nothing changed)."""
        self.match.act(seat, action)
        self.settle()
        self._changed()

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
        self.settle()
        self._changed()
        return True

    def play_bots(self, *, through_deals: bool = False) -> None:
        """Let the bots act until a person is to act, a deal ends (``through_deals``: go on) or the game ends (no
        delay: the line mode, self-play)."""
        while not self.match.finished and not self.waiting_humans():
            if self.at_deal_end and through_deals:
                self.next_deal()
                continue
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
    def sitting(self) -> SeatingRecord:
        """Who sits where, as the record keeps it (``seating``)."""
        return SeatingRecord(
            tuple(
                Sitter(PERSON, name=self.names[s])
                if entry == HUMAN
                else Sitter(BOT, bot=entry, name=self.names[s] or entry)
                for s, entry in enumerate(self.seats)
            )
        )

    def save(self, path: Path | None = None) -> Path:
        """Write the record (with the seating) to ``path`` or the session's record path, atomically."""
        return save(self.match, path or self.record_path, seating=self.sitting())


SAVE_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""The signals that save the record before the game stops: killed, or its terminal closed."""


@contextmanager
def save_on_signals(session: Session, said: Callable[[Path, int], None] | None = None) -> Iterator[None]:
    """While inside, SIGTERM and SIGHUP save the record, then stop the program with exit code 128 + the signal
    (the line mode; the full-screen app does the same through its event loop)."""

    def handler(signum: int, frame: object) -> None:
        path = session.save()
        if said is not None:
            with suppress(OSError):  # the terminal is gone (SIGHUP)
                said(path, signum)
        raise SystemExit(128 + signum)

    previous = {sig: signal.signal(sig, handler) for sig in SAVE_SIGNALS}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


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
