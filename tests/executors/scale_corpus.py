"""A 10x demo corpus of distinct PDFs and a 1,000-case golden set over it, made on the fly.

Copy k of each demo document is a real PDF whose digits 1-9 are permuted by the copy's
own map (0 stays 0, so every figure keeps its length and its leading digit stays
non-zero): ten copies state ten different sets of figures. Each golden item of the
committed set is carried into every copy with the same map (question, answer, passages,
expected value), its passages located again in the copy's extracted text; a second
wording of each question ("According to the documents: ...") makes the set 1,000 cases.
"""

from __future__ import annotations

from pathlib import Path

from ragoro.contracts import GoldenItem
from ragoro.golden import load_golden
from ragoro.locate import locate
from tests.pdf_factory import text_pdf
from vectordb import Document, load_documents

COPIES = 10
CASES = 1000
_PREFIX = {"it": "Secondo i documenti: ", "en": "According to the documents: "}


def digit_map(copy: int) -> dict[str, str]:
    """Copy k's permutation of the digits 1-9 (copies 0-8 rotate them, copy 9 mirrors)."""
    digits = "123456789"
    target = digits[copy:] + digits[:copy] if copy < 9 else digits[::-1]
    return dict(zip(digits, target, strict=True))


def _mapped(text: str, table: dict[str, str]) -> str:
    return text.translate(str.maketrans("".join(table), "".join(table.values())))


def _folder(copy: int) -> str:
    return f"copy{copy:02d}"


def write_corpus(source: Path, docs: Path) -> dict[str, Document]:
    """Write the copies of `source`'s documents under docs/copyNN/ as PDFs; return the
    demo documents by path."""
    loaded = load_documents(source)
    assert not loaded.failures, loaded.failures
    for copy in range(COPIES):
        table = digit_map(copy)
        folder = docs / _folder(copy)
        folder.mkdir(parents=True)
        for document in loaded.documents:
            pages = [_mapped(document.text[start:end], table) for start, end in document.pages]
            text_pdf(folder / document.path, pages)
    return {document.path: document for document in loaded.documents}


def _carried(item: GoldenItem, copy: int, texts: dict[str, str], wording: int) -> GoldenItem | None:
    table = digit_map(copy)
    rename = f"{_folder(copy)}/"
    passages = []
    for passage in item.passages:
        path = rename + passage.document_path
        found = locate(texts[path], _mapped(passage.content, table), hint=passage.start_char)
        if found is None:
            return None
        content = texts[path][found.start : found.end]
        passages.append(
            passage.model_copy(
                update={
                    "document_path": path,
                    "start_char": found.start,
                    "end_char": found.end,
                    "content": content,
                }
            )
        )
    expected = item.expected
    update: dict[str, object] = {}
    if expected.value is not None:
        update["value"] = float(_mapped(repr(expected.value), table))
    if expected.source is not None:
        update["source"] = expected.source.model_copy(update={"doc": rename + expected.source.doc})
    if expected.narrative_doc:
        update["narrative_doc"] = rename + expected.narrative_doc
    question = _mapped(item.question, table)
    if wording:
        question = _PREFIX.get(item.tags.get("lang", "en"), _PREFIX["en"]) + question
    return item.model_copy(
        update={
            "id": f"{item.id}-c{copy:02d}-w{wording}",
            "question": question,
            "answer": _mapped(item.answer, table),
            "passages": passages,
            "expected": expected.model_copy(update=update),
        }
    )


def write_golden(source: Path, texts: dict[str, str], out: Path) -> int:
    """Write the first `CASES` carried items to `out` (JSONL); return how many."""
    items = load_golden(source)
    written = 0
    with out.open("w", encoding="utf-8") as handle:
        for wording in (0, 1):
            for copy in range(COPIES):
                for item in items:
                    carried = _carried(item, copy, texts, wording)
                    if carried is None or written == CASES:
                        continue
                    handle.write(carried.model_dump_json(exclude_none=True) + "\n")
                    written += 1
    return written
