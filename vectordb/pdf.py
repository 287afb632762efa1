"""PDF text extraction, kept at its old import path; the code is in `vectordb.formats.pdf`."""

from vectordb.formats.pdf import PdfProblem, ProblemKind, extract_pdf_pages, normalise_page_text

__all__ = ["PdfProblem", "ProblemKind", "extract_pdf_pages", "normalise_page_text"]
