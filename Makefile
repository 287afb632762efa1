# Two entry points for a fresh machine: `make demo` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit gate clean

$(STAMP): requirements.txt requirements-dev.txt pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	# torch is pinned first so pip takes the CPU wheel from local disk, never a CUDA build
	$(PY) -m pip install --quiet torch==2.13.0
	$(PY) -m pip install --quiet -r requirements-dev.txt
	$(PY) -m pip install --quiet --no-deps --no-build-isolation -e .
	touch $(STAMP)

demo: $(STAMP)
	$(PY) -m vectordb build --docs documenti_pdf --index faiss_index_locale
	$(PY) -m vectordb search "Qual è la capacità del serbatoio dell'olio della pressa PX-200?" -k 3

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy .

unit: $(STAMP)
	$(VENV)/bin/pytest -q

test: lint typecheck unit

clean:
	rm -rf faiss_index_locale out .pytest_cache .mypy_cache .ruff_cache
