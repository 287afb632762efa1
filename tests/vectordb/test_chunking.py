"""Chunks carry exact offsets: chunk.text == document.text[start:end], always."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from vectordb import load_documents, split_document, split_text_spans

SAMPLE = (
    "Primo paragrafo. Contiene due frasi, con virgole e numeri come 1.702,5 EUR.\n\n"
    "Second paragraph is English. It goes on for a while; it has clauses, commas and "
    "a very_long_token_without_spaces_that_must_still_be_cut_somewhere_because_it_is_long.\n"
    "A line after a single newline.\n\f\nPagina due dopo il separatore di pagina.   \n\n\n"
)


@pytest.mark.parametrize("size", [20, 50, 120, 1000])
@pytest.mark.parametrize("overlap", [0, 5, 15])
def test_spans_are_exact_bounded_and_cover_all_text(size: int, overlap: int) -> None:
    spans = split_text_spans(SAMPLE, size, overlap)
    covered: set[int] = set()
    for start, end in spans:
        piece = SAMPLE[start:end]
        assert piece and piece == piece.strip()
        assert end - start <= size
        covered.update(range(start, end))
    visible = {i for i, ch in enumerate(SAMPLE) if not ch.isspace()}
    assert visible <= covered
    starts = [s for s, _ in spans]
    assert starts == sorted(starts)


def test_zero_overlap_chunks_never_share_text() -> None:
    spans = split_text_spans(SAMPLE, 60, 0)
    for (_, end), (start, _) in itertools.pairwise(spans):
        assert start >= end


def test_overlap_repeats_text_between_neighbours() -> None:
    spans = split_text_spans(SAMPLE * 3, 120, 40)
    assert any(start < prev_end for (_, prev_end), (start, _) in itertools.pairwise(spans))


def test_bad_parameters_are_rejected() -> None:
    with pytest.raises(ValueError, match="chunk_overlap"):
        split_text_spans(SAMPLE, 100, 100)
    with pytest.raises(ValueError, match="chunk_size"):
        split_text_spans(SAMPLE, 0, 0)


def test_offset_round_trip_on_pdf_and_markdown(small_corpus: Path) -> None:
    documents = load_documents(small_corpus).documents
    assert {d.path.rsplit(".", 1)[1] for d in documents} == {"pdf", "md", "txt"}
    for document in documents:
        chunks = split_document(document, chunk_size=80, chunk_overlap=20)
        assert chunks
        for chunk in chunks:
            assert chunk.text == document.text[chunk.start_char : chunk.end_char]
            assert chunk.document_path == document.path
            start, end = document.pages[chunk.page - 1]
            assert start <= chunk.start_char <= end


def test_pdf_chunks_know_their_page(small_corpus: Path) -> None:
    pdf = next(d for d in load_documents(small_corpus).documents if d.path.endswith(".pdf"))
    chunks = split_document(pdf, chunk_size=100, chunk_overlap=0)
    assert chunks[0].page == 1
    assert next(c for c in chunks if "65 °C" in c.text).page == 2


def test_chunk_ids_are_stable(small_corpus: Path) -> None:
    documents = load_documents(small_corpus).documents
    first = [c.id for d in documents for c in split_document(d, 100, 10)]
    second = [c.id for d in documents for c in split_document(d, 100, 10)]
    assert first == second and len(set(first)) == len(first)
