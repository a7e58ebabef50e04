# PageLens: `make run` starts the service, `make test` runs every check. Both install what they need.
SHELL := /bin/bash
NPM ?= npm
export npm_config_fund := false
export npm_config_audit := false
# Native addons build from source here; never fetch prebuilt binaries from the network.
export npm_config_build_from_source := true
export ONNXRUNTIME_NODE_INSTALL_CUDA := skip

SOURCES := $(shell find src -name '*.ts' 2>/dev/null)

# Debian packages PageLens uses when present: LibreOffice converts Office files, DejaVu fonts
# typeset test pages, poppler is the benchmark's peer, tesseract is the native OCR engine,
# Graphviz draws the generated flowcharts and mind maps of the tests and evaluations, util-linux
# has prlimit, without which LibreOffice (uncapped) is refused.
SYSTEM_PACKAGES := libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui \
	fonts-dejavu-core poppler-utils tesseract-ocr tesseract-ocr-eng graphviz util-linux

.PHONY: system-deps eval-deps run test build deps lint typecheck unit services clean bench bench-jobs bench-ingest bench-pdf bench-page-helpers eval eval-ocr eval-layout eval-page-helpers eval-tables eval-real-tables eval-reading-order bench-search bench-qa eval-qa bench-component-tables bench-semantic bench-flowcharts eval-flowcharts eval-mindmaps eval-charts eval-charts-vector bench-charts eval-qa-hard eval-qa-real eval-qa-real2 bench-topologies eval-schematics bench-schematics eval-scans bench-components bench-scans

# Installs the missing ones where we can (root with apt-get); elsewhere says what is missing and
# goes on: the service then reports fewer formats and skips what needs them.
# $(call apt-install,PACKAGES,WHAT): installs the missing ones as root with apt-get, else warns.
define apt-install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "installing:$$missing"; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing) >/dev/null \
	    || echo "warning: could not install$$missing"; \
	else echo "warning: missing Debian packages:$$missing ($(2))"; fi
endef

system-deps:
	$(call apt-install,$(SYSTEM_PACKAGES),Office formats or OCR engines may be unavailable)

# Only the chart evaluation needs these: matplotlib draws its third-renderer splits (train-mpl,
# held-mpl); the service never runs Python.
EVAL_PACKAGES := python3-matplotlib r-cran-ggplot2 r-cran-ragg
eval-deps:
	$(call apt-install,$(EVAL_PACKAGES),the matplotlib and ggplot2 chart splits are skipped)

node_modules/.installed: package.json package-lock.json
	$(NPM) ci --no-fund --no-audit
	touch $@

deps: node_modules/.installed

dist/.built: node_modules/.installed $(SOURCES) tsconfig.json tsconfig.build.json
	rm -rf dist
	node_modules/.bin/tsc -p tsconfig.build.json
	touch $@

build: dist/.built

run: system-deps build
	bin/pagelens migrate
	bin/pagelens serve

