# Set-up is part of every target: a fresh clone needs nothing but `make play` or `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: play test slow lint bench balance assets maps validate i18n clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml $(STAMP)
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# byte-compiled first: a launch then never compiles the sources, even where Python may not cache them
play: $(STAMP)
	$(PY) -m compileall -q game > /dev/null
	$(PY) main.py $(ARGS)

lint: $(DEVSTAMP)
	$(PY) -m ruff check game tests tools bench main.py
	$(PY) -m mypy
	$(PY) main.py --validate maps

test: lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

slow: $(DEVSTAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -m slow

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m bench

# the shipped difficulty of every Zombicide mission (docs/balance/), measured by the planner bot
balance: $(STAMP)
	SDL_VIDEODRIVER=dummy $(PY) main.py balance --games 50 --out docs/balance --no-progress --no-pictures

assets: $(STAMP)
	SDL_VIDEODRIVER=dummy $(PY) tools/make_assets.py

maps: $(STAMP)
	$(PY) tools/make_maps.py

i18n: $(STAMP)
	$(PY) tools/i18n_check.py --pot

validate: $(STAMP)
	$(PY) main.py --validate maps

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
