# Every target sets up .venv first, so a fresh clone needs nothing but python3.
# `make run` installs what playing needs (requirements.txt); every other target installs the
# developer tools as well (requirements-dev.txt: pytest, ruff, mypy, PettingZoo, OpenSpiel).
# Each set has its stamp: `make run` then `make test` adds the tools, `make test` then
# `make run` installs nothing more (tests/test_packaging.py checks both with `make -n`).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy
PLAY := $(VENV)/.runtime
DEV := $(VENV)/.installed

.PHONY: run test bench lint screenshots sounds icon install-check clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(PLAY): requirements.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

# The developer tools include the runtime, so this stamps both.
$(DEV): requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(PLAY) $@

run: $(PLAY)
	$(PY) main.py

test: $(DEV)
	$(HEADLESS) $(PY) -m pytest -q

bench: $(DEV)
	$(HEADLESS) $(PY) -m bench

screenshots: $(DEV)
	$(HEADLESS) $(PY) -m bench.screenshots

sounds: $(DEV)
	$(PY) bench/make_sounds.py

icon: $(DEV)
	$(HEADLESS) $(PY) -m bench.screenshots --icon

install-check:
	PYTHON=$(PYTHON) .ci/install-check

lint: $(DEV)
	$(PY) -m ruff check .
	$(PY) -m mypy

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .mypy_cache build *.egg-info
