"""Go-out game designs (ゴーアウト): the article's six choices written down as a TOML file, validated, loaded.

Source: ../shared/seeds/004_2cf7c204125085f8.txt, the how-to that ends in Cut-in: a go-out game is made by
choosing 「カードの構成・プレー人数・カードの出し方のルール・得点の付け方・手番の回り方・パスの方式」 (seed
「ゴーアウトを作成するとしよう」 ①–⑥). A description file has one table per choice:

* ``[pack]`` ① the cards: ranks (low → high: the rank order), suits, copies, Jokers, an optional suit order;
* ``[players]`` ② the player counts, hand sizes and what happens to the cards left over;
* ``[play]`` ③ the combinations (n of a kind, runs) and how one beats another (more cards, cut-in, suit
  following, the lock 縛り, rank reversal 革命, pile-clearing ranks 8切り);
* ``[scoring]`` ④ the scoring; ``[turns]`` ⑤⑥ the turn order, who leads, the pass style; ``[end]`` and
  ``[length]`` when a hand and the game end.

:data:`FIELDS` is the one list of keys: :func:`validate` reads a description by it, :func:`json_schema` writes
docs/design.schema.json from it, and :func:`describe` words a design as a rules sheet (ja/en). Every error
names the key (``play.runs.min_length: must be ≥ 2 / play.runs.min_length は 2 以上``). A key the format has but
the engine (:mod:`kirifuda.games.goout`) cannot run yet is refused by :func:`unsupported` with the reason, never
mis-played. Presets ship as package data (``kirifuda/designs/*.toml``), each citing its source.

This module is part of the rules layer: it imports only the core.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from .core import OptionError

RANK_TEXTS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Rank names a design may use (``10`` also written ``T``)."""
SUIT_TEXTS = ("S", "H", "D", "C")
DAIFUGO_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]

PASS_STYLES = ("lap", "soft", "hard")
NEXT_STARTS = ("rotate", "winner", "holder")
FIRST_STARTS = ("first-dealer", "holder")
ENDS = ("first-out", "one-left")
LEFT_STYLES = ("rank", "card", "value", "none")
LEFTOVERS = ("aside", "deal")


class DesignError(OptionError):
    """A description that is not a valid go-out design, or one the engine cannot run; the message names the key."""


@dataclass(frozen=True)
class Field:
    """One key of the format: its dotted path, kind, default, limits and what it means (en/ja)."""

    key: str
    kind: str  # "int" "bool" "str" "ranks" "suits" "ints" "sizes" "multipliers" "values" "card"
    default: Any
    en: str
    ja: str
    choices: tuple[Any, ...] | None = None
    low: int | None = None
    high: int | None = None


