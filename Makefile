# Two commands a newcomer needs: `make run` and `make test`. Each builds .venv by itself.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The suite in parallel workers (pytest-xdist): much of it waits on processes, sockets and the
# disk, so three keep two cores busy (docs/development.md); TEST_WORKERS=0: one process.
TEST_WORKERS ?= 3
PYTEST := $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal

.PHONY: run console test test-thorough coverage mutate lint samples bench messages clean

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

run: $(BIN)/.installed  ## run the bot (long polling); needs TELEGRAM_BOT_TOKEN
	$(BIN)/python -m bot

console: $(BIN)/.installed  ## play in the terminal, without Telegram (no token needed)
	$(BIN)/python -m bot --console

lint: $(BIN)/.installed  ## style, types and layers
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache --no-logo

test: lint  ## lint, then the whole test suite
	$(PYTEST)

test-thorough: lint  ## the same, with hypothesis trying ten times as many examples (minutes more)
	$(PYTEST) --hypothesis-profile=thorough

coverage: $(BIN)/.installed  ## the suite, with the line coverage of scoring/, play/ and storage/
	$(PYTEST) --cov=scoring --cov=play --cov=storage --cov-report=term-missing

# mutmut comes with the optional group `mutate`, installed here only (make test does not need it).
$(BIN)/.mutate-installed: $(BIN)/.installed
	$(BIN)/python -m pip install --quiet -e '.[test,mutate]'
	touch $@

# MODULE=scoring/tago/ledger.py (or several, space-separated): only those, a minute or two each.
mutate: $(BIN)/.mutate-installed  ## mutation testing of the rules engines; writes mutation/results.json
	nice $(BIN)/python mutation/run.py $(MODULE)

samples: $(BIN)/.installed  ## redraw the sample charts the docs show
	$(BIN)/python docs/make_samples.py

bench: $(BIN)/.installed  ## measure the figures side by side with references; writes bench/results.json
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis *.egg-info .coverage .coverage.* mutants

messages: $(BIN)/.installed  ## after changing a text: bring the catalogues up to date, then translate what is new
	$(BIN)/pybabel extract --project=TamaloBot --no-wrap --add-location=file --sort-by-file \
		--omit-header -o bot/locales/tamalobot.pot bot
	$(BIN)/pybabel update --no-wrap --ignore-obsolete -D tamalobot -i bot/locales/tamalobot.pot -d bot/locales
