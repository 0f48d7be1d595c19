"""docs/architecture.md draws the import contracts of pyproject.toml and the package arrows the code has, and no
game's part imports another game's modules (checked per registered game, so a new game is covered unasked).

``python tests/test_architecture.py`` rewrites the generated blocks of docs/architecture.md from the code."""

from __future__ import annotations

import re
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "architecture.md"
BLOCK = re.compile(r"(<!-- (?P<name>[a-z]+):begin -->\n)(?P<body>.*?)(<!-- (?P=name):end -->)", re.S)


def layers() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    (contract,) = [c for c in config if c["type"] == "layers"]
    return list(contract["layers"])


def package_of(module: str) -> str:
    return ".".join(module.split(".")[:2])


def arrows() -> dict[str, set[str]]:
    """Each top-level module or package of kirifuda → the others it imports (anywhere in its code)."""
    graph = grimp.build_graph("kirifuda")
    out: dict[str, set[str]] = defaultdict(set)
    for module in graph.modules:
        source = package_of(module)
        if source == "kirifuda":
            continue
        out[source]
        for imported in graph.find_modules_directly_imported_by(module):
            target = package_of(imported)
            if target not in (source, "kirifuda"):
                out[source].add(target)
    return out


def short(name: str) -> str:
    return name.removeprefix("kirifuda.")


def generated() -> dict[str, str]:
    layer_lines = [" | ".join(short(part.strip()) for part in re.split(r"[|:]", layer)) for layer in layers()]
    graph = arrows()
    arrow_lines = [
        f"| `{short(source)}` | {', '.join(f'`{short(t)}`' for t in sorted(graph[source])) or '—'} |"
        for source in sorted(graph)
    ]
    return {
        "layers": "```\n" + "\n".join(layer_lines) + "\n```\n",
        "arrows": "| package | imports |\n|---|---|\n" + "\n".join(arrow_lines) + "\n",
    }


def blocks(text: str) -> dict[str, str]:
    return {m["name"]: m["body"] for m in BLOCK.finditer(text)}


def test_the_doc_draws_the_layers_and_arrows_the_code_has():
    assert blocks(DOC.read_text()) == generated(), "run `python tests/test_architecture.py` and commit the doc"


def test_every_package_is_in_the_module_map():
    text = DOC.read_text()
    missing = [p for p in arrows() if f"{short(p).removesuffix('.py')}" not in text]
    assert not missing


def test_no_games_part_imports_another_games_modules():
    """Each module imports the parts of one game at most, and a game's part only its own game's: e.g.
    ``bots/cutin.py`` may import ``games/cutin.py`` and ``fast/cutin.py``, never ``games/anou.py``."""
    from kirifuda import registry

    owner: dict[str, str] = {}  # module → the rules module of its game (ids sharing rules share their parts)
    for game_id in registry.ids():
        parts = registry.entry(game_id).parts
        for module in parts.values():
            if module is not None:
                owner[module] = parts["rules"] or game_id
    graph = grimp.build_graph("kirifuda")
    crossed = []
    for module in sorted(graph.modules):
        games = {owner[m] for m in graph.find_modules_directly_imported_by(module) if m in owner}
        if module in owner:
            games.add(owner[module])
        if len(games) > 1:
            crossed.append((module, sorted(games)))
    assert not crossed


def write() -> None:
    text = DOC.read_text()
    new = generated()
    text = BLOCK.sub(lambda m: m.group(1) + new[m["name"]] + m.group(4), text)
    DOC.write_text(text)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    write()
