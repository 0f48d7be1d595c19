"""The game protocol every rules module implements, and the errors it raises.

A game id maps (through :mod:`kirifuda.registry`) to a :class:`Game` subclass in
``kirifuda.games``. A :class:`Game` instance is bound to one frozen :class:`Options` value and
is stateless itself: states are immutable values and every method is a pure function of its
arguments. The shapes follow ../shared/STYLE.md ("One module per game, the same small
protocol"):

* ``initial()`` — the state before the first deal;
* ``chance(state)`` — the kind of random event awaited (``"deal"`` or a game's own kind, such
  as Gonin-kan's ``"swap"``), or ``None``; dealing is explicit: ``random_deal`` draws one with
  a caller's seeded ``random.Random`` and ``apply_deal`` applies it, so a record can give it;
* ``to_act(state)`` — the *set* of seats whose decision is awaited (several at once in
  simultaneous games, empty while a chance event is pending or the game is over);
* ``legal_actions(state, seat)`` / ``apply(state, seat, action)`` — ``apply`` is pure and raises
  :class:`IllegalAction` saying why, with nothing changed;
* ``observation(state, seat)`` — what one seat (``None``: a spectator) may know; the only view of a
  state that ever leaves the rules core;
* ``deal_scores`` / ``score_lines`` / ``totals`` / ``winners`` — ``score_lines`` explains each deal's
  score as named :class:`ScoreLine` values (the rule id of docs/rules/<game>.md and its name), kept by the
  state where the deal is scored, so the two never disagree.
"""

from __future__ import annotations

import dataclasses
import enum
import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Generic, cast

from typing_extensions import TypeVar  # TypeVar defaults (PEP 696) are in ``typing`` from Python 3.13

from . import cards as C

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T")
D = TypeVar("D", bound="DataclassInstance")


class KirifudaError(Exception):
    """Base of every error the rules core raises on bad input. The message says why.

    ``str(error)`` is the English message (what ``kirifuda replay`` prints); ``ja`` is its Japanese twin
    for a player's screen, and :meth:`bilingual` gives both."""

    def __init__(self, message: str = "", ja: str | None = None):
        super().__init__(message)
        self.ja = ja

    def bilingual(self) -> str:
        return f"{self.ja} — {self}" if self.ja else str(self)


class OptionError(KirifudaError):
    """An unknown option name, or a value the option does not take."""


class NotationError(KirifudaError):
    """Text that is not an action (or card) of this game."""


class IllegalAction(KirifudaError):
    """A well-formed action that the rules forbid now (wrong seat, must follow, …)."""


class DealError(KirifudaError):
    """An impossible deal: wrong cards, wrong counts, unknown piles."""


# --- options --------------------------------------------------------------------------------


def option(default: Any, *choices: Any, kind: type | None = None, doc: str = "") -> Any:
    """Declare an option field: its default, then every other value it takes (none: any value of its
    type; the default repeated alone, ``option(5, 5)``: that value only). A default of ``None`` with a
    ``kind`` means "derived from the other options" (e.g. ``deals``: one per player): the options type
    resolves it in its ``__post_init__``, so a value and a record always hold the actual number."""
    allowed = tuple(dict.fromkeys((default, *choices))) if choices else None
    return field(default=default, metadata={"choices": allowed, "doc": doc, "kind": kind})


@dataclass(frozen=True, kw_only=True)
class Options:
    """Base of each game's frozen, keyword-only options type (../shared/spec/records.md).

    Every game takes ``first_dealer`` (a seat). Unknown names and values outside an option's
    choices raise :class:`OptionError`; nothing is ever silently ignored.
    """

    players: int = option(4)
    first_dealer: int = option(0, doc="the first dealer (or start player): a seat")

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            kind = f.metadata.get("kind") or type(f.default)
            if value is None and f.default is None:
                continue  # derived: resolved by the subclass after this check
            if type(value) is not kind:
                raise OptionError(
                    f"option {f.name!r} takes {_KINDS.get(kind, kind.__name__)}, not {value!r}",
                    ja=f"オプション {f.name} の値の型が違います",
                )
            choices = f.metadata.get("choices")
            if choices is not None and value not in choices:
                shown = ", ".join(json_value(c) for c in choices)
                raise OptionError(
                    f"option {f.name!r} takes one of {shown}, not {json_value(value)}",
                    ja=f"オプション {f.name} は {shown} のどれかです",
                )
        if not 0 <= self.first_dealer < self.seat_count():
            raise OptionError(
                f"option 'first_dealer' must be a seat 0..{self.seat_count() - 1}",
                ja=f"first_dealer(最初の親)は席 0〜{self.seat_count() - 1} です",
            )

    def seat_count(self) -> int:
        """How many seat ids a record has (Gonin-kan 6 counts the non-playing dealer)."""
        return self.players

    @classmethod
    def from_dict(cls, values: dict[str, Any] | None) -> Options:
        """Build from a record's ``options`` object; missing names take their defaults."""
        values = dict(values or {})
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(values) - names)
        if unknown:
            raise OptionError(
                f"unknown option {unknown[0]!r} (this game takes: {', '.join(sorted(names))})",
                ja=f"{unknown[0]} というオプションはありません",
            )
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}

    @classmethod
    def describe(cls) -> list[tuple[str, Any, tuple[Any, ...] | None, str]]:
        """(name, default, choices, doc) of every option, for help texts and docs."""
        return [
            (f.name, f.default, f.metadata.get("choices"), f.metadata.get("doc", "")) for f in dataclasses.fields(cls)
        ]


