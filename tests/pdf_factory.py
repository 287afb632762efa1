"""Small real PDFs made on the fly for tests: text, encrypted, image-only, blank, damaged."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from fpdf import FPDF

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def _pdf() -> FPDF:
    pdf = FPDF()
    pdf.set_creation_date(datetime(2026, 1, 1, tzinfo=UTC))
    if DEJAVU.is_file():
        pdf.add_font("DejaVu", "", str(DEJAVU))
        pdf.set_font("DejaVu", size=11)
    else:
        pdf.set_font("Helvetica", size=11)
    return pdf


def text_pdf(path: Path, pages: list[str], *, title: str | None = None) -> Path:
    """A PDF with one page per string, text wrapped by fpdf2 (and a /Title when given)."""
    pdf = _pdf()
    if title is not None:
        pdf.set_title(title)
    for page in pages:
        pdf.add_page()
        pdf.multi_cell(0, 6, page)
    pdf.output(str(path))
    return path


def encrypted_pdf(path: Path, text: str = "Documento riservato.") -> Path:
    """A PDF that needs a user password to open."""
    pdf = _pdf()
    pdf.set_encryption(owner_password="owner-secret", user_password="user-secret")
    pdf.add_page()
    pdf.multi_cell(0, 6, text)
    pdf.output(str(path))
    return path


def image_only_pdf(path: Path) -> Path:
    """A scanned-looking PDF: one page holding only a picture, no text layer."""
    from PIL import Image, ImageDraw

    image = Image.new("RGB", (400, 200), "white")
    ImageDraw.Draw(image).rectangle((20, 20, 380, 180), outline="black", width=4)
    pdf = _pdf()
    pdf.add_page()
    pdf.image(image, x=10, y=10, w=150)
    pdf.output(str(path))
    return path


def blank_pdf(path: Path, pages: int = 2) -> Path:
    """A PDF whose pages carry nothing at all."""
    pdf = _pdf()
    for _ in range(pages):
        pdf.add_page()
    pdf.output(str(path))
    return path


def break_root(path: Path) -> Path:
    """Damage a PDF in place the way a bad save does: the trailer's /Root names object 0.

    Object 0 is never an object (it heads the free list), so the catalog cannot be
    reached from the trailer. The reference keeps its length, so no offset moves.
    PDFium refuses such a file; pypdf finds the catalog by searching the objects.
    """
    data = path.read_bytes()
    damaged, count = re.subn(
        rb"/Root (\d+) (\d+) R",
        lambda m: b"/Root " + b"0" * len(m.group(1)) + b" " + m.group(2) + b" R",
        data,
    )
    if not count:
        raise ValueError(f"{path} has no /Root reference to break")
    path.write_bytes(damaged)
    return path
