"""Render the ragoro demo corpus from Markdown-ish sources to PDF.

Every ``*.md`` file in the source folder (except ``README.md``) is rendered to
``<out>/<same stem>.pdf`` with fpdf2 and the DejaVu Sans TrueType font, so that
Italian accents, the euro sign and other non-Latin-1 characters survive text
extraction.

Source format (deliberately tiny):

* optional front matter between two ``---`` lines at the top of the file, with
  ``key: value`` lines; recognised keys are ``lang``, ``title``, ``subject``,
  ``owner`` (the organisation in the page footer, default ``Officine Ferraris S.p.A.``)
  and ``author`` (the PDF author, default the demo corpus's);
* ``# `` heading, ``## `` subheading, ``### `` sub-subheading;
* paragraphs: consecutive non-blank lines, joined with single spaces;
* ``- `` bullets, one per line;
* pipe tables (``| a | b |``); the first row is the header and a
  ``|---|---|`` separator row is ignored.

Output is deterministic: creation date, producer and the other metadata are
fixed, so re-running the script on unchanged sources gives identical bytes.

Usage::

    python scripts/render_corpus.py --src corpus_src --out documenti_pdf [--verify]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

# scripts/ is on the path: it is the script's own folder, and its importers add it.
from corpus_source import Block, Bullet, Document, Heading, Paragraph, Table, parse_document
from fpdf import FPDF
from fpdf.fonts import FontFace
from fpdf.recorder import FPDFRecorder

REPO_ROOT = Path(__file__).resolve().parent.parent
FONT_DIR = Path("/usr/share/fonts/truetype/dejavu")
FONT_REGULAR = FONT_DIR / "DejaVuSans.ttf"
FONT_BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
FONT_FAMILY = "DejaVu"

AUTHOR = "Officine Ferraris S.p.A. (fictional company, ragoro demo corpus)"
OWNER = "Officine Ferraris S.p.A."
CREATOR = "ragoro scripts/render_corpus.py"
PRODUCER = "ragoro render_corpus (fpdf2)"
CREATION_DATE = datetime(2026, 1, 15, 9, 0, 0, tzinfo=UTC)

BODY_SIZE = 11.0
TABLE_SIZE = 9.5
TABLE_PADDING = 1.5
LINE_HEIGHT = 5.2
MARGIN = 18.0
HEADING_SIZES = {1: 16.0, 2: 13.0, 3: 11.5}
PAGE_LABELS = {"it": ("Pagina", "di"), "en": ("Page", "of")}


class CorpusPDF(FPDF):
    """FPDF with a footer showing company, document title and page numbers."""

    def __init__(self, title: str, lang: str, owner: str = OWNER) -> None:
        """Create an A4 portrait document for ``title`` in language ``lang``, owned by ``owner``."""
        super().__init__(orientation="P", unit="mm", format="A4")
        self.doc_title = title
        self.owner = owner
        self.page_word, self.of_word = PAGE_LABELS.get(lang, PAGE_LABELS["en"])

    def footer(self) -> None:
        """Draw the page footer: ``owner – title – Page n of N``."""
        self.set_y(-14)
        self.set_font(FONT_FAMILY, "", 8)
        self.set_text_color(90, 90, 90)
        text = (
            f"{self.owner} – {self.doc_title} – "
            f"{self.page_word} {self.page_no()} {self.of_word} {{nb}}"
        )
        self.cell(0, 6, text, align="C")
        self.set_text_color(0, 0, 0)


def _column_widths(pdf: FPDF, rows: Sequence[Sequence[str]], total: float) -> tuple[float, ...]:
    """Column widths summing to ``total``.

    Each column gets at least the width of its longest single word (so no word is
    ever split inside a cell), and the remaining space is shared in proportion to
    the (clamped) length of the column's longest cell.
    """
    n_cols = len(rows[0])
    slack = 2 * TABLE_PADDING + 1.0
    minimum = []
    weights = []
    for col in range(n_cols):
        words = [word for row in rows for word in row[col].split()]
        pdf.set_font(FONT_FAMILY, "B", TABLE_SIZE)
        widest = max((pdf.get_string_width(word) for word in words), default=0.0)
        minimum.append(widest + slack)
        longest = max(len(row[col]) for row in rows)
        weights.append(min(max(longest, 8), 60))
    spare = total - sum(minimum)
    if spare < 0:
        raise ValueError(f"table too wide for the page: {rows[0]}")
    return tuple(m + spare * w / sum(weights) for m, w in zip(minimum, weights, strict=True))


def _ensure_space(pdf: FPDF, needed: float) -> None:
    """Start a new page if less than ``needed`` mm are left above the bottom margin."""
    if pdf.get_y() + needed > pdf.page_break_trigger:
        pdf.add_page()


def _render_block(pdf: FPDF, block: Block) -> None:
    """Render one block at the current position."""
    width = pdf.epw
    if isinstance(block, Heading):
        size = HEADING_SIZES[block.level]
        _ensure_space(pdf, 3 * size)
        pdf.ln(4 if block.level > 1 else 0)
        pdf.set_font(FONT_FAMILY, "B", size)
        pdf.multi_cell(width, size * 0.55, block.text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        pdf.set_font(FONT_FAMILY, "", BODY_SIZE)
    elif isinstance(block, Paragraph):
        pdf.set_font(FONT_FAMILY, "", BODY_SIZE)
        pdf.multi_cell(width, LINE_HEIGHT, block.text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2.5)
    elif isinstance(block, Bullet):
        pdf.set_font(FONT_FAMILY, "", BODY_SIZE)
        indent = 6.0
        _ensure_space(pdf, LINE_HEIGHT)
        pdf.set_x(pdf.l_margin + 2)
        pdf.cell(indent - 2, LINE_HEIGHT, "•")
        pdf.multi_cell(width - indent, LINE_HEIGHT, block.text, new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    else:
        col_widths = _column_widths(pdf, block.rows, width)
        pdf.set_font(FONT_FAMILY, "", TABLE_SIZE)
        # Keep short tables on one page: measure on a dummy rendering first.
        with pdf.offset_rendering() as dummy:
            _draw_table(dummy, block, col_widths)
        if dummy.page_break_triggered and pdf.get_y() > pdf.t_margin + 1:
            pdf.add_page()
            pdf.set_font(FONT_FAMILY, "", TABLE_SIZE)
        _draw_table(pdf, block, col_widths)
        pdf.ln(3)
        pdf.set_font(FONT_FAMILY, "", BODY_SIZE)


def _draw_table(pdf: FPDF | FPDFRecorder, block: Table, col_widths: tuple[float, ...]) -> None:
    """Draw ``block`` as an fpdf2 table (``pdf`` may be an FPDF or a recorder)."""
    with pdf.table(
        col_widths=col_widths,
        # The widths sum to the page width up to rounding; a sum one ulp over it is refused.
        width=min(sum(col_widths), pdf.epw),
        text_align="LEFT",
        line_height=TABLE_SIZE * 0.5,
        padding=TABLE_PADDING,
        first_row_as_headings=True,
        headings_style=FontFace(emphasis="BOLD", fill_color=(225, 230, 238)),
        repeat_headings=1,
    ) as table:
        for row in block.rows:
            table_row = table.row()
            for cell in row:
                table_row.cell(cell)


def render_document(doc: Document, out_path: Path) -> int:
    """Render ``doc`` to ``out_path`` and return the number of pages."""
    pdf = CorpusPDF(doc.title, doc.lang, doc.meta.get("owner", OWNER))
    pdf.add_font(FONT_FAMILY, "", str(FONT_REGULAR))
    pdf.add_font(FONT_FAMILY, "B", str(FONT_BOLD))
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(auto=True, margin=MARGIN)
    pdf.set_creation_date(CREATION_DATE)
    pdf.set_title(doc.title)
    pdf.set_subject(doc.meta.get("subject", doc.title))
    pdf.set_author(doc.meta.get("author", AUTHOR))
    pdf.set_creator(CREATOR)
    pdf.set_producer(PRODUCER)
    pdf.set_lang(doc.lang)
    pdf.add_page()
    pdf.set_font(FONT_FAMILY, "", BODY_SIZE)
    for block in doc.blocks:
        _render_block(pdf, block)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    pdf.output(str(out_path))
    return int(pdf.page_no())


def source_files(src: Path) -> list[Path]:
    """Sorted ``*.md`` sources in ``src``, excluding ``README.md``."""
    return sorted(p for p in src.glob("*.md") if p.name.lower() != "readme.md")


def _normalise(text: str) -> str:
    """Collapse every run of whitespace to a single space."""
    return " ".join(text.split())


def _prose_units(doc: Document) -> Iterable[str]:
    """Yield the headings, paragraphs, bullets and table cells of ``doc``."""
    for block in doc.blocks:
        if isinstance(block, Table):
            for row in block.rows:
                yield from row
        else:
            yield block.text


def verify_document(doc: Document, pdf_path: Path) -> list[str]:
    """Check that every text unit of ``doc`` is extractable from ``pdf_path``.

    Text is extracted with pypdfium2, the page footers are dropped, and every
    heading, paragraph, bullet and table cell must appear in the extracted text
    up to whitespace differences. Returns a list of problems (empty if none).
    """
    import pypdfium2 as pdfium

    footer = f"{doc.meta.get('owner', OWNER)} – {doc.title} –"
    pdf = pdfium.PdfDocument(str(pdf_path))
    pages: list[str] = []
    try:
        for index in range(len(pdf)):
            page = pdf[index]
            text = page.get_textpage().get_text_range()
            lines = [ln for ln in text.splitlines() if not ln.startswith(footer)]
            pages.append("\n".join(lines))
    finally:
        pdf.close()
    full = _normalise("\n".join(pages))
    problems = []
    for unit in _prose_units(doc):
        if _normalise(unit) not in full:
            problems.append(f"{pdf_path.name}: not found in extracted text: {unit[:80]!r}")
    return problems


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    """Parse the command line."""
    parser = argparse.ArgumentParser(
        description="Render the Markdown-ish sources in corpus_src/ to PDFs in documenti_pdf/ "
        "(fpdf2 + DejaVu Sans, deterministic output).",
    )
    parser.add_argument(
        "--src",
        type=Path,
        default=REPO_ROOT / "corpus_src",
        help="folder with the *.md sources (default: corpus_src in the repository root)",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=REPO_ROOT / "documenti_pdf",
        help="output folder for the PDFs (default: documenti_pdf in the repository root)",
    )
    parser.add_argument(
        "--verify",
        action="store_true",
        help="after rendering, extract the text with pypdfium2 and check every paragraph, "
        "bullet and table cell is recoverable (whitespace-insensitive)",
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Render every source document; return the process exit code."""
    args = parse_args(argv)
    missing = [str(p) for p in (FONT_REGULAR, FONT_BOLD) if not p.is_file()]
    if missing:
        print(
            f"error: DejaVu Sans font not found ({', '.join(missing)}); "
            "install it with: apt-get install fonts-dejavu-core",
            file=sys.stderr,
        )
        return 2
    sources = source_files(args.src)
    if not sources:
        print(f"error: no *.md sources found in {args.src}", file=sys.stderr)
        return 2
    total = 0
    problems: list[str] = []
    for path in sources:
        doc = parse_document(path)
        out_path = args.out / f"{path.stem}.pdf"
        pages = render_document(doc, out_path)
        total += pages
        print(f"{out_path}: {pages} pages ({doc.lang})")
        if args.verify:
            problems.extend(verify_document(doc, out_path))
    print(f"total: {total} pages in {len(sources)} documents")
    for problem in problems:
        print(f"verify: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
