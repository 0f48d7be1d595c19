"""The registry: one entry per game id names every layer's part, and every declared part exists."""

from __future__ import annotations

import pytest

from kirifuda import registry
from kirifuda.core import Game
from kirifuda.registry import LAYERS, Entry, MissingPart, UnknownGame, part

CONTRACTS = {
    "rules": ("",),
    "fast": ("engine",),
    "bots": ("Kit",),
    "presentation": ("present", "choices", "rules"),
    "rl": ("layout", "action_texts", "Encoder"),
    "analysis": ("seating", "events", "DESCRIPTIONS"),
}
"""What each layer's part defines (the rules: a Game subclass of the id, checked by ``game_class``)."""


@pytest.mark.parametrize("layer", LAYERS)
@pytest.mark.parametrize("game_id", registry.ids())
def test_every_declared_part_exists_and_keeps_its_layers_contract(game_id, layer):
    module = part(game_id, layer)
    if module is None:
        assert not registry.has_part(game_id, layer)
        return
    if layer == "rules":
        cls = registry.game_class(game_id)
        assert issubclass(cls, Game) and cls.id == game_id
        return
    missing = [name for name in CONTRACTS[layer] if not hasattr(module, name)]
    assert not missing, f"{module.__name__} lacks {missing}"


def test_every_layer_has_a_contract():
    assert set(CONTRACTS) == set(LAYERS)


@pytest.mark.parametrize("game_id", registry.ids())
def test_quick_options_are_valid_options(game_id):
    registry.make(game_id, registry.quick(game_id))


def test_unknown_game_and_missing_part_are_errors_that_say_why():
    with pytest.raises(UnknownGame, match="hearts"):
        part("hearts", "rules")
    toy = Entry("no-such-game", {layer: None for layer in LAYERS} | {"rules": "kirifuda.games.no_such", "rl": None})
    registry.register(toy)
    try:
        with pytest.raises(UnknownGame, match="not implemented"):
            registry.game_class("no-such-game")
        assert "no-such-game" not in registry.available()
        with pytest.raises(MissingPart, match="no bots part"):
            registry.require("no-such-game", "bots")
        with pytest.raises(ValueError, match="registered already"):
            registry.register(toy)
    finally:
        registry.unregister("no-such-game")
    assert "no-such-game" not in registry.ids()


def test_an_entry_names_every_layer():
    with pytest.raises(ValueError, match="say which module or None"):
        Entry("x", {"rules": "x.rules"})
    with pytest.raises(ValueError, match="unknown layers"):
        Entry("x", {layer: None for layer in LAYERS} | {"rules": "x", "sound": "x.sound"})  # type: ignore[dict-item]


def test_a_declared_part_that_is_missing_is_an_error():
    entry = Entry.builtin("anou-twin", "no_such_module", without=("fast",))
    registry.register(entry)
    try:
        assert part("anou-twin", "fast") is None
        with pytest.raises(MissingPart, match="missing"):
            part("anou-twin", "bots")
    finally:
        registry.unregister("anou-twin")
