"""The optional parts of kirifuda (pyproject.toml's extras) and the message that names one when it is missing.

A plain ``pip install kirifuda`` plays, replays, simulates and runs tournaments; the browser game, designers'
reports and the RL environments need more. A command or a module that needs an extra calls :func:`require` before
it imports any of it, so a user reads which extra to install (``pip install 'kirifuda[web]'``) instead of a
``ModuleNotFoundError`` about a module they never asked for.
"""

from __future__ import annotations

from importlib.util import find_spec

EXTRAS: dict[str, tuple[str, ...]] = {
    "web": ("fastapi", "uvicorn", "pydantic"),
    "analysis": ("matplotlib", "pyarrow", "ray"),
    "rl": ("numpy", "gymnasium", "pettingzoo"),
    "openspiel": ("pyspiel", "numpy", "gymnasium", "pettingzoo"),
    "train": ("sb3_contrib", "stable_baselines3", "torch", "numpy", "gymnasium", "pettingzoo"),
}
"""Each extra's modules kirifuda imports (import names; tests/test_extras.py checks them against pyproject.toml).
The analysis extra's pandas and duckdb are for designers reading the game table; kirifuda imports neither."""


class MissingExtra(ImportError):
    """``what`` needs the extra ``extra``, and the modules ``missing`` of it are not installed.

    ``str(error)`` is the English message, ``ja`` its Japanese twin; :meth:`bilingual` gives both and then the
    command that installs the extra on a line of its own (a narrow terminal wraps the sentences, not the command)."""

    def __init__(self, what: str, extra: str, missing: tuple[str, ...]) -> None:
        self.what = what
        self.extra = extra
        self.missing = missing
        self.command = f"pip install 'kirifuda[{extra}]'"
        modules = ", ".join(missing)
        self.english = f"{what} needs kirifuda's optional dependencies [{extra}] (not installed: {modules})."
        self.japanese = f"{what} には追加パッケージ [{extra}] が必要です(未インストール: {modules})。"
        super().__init__(f"{self.english} Install them with: {self.command}", name=missing[0])
        self.ja = f"{self.japanese}インストール: {self.command}"

    def bilingual(self) -> str:
        return f"{self.japanese}\n{self.english}\nインストール / install: {self.command}"


def missing(extra: str, modules: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The modules of ``extra`` (or only ``modules`` of it) that cannot be imported here."""
    return tuple(name for name in modules or EXTRAS[extra] if find_spec(name) is None)


def require(extra: str, what: str, modules: tuple[str, ...] | None = None) -> None:
    """Raise :class:`MissingExtra` if ``extra``'s modules (or only ``modules`` of it) are not installed; ``what``
    names what needs them in the message (``kirifuda serve``, ``kirifuda.rl``)."""
    if absent := missing(extra, modules):
        raise MissingExtra(what, extra, absent)
