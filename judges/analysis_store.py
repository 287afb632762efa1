"""The offline judge's reading of an index's chunks, computed once per index and stored beside it.

The faithfulness check reads every context window by window (each sentence, and each pair
of adjacent sentences, analysed for tokens, quantities, dates, names and clauses). Those
analyses depend only on the chunk's text and on the analysis code, and the same chunks are
the contexts of run after run, so they are computed on the first offline evaluation of an
index and saved in the index folder (`text_analyses.jsonl`); later runs read them back
instead of analysing again. A hit gives exactly the value the computation would, so the
verdicts are the same with or without the file.

The file is two lines of JSON with an explicit schema, never a pickle (loading a pickle
runs whatever code it names): a header, then the analyses, whose sha256 the header
records (a damaged body is never decoded). The header says what the file was made for:
its schema version, the index's fingerprint (the sha256 of its artefacts and chunk texts)
and the analysis code's version (the sha256 of the judge's and the text utilities' source
files, the Python version and its Unicode tables). When any of them differs, or the file is unreadable or malformed, it is ignored
(named on stderr), the analyses are computed afresh and the file is rewritten. It is
written to a temporary file and renamed, so a reader never sees half a file; a folder
that cannot be written is named on stderr and the run goes on.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import ragoro.text.evidence
from judges.reading import TextSource, remember
from judges.support import _text_source
from ragoro.stored import (
    StringTable,
    checked_strings,
    code_hash,
    paused_collection,
    quantity_key,
    quantity_row,
    read_body,
    read_quantity,
    write_body,
)
from ragoro.text.evidence import Analysis, Clause
from ragoro.text.lang import Lang
from ragoro.text.numbers import Quantity

__all__ = ["ANALYSES_FILE", "SCHEMA", "SCHEMA_VERSION", "StoreUse", "code_version", "use_store"]

ANALYSES_FILE = "text_analyses.jsonl"
SCHEMA = "ragoro.text_analyses"
SCHEMA_VERSION = 2
_LANGS: frozenset[str] = frozenset({"it", "en"})


@cache
def code_version() -> str | None:
    """The version of the code that makes the stored values: a hash of every source file of
    `judges` and `ragoro.text`, the Python version and its Unicode tables. None when a
    source file cannot be read (then nothing is stored or trusted)."""
    return code_hash((Path(__file__).parent, Path(ragoro.text.evidence.__file__).parent))


@dataclass(frozen=True)
class StoreUse:
    """What `use_store` did with the file beside one index."""

    path: Path
    loaded: int
    """Source texts read from the file."""
    computed: int
    """Source texts analysed in this process (the file was missing, stale or unreadable)."""
    saved: bool
    """The file was (re)written."""


_IN_USE: set[tuple[Path, str]] = set()
"""(file, index fingerprint) pairs this process has already read or written."""


def use_store(folder: Path, fingerprint: str, texts: Sequence[str]) -> StoreUse:
    """Make the analyses of `texts` (an index's chunk texts) known to the offline judge:
    read from `folder/ANALYSES_FILE` when it was made for this index (`fingerprint`), this
    schema and this code; otherwise computed now and saved there for the next run. A second
    call for the same index in one process does nothing (its analyses are known)."""
    path = folder / ANALYSES_FILE
    if (path.resolve(), fingerprint) in _IN_USE:
        return StoreUse(path, 0, 0, False)
    used = _use(path, fingerprint, texts)
    _IN_USE.add((path.resolve(), fingerprint))
    return used


def _use(path: Path, fingerprint: str, texts: Sequence[str]) -> StoreUse:
    version = code_version()
    distinct = list(dict.fromkeys(t for t in texts if t.strip()))
    header = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "index": fingerprint,
        "code_version": version,
    }
    if version is not None and path.is_file():
        # Read, decoded and remembered with the collector paused (`ragoro.stored`): one
        # young collection afterwards instead of dozens during and older ones walking them.
        with paused_collection():
            why, sources = _read(path, header)
            if sources is not None:
                windows = (w for _, s in sources for w in s.windows)
                remember(windows, ((t, None, s) for t, s in sources))
                return StoreUse(path, len(sources), 0, False)
        print(f"ignoring {path}: {why}; analysing the chunks again", file=sys.stderr)
    computed = [(text, _text_source(text, None)) for text in distinct]
    saved = version is not None and _write(path, header, computed)
    return StoreUse(path, 0, len(computed), saved)


def _write(path: Path, header: dict[str, Any], sources: list[tuple[str, TextSource]]) -> bool:
    failed = write_body(path, header, _Encoder().body(sources))
    if failed is not None:
        print(f"cannot save the chunk analyses to {path}: {failed}", file=sys.stderr)
    return failed is None


_WHAT_DIFFERS = {"index": "another index", "code_version": "another version of the analysis"}


def _read(path: Path, header: dict[str, Any]) -> tuple[str, list[tuple[str, TextSource]] | None]:
    """(why it is not used, None) or ("", the stored source texts)."""
    why, data = read_body(path, header, _WHAT_DIFFERS)
    if why:
        return why, None
    try:
        sources = _decode(data)
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        return f"malformed ({type(exc).__name__}: {exc})", None
    return "", sources


# -- the schema ------------------------------------------------------------------------
# The body is one JSON object of five tables; every string, quantity, clause and analysis is
# written once and the rows after it name it by its place in its table:
#   strings:    [text, ...]
#   quantities: [value, unit, start, end, raw, number, scale, written_unit, [[number, decimals]...]]
#   clauses:    [text, [token...], negated]
#   analyses:   [text, lang, [token...], [quantity...], [all_quantity...], [date...],
#                [entity...], [word...], [clause...]]
#   sources:    [text, lang, [analysis...], [token...], [[name...]...]]
# (unit and written_unit may be null; sets are written in sorted order). A window's
# sentence is shared with the pair windows around it, so each of its quantities and clauses
# is one row read once, and every token is one string object, its hash computed once: the
# file is less than half the size of one object per window, and read in half the time.
# JSON floats are written with repr, which reads back exactly. The body is checked against
# its sha256 before it is decoded, so decoding only unpacks (a row of the wrong shape or a
# place past the end of its table still raises, and the file is ignored).


class _Encoder:
    """The tables of one body, filled as the sources are written."""

    def __init__(self) -> None:
        self.string = StringTable()
        self.quantities: dict[tuple[Any, ...], int] = {}
        self.clauses: dict[Clause, int] = {}
        self.analyses: dict[tuple[str, str], int] = {}
        self.rows: dict[str, list[Any]] = {
            "quantities": [],
            "clauses": [],
            "analyses": [],
            "sources": [],
        }

    def body(self, sources: list[tuple[str, TextSource]]) -> dict[str, Any]:
        for text, source in sources:
            self.rows["sources"].append(
                [
                    self.string(text),
                    source.lang,
                    [self.analysis(window) for window in source.windows],
                    self.string.sorted_set(source.tokens),
                    [self.string.sorted_set(group) for group in source.names],
                ]
            )
        return {"strings": self.string.table(), **self.rows}

    def quantity(self, q: Quantity) -> int:
        key = quantity_key(q)
        at = self.quantities.get(key)
        if at is None:
            at = self.quantities[key] = len(self.rows["quantities"])
            self.rows["quantities"].append(quantity_row(q, self.string))
        return at

    def clause(self, c: Clause) -> int:
        at = self.clauses.get(c)
        if at is None:
            at = self.clauses[c] = len(self.rows["clauses"])
            self.rows["clauses"].append(
                [self.string(c.text), self.string.sorted_set(c.tokens), c.negated]
            )
        return at

    def analysis(self, a: Analysis) -> int:
        at = self.analyses.get((a.text, a.lang))
        if at is None:
            at = self.analyses[(a.text, a.lang)] = len(self.rows["analyses"])
            self.rows["analyses"].append(
                [
                    self.string(a.text),
                    a.lang,
                    [self.string(t) for t in a.tokens],
                    [self.quantity(q) for q in a.quantities],
                    [self.quantity(q) for q in a.all_quantities],
                    [self.string(d) for d in a.dates],
                    self.string.sorted_set(a.entities),
                    self.string.sorted_set(a.words),
                    [self.clause(c) for c in a.clauses],
                ]
            )
        return at


def _lang(value: Any) -> Lang:
    if value not in _LANGS:
        raise ValueError(f"unknown language {value!r}")
    return "it" if value == "it" else "en"


def _decode(data: Any) -> list[tuple[str, TextSource]]:
    strings, text = checked_strings(data)
    quantities = [read_quantity(row, strings) for row in data["quantities"]]
    clauses = [
        Clause(strings[at], frozenset(map(text, tokens)), negated)
        for at, tokens, negated in data["clauses"]
    ]
    analyses = [
        Analysis(
            strings[at],
            _lang(lang),
            tuple(map(text, tokens)),
            tuple(map(quantities.__getitem__, among)),
            tuple(map(quantities.__getitem__, every)),
            tuple(map(text, dates)),
            frozenset(map(text, entities)),
            frozenset(map(text, words)),
            tuple(map(clauses.__getitem__, clause_rows)),
        )
        for at, lang, tokens, among, every, dates, entities, words, clause_rows in data["analyses"]
    ]
    sources = []
    for at, lang, windows, tokens, names in data["sources"]:
        if not all(0 <= i < len(analyses) for i in windows):
            raise IndexError("a window out of range")
        source = TextSource(
            windows=tuple(map(analyses.__getitem__, windows)),
            tokens=frozenset(map(text, tokens)),
            lang=_lang(lang),
            names=tuple(frozenset(map(text, group)) for group in names),
        )
        sources.append((strings[at], source))
    return sources
