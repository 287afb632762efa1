"""The unseen corpus (data/unseen/) stays what its questions were written against: the PDFs
are what the sources render to, and every passage of qa_unseen.jsonl sits at its offsets in
the text the loader extracts. Nothing here runs an agent or a judge on it (README there)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from ragoro.golden import load_golden
from vectordb import load_documents

ROOT = Path(__file__).resolve().parents[2]
UNSEEN = ROOT / "data" / "unseen"
SOURCES = UNSEEN / "corpus_src"
PDFS = UNSEEN / "documents_pdf"
QUESTIONS = UNSEEN / "qa_unseen.jsonl"


def test_the_pdfs_are_what_the_sources_render_to(tmp_path: Path) -> None:
    script = ROOT / "scripts" / "render_corpus.py"
    done = subprocess.run(
        [sys.executable, str(script), "--src", str(SOURCES), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode == 2 and "DejaVu Sans font not found" in done.stderr:
        pytest.skip(done.stderr.strip())
    assert done.returncode == 0, done.stderr
    rendered = sorted(tmp_path.glob("*.pdf"))
    assert [p.name for p in rendered] == sorted(p.name for p in PDFS.glob("*.pdf"))
    for pdf in rendered:
        committed = PDFS / pdf.name
        assert pdf.read_bytes() == committed.read_bytes(), (
            f"{committed} is stale: run scripts/render_corpus.py --src data/unseen/corpus_src "
            "--out data/unseen/documents_pdf --verify"
        )


def test_every_passage_sits_at_its_offsets_in_the_loaded_text() -> None:
    loaded = load_documents(PDFS)
    assert not loaded.failures
    texts = {document.path: document.text for document in loaded.documents}
    items = load_golden(QUESTIONS)
    assert len(items) >= 50
    assert len({item.id for item in items}) == len(items)
    for item in items:
        assert item.id.startswith("un-")
        assert item.tags["split"] == "unseen"
        assert item.tags["author"] == "human"
        assert item.expected.refuse == (not item.passages), item.id
        for passage in item.passages:
            text = texts[passage.document_path]
            assert text[passage.start_char : passage.end_char] == passage.content, item.id
    langs = Counter(item.tags["lang"] for item in items)
    assert set(langs) == {"it", "en"}
