"""Compiled copies of the fast engines' hot modules (mypyc): built by ``make setup``, used where they are current.

A pure-Python module stays the source and the reference; its compiled copy is the same file, compiled by mypyc
(part of mypy, a test dependency) under another name, ``_kirifuda_<module>`` (a top-level module, installed into
the environment's site-packages, never into the source tree). The copy carries the SHA-256 of the source it was
built from, and :func:`load` uses it only while that is the source beside it, so an edited module is never
shadowed by an old build: it runs as Python until the next ``make setup``. ``KIRIFUDA_PURE=1`` in the environment
runs the pure modules (the lockstep tests' reference, a comparison of the two).

    python -m kirifuda.fast.native [--dest DIR] [MODULE ...]   # build (default: every module of COMPILED)

A build that fails (no mypy, no C compiler or Python headers) says so and leaves the engines pure Python; the
command still exits 0 unless ``--strict`` is given, so ``make setup`` never fails for it.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType

COMPILED = ("goout_engine",)
"""The modules of :mod:`kirifuda.fast` that have a compiled copy (docs/performance.md: the go-out engine)."""
HERE = Path(__file__).resolve().parent
PURE_ENV = "KIRIFUDA_PURE"

status: dict[str, str] = {}
"""Per module: which copy :func:`load` chose and why (``compiled: …``, ``pure Python: …``): the benchmarks print it."""


def compiled_name(module: str) -> str:
    """The compiled copy's module name (top level)."""
    return f"_kirifuda_{module}"


def load(pure: ModuleType, compiled: str | None = None) -> ModuleType:
    """The module to run for ``pure`` (a module of :data:`COMPILED`): its compiled copy (the module ``compiled``,
    default :func:`compiled_name`) where one is installed, was built from the very source of ``pure`` and
    ``KIRIFUDA_PURE`` is not set; else ``pure`` itself. :data:`status` says which, and why."""
    module = pure.__name__.rpartition(".")[2]
    name = compiled or compiled_name(module)
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        status[module] = f"pure Python: {PURE_ENV} is set"
        return pure
    try:
        native = importlib.import_module(name)
    except ImportError:
        status[module] = "pure Python: not compiled (`make setup` or `python -m kirifuda.fast.native` compiles it)"
        return pure
    assert pure.__file__ is not None
    if getattr(native, "SOURCE_SHA256", None) != hashlib.sha256(Path(pure.__file__).read_bytes()).hexdigest():
        status[module] = (
            f"pure Python: the compiled copy {native.__file__} was built from another source "
            "(`make setup` compiles this one)"
        )
        return pure
    status[module] = f"compiled: {native.__file__}"
    return native


def build(module: str, dest: Path, strict: bool = False) -> bool:
    """Compile ``module`` of :mod:`kirifuda.fast` with mypyc into ``dest`` (as :func:`compiled_name`, carrying its
    source's SHA-256); True when built. The work is done in a temporary folder; a failure is reported on stderr."""
    source = HERE / f"{module}.py"
    name = compiled_name(module)
    with tempfile.TemporaryDirectory(prefix="kirifuda-native-") as tmp:
        work = Path(tmp)
        text = source.read_text(encoding="utf-8")
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        (work / f"{name}.py").write_text(
            f'{text}\n\nSOURCE_SHA256 = "{digest}"  # added by kirifuda.fast.native: the source it was built from\n',
            encoding="utf-8",
        )
        env = {**os.environ, "MYPYPATH": str(HERE.parents[1])}  # the kirifuda package this module imports
        run = subprocess.run(
            [sys.executable, "-m", "mypyc", f"{name}.py"], cwd=work, env=env, capture_output=True, text=True
        )
        built = sorted(work.glob(f"{name}*{sysconfig.get_config_var('EXT_SUFFIX')}"))
        if run.returncode != 0 or not built:
            print(
                f"kirifuda.fast.{module}: not compiled, it runs as pure Python (mypyc failed):\n"
                f"{(run.stdout + run.stderr)[-3000:]}",
                file=sys.stderr,
            )
            if strict:
                raise SystemExit(1)
            return False
        dest.mkdir(parents=True, exist_ok=True)
        for path in built:  # a new file renamed over the old one: a process running the old one keeps it
            part = dest / f".{path.name}.part"
            shutil.copy2(path, part)
            os.replace(part, dest / path.name)
    print(f"kirifuda.fast.{module}: compiled into {dest} ({', '.join(p.name for p in built)})")
    return True


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Compile the fast engines' hot modules with mypyc.")
    parser.add_argument("modules", nargs="*", default=list(COMPILED), help=f"default: {' '.join(COMPILED)}")
    parser.add_argument(
        "--dest", type=Path, default=Path(sysconfig.get_paths()["platlib"]), help="default: site-packages"
    )
    parser.add_argument("--strict", action="store_true", help="exit 1 when a module does not compile")
    args = parser.parse_args(argv)
    for module in args.modules:
        if module not in COMPILED:
            parser.error(f"{module}: not one of {', '.join(COMPILED)}")
        build(module, args.dest, args.strict)


if __name__ == "__main__":
    main()
