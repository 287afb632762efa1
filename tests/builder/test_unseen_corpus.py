"""The unseen corpora (data/unseen/, data/unseen2/) stay what their questions were written
against: the PDFs are what the sources render to, and every passage of each question file
sits at its offsets in the text the loader extracts. Nothing here runs an agent or a judge on
them (README in each folder)."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from ragoro.golden import load_golden
from vectordb import load_documents

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Corpus:
    """One unseen corpus: its folder, question file, id prefix and split tag."""

    folder: str
    questions: str
    id_prefix: str
    split: str

    @property
    def root(self) -> Path:
        """The corpus folder inside the repository."""
        return ROOT / "data" / self.folder


CORPORA = [
    Corpus("unseen", "qa_unseen.jsonl", "un-", "unseen"),
    Corpus("unseen2", "qa_unseen2.jsonl", "un2-", "unseen2"),
]


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.folder)
def test_the_pdfs_are_what_the_sources_render_to(corpus: Corpus, tmp_path: Path) -> None:
    script = ROOT / "scripts" / "render_corpus.py"
    sources, pdfs = corpus.root / "corpus_src", corpus.root / "documents_pdf"
    done = subprocess.run(
        [sys.executable, str(script), "--src", str(sources), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    if done.returncode == 2 and "DejaVu Sans font not found" in done.stderr:
        pytest.skip(done.stderr.strip())
    assert done.returncode == 0, done.stderr
    rendered = sorted(tmp_path.glob("*.pdf"))
    assert [p.name for p in rendered] == sorted(p.name for p in pdfs.glob("*.pdf"))
    for pdf in rendered:
        committed = pdfs / pdf.name
        assert pdf.read_bytes() == committed.read_bytes(), (
            f"{committed} is stale: run scripts/render_corpus.py --src data/{corpus.folder}/"
            f"corpus_src --out data/{corpus.folder}/documents_pdf --verify"
        )


@pytest.mark.parametrize("corpus", CORPORA, ids=lambda corpus: corpus.folder)
def test_every_passage_sits_at_its_offsets_in_the_loaded_text(corpus: Corpus) -> None:
    loaded = load_documents(corpus.root / "documents_pdf")
    assert not loaded.failures
    texts = {document.path: document.text for document in loaded.documents}
    items = load_golden(corpus.root / corpus.questions)
    assert len(items) >= 50
    assert len({item.id for item in items}) == len(items)
    for item in items:
        assert item.id.startswith(corpus.id_prefix)
        assert item.tags["split"] == corpus.split
        assert item.tags["author"] == "human"
        assert item.expected.refuse == (not item.passages), item.id
        for passage in item.passages:
            text = texts[passage.document_path]
            assert text[passage.start_char : passage.end_char] == passage.content, item.id
    langs = Counter(item.tags["lang"] for item in items)
    assert set(langs) == {"it", "en"}
