# The two commands a newcomer needs: `make run` (demo on SQLite) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test test-postgres bench serve venv install install-dev migrate seed messages clean

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip

$(VENV)/.installed: requirements.txt $(VENV)/bin/activate
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-dev: requirements.txt requirements-dev.txt $(VENV)/bin/activate
	$(PIP) install --quiet -r requirements-dev.txt
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

messages: install
	$(PY) manage.py compilemessages --ignore=.venv -v 0

migrate: install messages
	$(PY) manage.py migrate --noinput -v 0

seed: migrate
	$(PY) manage.py seed_demo

run: seed
	@echo ""
	@echo "  Klaverjas club system: http://$(HOST):$(PORT)/"
	@echo "  Demo logins: organiser / demo  and  scorer / demo"
	@echo ""
	$(PY) manage.py runserver $(HOST):$(PORT)

test: install-dev messages
	$(VENV)/bin/pytest $(PYTEST_ARGS)

bench: migrate
	$(PY) manage.py bench $(BENCH_ARGS)

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
