"""The document-format registry: which files a corpus holds and how each becomes text.

Every format is one `DocumentFormat` in one module of this package, listed once in
`_BUILT_IN`. To add one (say .docx): write `vectordb/formats/docx.py` with a loader and its
`FORMAT`, import it next to `pdf, text` and list its `FORMAT` in `_BUILT_IN`, as `docx`,
`pptx` and `xlsx` are. A plugin or a test can `register` one at run time.
"""

from __future__ import annotations

from pathlib import PurePath

from vectordb.formats import docx, pdf, pptx, text, xlsx
from vectordb.formats.base import (
    PAGE_SEPARATOR,
    Block,
    DocumentFormat,
    DocumentText,
    FailureKind,
    FormatError,
    Loader,
    join_pages,
)

__all__ = [
    "FORMATS",
    "PAGE_SEPARATOR",
    "Block",
    "DocumentFormat",
    "DocumentText",
    "FailureKind",
    "FormatError",
    "Loader",
    "format_for",
    "join_pages",
    "register",
    "supported_suffixes",
]

_BUILT_IN: tuple[DocumentFormat, ...] = (
    pdf.FORMAT,
    text.FORMAT,
    docx.FORMAT,
    pptx.FORMAT,
    xlsx.FORMAT,
)

FORMATS: dict[str, DocumentFormat] = {}
"""Every registered format by the suffix it claims, in registration order."""


def register(document_format: DocumentFormat) -> DocumentFormat:
    """Add a format at run time (a plugin's, a test's); none of its suffixes may be taken."""
    for suffix in document_format.suffixes:
        taken = FORMATS.get(suffix)
        if taken is not None:
            raise ValueError(f"suffix {suffix!r} is already read by format {taken.name!r}")
    for suffix in document_format.suffixes:
        FORMATS[suffix] = document_format
    return document_format


def format_for(path: str | PurePath) -> DocumentFormat | None:
    """The format that reads `path` (by its suffix, case-insensitively), or None."""
    return FORMATS.get(PurePath(path).suffix.lower())


def supported_suffixes() -> tuple[str, ...]:
    """Every suffix a registered format reads, in registration order."""
    return tuple(FORMATS)


for _format in _BUILT_IN:
    register(_format)
