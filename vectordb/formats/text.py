"""Plain text and Markdown: the UTF-8 file text exactly as it is, as one page.

Nothing is normalised (not even CRLF): offsets point into the file as the user sees it.
"""

from __future__ import annotations

from vectordb.formats.base import DocumentFormat, DocumentText, FormatError


def load_text(data: bytes) -> DocumentText:
    """Decode UTF-8 text; FormatError for bytes that are not UTF-8 or hold only whitespace."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        detail = f"invalid byte 0x{data[exc.start]:02x} at offset {exc.start}; re-save as UTF-8"
        raise FormatError("not UTF-8", detail) from exc
    if not text.strip():
        raise FormatError("empty", "only whitespace")
    return DocumentText.single_page(text)


FORMAT = DocumentFormat(name="text", suffixes=(".txt", ".md"), load=load_text)
