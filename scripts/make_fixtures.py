"""Write the extraction ground truth: the demo corpus's from its Markdown sources, and the
small office samples with theirs.

The demo PDFs are rendered from ``corpus_src/*.md`` by ``render_corpus.py``, so the blocks
that script parses are, by construction, what each PDF says: headings, paragraphs and
bullets give the sentences (split with ragoro's sentence splitter), pipe tables give the
cells and their header paths, and the numbers are read from those sentences and cells
with ragoro's number reader. The office samples are made by ``tests/office_factory.py``,
whose ground truth is written from the values it puts in each file.

Usage::

    python scripts/make_fixtures.py [--src corpus_src] [--out data/fixtures] [--check]

``--check`` writes nothing and exits 1 when a committed fixture differs from what the
sources give (CI runs it through the tests).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(1, str(Path(__file__).resolve().parent))

import corpus_source  # noqa: E402
import render_corpus  # noqa: E402

from tests.office_factory import SAMPLES, ground_truth  # noqa: E402
from vectordb.facts import normalise, numbers_of, split_sentences  # noqa: E402

FIXTURE_VERSION = 1
DEMO_FILE = "demo_ground_truth.json"
OFFICE_DIR = "office"
OFFICE_FILE = "office_ground_truth.json"


def _cells(table: corpus_source.Table, name: str) -> list[dict[str, Any]]:
    cells = []
    header_row = table.rows[0]
    for r, row in enumerate(table.rows, start=1):
        for c, text in enumerate(row, start=1):
            if not text.strip():
                continue
            header = []
            if r > 1 and header_row[c - 1].strip():
                header.append(normalise(header_row[c - 1]))
                if c > 1 and row[0].strip():
                    header.append(normalise(row[0]))
            elif r > 1 and c > 1 and row[0].strip():
                header.append(normalise(row[0]))
            locator = f"{name},row={r},col={c}"
            cells.append({"locator": locator, "text": normalise(text), "header": header})
    return cells


def document_truth(source: Path) -> dict[str, Any]:
    """The ground truth of one rendered document, from its Markdown source."""
    parsed = corpus_source.parse_document(source)
    text: list[dict[str, Any]] = []
    tables: list[dict[str, Any]] = []
    numbers: list[dict[str, Any]] = []
    table_count = 0
    for number, block in enumerate(parsed.blocks, start=1):
        if isinstance(block, corpus_source.Table):
            table_count += 1
            cells = _cells(block, f"table={table_count}")
            tables += cells
            for cell in cells:
                found = numbers_of(cell["locator"], cell["text"], cell["header"])
                numbers += [
                    n.model_dump(include={"locator", "value", "unit", "label"}) for n in found
                ]
            continue
        for k, (s, e) in enumerate(split_sentences(block.text), start=1):
            locator = f"block={number},sentence={k}"
            sentence = normalise(block.text[s:e])
            text.append({"locator": locator, "text": sentence})
            found = numbers_of(locator, sentence)
            numbers += [n.model_dump(include={"locator", "value", "unit", "label"}) for n in found]
    return {
        "source": source.relative_to(REPO_ROOT).as_posix()
        if source.is_relative_to(REPO_ROOT)
        else source.as_posix(),
        "text": text,
        "tables": tables,
        "numbers": numbers,
    }


def demo_fixture(src: Path) -> dict[str, Any]:
    """Ground truth of every rendered document of the demo corpus."""
    documents = {
        f"{path.stem}.pdf": document_truth(path) for path in render_corpus.source_files(src)
    }
    return {
        "version": FIXTURE_VERSION,
        "name": "demo",
        "description": "The demo PDFs in documenti_pdf/, from the Markdown they are rendered "
        "from (scripts/render_corpus.py); regenerate with scripts/make_fixtures.py.",
        "documents": documents,
    }


def office_fixture() -> dict[str, Any]:
    """Ground truth of the office samples (tests/office_factory.py)."""
    return {
        "version": FIXTURE_VERSION,
        "name": "office",
        "description": "Small .docx/.pptx/.xlsx files made by tests/office_factory.py, with "
        "the values put into them; regenerate with scripts/make_fixtures.py.",
        "documents": ground_truth(),
    }


def dump(fixture: dict[str, Any]) -> str:
    """The fixture as committed: indented, keys in order, UTF-8."""
    return json.dumps(fixture, indent=1, ensure_ascii=False) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with --check compare) the fixtures; exit 1 when --check finds drift."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=REPO_ROOT / "corpus_src")
    parser.add_argument("--out", type=Path, default=REPO_ROOT / "data" / "fixtures")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args(argv)
    wanted = {
        args.out / DEMO_FILE: dump(demo_fixture(args.src)),
        args.out / OFFICE_DIR / OFFICE_FILE: dump(office_fixture()),
    }
    if args.check:
        stale = [p for p, text in wanted.items() if not p.is_file() or p.read_text("utf-8") != text]
        for path in stale:
            print(f"{path}: differs from its sources; run python scripts/make_fixtures.py")
        return 1 if stale else 0
    for path, text in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"{path}")
    for name, make in SAMPLES.items():
        print(make(args.out / OFFICE_DIR / name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