FIELDS: tuple[Field, ...] = (
    Field("game.name", "str", "A go-out game", "the game's name", "ゲームの名前"),
    Field("game.name_ja", "str", "", "its Japanese name", "日本語の名前"),
    Field("game.source", "str", "", "where the rules come from", "ルールの出典"),
    # ① the cards (seed 「カードについて」)
    Field("pack.ranks", "ranks", DAIFUGO_RANKS, "ranks in the pack, weakest first: the rank order", "使う数字(弱い順)"),
    Field("pack.suits", "suits", list(SUIT_TEXTS), "suits in the pack", "使うスート"),
    Field(
        "pack.suit_order", "suits", [], "suit strength, weakest first ([]: suits never rank)", "スートの強さ(弱い順)"
    ),
    Field("pack.copies", "int", 1, "copies of each card", "各カードの枚数", low=1, high=2),
    Field("pack.jokers", "int", 0, "Jokers in the pack", "ジョーカーの枚数", low=0, high=2),
    Field(
        "pack.jokers_in_sets",
        "bool",
        True,
        "a Joker may stand for any card of an n of a kind (else it is played alone only)",
        "ジョーカーは同じ数字の組の1枚になれる(でなければ単独のみ)",
    ),
    Field(
        "pack.jokers_in_runs", "bool", False, "a Joker may stand for a card of a run", "ジョーカーは階段の1枚になれる"
    ),
    # ② the players (seed 「プレー人数」)
    Field("players.default", "int", 4, "the usual number of players", "標準の人数", low=2, high=8),
    Field(
        "players.allowed", "ints", [], "every player count allowed ([]: the default only)", "許す人数", low=2, high=8
    ),
    Field(
        "players.hand_sizes",
        "sizes",
        {},
        "cards each, by player count (absent: the largest equal share)",
        "人数ごとの手札の枚数(なければ等分)",
    ),
    Field(
        "players.leftover",
        "str",
        "aside",
        '"aside": undealt cards lie face down, out of play; "deal": every card is dealt, some get one more',
        "余りの札: aside 伏せて使わない / deal 全部配る(1枚多い人がいる)",
        LEFTOVERS,
    ),
    Field("players.min_hand", "int", 1, "the smallest hand a deal may give", "手札の最小枚数", low=1, high=60),
    # ③ the combinations and how one beats another (seed 「カードの出し方」)
    Field(
        "play.set_sizes", "ints", [1, 2, 3, 4], "n of a kind that may be played", "出せる同じ数字の枚数", low=1, high=8
    ),
    Field("play.runs.enabled", "bool", False, "runs (階段) may be played", "階段を出せる"),
    Field("play.runs.suited", "bool", True, "a run is of one suit (else any suits)", "階段は同じスート"),
    Field("play.runs.min_length", "int", 3, "the shortest run", "階段の最小の長さ", low=2, high=13),
    Field("play.runs.max_length", "int", 13, "the longest run", "階段の最大の長さ", low=2, high=13),
    Field("play.full_house", "bool", False, "a full house (3 + 2) may be played", "フルハウスを出せる"),
    Field(
        "play.more_cards",
        "bool",
        False,
        "more cards of a kind beat fewer, any rank (else the same number only)",
        "枚数の多い組は少ない組に勝つ(でなければ同じ枚数のみ)",
    ),
    Field(
        "play.cut_in",
        "bool",
        False,
        "cut-in: a single of a suit not in the set, of its rank or higher",
        "カットイン: 組にないスートの同じ数字以上の1枚",
    ),
    Field(
        "play.cut_in_sizes",
        "ints",
        [2, 3],
        "sets that may be cut into, by size",
        "カットインできる組の枚数",
        low=2,
        high=8,
    ),
    Field("play.follow_suit", "bool", False, "every play has the suits of the one before", "前の組と同じスートを出す"),
    Field("play.lock.enabled", "bool", False, "the lock (縛り)", "縛り(ロック)"),
    Field(
        "play.lock.singles_only",
        "bool",
        False,
        "only two singles of one suit lock, and then only singles of it may be played",
        "同じスートの1枚出し2回でロック、以後その1枚出しのみ",
    ),
    Field("play.lock.reverse", "bool", False, "under the lock the rank order is reversed", "ロック中は強弱が逆転"),
    Field("play.revolution.enabled", "bool", False, "revolution (革命) reverses the rank order", "革命"),
    Field("play.revolution.size", "int", 4, "cards of a kind that make a revolution", "革命になる枚数", low=2, high=8),
    Field(
        "play.clear_ranks", "ranks", [], "a play with one of these ranks clears the pile (8切り)", "場を流す数字(8切り)"
    ),
    # ⑤⑥ turns and passes (seed 「手番の回り方とパス」)
    Field(
        "turns.pass",
        "str",
        "soft",
        '"lap": one lap a turn; "soft": round until all pass, a pass is for one go; "hard": a pass is for the turn',
        "lap 1周 / soft パスしても次に出せる / hard パスしたらそのターンは出せない",
        PASS_STYLES,
    ),
    Field(
        "turns.first_start",
        "str",
        "first-dealer",
        "who starts the first hand: the first dealer, or the holder of turns.first_card",
        "最初のスタートプレイヤー",
        FIRST_STARTS,
    ),
    Field("turns.first_card", "card", "3D", "the card whose holder starts", "持っている人が始める札"),
    Field(
        "turns.first_play_includes",
        "bool",
        False,
        "the first play of a hand started by the holder includes that card",
        "最初の手にその札を含める",
    ),
    Field(
        "turns.next_start",
        "str",
        "rotate",
        'who starts later hands: "rotate" the next seat; "winner" who went out first; "holder" of the first card',
        "次のハンドのスタートプレイヤー",
        NEXT_STARTS,
    ),
    # the end of a hand and the game
    Field(
        "end.until",
        "str",
        "one-left",
        '"first-out": the hand ends when one player runs out; "one-left": play on until one player holds cards',
        "first-out 1人上がりで終了 / one-left 1人残るまで",
        ENDS,
    ),
    Field(
        "end.finish_turn",
        "bool",
        False,
        "first-out: the turn in which someone runs out is played to its end",
        "上がりのターンは最後まで続ける",
    ),
    # ④ the scoring (seed 「点数について」)
    Field("scoring.went_out", "int", 0, "points for going out", "上がりの点", low=-1000, high=1000),
    Field(
        "scoring.left",
        "str",
        "none",
        'cards left: "rank" −(base + k) per rank held k times; "card" −1 each; "value" −its value; "none"',
        "残り札: rank 数字ごと / card 1枚ごと / value 強さ / none なし",
        LEFT_STYLES,
    ),
    Field("scoring.rank_base", "int", 4, '"rank": the base of −(base + k)', "rank の基本の減点", low=0, high=100),
    Field(
        "scoring.values",
        "values",
        {},
        '"value": points per rank (absent: place in the rank order, 1 up)',
        "数字ごとの減点",
    ),
    Field(
        "scoring.finish_points",
        "ints",
        [],
        "points by finishing place, first out first",
        "上がり順の点(1位から)",
        low=-1000,
        high=1000,
    ),
    Field(
        "scoring.multipliers",
        "multipliers",
        [],
        "the cards-left penalty × factor when at least that many cards are left",
        "残り枚数による倍率",
    ),
    Field("scoring.collect", "bool", False, "points collected in play (Haggis)", "場で取った札の点(Haggis)"),
    # the length
    Field(
        "length.hands",
        "int",
        0,
        "hands in a game (0: as many as players)",
        "ハンドの数(0: 人数と同じ)",
        low=0,
        high=100,
    ),
    Field("length.target", "int", 0, "the game ends when a total reaches this (0: never)", "目標点(0: なし)", low=0),
)
FIELD = {f.key: f for f in FIELDS}
TABLES = sorted({k.rsplit(".", 1)[0] for k in FIELD} | {k.split(".", 1)[0] for k in FIELD})


