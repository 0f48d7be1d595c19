# kirifuda — the two commands of the README: `make play` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
# --dist loadgroup: tests marked xdist_group run on one worker (tests/test_wheel.py builds its wheel once)
PYTEST := $(PY) -m pytest -q -n 2 --dist loadgroup -p no:cacheprovider

.PHONY: setup play check quick test bench clean

setup: $(VENV)/.installed $(VENV)/.native

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,analysis,rl,openspiel,train,web]'
	@# the browser tests drive Debian's chromium with Playwright (Playwright's own browser download is not used)
	@test -x /usr/bin/chromium || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }
	@# Japanese glyphs for the browser's screenshots (docs/images/browser.png)
	@test -e /usr/share/fonts/opentype/ipafont-gothic/ipag.ttf || { SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq fonts-ipafont-gothic >/dev/null; }
	touch $@

# the go-out engine compiled with mypyc into the venv (docs/performance.md), again whenever its source changes; a
# build that fails says so and leaves it pure Python (kirifuda.fast.native): setup goes on
$(VENV)/.native: $(VENV)/.installed src/kirifuda/fast/goout_engine.py src/kirifuda/fast/native.py
	PYTHONPATH=src $(PY) -m kirifuda.fast.native || echo "kirifuda: the go-out engine stays pure Python (its build failed)"
	touch $@

play: setup  ## a game of Anou at the full-screen terminal table against normal bots
	$(VENV)/bin/kirifuda play anou

check: setup  ## the static checks alone (seconds): lint, formatting, types, the import contracts (layers)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

quick: setup  ## the inner loop: every test not marked slow
	$(PYTEST) -m "not slow"

test: setup check  ## what CI runs: the static checks, then every test
	$(PYTEST)

bench: setup  ## the benchmark of docs/performance.md (installs the optional OpenSpiel peer)
	$(PY) -m pip install -q -e '.[bench]'
	$(PY) bench/bench.py

clean:
	rm -rf $(VENV) build src/*.egg-info .mypy_cache .ruff_cache