_KINDS = {bool: "true or false", int: "a whole number", str: "a string"}


def json_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return str(v)


# --- deals ----------------------------------------------------------------------------------

PILES = ("rest", "spare", "dummy")


@dataclass(frozen=True)
class Deal:
    """One deal: a hand per seat (``()`` for a non-playing dealer) and the extra piles, top first.

    ``rest``: cards left out or aside; ``spare``: Anarchy Bomb's face-up card; ``dummy``: the
    3-player dummy stock (../shared/spec/records.md, "The record").
    """

    hands: tuple[tuple[int, ...], ...]
    rest: tuple[int, ...] = ()
    spare: tuple[int, ...] = ()
    dummy: tuple[int, ...] = ()

    def all_cards(self) -> list[int]:
        out = [c for h in self.hands for c in h]
        for pile in PILES:
            out.extend(getattr(self, pile))
        return out

    def to_json(self) -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"hands": [[C.text(c) for c in h] for h in self.hands]}
        for pile in PILES:
            if getattr(self, pile) or pile == "rest":
                out[pile] = [C.text(c) for c in getattr(self, pile)]
        return out

    @classmethod
    def from_json(cls, obj: Any) -> Deal:
        """Read a record's deal; second copies of a double deck get the :data:`~kirifuda.cards.COPY` flag
        in the order they are met (hands first, then rest, spare, dummy)."""
        if not isinstance(obj, dict) or "hands" not in obj:
            raise DealError("a deal is an object with 'hands'", ja="配札には hands が必要です")
        unknown = sorted(set(obj) - {"hands", *PILES})
        if unknown:
            raise DealError(
                f"unknown pile {unknown[0]!r} in a deal (piles: hands, {', '.join(PILES)})",
                ja=f"配札に {unknown[0]} という山はありません",
            )
        seen: Counter[int] = Counter()

        def read(lst: Any, what: str) -> tuple[int, ...]:
            if not isinstance(lst, list) or not all(isinstance(t, str) for t in lst):
                raise DealError(f"{what} must be a list of card texts", ja="カードの一覧が必要です")
            out = []
            for t in lst:
                try:
                    c = C.parse(t)
                except C.CardError as e:
                    raise DealError(f"{what}: {e}", ja="カードが読めません") from None
                out.append(c | C.COPY if seen[c] == 1 else c)
                seen[c] += 1
                if seen[c] > 2:
                    raise DealError(
                        f"{what}: {C.text(c)} appears more than twice", ja=f"{C.symbol(c)} が3枚以上あります"
                    )
            return tuple(out)

        hands = obj["hands"]
        if not isinstance(hands, list):
            raise DealError("'hands' must be a list of hands", ja="hands は手札の一覧です")
        hs = tuple(read(h, f"hand {i}") for i, h in enumerate(hands))
        piles = {p: read(obj.get(p, []), p) for p in PILES}
        return cls(hs, **piles)

    def check(self, deck: Sequence[int], sizes: Sequence[int], piles: dict[str, int] | None = None) -> None:
        """Raise :class:`DealError` unless this deal uses every card of ``deck`` once, gives seat ``i``
        exactly ``sizes[i]`` cards, and its piles have the sizes in ``piles`` (absent: empty)."""
        piles = piles or {}
        if len(self.hands) != len(sizes):
            raise DealError(f"a deal has {len(sizes)} hands, not {len(self.hands)}", ja=f"手札は {len(sizes)} 人分です")
        for i, (h, n) in enumerate(zip(self.hands, sizes, strict=True)):
            if len(h) != n:
                raise DealError(f"hand {i} must hold {n} cards, not {len(h)}", ja=f"席 {i} の手札は {n} 枚です")
        for pile in PILES:
            want = piles.get(pile, 0)
            if len(getattr(self, pile)) != want:
                raise DealError(
                    f"pile {pile!r} must hold {want} cards, not {len(getattr(self, pile))}",
                    ja=f"{pile} の山は {want} 枚です",
                )
        if sorted(self.all_cards()) == sorted(deck):
            return  # the quick path (random deals, records read by from_json); names are checked below
        have = Counter(C.text(c) for c in self.all_cards())
        need = Counter(C.text(c) for c in deck)
        if have != need:
            extra = sorted((have - need).elements())
            missing = sorted((need - have).elements())
            raise DealError(
                "the deal does not use the deck exactly once"
                + (f"; not in the deck: {' '.join(extra)}" if extra else "")
                + (f"; missing: {' '.join(missing)}" if missing else ""),
                ja="配札が山札をちょうど1回ずつ使っていません",
            )


