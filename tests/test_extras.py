"""What pyproject.toml promises a user who installs kirifuda (issue 24): the extras and the message that names one,
the version from one source, the licence. tests/test_wheel.py installs the built wheel and runs it."""

from __future__ import annotations

import ast
import functools
import importlib
import re
import sys
import tomllib
from collections.abc import Iterator
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from typer.testing import CliRunner

import kirifuda
from kirifuda.cli import app
from kirifuda.extras import EXTRAS, MissingExtra, require

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
SRC = ROOT / "src" / "kirifuda"
TOOLS = {"test", "bench"}
"""Extras for people who work on kirifuda, not for users: left out of ``all``."""


def names(requirements: list[str]) -> set[str]:
    return {canonicalize_name(Requirement(text).name) for text in requirements}


@functools.cache
def installed() -> dict[str, list[str]]:
    """Top-level module → the installed distributions that provide it (a second or so: read once)."""
    return packages_distributions()


def distribution_of(module: str) -> set[str]:
    """The installed distributions that provide the top-level ``module``."""
    return {canonicalize_name(name) for name in installed().get(module, [])}


def imported_modules(node: ast.AST) -> Iterator[str]:
    """The absolute imports under ``node``, but not those for type checkers only (under ``if TYPE_CHECKING:``)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.Import):
            yield from (alias.name for alias in child.names)
        elif isinstance(child, ast.ImportFrom):
            if child.level == 0 and child.module:
                yield child.module
        elif isinstance(child, ast.If) and ast.unparse(child.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for stmt in child.orelse:
                yield from imported_modules(stmt)
        elif isinstance(child, (ast.stmt, ast.excepthandler)):
            yield from imported_modules(child)


def third_party_imports() -> dict[str, set[str]]:
    """Every top-level module the package imports that is neither the standard library nor kirifuda, with the files
    that import it."""
    found: dict[str, set[str]] = {}
    for path in SRC.rglob("*.py"):
        for module in imported_modules(ast.parse(path.read_text(encoding="utf-8"))):
            top = module.split(".")[0]
            if top not in sys.stdlib_module_names and top not in ("__future__", "kirifuda"):
                found.setdefault(top, set()).add(str(path.relative_to(SRC)))
    return found


def test_every_third_party_import_is_a_dependency_or_an_extra_the_code_checks_for():
    base = names(PROJECT["project"]["dependencies"])
    checked = {module for modules in EXTRAS.values() for module in modules}
    imports = third_party_imports()
    assert {"textual", "fastapi", "numpy"} <= imports.keys()  # the scan sees the imports
    stray = {
        module: files
        for module, files in imports.items()
        if module not in checked and not distribution_of(module) & base
    }
    assert not stray, f"add to pyproject's dependencies, or to an extra and kirifuda.extras.EXTRAS: {stray}"


def test_each_extras_modules_come_from_that_extra_in_pyproject():
    extras = PROJECT["project"]["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        declared = names(extras[extra])
        for module in modules:
            assert distribution_of(module) & declared, f"{module} is not installed by kirifuda[{extra}]"


def test_the_all_extra_is_every_users_extra_and_no_tool():
    extras = PROJECT["project"]["optional-dependencies"]
    (requirement,) = (Requirement(text) for text in extras["all"])
    assert requirement.name == "kirifuda"
    users = set(extras) - TOOLS - {"all"}
    assert requirement.extras == users, "a new extra goes into `all` (a user's part) or into TOOLS here (a developer's)"
    assert users == set(EXTRAS), "each user's extra is in kirifuda.extras.EXTRAS, whose require() names it"


def test_version_has_one_source_the_package_and_the_command_prints_it():
    assert "version" not in PROJECT["project"] and "version" in PROJECT["project"]["dynamic"]
    assert PROJECT["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "kirifuda.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+", kirifuda.__version__)
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"kirifuda {kirifuda.__version__}\n"


def test_the_licence_file_is_the_mit_licence_pyproject_names():
    assert PROJECT["project"]["license"] == "MIT" and PROJECT["project"]["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n\nCopyright (c) 2026 the kirifuda authors\n")
    assert 'THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND' in text


def test_a_missing_module_raises_an_import_error_that_names_the_extra_in_both_languages():
    with pytest.raises(MissingExtra) as caught:
        require("web", "kirifuda serve", ("kirifuda_no_such_module", "fastapi"))
    error = caught.value
    assert isinstance(error, ImportError) and error.missing == ("kirifuda_no_such_module",)
    assert str(error) == (
        "kirifuda serve needs kirifuda's optional dependencies [web] (not installed: kirifuda_no_such_module). "
        "Install them with: pip install 'kirifuda[web]'"
    )
    assert "追加パッケージ [web]" in error.ja and "pip install 'kirifuda[web]'" in error.ja
    require("web", "kirifuda serve")  # installed here: nothing to say


# A module set to None in sys.modules is one Python cannot import (``import x`` raises ModuleNotFoundError, and
# find_spec finds nothing): the commands below meet a missing extra as they would without it installed.
COMMANDS = [
    (["serve", "--port", "1"], "web", "uvicorn"),
    (["analyze", "anou", "--games", "1"], "analysis", "matplotlib"),
    (["simulate", "anou", "--games", "1", "--parquet", "{tmp}/games.parquet"], "analysis", "pyarrow"),
    (["simulate", "anou", "--games", "1", "--ray", "local"], "analysis", "ray"),
    (["tournament", "anou", "--bots", "random", "--seeds", "1", "--parquet", "{tmp}/t.parquet"], "analysis", "pyarrow"),
    (["analyze", "anou", "--games", "1", "--ray", "local"], "analysis", "ray"),
]


@pytest.mark.parametrize(
    ("words", "extra", "module"), COMMANDS, ids=lambda x: " ".join(x) if isinstance(x, list) else x
)
def test_a_command_without_its_extra_says_which_to_install_and_exits_2(monkeypatch, tmp_path, words, extra, module):
    monkeypatch.setitem(sys.modules, module, None)
    result = CliRunner().invoke(app, [word.format(tmp=tmp_path) for word in words])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.split())  # Rich wraps long lines
    assert f"[{extra}]" in said and f"pip install 'kirifuda[{extra}]'" in said and f"未インストール: {module}" in said
    assert result.exception is None or isinstance(result.exception, SystemExit)  # a message, not a traceback
    assert not list(tmp_path.iterdir())  # refused before anything ran


@pytest.mark.parametrize(
    ("package", "extra", "module"),
    [
        ("kirifuda.rl", "rl", "pettingzoo"),
        ("kirifuda.web", "web", "fastapi"),
        ("kirifuda.analysis.table", "analysis", "pyarrow"),
    ],
)
def test_importing_a_module_without_its_extra_raises_missing_extra(monkeypatch, package, extra, module):
    for name in [name for name in sys.modules if name == package or name.startswith(package + ".")]:
        monkeypatch.delitem(sys.modules, name)  # imported afresh; the monkeypatch puts the modules back
    monkeypatch.setitem(sys.modules, module, None)
    with pytest.raises(MissingExtra, match=re.escape(f"pip install 'kirifuda[{extra}]'")):
        importlib.import_module(package)
