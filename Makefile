# Two entry points for a fresh machine:
#   make lab    set up .venv and open JupyterLab on the start notebook
#   make test   set up .venv (and Chromium for the browser tests) and run every test, the suite
#               again with a fifth game, the Binder environment and the installed wheel
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# JupyterLab refuses to start as root (the usual user in a container) unless it is allowed to.
AS_ROOT := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

.PHONY: lab test setup browser bench clean

lab: setup
	$(BIN)/jupyter lab $(AS_ROOT) notebooks/00-start-here.ipynb

# The fifth-game run (pytest --extra-game): tests/extra_game.py's Nest Row installed as a plug-in
# for every process, so a test that pins the list of games, or a layer, notebook, page or command
# that works only for the package's own games, fails. It skips the files that test one named
# game's rules and kernels (they do not go through the registry's list of games, and test_kernels
# checks only games with a kernel, which Nest Row has not): that is about half the suite's time,
# on the two cores CI has. Everything that iterates over the games runs, notebooks and browser included.
EXTRA_GAME_SKIPS := $(foreach f,volcano volterra ice3 ice3_puzzles blockade blockade_kernel kernels,--ignore=tests/test_$(f).py)

test: setup browser
	$(BIN)/python -m pytest
	$(BIN)/python -m pytest --extra-game -q $(EXTRA_GAME_SKIPS)
	BROWSER_PYTHON=$(BIN)/python scripts/check-binder
	scripts/check-wheel

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

browser:
	@scripts/ensure-chromium

bench: setup
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache test-artifacts
