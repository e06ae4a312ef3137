# The two commands a newcomer needs: `make run` (demo on SQLite; DEMO=0 without) and `make test` (the whole suite).
# Both need only Python 3.11+ (and make): the steps are in scripts/launcher.py, run through run.py,
# which is also the way without make (`python3 run.py`, `python3 run.py test`). Each step works only
# when due, so a second `make run` starts the server at once; `make seed` or SEED=1 reseeds the demo.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
# `make run HOST=0.0.0.0` serves the club's network too: the phones at the tables open their table links
# (the QR codes on the sheets) at this laptop's network address, which the organiser's page /manage/phones/
# shows. If phones reach the laptop by another address, set it: SITE_URL=http://192.168.1.20:8000 make run.
HOST ?= 127.0.0.1
PORT ?= 8000
SEED ?=
# `make run DEMO=0`: a new database gets no demo (/ leads to /setup/, where the club sets itself up). The demo
# goes only into a new database in any case: once removed (on the club's page) it stays away; `make seed` adds it.
DEMO ?= 1
LAUNCH = @command -v $(PYTHON) >/dev/null 2>&1 || { echo "$(PYTHON) was not found: install Python 3.11 or newer, or name one with make $@ PYTHON=/path/to/python3.11." >&2; exit 2; }; $(PYTHON) run.py

.PHONY: run test bench serve load venv install install-dev migrate seed messages clean lock npm

run:
	$(LAUNCH) run --host $(HOST) --port $(PORT) $(if $(filter 1 yes true on,$(SEED)),--seed) $(if $(filter 0 no false off,$(DEMO)),--no-demo)

test:
	$(LAUNCH) test $(PYTEST_ARGS)

venv install:
	$(LAUNCH) install

install-dev:
	$(LAUNCH) install-dev

# Compiles the catalogues in pure Python (Babel): GNU gettext is not needed.
messages:
	$(LAUNCH) messages

migrate:
	$(LAUNCH) migrate

seed:
	$(LAUNCH) seed

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

# Load test on loopback, set up as a league server: gunicorn + PostgreSQL + Redis as the shared page
# cache, 50 clients for 60 s (80 % public pages, 20 % score entry). LOAD_CACHE_URL= (empty) measures
# the laptop's set-up instead, each worker process caching in its own memory.
LOAD_DATABASE_URL ?= postgres://klaverjas:klaverjas@127.0.0.1:5432/klaverjas_load
LOAD_CACHE_URL ?= redis://127.0.0.1:6379/1
load: install messages
	DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py migrate --noinput -v 0
	DATABASE_URL=$(LOAD_DATABASE_URL) $(PY) manage.py seed_demo
	DATABASE_URL=$(LOAD_DATABASE_URL) CACHE_URL=$(LOAD_CACHE_URL) $(PY) manage.py loadtest --seconds $${LOAD_SECONDS:-60} --clients $${LOAD_CLIENTS:-50}

# requirements*.lock: the whole dependency tree pinned, with the hash of every file, compiled from
# requirements*.txt (what the code uses directly) by uv as one universal lock: it installs on every CPython
# 3.11.0 and newer on Linux, macOS and Windows (what only some need carries an environment marker, such as
# async-timeout for redis below Python 3.11.3). make run, make test and CI install only from the locks (pip
# --require-hashes). After adding or changing a pin in requirements*.txt run `make lock`; it keeps every
# other pin as it is. `make lock LOCK_ARGS=--upgrade` moves every package to its newest release;
# `LOCK_ARGS="--upgrade-package django-redis"` just that one. Commit the locks. `make lock` ends by checking
# that every pinned package has a wheel or source for each Python and system of LOCK_TARGETS.
UV = $(VENV)/bin/uv
UV_COMPILE = UV_CUSTOM_COMPILE_COMMAND="make lock" $(UV) pip compile --quiet --universal --python-version 3.11 \
	--generate-hashes --no-emit-index-url $(LOCK_ARGS)
LOCK_PYTHONS ?= 3.11.0 3.11.2 3.12 3.13
LOCK_TARGETS ?= x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-apple-darwin aarch64-apple-darwin x86_64-pc-windows-msvc
lock: install-dev
	$(UV_COMPILE) --output-file requirements.lock requirements.txt
	$(UV_COMPILE) --constraint requirements.lock --output-file requirements-dev.lock requirements-dev.txt
	@for python in $(LOCK_PYTHONS); do for target in $(LOCK_TARGETS); do \
	  $(UV) pip compile --quiet --no-header --no-deps --no-build --python-version $$python --python-platform $$target \
	    --output-file /dev/null requirements-dev.lock || { echo "requirements-dev.lock does not install on Python $$python ($$target)." >&2; exit 1; }; \
	done; done; echo "The locks install on Python $(LOCK_PYTHONS) for $(LOCK_TARGETS)."

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles .pytest_cache

# The TypeScript client check (tests/api_contract/test_typescript_client.py): openapi-typescript and
# tsc, pinned in package.json and package-lock.json, into node_modules/ (needs Node.js and npm).
npm:
	npm ci --no-audit --no-fund
