# Two commands: `make dev` serves the sample site in watch mode; `make test` runs every test.
# Both set up what they need on a fresh machine (Python, make and apt are all they assume).

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: dev test setup venv system-deps node-deps oracle-deps theme-deps browser-deps tailwind typecheck bench bench-deps clean

$(STAMP): pyproject.toml setup.py
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip setuptools wheel
	$(BIN)/pip install -q -e '.[test,assistant,search]'
	@# an editable install has no bytecode of its own modules, and a shell with
	@# PYTHONDONTWRITEBYTECODE never writes it: every mdxsite process (a test's CLI run)
	@# would compile them all again (benchmarks/run.py does the same before timing)
	$(BIN)/python -m compileall -q generator plugins themes > /dev/null
	touch $(STAMP)

venv: $(STAMP)

dev: venv theme-deps
	$(BIN)/mdxsite dev sample_site

# Chromium (browser tests) and redis-server (the shared assistant store) come from Debian, and
# so do the tools that check and run the PHP, Ruby and C request samples
# (tests/unit/openapi/test_sample_languages.py).
system-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v redis-server >/dev/null 2>&1 || missing="$$missing redis-server"; \
	command -v php >/dev/null 2>&1 || missing="$$missing php-cli php-curl"; \
	command -v ruby >/dev/null 2>&1 || missing="$$missing ruby"; \
	command -v curl-config >/dev/null 2>&1 || missing="$$missing libcurl4-openssl-dev"; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing with apt-get"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

# The AI SDK v4 client parser, for the stream conformance test (npm, never vendored).
node-deps: tests/conformance/node_modules/.installed
tests/conformance/node_modules/.installed: tests/conformance/package.json
	cd tests/conformance && npm install --no-audit --no-fund --loglevel=error
	touch $@

# The platform's own parsers (@mdx-js/mdx with its remark plugins, @mintlify/validation), used by
# the parity tests as oracles; never needed to build a site.
oracle-deps: tests/oracle/node_modules/.installed
tests/oracle/node_modules/.installed: tests/oracle/package.json
	cd tests/oracle && npm install --no-audit --no-fund --loglevel=error
	touch $@

# axe-core, the accessibility engine the reader tests inject into Chromium (npm, never vendored).
browser-deps: tests/browser/node_modules/.installed
tests/browser/node_modules/.installed: tests/browser/package.json
	cd tests/browser && npm install --no-audit --no-fund --loglevel=error
	touch $@

# Browser scripts a built site may load (Mermaid), from npm, never committed: a build copies
# them into its output only when a page needs them.
theme-deps: theme-deps/node_modules/.installed
theme-deps/node_modules/.installed: theme-deps/package.json
	cd theme-deps && npm install --no-audit --no-fund --loglevel=error
	touch $@

# Regenerate themes/base/static/utilities.css (committed) from the classes real pages use.
tailwind:
	cd scripts/tailwind && npm install --no-audit --no-fund --loglevel=error && npm run --silent build

# Two pytest-xdist workers, each test file whole on one of them (its module fixtures, such as
# a site built once for the file's tests, are built once); one worker alone took 17 min.
# The set-up waits on the network (pip, npm, apt) far more than it uses the CPU: in a fresh
# clone the steps took 163 s (venv), 12 + 59 + 51 + 5 s (npm) and 67 s (typecheck) one after
# the other, 90 s of CPU in all; side by side they take about as long as the venv and mypy.
test:
	$(MAKE) --no-print-directory -j 8 --output-sync=target setup
	$(BIN)/pytest -q -n 2 --dist loadfile

setup: venv system-deps node-deps oracle-deps theme-deps browser-deps typecheck

# mypy comes with the test extra (pinned in pyproject.toml); `make test` runs this first.
# No build isolation: the venv has setuptools, and an isolated build fetched it from the
# network each time (67 -> 21 s in a fresh clone).
typecheck: venv
	rm -rf build/typecheck && $(BIN)/pip install -q --no-deps --no-build-isolation --target build/typecheck .
	MYPYPATH=build/typecheck $(BIN)/mypy -p mdxsite

# Hugo, the benchmark's second peer, comes from Debian (0.111); MkDocs from PyPI (run.py).
bench-deps:
	@command -v hugo >/dev/null 2>&1 || { echo "installing hugo with apt-get"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo; }

bench: venv bench-deps
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache sample_site/_site .mdxsite-cache sample_site/.mdxsite-cache .bench