def _err(key: str, en: str, ja: str) -> DesignError:
    return DesignError(f"{key}: {en}", ja=f"{key} は{ja}")


def _rank(key: str, value: Any) -> str:
    text = "10" if value in ("T", "t") else str(value).upper() if isinstance(value, str) else None
    if text not in RANK_TEXTS:
        raise _err(key, f"{value!r} is not a rank (2–10 J Q K A)", f"数字ではありません: {value!r}")
    return text


def _check(f: Field, value: Any) -> Any:
    key = f.key
    if f.kind == "int":
        if type(value) is not int:
            raise _err(key, f"must be a whole number, not {value!r}", "整数です")
        if f.low is not None and value < f.low:
            raise _err(key, f"must be ≥ {f.low}", f" {f.low} 以上")
        if f.high is not None and value > f.high:
            raise _err(key, f"must be ≤ {f.high}", f" {f.high} 以下")
        return value
    if f.kind == "bool":
        if type(value) is not bool:
            raise _err(key, f"must be true or false, not {value!r}", " true か false です")
        return value
    if f.kind == "str":
        if not isinstance(value, str):
            raise _err(key, f"must be a string, not {value!r}", "文字列です")
        if f.choices and value not in f.choices:
            shown = ", ".join(f'"{c}"' for c in f.choices)
            raise _err(key, f"must be one of {shown}, not {value!r}", f" {shown} のどれかです")
        return value
    if f.kind == "card":
        if not isinstance(value, str) or len(value) < 2:
            raise _err(key, f'must be a card such as "3D", not {value!r}', '札です(例: "3D")')
        rank, suit = _rank(key, value[:-1]), value[-1].upper()
        if suit not in SUIT_TEXTS:
            raise _err(key, f"{value!r} has no suit S H D C", f"スートがありません: {value!r}")
        return rank + suit
    if f.kind in ("ranks", "suits", "ints"):
        if not isinstance(value, list):
            raise _err(key, f"must be a list, not {value!r}", "リストです")
        if f.kind == "ranks":
            out = [_rank(key, v) for v in value]
        elif f.kind == "suits":
            out = []
            for v in value:
                if not isinstance(v, str) or v.upper() not in SUIT_TEXTS:
                    raise _err(key, f"{v!r} is not a suit (S H D C)", f"スートではありません: {v!r}")
                out.append(v.upper())
        else:
            out = [_check(Field(key, "int", 0, "", "", low=f.low, high=f.high), v) for v in value]
        if len(set(out)) != len(out):
            raise _err(key, "names a value twice", "同じ値が2回あります")
        return out
    if f.kind in ("sizes", "values"):
        if not isinstance(value, dict):
            raise _err(key, f"must be a table, not {value!r}", "テーブルです")
        out_map: dict[str, int] = {}
        for k, v in value.items():
            name = str(int(k)) if f.kind == "sizes" and str(k).isdigit() else k
            if f.kind == "sizes" and not str(k).isdigit():
                raise _err(key, f"keys are player counts, not {k!r}", "キーは人数です")
            if f.kind == "values" and k != "JK":
                name = _rank(key, k)
            out_map[name] = _check(Field(f"{key}.{k}", "int", 0, "", "", low=0 if f.kind == "values" else 1), v)
        return out_map
    if f.kind == "multipliers":
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise _err(key, "must be a list of tables {at_least, factor}", "{at_least, factor} の表のリストです")
        rows = []
        for i, v in enumerate(value):
            if set(v) != {"at_least", "factor"}:
                raise _err(f"{key}[{i}]", "needs exactly at_least and factor", "at_least と factor が必要です")
            rows.append(
                {
                    "at_least": _check(Field(f"{key}[{i}].at_least", "int", 0, "", "", low=1), v["at_least"]),
                    "factor": _check(Field(f"{key}[{i}].factor", "int", 0, "", "", low=1), v["factor"]),
                }
            )
        return rows
    raise AssertionError(f.kind)


