# Works on a fresh Debian machine with only python3 (and make), run as root:
# whatever else is missing (python3-venv, gettext, chromium, postgresql) is installed with apt-get.

SHELL := /bin/bash

VENV   := .venv
# The interpreter the venv is made from: Debian's own python3 when it is 3.11 or newer, because
# it is built with profile-guided and link-time optimisation, and an answer costs 12 % fewer
# instructions and about a quarter less CPU time than on an interpreter built without them
# (docs/performance.md, "Performance notes").
# `make PYTHON3=python3.12 venv` chooses another.
PYTHON3 ?= $(shell /usr/bin/python3 -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null && echo /usr/bin/python3 || echo python3)
PY     := $(VENV)/bin/python
PIP    := $(PY) -m pip
PYTEST := $(VENV)/bin/pytest
RUFF   := $(VENV)/bin/ruff
MYPY   := $(VENV)/bin/mypy
MANAGE := $(PY) manage.py

# Marks that the project is installed in the venv; older than pyproject.toml means reinstall.
INSTALLED := $(VENV)/.stamp-installed
# Marks the compiled search: the SHA-256 of the search.py it was made from.
COMPILED := engine/solver/_search_c.sha256
# Marks the solver's C core: the SHA-256 of the _native.c it was built from.
NATIVE := engine/solver/_native.sha256

LINT_PATHS := engine lessons baloot_site tests bench manage.py
PG_URL     := postgres://postgres@127.0.0.1:5432/postgres

