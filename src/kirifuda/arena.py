"""The arena: bots seated at a match by the referee, each asked for its decisions from its own seat's information
state.

:class:`Seating` is the referee's side of the bot interface, outside :mod:`kirifuda.bots` (which never sees a
match): it holds the :class:`~kirifuda.match.Match` (and so every state), keeps an
:class:`~kirifuda.bots.info.InfoTracker` per seat, and hands each bot only its seat's
:class:`~kirifuda.bots.info.InfoState` and legal actions. Cheating twins are seated only when ``allow_cheats`` is
given (the tournament's evaluation); only here is a cheating twin handed the true state.

:func:`seat_moments` walks a finished match again as one seat saw it, for a review (``kirifuda review``,
``kirifuda view --review``, the browser's replay).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from .bots.base import Bot, BotError, CheatingBot
from .bots.info import InfoState, InfoTracker
from .bots.registry import knowledge_for
from .bots.review import Moment
from .core import Action, Game
from .match import Match

Player = Bot | CheatingBot


class Seating:
    def __init__(self, match: Match, players: Mapping[int, Player], *, allow_cheats: bool = False) -> None:
        game = match.game
        for seat, player in players.items():
            if not 0 <= seat < game.seat_count:
                raise BotError(f"no seat {seat} in {game.id}")
            if isinstance(player, CheatingBot) and not allow_cheats:
                raise BotError(
                    f"{player.name!r} searches the true state: for evaluation only",
                    ja=f"{player.name} は評価専用のボットです",
                )
        self.match = match
        self.players = dict(players)
        self._trackers: dict[int, InfoTracker] = {}

    def info(self, seat: int) -> InfoState:
        """``seat``'s information state now (built from its own view of the match only)."""
        tracker = self._trackers.get(seat)
        if tracker is None:
            game = self.match.game
            tracker = self._trackers[seat] = InfoTracker(
                self.match.view(seat), knowledge_for(game, seat), game=game.id, options=game.options.to_dict()
            )
        return tracker.info()

    def decide(self, seat: int) -> Action:
        """What the player at ``seat`` chooses now."""
        player = self.players[seat]
        legal = self.match.legal_actions(seat)
        if isinstance(player, CheatingBot):
            return player.act_on_state(self.match.state, seat, legal, len(self.match.events))
        return player.act(self.info(seat), legal)

    def waiting_bots(self) -> list[int]:
        """The seats to act now that have a player here."""
        return [s for s in sorted(self.match.to_act()) if s in self.players]

    def play(self, on_action: Callable[[int, Action], None] | None = None) -> None:
        """Let the seated players act until the game ends or a seat without one is to act."""
        match = self.match
        while not match.finished and not match.blocked:
            seats = self.waiting_bots()
            if not seats:
                return
            for seat in seats:
                action = self.decide(seat)
                match.act(seat, action)
                if on_action is not None:
                    on_action(seat, action)


def play_game(game: Game, players: Sequence[Player], *, seed: int, allow_cheats: bool = False) -> Match:
    """A whole game with one player per seat; the k-th deal comes from ``seed`` whoever sits where."""
    if len(players) != game.seat_count:
        raise BotError(f"{game.id} has {game.seat_count} seats, not {len(players)} players")
    match = Match(game, seed=seed)
    Seating(match, dict(enumerate(players)), allow_cheats=allow_cheats).play()
    return match


def seat_moments(match: Match, seat: int) -> list[Moment]:
    """Each decision of ``seat`` in the (replayed, legal) ``match``, as the seat knew it: the record walked again
    with the seat's information state taken before each of its actions (from its own view, as a bot is seated)."""
    game = match.game
    walk = Match(game, seed=match.seed, deals=match.deals, auto_chance=False)
    seating = Seating(walk, {})
    moments = []
    for index, (who, text) in enumerate(match.actions):
        if who == "chance":
            walk.resolve_chance(text)
            continue
        walk.resolve_chance()
        if who == seat:
            moments.append(
                Moment(
                    index=index,
                    event=len(walk.events),
                    info=seating.info(seat),
                    legal=tuple(walk.legal_actions(seat)),
                    played=game.parse_action(text),
                )
            )
        walk.act(who, text)
    return moments