def deal_round(
    deck: Sequence[int], rng: random.Random, n: int, first: int, per_hand: int
) -> tuple[list[list[int]], list[int]]:
    """Shuffle ``deck`` and deal ``per_hand`` cards one at a time to ``n`` seats clockwise starting with
    ``first``; returns the hands by seat and the undealt rest (top first)."""
    pack = list(deck)
    rng.shuffle(pack)
    hands: list[list[int]] = [[] for _ in range(n)]
    for k in range(per_hand * n):
        hands[(first + k) % n].append(pack[k])
    return hands, pack[per_hand * n :]


# --- score lines ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """What one scoring rule gave one seat in one deal (Gonin-kan: battle).

    ``rule`` is the rule's id exactly as docs/rules/<game>.md carries it (e.g. ``"S1"``), ``en``/``ja`` its
    name; the amounts of a seat's lines in a deal sum to its deal score. A rule that gave a seat 0 has no
    line."""

    seat: int
    rule: str
    en: str
    ja: str
    amount: int


@dataclass(frozen=True, slots=True)
class ScoreRule:
    """A scoring rule of a game: its id in docs/rules/<game>.md and its name, to make :class:`ScoreLine` values."""

    rule: str
    en: str
    ja: str

    def line(self, seat: int, amount: int) -> ScoreLine:
        return ScoreLine(seat, self.rule, self.en, self.ja, amount)


def scored_lines(seat: int, parts: Iterable[tuple[ScoreRule, int]]) -> tuple[ScoreLine, ...]:
    """The lines of ``seat`` from (rule, amount) parts, leaving out rules that gave it 0."""
    return tuple(rule.line(seat, amount) for rule, amount in parts if amount)


def line_totals(lines: Iterable[ScoreLine], seats: int) -> tuple[int, ...]:
    """Each seat's sum of ``lines``: the deal score they explain."""
    out = [0] * seats
    for line in lines:
        out[line.seat] += line.amount
    return tuple(out)


# --- actions and observations ----------------------------------------------------------------


class Action:
    """Base of each game's typed actions. ``str(action)`` is the canonical record text and
    ``Game.parse_action(text)`` reads it back (../shared/spec/records.md, "Action text")."""

    __slots__ = ()


def to_jsonable(value: Any) -> Any:
    """Plain JSON data of an observation (dataclasses, tuples, card sets, enums)."""
    if isinstance(value, C.CardSet):
        return value.texts()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, frozenset, set)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return [to_jsonable(v) for v in items]
    return value


@dataclass(frozen=True, slots=True)
class Seen:
    """One event of a game as one seat saw it: an entry of that seat's history.

    ``actor`` is the seat that acted, ``"deal"`` for a deal or ``"chance"`` for another chance event;
    ``text`` is the event's record text with what the seat may not know written ``?`` (``play ?`` for a card
    chosen face down, ``give ?`` for a card passed between two others). A deal reads ``deal`` followed by
    the seat's own hand as dealt (a spectator's: ``deal``)."""

    actor: int | str
    text: str

    def to_json(self) -> list[int | str]:
        return [self.actor, self.text]


HIDDEN = "?"
"""What a seat's history shows in place of something it may not know."""


@dataclass(frozen=True)
class Observation:
    """Base of each game's observation: what ``seat`` may know (``None``: a spectator), starting with the public
    fields every game has; a game's subclass adds its own."""

    seat: int | None
    phase: str  # the game's phase: "deal" while a deal is pending, "over" at the end, else the game's own
    to_act: tuple[int, ...]  # the seats whose decision is awaited
    hand_sizes: tuple[int, ...]  # cards in each seat's hand
    deal_scores: tuple[tuple[int, ...], ...]  # each completed deal's score per seat (Game.deal_scores)
    totals: tuple[int, ...]  # the running total per seat
    deal_lines: tuple[tuple[ScoreLine, ...], ...]  # each completed deal's score lines (Game.score_lines)

    def to_json(self) -> dict[str, Any]:
        return cast(dict[str, Any], to_jsonable(self))  # a dataclass becomes an object