# Starts PostgreSQL and Redis when they are not answering (the commands this machine's notes give).
services:
	@pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@for i in $$(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q && break; sleep 1; done
	@redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log
	@for i in $$(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done

lint: deps
	node_modules/.bin/eslint --max-warnings 0 --no-error-on-unmatched-pattern src test bench eval

typecheck: deps
	node_modules/.bin/tsc --noEmit -p tsconfig.json

unit: system-deps deps build services
	node_modules/.bin/vitest run

test: lint typecheck unit

clean:
	rm -rf dist node_modules/.installed

# Benchmarks and evaluations: built from bench/ and eval/ into dist-bench/, never part of `make test`.
dist-bench/.built: node_modules/.installed $(SOURCES) $(shell find bench eval -name '*.ts' 2>/dev/null) tsconfig.bench.json
	rm -rf dist-bench
	node_modules/.bin/tsc -p tsconfig.bench.json
	touch $@

bench-jobs: build dist-bench/.built services
	node dist-bench/bench/jobs.js

bench-ingest: build dist-bench/.built
	node dist-bench/bench/ingest.js

# Issue 22's dense pages (federal register 1-12, WARN report 1-8) scanned at 200 dpi, one image-only PDF, 2 workers.
bench-scans: system-deps build dist-bench/.built
	BENCH_INGEST=scanned-real node dist-bench/bench/ingest.js

# Issue 21: PostgreSQL + BullMQ (API + 2 worker processes) against the embedded default, 96 pages.
bench-topologies: build dist-bench/.built services
	node dist-bench/bench/topologies.js

bench-pdf: dist-bench/.built
	node dist-bench/bench/pdf-ingest.js

bench-page-helpers: dist-bench/.built
	node dist-bench/bench/page-helpers.js

# Needs the local PostgreSQL `test` database (a fresh schema, dropped afterwards) for its second half.
bench-search: dist-bench/.built
	node dist-bench/bench/search.js

bench-qa: dist-bench/.built
	node dist-bench/bench/qa.js

bench-component-tables: dist-bench/.built
	node dist-bench/bench/component-tables.js

# Chart extraction per chart with OCR (native tesseract; goal under 1 s on 2 cores).
bench-charts: dist-bench/.built
	node dist-bench/bench/components-charts.js

# Schematic detection on a generated 300-dpi A3 sheet (4961 x 3508) with OCR (native tesseract; goal under 5 s on 2 cores).
bench-schematics: system-deps dist-bench/.built
	node dist-bench/bench/schematics.js

# Brute-force semantic retrieval over 10,000 stored vectors (the scan cap) (SQLite, then a fresh PostgreSQL schema).
bench-semantic: dist-bench/.built
	node dist-bench/bench/semantic.js

# Flowchart and mind map extraction speed (20-node flowcharts, warm native tesseract).
bench-flowcharts: system-deps dist-bench/.built
	node dist-bench/bench/components-flowcharts.js

# Speed per visual component (issue 13): a chart, a 20-node flowchart and a mind map on this machine.
bench-components: bench-charts bench-flowcharts

bench: bench-jobs bench-ingest bench-topologies bench-pdf bench-page-helpers bench-search bench-qa bench-component-tables bench-semantic bench-flowcharts bench-charts bench-schematics

eval-ocr: dist-bench/.built
	node dist-bench/eval/ocr.js

eval-layout: dist-bench/.built
	node dist-bench/eval/layout.js

eval-page-helpers: dist-bench/.built
	node dist-bench/eval/page-helpers.js

eval-tables: dist-bench/.built
	node dist-bench/eval/tables.js

# Hand-made ground truth for tables in ../shared/data/pdfplumber-tests (eval/real-tables/*.json, train and held-out splits).
eval-real-tables: dist-bench/.built
	node dist-bench/eval/real-tables.js

# Two-column pages of ../shared/data/pdfplumber-tests: lines of one column interleaved with another's.
eval-reading-order: dist-bench/.built
	node dist-bench/eval/reading-order.js

# Issue 22: real PDF pages made into scans (150/200/300 dpi, turned, noised, JPEG) read by PageLens and by the tesseract CLI alone.
eval-scans: system-deps dist-bench/.built
	node dist-bench/eval/scans.js

eval-qa: dist-bench/.built
	node dist-bench/eval/qa.js

eval: eval-ocr eval-layout eval-page-helpers eval-tables eval-real-tables eval-reading-order eval-qa eval-flowcharts eval-mindmaps eval-charts eval-charts-vector eval-qa-hard eval-schematics eval-scans
# Generated Graphviz flowcharts (dev and held-out seeds) and figures-dev's PlantUML/blockdiag renders.
eval-flowcharts: system-deps dist-bench/.built
	node dist-bench/eval/flowcharts.js

eval-mindmaps: system-deps dist-bench/.built
	node dist-bench/eval/mindmaps.js

# Charts into data: generated Vega-Lite charts (training and held-out splits) and the figures-dev gnuplot charts.
eval-charts: dist-bench/.built eval-deps
	node dist-bench/eval/charts.js

# The same seeded charts written into PDFs as vector drawing, read from the drawing (train and held-out seeds).
eval-charts-vector: dist-bench/.built
	node dist-bench/eval/charts-vector.js

eval-qa-hard: dist-bench/.built
	node dist-bench/eval/qa-hard.js --misses none

# Hand-written questions on 15 real PDFs written by others (pdfplumber tests, ICDAR 2013), written blind to the engine.
eval-qa-real: dist-bench/.built
	node dist-bench/eval/qa-real.js

# A second blind held-out set on 15 other real PDFs (eval/qa-real/held2.ts), written by a helper that never opened the engine.
eval-qa-real2: dist-bench/.built
	node dist-bench/eval/qa-real.js --split held2

# Schematic detection on generated P&ID-like sheets (training and held-out seeds) and the hand-drawn sheets of test/fixtures.
eval-schematics: system-deps dist-bench/.built
	node dist-bench/eval/schematics.js
