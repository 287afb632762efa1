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

import hashlib
import json
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import ragoro.text.evidence
from judges.reading import TextSource, remember
from judges.support import _text_source
from ragoro.golden import atomic_write_text
from ragoro.text.evidence import Analysis, Clause
from ragoro.text.lang import Lang
from ragoro.text.numbers import Quantity

__all__ = ["ANALYSES_FILE", "SCHEMA", "SCHEMA_VERSION", "StoreUse", "code_version", "use_store"]

ANALYSES_FILE = "text_analyses.jsonl"
SCHEMA = "ragoro.text_analyses"
SCHEMA_VERSION = 1
_LANGS: frozenset[str] = frozenset({"it", "en"})


@cache
def code_version() -> str | None:
    """The version of the code that makes the stored values: a hash of every source file of
    `judges` and `ragoro.text`, the Python version and its Unicode tables. None when a
    source file cannot be read (then nothing is stored or trusted)."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}|{unicodedata.unidata_version}".encode())
    for root in (Path(__file__).parent, Path(ragoro.text.evidence.__file__).parent):
        try:
            files = sorted(root.rglob("*.py"))
            for path in files:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(b"\0" + hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            return None
        if not files:
            return None
    return digest.hexdigest()


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
        why, sources = _read(path, header)
        if sources is not None:
            remember((w for _, s in sources for w in s.windows), ((t, None, s) for t, s in sources))
            return StoreUse(path, len(sources), 0, False)
        print(f"ignoring {path}: {why}; analysing the chunks again", file=sys.stderr)
    computed = [(text, _text_source(text, None)) for text in distinct]
    saved = version is not None and _write(path, header, computed)
    return StoreUse(path, 0, len(computed), saved)


def _write(path: Path, header: dict[str, Any], sources: list[tuple[str, TextSource]]) -> bool:
    table: dict[tuple[str, str], int] = {}
    analyses: list[list[Any]] = []
    encoded = []
    for text, source in sources:
        rows = []
        for window in source.windows:
            key = (window.text, window.lang)
            if key not in table:
                table[key] = len(analyses)
                analyses.append(_encode_analysis(window))
            rows.append(table[key])
        encoded.append(
            {
                "text": text,
                "lang": source.lang,
                "windows": rows,
                "tokens": sorted(source.tokens),
                "names": [sorted(group) for group in source.names],
            }
        )
    body = json.dumps({"analyses": analyses, "sources": encoded}, ensure_ascii=False)
    digest = hashlib.sha256(body.encode("utf-8")).hexdigest()
    head = json.dumps({**header, "body_sha256": digest}, ensure_ascii=False)
    try:
        atomic_write_text(path, f"{head}\n{body}\n")
    except OSError as exc:
        print(f"cannot save the chunk analyses to {path}: {exc}", file=sys.stderr)
        return False
    return True


def _read(path: Path, header: dict[str, Any]) -> tuple[str, list[tuple[str, TextSource]] | None]:
    """(why it is not used, None) or ("", the stored source texts)."""
    try:
        head_line, body, *rest = path.read_bytes().split(b"\n", 2)
        head = json.loads(head_line)
    except (OSError, ValueError) as exc:
        return f"unreadable ({exc})", None
    if not isinstance(head, dict):
        return "its first line is not a JSON object", None
    for key, expected in header.items():
        if head.get(key) != expected:
            what = {"index": "another index", "code_version": "another version of the analysis"}
            return f"made for {what.get(key, f'another {key}')}", None
    if rest != [b""] or hashlib.sha256(body).hexdigest() != head.get("body_sha256"):
        return "damaged (its body does not match the sha256 its header records)", None
    try:
        data = json.loads(body)
        analyses = [_decode_analysis(row) for row in data["analyses"]]
        sources = [_decode_source(row, analyses) for row in data["sources"]]
    except (KeyError, IndexError, TypeError, ValueError) as exc:
        return f"malformed ({type(exc).__name__}: {exc})", None
    return "", sources


# -- the schema ------------------------------------------------------------------------
# Analysis: [text, lang, tokens, quantities, all_quantities, dates, entities, words, clauses]
# Quantity: [value, unit, start, end, raw, number, scale, written_unit, [[number, decimals]...]]
# Clause:   [text, tokens, negated]
# Sets are written sorted; JSON floats are written with repr, which reads back exactly.


def _encode_quantity(q: Quantity) -> list[Any]:
    return [
        q.value,
        q.unit,
        q.start,
        q.end,
        q.raw,
        q.number,
        q.scale,
        q.written_unit,
        [[value, decimals] for value, decimals in q.readings],
    ]


def _encode_analysis(a: Analysis) -> list[Any]:
    return [
        a.text,
        a.lang,
        list(a.tokens),
        [_encode_quantity(q) for q in a.quantities],
        [_encode_quantity(q) for q in a.all_quantities],
        list(a.dates),
        sorted(a.entities),
        sorted(a.words),
        [[c.text, sorted(c.tokens), c.negated] for c in a.clauses],
    ]


def _lang(value: Any) -> Lang:
    if value not in _LANGS:
        raise ValueError(f"unknown language {value!r}")
    return "it" if value == "it" else "en"


# The body is checked against its sha256 before it is decoded, so decoding only unpacks
# (a row of the wrong shape still raises and the file is ignored).


def _decode_quantity(row: Any) -> Quantity:
    value, unit, start, end, raw, number, scale, written, readings = row
    return Quantity(
        value=float(value),
        unit=unit,
        start=start,
        end=end,
        raw=raw,
        number=float(number),
        scale=float(scale),
        written_unit=written,
        readings=tuple((float(v), d) for v, d in readings),
    )


def _decode_analysis(row: Any) -> Analysis:
    text, lang, tokens, quantities, all_quantities, dates, entities, words, clauses = row
    every = tuple(map(_decode_quantity, all_quantities))
    return Analysis(
        text,
        _lang(lang),
        tuple(tokens),
        _among(quantities, all_quantities, every),
        every,
        tuple(dates),
        frozenset(entities),
        frozenset(words),
        tuple(
            Clause(c_text, frozenset(c_tokens), negated) for c_text, c_tokens, negated in clauses
        ),
    )


def _among(rows: Any, every_row: Any, every: tuple[Quantity, ...]) -> tuple[Quantity, ...]:
    """The quantities outside dates, as the very objects of `every` they are (an analysis
    keeps them so; decoding each twice cost half the decoding of a window)."""
    out = []
    at = 0
    for row in rows:
        while at < len(every_row) and every_row[at] != row:
            at += 1
        if at < len(every_row):
            out.append(every[at])
            at += 1
        else:  # not among them (a file this code did not write): decoded on its own
            out.append(_decode_quantity(row))
    return tuple(out)


def _decode_source(row: Any, analyses: list[Analysis]) -> tuple[str, TextSource]:
    windows = []
    for i in row["windows"]:
        if not 0 <= i < len(analyses):
            raise IndexError(f"window {i} out of range")
        windows.append(analyses[i])
    source = TextSource(
        windows=tuple(windows),
        tokens=frozenset(row["tokens"]),
        lang=_lang(row["lang"]),
        names=tuple(map(frozenset, row["names"])),
    )
    return row["text"], source
