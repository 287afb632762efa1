"""Which corpus a golden file was generated from, and the checks `generate` makes with it.

`generate` resumes into an existing `--out`: that is only right when the file was made
from the same corpus. `check_out_lineage` refuses (exit 2) a file whose sidecar names
another folder, or (files without a sidecar) whose items point at documents the corpus
does not have; `--replace` discards the old files instead. After a run that wrote items,
`record_lineage` writes the sidecar `NAME.lineage.json` (see `ragoro.lineage`).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ragoro.errors import ExitCode, RagoroError, UsageError
from ragoro.golden import iter_golden
from ragoro.lineage import (
    Lineage,
    documents_missing,
    read_lineage,
    relative_to,
    resolve_from,
    sidecar_of,
    write_lineage,
)
from vectordb.documents import iter_corpus_files
from vectordb.store import IndexOpenError, corpus_fingerprint, read_manifest

__all__ = [
    "NothingGenerated",
    "check_out_lineage",
    "discard_outputs",
    "record_lineage",
]


class NothingGenerated(RagoroError):
    """A generation run that ended with no golden item at all."""

    exit_code = ExitCode.FAIL


def _corpus_files(docs: Path) -> dict[str, str]:
    return {
        path.relative_to(docs).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in iter_corpus_files(docs)
    }


def check_out_lineage(out: Path, docs: Path) -> None:
    """Refuse to generate into a golden file made from another corpus (UsageError, exit 2)."""
    if not out.is_file() or not docs.is_dir() or out.stat().st_size == 0:
        return
    lineage = read_lineage(out)
    made_from = resolve_from(out, lineage.docs) if lineage else None
    if made_from is not None:
        if made_from == docs.resolve():
            return
        origin = str(made_from)
    else:
        items = [record.item for record in iter_golden(out) if record.item is not None]
        names = [path.relative_to(docs).as_posix() for path in iter_corpus_files(docs)]
        missing = documents_missing(items, names)
        if not missing:
            return
        shown = ", ".join(missing[:3]) + (" ..." if len(missing) > 3 else "")
        origin = f"another corpus ({len(missing)} of its documents are not in {docs}: {shown})"
    raise UsageError(
        f"golden file {out} was made from {origin}, not {docs}: write this corpus's golden "
        f"set to its own file with --out PATH, or pass --replace to discard {out} and start over"
    )


def discard_outputs(out: Path, rejects: Path) -> None:
    """`--replace`: remove the golden file, its rejects file and its sidecar."""
    for path in (out, rejects, sidecar_of(out)):
        path.unlink(missing_ok=True)


def record_lineage(
    out: Path,
    *,
    docs: Path,
    index: Path,
    generator: str = "",
    code_sha256: str = "",
    settings: dict[str, str] | None = None,
) -> Path:
    """Write `out`'s sidecar: the corpus folder, its fingerprint and the index used, and
    what wrote the items (the generator, a hash of its code, its settings) when given."""
    fingerprint = ""
    try:
        manifest = read_manifest(index)
        if manifest.docs_folder(index) == docs.resolve():
            fingerprint = manifest.corpus_sha256
    except IndexOpenError:
        pass  # generation can run without an index; the corpus is then hashed below
    if not fingerprint:
        fingerprint = corpus_fingerprint(_corpus_files(docs))
    lineage = Lineage(
        kind="golden",
        docs=relative_to(docs, out),
        corpus_sha256=fingerprint,
        index=relative_to(index, out) if index.exists() else "",
        generator=generator,
        generator_code_sha256=code_sha256,
        settings=settings or {},
    )
    return write_lineage(out, lineage)
