"""The title a file's own metadata gives: a PDF's /Title, an Office file's core-properties
title (Word, PowerPoint, Excel), an HTML page's <title>.

Metadata is often junk left by the authoring tool ("Microsoft Word - doc1.docx",
"Untitled", "Presentazione standard", the file name itself); `metadata_title` returns None
for those, so the caller falls back to the document's first heading or its file name. The
canonical text is not involved: a title is read from the file, never indexed.
"""

from __future__ import annotations

import html
import io
import logging
import re
import zipfile
from pathlib import Path
from xml.etree import ElementTree

TITLE_MAX = 80
"""A longer metadata title is an abstract or a file path, not a title."""

logger = logging.getLogger(__name__)

_OOXML_SUFFIXES = frozenset([".docx", ".pptx", ".xlsx"])
_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"
_HTML_TITLE_RE = re.compile(r"<title[^>]*>(.*?)</title\s*>", re.IGNORECASE | re.DOTALL)
# What authoring tools write when the author wrote nothing.
_TOOL_PREFIX_RE = re.compile(
    r"^(?:microsoft\s+(?:word|powerpoint|excel)|libreoffice|openoffice)\s*[-–:]", re.IGNORECASE
)
_PLACEHOLDER_RE = re.compile(
    r"^(?:untitled|senza\s+titolo|no\s+title|title|titolo|document|documento|doc|"
    r"presentation|presentazione(?:\s+standard)?|powerpoint\s+presentation|book|cartel|"
    r"foglio|sheet|slide|diapositiva)[\s_-]*\d*$",
    re.IGNORECASE,
)
_FILE_NAME_RE = re.compile(r"\.(?:pdf|docx?|pptx?|xlsx?|odt|rtf|txt|md|html?|tex|indd)$", re.I)


def _stem_words(name: str) -> str:
    return " ".join(re.split(r"[\s_.-]+", name.lower())).strip()


def usable_title(raw: str | None, file_name: str = "") -> str | None:
    """The metadata title with whitespace collapsed, or None when it is empty, too long or
    junk: a tool's placeholder ("Untitled", "Document1"), "Microsoft Word - x.docx", a file
    name, or the file's own name repeated."""
    if raw is None:
        return None
    title = " ".join(raw.replace("\x00", "").split())
    if not title or len(title) > TITLE_MAX or not any(ch.isalpha() for ch in title):
        return None
    if _TOOL_PREFIX_RE.match(title) or _PLACEHOLDER_RE.match(title) or _FILE_NAME_RE.search(title):
        return None
    stem = file_name.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if stem and _stem_words(title) == _stem_words(stem):
        return None  # the file name again: no better than the fallback
    return title


def _pdf_title(data: bytes) -> str | None:
    # Imported here: listing commands (--help) must not load a PDF library.
    import pypdf
    from pypdf.errors import PyPdfError

    try:
        metadata = pypdf.PdfReader(io.BytesIO(data)).metadata
    except (PyPdfError, ValueError, KeyError, TypeError, AttributeError) as exc:
        # A damaged or encrypted PDF still loads through PDFium; it just has no title here.
        logger.debug("no PDF metadata: %s", exc)
        return None
    title = metadata.get("/Title") if metadata is not None else None
    return str(title) if title is not None else None


def _ooxml_title(data: bytes) -> str | None:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as package:
            core = package.read("docProps/core.xml")
        element = ElementTree.fromstring(core).find(_DC_TITLE)
    except (zipfile.BadZipFile, KeyError, ElementTree.ParseError) as exc:
        logger.debug("no core properties: %s", exc)
        return None
    return element.text if element is not None else None


def _html_title(data: bytes) -> str | None:
    match = _HTML_TITLE_RE.search(data[:65536].decode("utf-8", errors="replace"))
    return html.unescape(match.group(1)) if match is not None else None


def metadata_title(path: Path) -> str | None:
    """The usable title the file's metadata holds, or None (no metadata, junk, unreadable)."""
    suffix = path.suffix.lower()
    try:
        data = path.read_bytes()
    except OSError as exc:
        logger.debug("cannot read %s for its title: %s", path, exc)
        return None
    if suffix == ".pdf":
        raw = _pdf_title(data)
    elif suffix in _OOXML_SUFFIXES:
        raw = _ooxml_title(data)
    elif suffix in (".html", ".htm"):
        raw = _html_title(data)
    else:
        return None
    return usable_title(raw, path.name)
