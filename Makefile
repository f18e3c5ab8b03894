# Two entry points for a fresh machine:
#   make lab    set up .venv and open JupyterLab on the start notebook
#   make test   set up .venv (and Chromium for the browser tests) and run every test
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# JupyterLab refuses to start as root (the usual user in a container) unless it is allowed to.
AS_ROOT := $(if $(filter 0,$(shell id -u 2>/dev/null)),--allow-root)

.PHONY: lab test setup browser bench clean

lab: setup
	$(BIN)/jupyter lab $(AS_ROOT) notebooks/00-start-here.ipynb

test: setup browser
	$(BIN)/python -m pytest
	scripts/check-binder

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