# --- the protocol ---------------------------------------------------------------------------

_BaseOptions = Options  # inside Game, the name ``Options`` is the class attribute naming a game's own type

StateT = TypeVar("StateT", default=Any)
"""A game's state type. Code that does not know the game (``Game`` unparametrised) holds states opaquely."""
ActionT = TypeVar("ActionT", bound=Action, covariant=True, default=Action)
"""A game's action type (usually a union of its :class:`Action` classes). Covariant: ``apply`` takes any
:class:`Action` or text and says why it is not one of the game's own."""
ObsT = TypeVar("ObsT", bound=Observation, covariant=True, default=Observation)
"""A game's observation type, a subclass of :class:`Observation`."""


class Game(ABC, Generic[StateT, ActionT, ObsT]):
    """One game id bound to its options. Stateless: every method is a pure function of its arguments.

    Generic over its state, action and observation types: a game module declares them, e.g.
    ``class Anou(Game[AnouState, AnouAction, AnouObservation])``. A plain ``Game`` (a surface that takes any
    game) is ``Game[Any, Action, Observation]``: the observation base's fields are typed there too."""

    id: ClassVar[str]
    title: ClassVar[str]
    title_ja: ClassVar[str]
    Options: ClassVar[type[Options]]

    options: _BaseOptions
    """A game narrows this to its own options type, e.g. ``options: AnouOptions``."""

    def __init__(self, options: _BaseOptions | None = None, **values: Any):
        if options is None:
            options = self.Options.from_dict(values)
        elif values:
            raise OptionError("give options either as an Options value or as keywords")
        if not isinstance(options, self.Options):
            raise OptionError(f"{self.id} takes {self.Options.__name__}")
        self.options = options

    @property
    def seat_count(self) -> int:
        """Seat ids in records and scores (Gonin-kan 6: the non-playing dealer too)."""
        return self.options.seat_count()

    # lifecycle
    @abstractmethod
    def initial(self) -> StateT:
        """The state before the first deal (``chance`` is ``"deal"``)."""

    @abstractmethod
    def chance(self, state: StateT) -> str | None:
        """The kind of chance event awaited (``"deal"`` or a game's own), or ``None``."""

    @abstractmethod
    def to_act(self, state: StateT) -> frozenset[int]:
        """The seats whose decision is awaited; empty when a chance event is pending or the game is over."""

    @abstractmethod
    def is_over(self, state: StateT) -> bool: ...

    # chance
    @abstractmethod
    def random_deal(self, state: StateT, rng: random.Random) -> Deal:
        """Draw the next deal as the rules deal it, using only ``rng``."""

    @abstractmethod
    def check_deal(self, state: StateT, deal: Deal) -> None:
        """Raise :class:`DealError` unless ``deal`` is a possible next deal."""

    @abstractmethod
    def apply_deal(self, state: StateT, deal: Deal) -> StateT: ...

    def random_chance(self, state: StateT, rng: random.Random) -> str:
        """Draw a chance event other than a deal, as its record text (Gonin-kan's blind swap)."""
        raise NotImplementedError(f"{self.id} has no chance events besides deals")

    def apply_chance(self, state: StateT, text: str) -> StateT:
        raise IllegalAction(f"{self.id} has no chance events besides deals", ja="配札以外の偶然の出来事はありません")

    # decisions
    @abstractmethod
    def parse_action(self, text: str) -> ActionT:
        """Read an action's text (symbols, ``10``, lower case accepted); :class:`NotationError` if it is not one."""

    @abstractmethod
    def legal_actions(self, state: StateT, seat: int) -> list[ActionT]:
        """Every legal action of ``seat`` now, in canonical form (empty if it is not to act)."""

    @abstractmethod
    def apply(self, state: StateT, seat: int, action: Action | str) -> StateT:
        """The state after ``seat`` takes ``action``; :class:`IllegalAction` says why it may not."""

    # views
    @abstractmethod
    def observation(self, state: StateT, seat: int | None) -> ObsT: ...

    def seen(self, state: StateT, seat: int | None, actor: int, action: Action) -> str:
        """How ``seat`` (``None``: a spectator) sees ``actor``'s ``action``, taken in ``state`` (the state
        before it): its record text, with what ``seat`` may not know written ``?``. The default is for
        games where every decision is public; a game with face-down choices or private passes overrides it.
        The actor always sees its own action in full."""
        return str(action)

    def seen_chance(self, state: StateT, seat: int | None, event: str) -> str:
        """How ``seat`` sees a chance event other than a deal (its record text), taken in ``state``."""
        return event

    def seen_deal(self, state: StateT, seat: int | None) -> str:
        """How ``seat`` sees the deal that led to ``state``: ``deal`` and its own hand as dealt."""
        hand = getattr(self.observation(state, seat), "hand", None)
        return "deal" if not hand else "deal " + " ".join(hand.texts())

    @abstractmethod
    def reshuffle_unseen(self, state: StateT, seat: int | None, rng: random.Random) -> StateT:
        """A state that ``seat`` cannot tell from ``state``: the cards it cannot see are redistributed
        among the places it cannot see into, each keeping its size. Used to test that observations hide
        what they must, and by samplers."""

    @abstractmethod
    def all_cards(self, state: StateT) -> list[int]:
        """Every card of the current deal wherever it lies (hands, table, piles, walls, captured,
        discarded, out of play), for the card-conservation check; ``[]`` before the first deal."""

    @abstractmethod
    def deck(self) -> tuple[int, ...]:
        """The cards of one deal (a named deck of :mod:`kirifuda.cards`)."""

    # results
    @abstractmethod
    def deal_scores(self, state: StateT) -> tuple[tuple[int, ...], ...]:
        """Each completed deal's (Gonin-kan: battle's) score per seat."""

    @abstractmethod
    def score_lines(self, state: StateT) -> tuple[tuple[ScoreLine, ...], ...]:
        """Each completed deal's (Gonin-kan: battle's) score as named lines, indexed as :meth:`deal_scores`:
        for every seat the amounts of its lines in deal ``d`` sum to ``deal_scores(state)[d][seat]``."""

    def totals(self, state: StateT) -> tuple[int, ...]:
        scores = self.deal_scores(state)
        return tuple(sum(s[i] for s in scores) for i in range(self.seat_count))

    def winners(self, state: StateT) -> tuple[int, ...]:
        """The seats tied at the top total, once the game is over (else ``()``)."""
        if not self.is_over(state):
            return ()
        from .seats import winners_of

        return winners_of(self.totals(state))

    # helpers for implementations
    def _action(self, action: Action | str) -> Action:
        return self.parse_action(action) if isinstance(action, str) else action

    def _check_turn(self, state: StateT, seat: int) -> None:
        if type(seat) is not int:  # True == 1 in Python: a flag is not a seat
            raise IllegalAction(f"a seat is a number, not {seat!r}", ja="席は番号で指定します")
        waiting = self.to_act(state)
        if seat not in waiting:
            if not waiting:
                over = self.is_over(state)
                raise IllegalAction(
                    "no decision is awaited now" + (" (the game is over)" if over else ""),
                    ja="今は誰の手番でもありません" + ("(ゲーム終了)" if over else ""),
                )
            who = ", ".join(str(s) for s in sorted(waiting))
            raise IllegalAction(
                f"not seat {seat}'s turn: waiting for seat {who}",
                ja=f"席 {seat} の手番ではありません(席 {who} の手番です)",
            )


