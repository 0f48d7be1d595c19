"""The fast engine of the go-out designs (game id ``goout``): :mod:`kirifuda.fast.goout_engine`, the pure-Python
source, or its compiled copy (mypyc, :mod:`kirifuda.fast.native`) where ``make setup`` built one from that same
source and ``KIRIFUDA_PURE`` is not set. Both play the same games (tests/test_fast_goout.py runs on whichever is
loaded, and checks the compiled copy against the source decision by decision); :data:`IMPL` is the one in use,
``native.status["goout_engine"]`` says why."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import goout_engine, native

IMPL = native.load(goout_engine)
"""The engine module in use: the compiled copy or :mod:`kirifuda.fast.goout_engine`."""

if TYPE_CHECKING:  # the types are the source's (the compiled copy is the same code)
    from .goout_engine import KNOWN_KEYS, FastGoout, Position, engine
else:
    KNOWN_KEYS, FastGoout, Position, engine = IMPL.KNOWN_KEYS, IMPL.FastGoout, IMPL.Position, IMPL.engine

__all__ = ["IMPL", "KNOWN_KEYS", "FastGoout", "Position", "engine"]