def _flatten(obj: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in obj.items():
        key = f"{prefix}{k}"
        if key in FIELD:
            out[key] = v
        elif isinstance(v, dict) and key in TABLES:
            out.update(_flatten(v, key + "."))
        else:
            near = ", ".join(sorted(f for f in FIELD if f.startswith(prefix)))
            raise _err(key, f"unknown key (keys here: {near})", f"知らないキーです({near})")
    return out


def _nest(flat: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in flat.items():
        *tables, name = key.split(".")
        node = out
        for t in tables:
            node = node.setdefault(t, {})
        node[name] = value
    return out


@dataclass(frozen=True, eq=False)
class Design:
    """A validated design: every key of :data:`FIELDS` with its value (``get("play.runs.min_length")``), and
    its canonical JSON text and sha256 (equal designs, equal hashes)."""

    values: tuple[tuple[str, Any], ...]

    def get(self, key: str) -> Any:
        return self._map[key]

    @property
    def _map(self) -> dict[str, Any]:
        m = self.__dict__.get("_m")
        if m is None:
            m = dict(self.values)
            object.__setattr__(self, "_m", m)
        return m

    def to_json(self) -> dict[str, Any]:
        """The nested object of every key (what a record carries)."""
        return _nest(dict(self.values))

    def canonical(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.canonical().encode()).hexdigest()

    @property
    def name(self) -> str:
        return str(self.get("game.name"))

    def player_counts(self) -> list[int]:
        allowed = self.get("players.allowed")
        default = self.get("players.default")
        return sorted(set(allowed) | {default})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Design) and self.values == other.values

    def __hash__(self) -> int:
        return hash(self.canonical())

    def with_values(self, changes: dict[str, Any]) -> Design:
        """This design with some keys changed (validated again)."""
        return validate({**self.to_json_flat(), **changes}, flat=True)

    def to_json_flat(self) -> dict[str, Any]:
        return dict(self.values)


def validate(obj: Any, *, flat: bool = False) -> Design:
    """A :class:`Design` from a description (a parsed TOML/JSON object); :class:`DesignError` names the key."""
    if not isinstance(obj, dict):
        raise DesignError("a design is a table of tables ([pack], [players], [play], …)", ja="設計は表の集まりです")
    given = dict(obj) if flat else _flatten(obj)
    for key in given:
        if key not in FIELD:
            raise _err(key, "unknown key", "知らないキーです")
    values = {f.key: _check(f, given[f.key]) if f.key in given else f.default for f in FIELDS}
    _cross_check(values)
    return Design(tuple(values.items()))


def _cross_check(v: dict[str, Any]) -> None:
    ranks, suits = v["pack.ranks"], v["pack.suits"]
    if len(ranks) < 2:
        raise _err("pack.ranks", "needs at least 2 ranks", "数字は2つ以上必要です")
    if not suits:
        raise _err("pack.suits", "needs at least 1 suit", "スートは1つ以上必要です")
    order = v["pack.suit_order"]
    if order and sorted(order) != sorted(suits):
        raise _err("pack.suit_order", "must list every suit of pack.suits once", "pack.suits のスートを1回ずつ並べます")
    for key in ("play.clear_ranks",):
        for r in v[key]:
            if r not in ranks:
                raise _err(key, f"{r} is not in pack.ranks", f"{r} は pack.ranks にありません")
    for r in v["scoring.values"]:
        if r != "JK" and r not in ranks:
            raise _err("scoring.values", f"{r} is not in pack.ranks", f"{r} は pack.ranks にありません")
    if v["play.runs.max_length"] < v["play.runs.min_length"]:
        raise _err("play.runs.max_length", "must be ≥ play.runs.min_length", " play.runs.min_length 以上")
    if v["play.runs.min_length"] > len(ranks):
        raise _err("play.runs.min_length", f"must be ≤ the {len(ranks)} ranks of the pack", "数字の数以下")
    first = v["turns.first_card"]
    if "holder" in (v["turns.first_start"], v["turns.next_start"]) and (
        first[:-1] not in ranks or first[-1] not in suits
    ):
        raise _err("turns.first_card", f"{first} is not in the pack", f"{first} は山札にありません")
    sizes = v["play.set_sizes"]
    if not sizes and not v["play.runs.enabled"]:
        raise _err("play.set_sizes", "nothing could be played: give set sizes or enable runs", "出せる組がありません")
    if max(sizes, default=1) > len(suits) * v["pack.copies"] + v["pack.jokers"]:
        raise _err("play.set_sizes", "a size is larger than the cards of one rank", "1つの数字の枚数より大きい")
    counts = sorted(set(v["players.allowed"]) | {v["players.default"]})
    cards = len(ranks) * len(suits) * v["pack.copies"] + v["pack.jokers"]
    for n in counts:
        share = cards // n
        size = cards // n if v["players.leftover"] == "deal" else min(v["players.hand_sizes"].get(str(n), share), share)
        if size < v["players.min_hand"]:
            raise _err(
                "players.allowed",
                f"a pack of {cards} cards gives {n} players only {size} cards each; "
                f"players.min_hand is {v['players.min_hand']}",
                f"{cards}枚を{n}人で分けると1人{size}枚で、手札は最低{v['players.min_hand']}枚です",
            )
    for k in v["players.hand_sizes"]:
        if int(k) not in counts:
            raise _err(f"players.hand_sizes.{k}", f"{k} players is not an allowed count", f"{k}人は許されていません")


def unsupported(design: Design) -> list[tuple[str, str, str]]:
    """(key, English, Japanese) for every choice of ``design`` the engine cannot run yet (empty: it runs)."""
    out = []
    g = design.get
    if g("pack.copies") != 1:
        out.append(("pack.copies", "two copies of a card are not supported yet", "同じ札2枚はまだ扱えません"))
    if g("pack.jokers_in_runs") and g("pack.jokers") and g("play.runs.enabled"):
        out.append(("pack.jokers_in_runs", "Jokers in runs are not supported yet", "階段のジョーカーはまだ扱えません"))
    if g("play.full_house"):
        out.append(("play.full_house", "the full house is not supported yet", "フルハウスはまだ扱えません"))
    if g("scoring.collect"):
        out.append(("scoring.collect", "points collected in play are not supported yet", "場の点はまだ扱えません"))
    if g("play.lock.enabled") and g("play.lock.reverse") and not g("play.lock.singles_only"):
        out.append(
            (
                "play.lock.reverse",
                "a reversing lock needs play.lock.singles_only = true",
                "逆転するロックは play.lock.singles_only = true が必要です",
            )
        )
    if g("end.until") == "one-left" and g("end.finish_turn"):
        out.append(("end.finish_turn", 'only with end.until = "first-out"', 'end.until = "first-out" のときのみ'))
    if g("turns.pass") == "lap" and g("play.clear_ranks"):
        out.append(("play.clear_ranks", 'not with turns.pass = "lap"', 'turns.pass = "lap" とは使えません'))
    return out


def check_runnable(design: Design) -> Design:
    """``design`` if the engine can run it, else :class:`DesignError` with every reason."""
    problems = unsupported(design)
    if problems:
        raise DesignError(
            "; ".join(f"{k}: {en}" for k, en, _ in problems), ja="、".join(f"{k}: {ja}" for k, _, ja in problems)
        )
    return design


# --- files and presets --------------------------------------------------------------------------

PRESETS = ("cutin", "daifugo", "big-two")


def preset_text(name: str) -> str:
    """The TOML text of a preset shipped in the package (``kirifuda/designs/<name>.toml``)."""
    if name not in PRESETS:
        raise DesignError(
            f"unknown preset {name!r} (presets: {', '.join(PRESETS)})", ja=f"{name} というプリセットはありません"
        )
    return (resources.files("kirifuda") / "designs" / f"{name}.toml").read_text(encoding="utf-8")


def parse_text(text: str, where: str = "design") -> Design:
    try:
        obj = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise DesignError(f"{where}: not TOML: {e}", ja=f"{where} は TOML として読めません: {e}") from None
    return validate(obj)


def load(name_or_path: str | Path) -> Design:
    """A preset by name, or a design file (TOML, or JSON as a record carries it)."""
    if str(name_or_path) in PRESETS:
        return parse_text(preset_text(str(name_or_path)), str(name_or_path))
    path = Path(name_or_path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise DesignError(
            f"cannot read {path}: {e.strerror} (presets: {', '.join(PRESETS)})", ja=f"{path} を読めません"
        ) from None
    if path.suffix == ".json":
        try:
            return validate(json.loads(text))
        except json.JSONDecodeError as e:
            raise DesignError(f"{path}: not JSON: {e}", ja=f"{path} は JSON として読めません") from None
    return parse_text(text, str(path))


def preset(name: str) -> Design:
    return parse_text(preset_text(name), name)


# --- the schema ---------------------------------------------------------------------------------


def _schema_of(f: Field) -> dict[str, Any]:
    doc = f"{f.en} / {f.ja}"
    if f.kind == "int":
        s: dict[str, Any] = {"type": "integer"}
        if f.low is not None:
            s["minimum"] = f.low
        if f.high is not None:
            s["maximum"] = f.high
    elif f.kind == "bool":
        s = {"type": "boolean"}
    elif f.kind == "str":
        s = {"type": "string"} | ({"enum": list(f.choices)} if f.choices else {})
    elif f.kind == "card":
        s = {"type": "string", "pattern": "^(10|[2-9TJQKA])[SHDC]$"}
    elif f.kind == "ranks":
        s = {"type": "array", "uniqueItems": True, "items": {"enum": [*RANK_TEXTS, "T"]}}
    elif f.kind == "suits":
        s = {"type": "array", "uniqueItems": True, "items": {"enum": list(SUIT_TEXTS)}}
    elif f.kind == "ints":
        item: dict[str, Any] = {"type": "integer"}
        if f.low is not None:
            item["minimum"] = f.low
        if f.high is not None:
            item["maximum"] = f.high
        s = {"type": "array", "items": item}
    elif f.kind == "sizes":
        s = {
            "type": "object",
            "propertyNames": {"pattern": "^[0-9]+$"},
            "additionalProperties": {"type": "integer", "minimum": 1},
        }
    elif f.kind == "values":
        s = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
    else:
        row = {"type": "integer", "minimum": 1}
        s = {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"at_least": row, "factor": row},
                "required": ["at_least", "factor"],
                "additionalProperties": False,
            },
        }
    return s | {"description": doc, "default": f.default}


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the format (docs/design.schema.json is this, written out by tests)."""
    root: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://kirifuda.invalid/design.schema.json",
        "title": "kirifuda go-out design / ゴーアウトの設計",
        "description": "A go-out game described by the six choices of ../shared/seeds/004 (cards, players, "
        "plays, scoring, turns, passes). Cross-key rules (suit order = the suits, runs' lengths, hand sizes) and "
        "what the engine can run are checked by `kirifuda design check`.",
        "type": "object",
        "additionalProperties": False,
        "properties": {},
    }
    for f in FIELDS:
        *tables, name = f.key.split(".")
        node = root
        for t in tables:
            props = node.setdefault("properties", {})
            node = props.setdefault(t, {"type": "object", "additionalProperties": False, "properties": {}})
        node.setdefault("properties", {})[name] = _schema_of(f)
    return root


def schema_text() -> str:
    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


# --- the design in words ------------------------------------------------------------------------


def describe(design: Design) -> tuple[str, str]:
    """The game of ``design`` as a rules sheet: (Japanese, English), one line per choice of the article."""
    g = design.get
    ja: list[str] = []
    en: list[str] = []
    name_ja = g("game.name_ja") or g("game.name")
    ja.append(f"{name_ja} — ゴーアウト(上がりを目指すゲーム)")
    en.append(f"{g('game.name')} — a go-out game")
    if g("game.source"):
        ja.append(f"出典: {g('game.source')}")
        en.append(f"Source: {g('game.source')}")
    ranks = " < ".join(g("pack.ranks"))
    suits = " ".join(g("pack.suits"))
    jokers = g("pack.jokers")
    cards = len(g("pack.ranks")) * len(g("pack.suits")) * g("pack.copies") + jokers
    joker_ja = f"、ジョーカー{jokers}枚" + ("(同じ数字の組の1枚にもなる)" if g("pack.jokers_in_sets") else "(単独のみ)")
    joker_en = f", {jokers} Joker(s)" + (" (wild in n of a kind)" if g("pack.jokers_in_sets") else " (alone only)")
    ja.append(f"①札: {cards}枚。強さ {ranks}" + (joker_ja + "、単独では最強" if jokers else ""))
    en.append(f"① Cards: {cards}. Rank order {ranks}" + (joker_en + ", alone above every rank" if jokers else ""))
    ja.append(
        f"  スート {suits}" + (f"、スートの強さ {' < '.join(g('pack.suit_order'))}" if g("pack.suit_order") else "")
    )
    en.append(f"  Suits {suits}" + (f"; suit order {' < '.join(g('pack.suit_order'))}" if g("pack.suit_order") else ""))
    counts = ", ".join(map(str, design.player_counts()))
    sizes = ", ".join(f"{k}人{v}枚" for k, v in g("players.hand_sizes").items())
    sizes_en = ", ".join(f"{k} players {v}" for k, v in g("players.hand_sizes").items())
    if g("players.leftover") == "deal":
        ja.append(f"②人数: {counts}人(標準 {g('players.default')})。全部配る(1枚多い人がいる)")
        en.append(f"② Players: {counts} (usually {g('players.default')}). Every card is dealt (some get one more)")
    else:
        ja.append(f"②人数: {counts}人(標準 {g('players.default')})。手札 {sizes or '等分'}、余りは伏せて使わない")
        en.append(
            f"② Players: {counts} (usually {g('players.default')}). Hands: {sizes_en or 'an equal share'}; "
            "the rest lies aside"
        )
    plays_ja = [f"同じ数字 {'・'.join(map(str, g('play.set_sizes')))} 枚"]
    plays_en = [f"{'/'.join(map(str, g('play.set_sizes')))} of a kind"]
    if g("play.runs.enabled"):
        kind_ja = "同じスートの" if g("play.runs.suited") else "スートを問わない"
        plays_ja.append(f"{kind_ja}階段 {g('play.runs.min_length')}〜{g('play.runs.max_length')} 枚")
        plays_en.append(
            f"runs of {g('play.runs.min_length')}–{g('play.runs.max_length')}"
            + (" in one suit" if g("play.runs.suited") else " in any suits")
        )
    ja.append("③出し方: " + "、".join(plays_ja) + "。前の組と同じ種類・枚数で強いものを出す")
    en.append("③ Plays: " + ", ".join(plays_en) + ". Beat the latest play with the same kind and count, higher")
    rules_ja, rules_en = [], []
    if g("play.more_cards"):
        rules_ja.append("枚数の多い組は数字を問わず出せる")
        rules_en.append("more cards of a kind beat fewer, any rank")
    if g("play.cut_in"):
        sizes_cut = "・".join(map(str, g("play.cut_in_sizes")))
        rules_ja.append(f"カットイン: {sizes_cut}枚の組に、その組にないスートの同じ数字以上の1枚")
        rules_en.append(
            f"cut-in: on a set of {'/'.join(map(str, g('play.cut_in_sizes')))}, a single of another suit, "
            "its rank or higher"
        )
    if g("play.follow_suit"):
        rules_ja.append("前の組と同じスートを出す")
        rules_en.append("follow the suits of the latest play")
    if g("play.lock.enabled"):
        if g("play.lock.singles_only"):
            rules_ja.append(
                "ロック: 同じスートの1枚出しが2回続くと、そのターンはそのスートの1枚出しのみ"
                + ("、強弱逆転" if g("play.lock.reverse") else "")
            )
            rules_en.append(
                "lock: two singles of one suit in a row → only singles of that suit this turn"
                + (", order reversed" if g("play.lock.reverse") else "")
            )
        else:
            rules_ja.append("縛り: 同じスートの組が2回続くと、場が流れるまでそのスートのみ")
            rules_en.append(
                "lock (縛り): two plays of the same suits in a row → those suits only until the pile clears"
            )
    if g("play.revolution.enabled"):
        rules_ja.append(f"革命: 同じ数字{g('play.revolution.size')}枚以上で強弱逆転(そのハンドの間)")
        rules_en.append(
            f"revolution (革命): {g('play.revolution.size')} or more of a kind reverse the order for the hand"
        )
    if g("play.clear_ranks"):
        shown = "・".join(g("play.clear_ranks"))
        rules_ja.append(f"{shown}切り: {shown}を含む組を出すと場が流れ、出した人から")
        rules_en.append(f"{'/'.join(g('play.clear_ranks'))} clears the pile; its player leads again")
    for r_ja, r_en in zip(rules_ja, rules_en, strict=True):
        ja.append(f"  ・{r_ja}")
        en.append(f"  • {r_en}")
    pass_ja = {
        "lap": "1周でターン終了(1人1回)",
        "soft": "ソフトパス(パスしても次にまた出せる)",
        "hard": "ハードパス(パスしたらそのターンは出せない)",
    }
    pass_en = {
        "lap": "one lap a turn (each player once)",
        "soft": "soft pass (a player who passed may play next time round)",
        "hard": "hard pass (a pass is for the rest of the turn)",
    }
    ja.append(f"⑤⑥手番とパス: 時計回り。{pass_ja[g('turns.pass')]}。最後に出した人が次のターンを始める")
    en.append(f"⑤⑥ Turns: clockwise; {pass_en[g('turns.pass')]}. The last to play leads the next turn")
    if "holder" in (g("turns.first_start"), g("turns.next_start")):
        card = g("turns.first_card")
        ja.append(f"  {card} を持つ人が始める" + ("(最初の手に含める)" if g("turns.first_play_includes") else ""))
        en.append(
            f"  The holder of {card} starts" + (" (and plays it first)" if g("turns.first_play_includes") else "")
        )
    if g("end.until") == "first-out":
        ja.append(
            "終了: 誰かが上がったら" + ("そのターンの終わりに" if g("end.finish_turn") else "すぐに") + "ハンド終了"
        )
        en.append(
            "End: the hand ends when someone goes out" + (", at the end of that turn" if g("end.finish_turn") else "")
        )
    else:
        ja.append("終了: 1人が残るまで続ける(上がり順)")
        en.append("End: play on until one player is left (a finishing order)")
    score_ja, score_en = [], []
    if g("scoring.went_out"):
        score_ja.append(f"上がり {g('scoring.went_out'):+d}")
        score_en.append(f"going out {g('scoring.went_out'):+d}")
    left = g("scoring.left")
    if left == "rank":
        score_ja.append(f"残った数字ごとに −({g('scoring.rank_base')} + 枚数)")
        score_en.append(f"−({g('scoring.rank_base')} + k) per rank held k times")
    elif left == "card":
        score_ja.append("残り札1枚につき −1")
        score_en.append("−1 per card left")
    elif left == "value":
        score_ja.append("残り札の強さ分を減点")
        score_en.append("−each card's value")
    for m in g("scoring.multipliers"):
        score_ja.append(f"{m['at_least']}枚以上残ると×{m['factor']}")
        score_en.append(f"×{m['factor']} with {m['at_least']} or more left")
    if g("scoring.finish_points"):
        score_ja.append("上がり順の点 " + " / ".join(f"{p:+d}" for p in g("scoring.finish_points")))
        score_en.append("finishing places " + " / ".join(f"{p:+d}" for p in g("scoring.finish_points")))
    ja.append("④得点: " + ("、".join(score_ja) or "なし"))
    en.append("④ Scoring: " + ("; ".join(score_en) or "none"))
    hands = g("length.hands")
    ja.append(
        f"長さ: {hands if hands else '人数と同じ回数'}ハンド"
        + (f"、{g('length.target')}点で終了" if g("length.target") else "")
        + "。合計最高が勝ち"
    )
    en.append(
        f"Length: {(f'{hands} hand' + ('s' if hands > 1 else '')) if hands else 'as many hands as players'}"
        + (f", or until a total reaches {g('length.target')}" if g("length.target") else "")
        + ". The highest total wins"
    )
    return "\n".join(ja), "\n".join(en)


STARTER = """# A go-out game of your own (kirifuda design).
# Check it: kirifuda design check FILE; play it: kirifuda play --design FILE
# Every key and its meaning: docs/design.md, docs/design.schema.json. The six questions of seed 004:

