"""Small real office files made on the fly (python-docx, python-pptx, openpyxl), with the
ground truth each was made from: the sentences, cells and numbers put into it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import docx
import openpyxl
import pptx
from pptx.util import Inches

DOCX_PARAGRAPHS = (
    "Rapporto energetico 2025",
    "Nel 2025 lo stabilimento di Torino ha consumato 4.250 MWh. Il consumo è sceso del 3,6% "
    "rispetto al 2024.",
    "La tabella riporta i consumi per sito.",
)
ENERGY_TABLE = (
    ("Sito", "Consumo (MWh)", "Quota"),
    ("Torino", "4.250", "42,5%"),
    ("Brescia", "5.750", "57,5%"),
)
DOCX_CLOSING = "I dati sono provvisori."

SLIDE_TITLE = "Risultati del trimestre"
SLIDE_BODY = "Ricavi pari a 412,3 milioni di euro.\nMargine operativo in crescita."
SLIDE_TABLE = (
    ("Indicatore", "Q1", "Q2"),
    ("Ricavi (EUR million)", "401.2", "412.3"),
    ("Dipendenti", "1,204", "1,230"),
)

SHEET_ROWS = (
    ("Impianto", "Potenza (kW)", "Ore"),
    ("Pressa A", 250, 1820),
    ("Pressa B", 180.5, 2040),
)
SHEET_TWO = "Note 2025"


def sample_docx(path: Path) -> Path:
    """A Word file: a heading, two paragraphs, a table, a blank and a closing paragraph."""
    document = docx.Document()
    document.add_heading(DOCX_PARAGRAPHS[0], level=1)
    for text in DOCX_PARAGRAPHS[1:]:
        document.add_paragraph(text)
    table = document.add_table(rows=len(ENERGY_TABLE), cols=len(ENERGY_TABLE[0]))
    for r, row in enumerate(ENERGY_TABLE):
        for c, value in enumerate(row):
            table.cell(r, c).text = value
    document.add_paragraph("")
    document.add_paragraph(DOCX_CLOSING)
    document.save(str(path))
    return path


def sample_pptx(path: Path) -> Path:
    """A presentation: slide 1 a title and a two-line text box, slide 2 a table."""
    presentation = pptx.Presentation()
    first = presentation.slides.add_slide(presentation.slide_layouts[5])
    first.shapes.title.text = SLIDE_TITLE
    box = first.shapes.add_textbox(Inches(1), Inches(2), Inches(6), Inches(2))
    box.text_frame.text = SLIDE_BODY
    second = presentation.slides.add_slide(presentation.slide_layouts[6])
    rows, cols = len(SLIDE_TABLE), len(SLIDE_TABLE[0])
    shape = second.shapes.add_table(rows, cols, Inches(1), Inches(1), Inches(6), Inches(2))
    for r, row in enumerate(SLIDE_TABLE):
        for c, value in enumerate(row):
            shape.table.cell(r, c).text = value
    presentation.save(str(path))
    return path


def sample_xlsx(path: Path) -> Path:
    """A workbook: sheet "Impianti" a table from A1, sheet "Note 2025" one cell at B2."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = "Impianti"
    for row in SHEET_ROWS:
        sheet.append(list(row))
    notes = workbook.create_sheet(SHEET_TWO)
    notes["B2"] = "Valori misurati a fine anno."
    workbook.save(str(path))
    return path


def _cells(rows: tuple[tuple[Any, ...], ...], locate: Any) -> list[dict[str, Any]]:
    cells = []
    for r, row in enumerate(rows, start=1):
        for c, value in enumerate(row, start=1):
            header = []
            if r > 1:
                header.append(str(rows[0][c - 1]))
                if c > 1:
                    header.append(str(row[0]))
            cells.append({"locator": locate(r, c), "text": str(value), "header": header})
    return cells


def _number(locator: str, value: float, unit: str, label: str) -> dict[str, Any]:
    return {"locator": locator, "value": value, "unit": unit, "label": label}