# Catalogs are written by hand (locale/<lang>/LC_MESSAGES/django.po); the .mo files are built, not committed.
PO_FILES := $(wildcard locale/*/LC_MESSAGES/django.po)
MO_FILES := $(PO_FILES:.po=.mo)

# Install Debian packages; refresh the package lists only when the first attempt fails.
APT_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y
apt_install = { $(APT_INSTALL) $(1) || { apt-get update && $(APT_INSTALL) $(1); }; }

.PHONY: help venv compiled messages run test lint bench match simulations loadtest chromium postgres redis screenshots

# help: list the targets (the default).
help:
	@echo "make run     create .venv, install, migrate, load the curriculum, serve on http://127.0.0.1:8000"
	@echo "make test    install what the tests need and run the whole suite (SQLite, then PostgreSQL)"
	@echo "make lint    ruff and mypy (strict on engine/; lessons/ and baloot_site/ with Django's types)"
	@echo "make bench   run the benchmarks in bench/"
	@echo "make match   the coach's strong bot against the older one (long)"
	@echo "make simulations  the bidding and score-sheet simulations of docs/simulations.md (about 4 CPU minutes)"
	@echo "make compiled  build the solver's search in C with gcc and mypyc (part of make venv; optional)"
	@echo "make screenshots  the README's pictures, taken from the real site in Chromium (docs/screenshots/)"
	@echo "make loadtest  gunicorn on PostgreSQL, 32 simulated users: a class mix then a saturation mix, 60 s each; then 50 live tables over WebSockets (Daphne)"

# venv: the virtual environment with the project and its dev tools installed (editable), and the
# solver's search compiled.
venv: $(INSTALLED) $(COMPILED) $(NATIVE)

$(PY):
	$(PYTHON3) -m venv $(VENV) || { rm -rf $(VENV) && $(call apt_install,python3-venv) && $(PYTHON3) -m venv $(VENV); }

$(INSTALLED): pyproject.toml | $(PY)
	$(PIP) install -e '.[dev]'
	touch $@

# compiled: the solver's search in C (engine/solver/_native.c built by gcc: its inner loop, the
# fastest) and engine/solver/search.py compiled to C by mypyc (a few times faster than Python); see
# engine/solver/core.py. Optional: when gcc or Python's headers are missing and cannot be
# installed, or a build fails, the next search runs (mypyc's, else pure Python) and nothing else
# changes. Each build records the SHA-256 of the source it was made from (mypyc compiles a copy
# named _search_c.py): a build from another source than the one there now is never used.
compiled: $(COMPILED) $(NATIVE)

# Python's headers, and gcc, from Debian when missing.
BUILD_TOOLS = { command -v gcc >/dev/null && test -f "$$($(PY) -c 'import sysconfig; print(sysconfig.get_path("include"))')/Python.h"; } \
	  || $(call apt_install,gcc python3-dev) || true

$(COMPILED): engine/solver/search.py $(INSTALLED)
	@$(BUILD_TOOLS)
	rm -f engine/solver/_search_c*.so $@
	mkdir -p build
	cp engine/solver/search.py engine/solver/_search_c.py
# Without the project's mypy configuration: its Django plugin and per-package sections are for
# checking the site, and a section unused by this one file would fail the build.
	if $(VENV)/bin/mypyc --config-file= --strict engine/solver/_search_c.py > build/mypyc.log 2>&1; \
	  then sha256sum engine/solver/_search_c.py | cut -d' ' -f1 > $@; \
	  else echo "the solver's search was not compiled (build/mypyc.log): the pure-Python search runs"; fi
	rm -f engine/solver/_search_c.py

$(NATIVE): engine/solver/_native.c | $(PY)
	@$(BUILD_TOOLS)
	rm -f engine/solver/_native*.so $@
	mkdir -p build
	if gcc -O3 -shared -fPIC -Wall -Wno-missing-field-initializers \
	    -I"$$($(PY) -c 'import sysconfig; print(sysconfig.get_path("include"))')" engine/solver/_native.c \
	    -o engine/solver/_native"$$($(PY) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')" \
	    > build/native.log 2>&1; \
	  then sha256sum engine/solver/_native.c | cut -d' ' -f1 > $@; \
	  else echo "the solver's C core was not built (build/native.log): the compiled or pure-Python search runs"; fi

# messages: compile the translation catalogs; languages without a django.po are skipped.
messages: $(MO_FILES)

%.mo: %.po
	@command -v msgfmt >/dev/null || $(call apt_install,gettext)
	msgfmt --check-format -o $@ $<

# run: the development server, with a migrated database and the curriculum loaded.
run: venv messages
	$(MANAGE) migrate
	$(MANAGE) load_curriculum
	$(MANAGE) runserver 127.0.0.1:8000

# test: lint, then the suite (with doctests) on SQLite, then the database and browser tests on PostgreSQL.
test: venv messages chromium postgres redis
	$(RUFF) check $(LINT_PATHS)
	$(MYPY)
# Everything but the browser on SQLite (the default database), then what touches a database on
# PostgreSQL (the production one): tests/site, and the browser tests, which run once, there. They
# drive pages, not SQL: running them on both databases doubled the suite's longest part and
# proved nothing tests/site does not. tests/engine and the doctests never open a database.
	$(PYTEST) --doctest-modules engine tests --ignore=tests/browser -n 2
# The content tests (marker "content") render every page of the real curriculum to check its words:
# the database only stores it, and other tests load it into PostgreSQL, so they run once, above.
	DATABASE_URL=$(PG_URL) $(PYTEST) tests/site tests/browser -n 2 -m "not content"
# The fault test stops and restarts PostgreSQL: alone, after the rest.
	DATABASE_URL=$(PG_URL) RUN_FAULT_TESTS=1 $(PYTEST) tests/site/test_faults.py

# lint: ruff on the Python code; mypy, strict on engine/, and on lessons/ and baloot_site/ with
# django-stubs, every function body checked (configured in pyproject.toml).
lint: venv
	$(RUFF) check $(LINT_PATHS)
	$(MYPY)

# bench: run every bench/bench_*.py module's main(), printing `BENCH <name> <value> <unit>` lines.
bench: venv messages
	$(PY) bench/run.py

# match: the strong bot with the coach's evaluator against the older one, a duplicate match of 200
# deals per variant, and the hints the review contradicts (bench/match.py); long, so apart from bench.
match: venv
	$(PY) bench/match.py

# simulations: hand evaluation by simulation (bench/bidding_simulations.py): for each scenario, how
# often each call's contract is made and the average margin, as `BENCH sim_*` lines and a table.
# Then the score sheet (bench/game_simulations.py): the chance of winning the game when a Saudi
# defender or buyer passes or doubles, from a given sheet. Fixed seeds: the figures of
# docs/simulations.md come out again.
simulations: venv
	$(PY) bench/bidding_simulations.py
	$(PY) bench/game_simulations.py

# loadtest: gunicorn on 127.0.0.1 with a throwaway PostgreSQL database and Redis, 32 simulated users:
# the class mix (2-5 s pauses) then the saturation mix (none), 60 s each; `BENCH load_*` lines and
# answer_cpu_ratio; it drops the database and stops the server when done (bench/loadtest.py).
loadtest: venv messages postgres redis
	$(PY) bench/loadtest.py

# screenshots: the README's three pictures, from the site served on a throwaway database (docs/screenshots.py).
screenshots: venv messages chromium
	$(PY) docs/screenshots.py

# chromium: the browser the page tests drive (Debian's, not a downloaded one).
chromium:
	@test -x /usr/bin/chromium || $(call apt_install,chromium)

# redis: redis-server for the load test and the cache tests, which start their own on a free port.
redis:
	@command -v redis-server >/dev/null || $(call apt_install,redis-server)

# postgres: a server on 127.0.0.1:5432 that lets the postgres role in without a password.
# A server this target installs is given that access; an existing one is only started.
postgres:
	@test -d /etc/postgresql || { \
	  $(call apt_install,postgresql) && \
	  sed -i '1i host all postgres 127.0.0.1/32 trust' /etc/postgresql/*/main/pg_hba.conf && \
	  { pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main stop || true; }; \
	}
	@pg_isready -h 127.0.0.1 -q || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@pg_isready -h 127.0.0.1
