"""The document-format registry: which files a corpus holds and how each becomes text.

Every format is one `DocumentFormat` in one module of this package, listed once in
`_BUILT_IN` by module, name and suffixes. To add one (say .docx): write
`vectordb/formats/docx.py` with a loader and its `FORMAT`, and list it in `_BUILT_IN`, as
`docx`, `pptx` and `xlsx` are. A built-in module is imported when a file of its format is
first read, so listing the formats (every command's --help) loads no PDF or office library.
A plugin or a test can `register` one at run time.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import PurePath

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
    "built_in_format",
    "format_for",
    "join_pages",
    "register",
    "supported_suffixes",
]

_BUILT_IN: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("pdf", "pdf", (".pdf",)),
    ("text", "text", (".txt", ".md")),
    ("docx", "docx", (".docx",)),
    ("pptx", "pptx", (".pptx",)),
    ("xlsx", "xlsx", (".xlsx",)),
)
"""(module of this package, format name, suffixes) of every built-in format."""


def built_in_format(module: str) -> DocumentFormat:
    """The `FORMAT` of a built-in format's module (importing it and its libraries)."""
    found: DocumentFormat = import_module(f"{__name__}.{module}").FORMAT
    return found


def _deferred(module: str, name: str, suffixes: tuple[str, ...]) -> DocumentFormat:
    """A built-in format whose module is imported on its first file."""

    def load(data: bytes) -> DocumentText:
        return built_in_format(module).load(data)

    return DocumentFormat(name=name, suffixes=suffixes, load=load)


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


for _module, _name, _suffixes in _BUILT_IN:
    register(_deferred(_module, _name, _suffixes))