def ground_truth() -> dict[str, dict[str, list[dict[str, Any]]]]:
    """What each sample file holds, written from the constants above (not extracted)."""
    para = DOCX_PARAGRAPHS[1]
    docx_truth = {
        "text": [
            {"locator": "paragraph=1,sentence=1", "text": DOCX_PARAGRAPHS[0]},
            {"locator": "paragraph=2,sentence=1", "text": para.split(". ")[0] + "."},
            {"locator": "paragraph=2,sentence=2", "text": para.split(". ")[1]},
            {"locator": "paragraph=3,sentence=1", "text": DOCX_PARAGRAPHS[2]},
            {"locator": "paragraph=5,sentence=1", "text": DOCX_CLOSING},
        ],
        "tables": _cells(ENERGY_TABLE, lambda r, c: f"table=1,row={r},col={c}"),
        "numbers": [
            _number("paragraph=1,sentence=1,number=1", 2025, "", "rapporto energetico"),
            _number("paragraph=2,sentence=1,number=1", 2025, "", "nel"),
            _number("paragraph=2,sentence=1,number=2", 4250, "MWh", "torino ha consumato"),
            _number("paragraph=2,sentence=2,number=1", 3.6, "%", "è sceso del"),
            _number("paragraph=2,sentence=2,number=2", 2024, "", "del rispetto al"),
            _number("table=1,row=2,col=2,number=1", 4250, "MWh", "Consumo (MWh) / Torino"),
            _number("table=1,row=2,col=3,number=1", 42.5, "%", "Quota / Torino"),
            _number("table=1,row=3,col=2,number=1", 5750, "MWh", "Consumo (MWh) / Brescia"),
            _number("table=1,row=3,col=3,number=1", 57.5, "%", "Quota / Brescia"),
        ],
    }
    body_one, body_two = SLIDE_BODY.split("\n")
    pptx_truth = {
        "text": [
            {"locator": "slide=1,shape=1,sentence=1", "text": SLIDE_TITLE},
            {"locator": "slide=1,shape=2,sentence=1", "text": body_one},
            {"locator": "slide=1,shape=2,sentence=2", "text": body_two},
        ],
        "tables": _cells(SLIDE_TABLE, lambda r, c: f"slide=2,table=1,row={r},col={c}"),
        "numbers": [
            _number("slide=1,shape=2,sentence=1,number=1", 412.3, "EUR million", "ricavi pari a"),
            _number(
                "slide=2,table=1,row=2,col=2,number=1",
                401.2,
                "EUR million",
                "Q1 / Ricavi (EUR million)",
            ),
            _number(
                "slide=2,table=1,row=2,col=3,number=1",
                412.3,
                "EUR million",
                "Q2 / Ricavi (EUR million)",
            ),
            _number("slide=2,table=1,row=3,col=2,number=1", 1204, "", "Q1 / Dipendenti"),
            _number("slide=2,table=1,row=3,col=3,number=1", 1230, "", "Q2 / Dipendenti"),
        ],
    }
    letters = "ABC"
    xlsx_truth = {
        "text": [],
        "tables": [
            *_cells(
                tuple(tuple(str(v) for v in row) for row in SHEET_ROWS),
                lambda r, c: f"Impianti!{letters[c - 1]}{r}",
            ),
            {"locator": "'Note 2025'!B2", "text": "Valori misurati a fine anno.", "header": []},
        ],
        "numbers": [
            _number("Impianti!B2,number=1", 250, "kW", "Potenza (kW) / Pressa A"),
            _number("Impianti!C2,number=1", 1820, "", "Ore / Pressa A"),
            _number("Impianti!B3,number=1", 180.5, "kW", "Potenza (kW) / Pressa B"),
            _number("Impianti!C3,number=1", 2040, "", "Ore / Pressa B"),
        ],
    }
    return {"report.docx": docx_truth, "slides.pptx": pptx_truth, "plants.xlsx": xlsx_truth}


SAMPLES = {"report.docx": sample_docx, "slides.pptx": sample_pptx, "plants.xlsx": sample_xlsx}


def write_samples(folder: Path) -> list[Path]:
    """Write all three sample files into folder."""
    folder.mkdir(parents=True, exist_ok=True)
    return [make(folder / name) for name, make in SAMPLES.items()]
