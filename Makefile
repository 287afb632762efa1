# Two entry points for a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit gate golden calibrate clean browser

$(STAMP): requirements.txt requirements-dev.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# torch is pinned first so pip takes the CPU wheel from local disk, never a CUDA build
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -r requirements-dev.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

INDEX := faiss_index_locale
DEMO := out/demo
DEMO_INDEX := $(DEMO)/faiss_index

# The whole loop on the offline components, whatever keys .env or the shell hold: index,
# generate a golden set, prove it, evaluate. Everything it writes is under $(DEMO)/.
demo: $(STAMP)
	$(PY) -m vectordb build --docs documenti_pdf --index $(DEMO_INDEX)
	$(PY) -m builder generate --sample 0.1 --seed 42 --docs documenti_pdf --index $(DEMO_INDEX) \
		--llm offline --out $(DEMO)/qa_golden_set.jsonl --no-progress
	$(PY) -m builder validate $(DEMO)/qa_golden_set.jsonl --index $(DEMO_INDEX)
	$(PY) -m evaluator run --golden $(DEMO)/qa_golden_set.jsonl --index $(DEMO_INDEX) \
		--agent extractive --judge offline --report $(DEMO)/qa_report.json \
		--outcomes $(DEMO)/outcomes.jsonl --baseline $(DEMO)/qa_baseline.json --no-progress

# The pull-request gate: the committed golden set against the committed baseline, then the
# judge's own proof: it must pass the reference answers and fail the null agents, then the
# extraction gate per channel (demo PDFs and the office samples) on its own baseline.
gate: $(STAMP)
	$(PY) -m vectordb build --docs documenti_pdf --index $(INDEX)
	$(PY) -m evaluator run --judge offline --golden data/golden/qa_golden_set.jsonl --index $(INDEX) \
		--baseline data/golden/qa_baseline.json --no-progress --junit out/qa_junit.xml
	$(PY) -m evaluator selfcheck --judge offline --golden data/golden/qa_golden_set.jsonl \
		--index $(INDEX) --report out/selfcheck.json --no-progress
	$(PY) -m evaluator extraction --docs documenti_pdf --fixtures data/fixtures/demo_ground_truth.json \
		--baseline data/golden/extraction_baseline.json --report out/extraction_demo.json
	$(PY) -m evaluator extraction --docs data/fixtures/office \
		--fixtures data/fixtures/office/office_ground_truth.json \
		--baseline data/golden/extraction_baseline.json --report out/extraction_office.json

# The committed golden set: the offline generator over every chunk of the demo corpus.
golden: $(STAMP)
	$(PY) -m vectordb build --docs documenti_pdf --index $(INDEX)
	$(PY) -m builder generate --sample 1.0 --seed 42 --docs documenti_pdf --index $(INDEX) \
		--llm offline --out data/golden/qa_golden_set.jsonl --replace --no-progress

# How well the offline judge agrees with the hand-labelled calibration set (informational).
calibrate: $(STAMP)
	$(PY) -m judges calibrate data/calibration/calibration.jsonl --judge offline

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy .

# Headless Chromium + chromedriver (Debian packages) for tests/browser; a no-op when present.
browser:
	bash scripts/ensure_browser.sh

unit: $(STAMP) browser
	$(VENV)/bin/pytest -q

test: lint typecheck unit

clean:
	rm -rf faiss_index_locale out .pytest_cache .mypy_cache .ruff_cache
