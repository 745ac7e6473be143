# Dice Arena. `make run` serves everything; `make test` runs every test.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast lint format bench venv clean

$(VENV)/.installed: requirements.txt
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11 or newer is needed"'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	@touch $@

venv: $(VENV)/.installed

run: venv
	$(BIN)/python -m webapp.launcher

# Starts an embedded Redis for the run when REDIS_URL is unset.
test: venv
	$(BIN)/python -m webapp.embedded_redis -- $(BIN)/python -m pytest $(PYTEST_ARGS)

test-fast: venv
	$(BIN)/python -m pytest tests/games tests/agents -q

lint: venv
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: venv
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

bench: venv
	$(BIN)/python bench/engines.py --json

clean:
	rm -rf var .pytest_cache