[game]
name = "My go-out game"
name_ja = "わたしのゴーアウト"

[pack]                      # ① which cards? ranks weakest first (the rank order), suits, Jokers
ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]
suits = ["S", "H", "D", "C"]
jokers = 0
# suit_order = ["D", "C", "H", "S"]   # suits rank too (Big Two)

[players]                   # ② how many players? hand sizes by count (absent: an equal share), the rest aside
default = 4
allowed = [3, 4, 5]
leftover = "aside"          # or "deal": every card is dealt

[play]                      # ③ how may cards be played?
set_sizes = [1, 2, 3, 4]    # n of a kind
more_cards = false          # more cards beat fewer, any rank
cut_in = false              # a single of another suit on a pair or three
clear_ranks = []            # ["8"]: 8切り

[play.runs]                 # 階段
enabled = false
suited = true
min_length = 3

[play.lock]                 # 縛り
enabled = false

[play.revolution]           # 革命
enabled = false
size = 4

[turns]                     # ⑤ how do turns go round? ⑥ which pass?
pass = "soft"               # "lap" one lap a turn; "soft"; "hard"
next_start = "rotate"       # "winner", "holder"

[end]
until = "first-out"         # or "one-left"

[scoring]                   # ④ how is it scored?
went_out = 5
left = "card"               # "rank", "value", "none"

[length]
hands = 0                   # 0: as many as players
"""


def reference_table() -> str:
    """Every key of the format as a Markdown table (docs/design.md carries it; a test keeps them equal)."""
    rows = ["| key | kind | default | meaning / 意味 |", "|---|---|---|---|"]
    for f in FIELDS:
        default = json.dumps(f.default, ensure_ascii=False)
        kind = " / ".join(f'"{c}"' for c in f.choices) if f.choices else f.kind
        if f.low is not None or f.high is not None:
            kind += f" {'' if f.low is None else f.low}–{'' if f.high is None else f.high}"
        rows.append(f"| `{f.key}` | {kind} | `{default}` | {f.en} / {f.ja} |")
    return "\n".join(rows) + "\n"
