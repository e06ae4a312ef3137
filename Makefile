# The two commands a newcomer needs: `make run` (demo on SQLite) and `make test` (the whole suite).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test bench serve load venv install install-dev migrate seed messages clean

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

# Production-like, locally: gunicorn + whitenoise; DATABASE_URL (PostgreSQL) and SECRET_KEY from the environment.
serve: install messages
	DJANGO_SETTINGS_MODULE=config.settings.production SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} \
	  ALLOWED_HOSTS=$${ALLOWED_HOSTS:-127.0.0.1,localhost} $(PY) manage.py collectstatic --noinput -v 0
	DJANGO_SETTINGS_MODULE=config.settings.production SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} \
	  ALLOWED_HOSTS=$${ALLOWED_HOSTS:-127.0.0.1,localhost} $(PY) manage.py migrate --noinput -v 0
	DJANGO_SETTINGS_MODULE=config.settings.production SECURE_SSL_REDIRECT=$${SECURE_SSL_REDIRECT:-0} \
	  ALLOWED_HOSTS=$${ALLOWED_HOSTS:-127.0.0.1,localhost} $(VENV)/bin/gunicorn config.wsgi:application \
	  --bind $(HOST):$(PORT) --workers $${WEB_CONCURRENCY:-3} --access-logfile - --error-logfile -

# Load test on loopback: gunicorn + PostgreSQL, 50 clients for 60 s (80 % public pages, 20 % score entry).
LOAD_DATABASE_URL ?= postgres://klaverjas:klaverjas@127.0.0.1:5432/klaverjas_load
load: install messages
	DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py migrate --noinput -v 0
	DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py seed_demo
	DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py loadtest --seconds $${LOAD_SECONDS:-60} --clients $${LOAD_CLIENTS:-50}

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache
