# Every target sets up .venv first, so a fresh clone needs nothing but python3.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: run test bench lint screenshots sounds icon install-check clean

$(VENV)/.installed: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

run: $(VENV)/.installed
	$(PY) main.py

test: $(VENV)/.installed
	$(HEADLESS) $(PY) -m pytest -q

bench: $(VENV)/.installed
	$(HEADLESS) $(PY) -m bench

screenshots: $(VENV)/.installed
	$(HEADLESS) $(PY) -m bench.screenshots

sounds: $(VENV)/.installed
	$(PY) bench/make_sounds.py

icon: $(VENV)/.installed
	$(HEADLESS) $(PY) -m bench.screenshots --icon

install-check:
	PYTHON=$(PYTHON) .ci/install-check

lint: $(VENV)/.installed
	$(PY) -m ruff check .
	$(PY) -m mypy

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache build *.egg-info
