"""The builder's library API: validate a golden set, generate one. The CLI only wraps these."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from builder.generate.config import GenerateConfig
from builder.generate.runner import RunResult, run_generation
from builder.validate import ValidationReport, validate_golden
from ragoro.errors import UsageError
from vectordb import DEFAULT_DOCS, DEFAULT_INDEX, LoadFailure, VectorIndex, load_documents

__all__ = ["CorpusTexts", "Validation", "corpus_texts", "generate", "validate"]


@dataclass(frozen=True)
class CorpusTexts:
    """Canonical document texts by path, and the files that could not be read."""

    texts: Mapping[str, str]
    skipped: list[LoadFailure] = field(default_factory=list)
    source: str = ""
    """Where the texts came from: 'index <path>' or 'folder <path>'."""


@dataclass(frozen=True)
class Validation:
    """What `validate` found, with the texts it checked against (for `apply_fixes`)."""

    report: ValidationReport
    corpus: CorpusTexts


def corpus_texts(*, docs: Path | str | None = None, index: Path | str | None = None) -> CorpusTexts:
    """Canonical texts from an index (no re-parsing) or a corpus folder.

    With neither given: the default index when it exists, else the default folder.
    """
    if docs is None and index is None:
        index = DEFAULT_INDEX if Path(DEFAULT_INDEX).is_dir() else None
        docs = None if index else DEFAULT_DOCS
    if index is not None:
        return CorpusTexts(VectorIndex.open(index).texts, source=f"index {index}")
    folder = Path(str(docs))
    if not folder.is_dir():
        raise UsageError(f"document folder not found: {folder} (use --docs or --index)")
    loaded = load_documents(folder)
    texts = {doc.path: doc.text for doc in loaded.documents}
    return CorpusTexts(texts, skipped=list(loaded.failures), source=f"folder {folder}")


def validate(
    golden: Path | str, *, docs: Path | str | None = None, index: Path | str | None = None
) -> Validation:
    """Check the schema, unique ids and every passage of a golden file against its corpus
    (documents exist, offsets in range, content == text[start:end]); moved content is
    searched for and its new offsets reported (see `builder.validate.apply_fixes`)."""
    path = Path(golden)
    if not path.is_file():
        raise UsageError(f"golden file not found: {path}")
    corpus = corpus_texts(docs=docs, index=index)
    return Validation(validate_golden(path, corpus.texts), corpus)


def generate(config: GenerateConfig) -> RunResult:
    """Reverse-generate golden items as `config` says (see `GenerateConfig`); resumable."""
    return run_generation(config)
