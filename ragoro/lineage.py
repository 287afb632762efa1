"""What an artefact was made from: sidecar files beside golden sets and outcomes.

A golden file `NAME` gets `NAME.lineage.json` (the corpus folder, its fingerprint and the
index it was generated with); an outcomes file gets one too (the golden set and index the
run used). The readers of golden sets and outcomes never see them, so any golden or
outcomes file without one still loads. Paths inside a sidecar are relative to its own
folder, so a repository can be cloned anywhere.

`documents_missing` is the check every command makes before it spends time: a golden set
whose documents are not in the index was made from another corpus.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError

from ragoro.contracts import GoldenItem
from ragoro.errors import InputError
from ragoro.golden import atomic_write_text

__all__ = [
    "SIDECAR_SUFFIX",
    "Lineage",
    "documents_missing",
    "golden_documents",
    "read_lineage",
    "relative_to",
    "resolve_from",
    "sidecar_of",
    "write_lineage",
]

SIDECAR_SUFFIX = ".lineage.json"


class Lineage(BaseModel):
    """Where an artefact came from; every path is relative to the sidecar's folder."""

    kind: Literal["golden", "outcomes"]
    docs: str = Field(default="", description="Corpus folder.")
    corpus_sha256: str = Field(default="", description="Fingerprint of that corpus's index.")
    index: str = Field(default="", description="Index folder used.")
    golden: str = Field(default="", description="Golden set (outcomes only).")
    golden_sha256: str = Field(default="", description="sha256 of that golden set.")
    agent: str = Field(default="", description="Agent that answered (outcomes only).")
    generator: str = Field(
        default="", description="What wrote the items (golden only): 'offline' or a model spec."
    )
    generator_code_sha256: str = Field(
        default="", description="sha256 of the generator's source code (golden only)."
    )
    settings: dict[str, str] = Field(
        default_factory=dict,
        description="The generator settings that decide the items (golden only): seed, "
        "sample or n, mix, chunk size, prompt version, ...",
    )
    created_at: str = Field(default_factory=lambda: datetime.now(UTC).isoformat("T", "seconds"))


def sidecar_of(artefact: Path) -> Path:
    """The lineage sidecar of an artefact: `NAME` -> `NAME.lineage.json`."""
    return artefact.with_name(artefact.name + SIDECAR_SUFFIX)


def relative_to(target: Path | str, artefact: Path) -> str:
    """`target` as a sidecar of `artefact` stores it: relative to the artefact's folder."""
    base = artefact.resolve().parent
    return Path(os.path.relpath(Path(target).resolve(), base)).as_posix()


def resolve_from(artefact: Path, stored: str) -> Path | None:
    """A path a sidecar of `artefact` stored, made absolute again; None when not stored."""
    return (artefact.resolve().parent / stored).resolve() if stored else None


def read_lineage(artefact: Path) -> Lineage | None:
    """The sidecar of `artefact`, or None when it has none; a broken one is an InputError."""
    path = sidecar_of(artefact)
    if not path.is_file():
        return None
    try:
        return Lineage.model_validate_json(path.read_bytes())
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "top level"
        raise InputError(
            f"{path}: not a lineage file ({where}: {first['msg']}); delete it or restore it"
        ) from exc


def write_lineage(artefact: Path, lineage: Lineage) -> Path:
    """Write the sidecar of `artefact` atomically; returns its path."""
    path = sidecar_of(artefact)
    atomic_write_text(path, lineage.model_dump_json(indent=2) + "\n")
    return path


def golden_documents(items: Iterable[GoldenItem]) -> set[str]:
    """Every document a golden set's passages point into."""
    return {passage.document_path for item in items for passage in item.passages}


def documents_missing(items: Iterable[GoldenItem], indexed: Iterable[str]) -> list[str]:
    """The golden set's documents that are not among `indexed`, sorted."""
    return sorted(golden_documents(items) - set(indexed))