def parse_words(text: str) -> list[str]:
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {text!r}", ja="手は文字で書きます")
    return text.strip().split()


def chance_rng(seed: int, index: int) -> random.Random:
    """The generator for the ``index``-th chance event of a game with ``seed``: independent of
    earlier draws, so a record may give some events explicitly and leave others to the seed."""
    return random.Random(f"kirifuda/{seed}/{index}")


_LAYOUTS: dict[type[Any], tuple[attrgetter[Any], dict[str, int]]] = {}


def evolve(value: D, **changes: Any) -> D:
    """A frozen dataclass value with some fields changed: ``dataclasses.replace`` without its per-call
    introspection (apply is on the simulation's hot path). The class must take its fields positionally."""
    cls = type(value)
    layout = _LAYOUTS.get(cls)
    if layout is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        layout = _LAYOUTS[cls] = (attrgetter(*names), {name: i for i, name in enumerate(names)})
    getter, index = layout
    values = list(getter(value))
    for name, v in changes.items():
        values[index[name]] = v
    return cls(*values)


def replace_at(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``index`` replaced (states hold tuples, never lists)."""
    return values[:index] + (value,) + values[index + 1 :]


def require_cards(words: Iterable[str]) -> list[int]:
    try:
        return C.parse_many(list(words))
    except C.CardError as e:
        raise NotationError(str(e), ja="カードが読めません(例: AS, 10H, ♠Q, JK)") from None
