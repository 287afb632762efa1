"""Table rows a PDF's text runs together: where one "sentence" is several rows.

A table extracted from a PDF loses its column gaps, so its rows reach the agent as lines of
one long sentence ("Viti del coperchio ... 25 Nm\\nViti di fissaggio degli stampi ... 250
Nm\\n..."), or a last row runs into the prose after the table. Read as one sentence, a
question about the second row is answered with the first row's value, and the row takes the
years of the prose sentence it ran into. A line break is a row's end when the line ends on
its values (a number, or a number and its unit or a short label: "45 Nm", "12 mesi", "+5
punti percentuali") and the next line starts a new label (a capitalised word that is not a
unit: "MWh" after "4.250" is the number's own unit wrapped to the next line) on a line
with values of its own. A prose line
wrapped after a number goes on in lower case ("EUR 4.8\\nmillion") or on a number.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection, Sequence
from functools import lru_cache

from ragoro.text import Lang, Quantity, stem
from ragoro.text.dates import YEAR_RE, years_in
from ragoro.text.numbers import extract_quantities
from ragoro.text.units import normalize_unit

__all__ = [
    "column_headers",
    "column_value",
    "counted_column",
    "other_period",
    "row_pieces",
    "table_rows",
    "year_headers",
]

# What may follow a row's last value on its line: a unit or a short label, no sentence end.
_TAIL_CHARS = 20
_TAIL_WORDS = 2
_FUNCTION_WORD_LETTERS = 3
# How many sentences before a run of rows its header may be (a run can be cut in two).
_HEADER_REACH = 3
# A header names columns in a few words; a longer line without values is a heading or prose.
_HEADER_WORDS = 10
# A header whose column names wrap over several lines: at most this many words in all.
_WRAPPED_HEADER_WORDS = 2 * _HEADER_WORDS
_STOPS = (".", "!", "?", ":", ";")
_FIRST_WORD_RE = re.compile(r"[^\s(),;:]+")
_WORD_RE = re.compile(r"[^\W\d_]+")


def row_pieces(text: str, lang: Lang) -> list[tuple[int, int]]:
    """(start, end) offsets of the rows of a sentence; one piece for a sentence that is no
    run of table rows (see the module docstring)."""
    if "\n" not in text:
        return [(0, len(text))]
    pieces: list[tuple[int, int]] = []
    start = 0
    pos = 0
    lines = text.split("\n")
    for line, following in itertools.pairwise(lines):
        end = pos + len(line)
        if _ends_row(line, lang) and _starts_label(following, lang):
            pieces.append((start, end))
            start = end + 1
        pos = end + 1
    pieces.append((start, len(text)))
    return [(s, e) for s, e in pieces if text[s:e].strip()]


def table_rows(text: str, before: Sequence[str], lang: Lang) -> list[tuple[tuple[int, int], str]]:
    """The rows of a sentence (`row_pieces`), each with its table's header: the nearest of the
    sentences just before it that states no value and ends on no stop ("Componente
    Filettatura e classe Coppia di serraggio"). A sentence that is no run of rows, and the
    prose a last row ran into, get no header."""
    pieces = row_pieces(text, lang)
    if len(pieces) == 1:
        return [(pieces[0], "")]
    header = next(
        (
            t
            for t in reversed(before[-_HEADER_REACH:])
            if not extract_quantities(t, lang) and not t.rstrip().endswith((".", "!", "?", ":"))
        ),
        "",
    )
    return [
        ((a, b), "" if text[a:b].rstrip().endswith((".", "!", "?")) else header) for a, b in pieces
    ]


def year_headers(texts: Sequence[str], lang: Lang) -> list[str]:
    """For each piece of a document (in order), the header of the year-columned table it is a
    row of ("Indicator 2025 2024 Change" above "Order intake 1,781.4 1,652.0 +7.8%"), else "".
    A header names two or more years and no other value in a few words; a row under it ends on
    a value for each of its years; prose (a piece ending on a stop) ends the table."""
    out: list[str] = []
    header = ""
    columns = 0
    for text in texts:
        piece = text.strip()
        years = _header_years(piece, lang)
        if years:
            header, columns = piece, len(years)
            out.append("")
            continue
        ended = piece.endswith((".", "!", "?", ":", ";"))
        values = _trailing_values(piece, extract_quantities(piece, lang))
        out.append(header if header and not ended and len(values) >= columns else "")
        if ended or len(piece.split()) > 2 * _HEADER_WORDS:
            header = ""  # prose ends the table; a label wrapped over two lines does not
    return out


def column_headers(texts: Sequence[str], lang: Lang) -> list[str]:
    """For each piece of a document (in order), the header of the table it is a row of, else "".

    A table a PDF lays out one row per line reaches the agent as one piece per row: a label
    and its values ("Northern Europe 4,120 1,350 22%"), no final stop. Its header is the run of
    short pieces just before the first row that state no value (a year or a bare number in a
    column's name may stand: "Revenue 2025", "Scope 1+2") and end on no stop, its column names
    often wrapped over several lines ("Site Water withdrawn (m3)", "Waste sent to",
    "landfill (t)", "Share of water reused"); every row of the run is read under
    it, as a cell's meaning is its column's name. A first row joined to the header in one
    piece has the header as its leading lines. Prose (a piece ending on a stop) ends the table.
    """
    out: list[str] = []
    above: list[str] = []  # the header-like pieces since the last prose or row
    header = ""
    for text in texts:
        lines = [line.strip() for line in text.split("\n") if line.strip()]
        if not lines or lines[-1].endswith(_STOPS):
            above, header = [], ""
            out.append("")
        elif _states_value(lines[-1], lang):
            # Only a whole row under the leading lines makes them a header: a lowercase line
            # goes on with a label wrapped above it ("Livello del liquido / inferiore a").
            lead = list(itertools.takewhile(lambda ln: _names_columns(ln, lang), lines[:-1]))
            if lead and _starts_label(lines[-1], lang):
                above.append(" ".join(lead))
            if above:
                header = _wrapped(above)
            above = []
            out.append(header)
        elif len(" ".join(lines).split()) <= _HEADER_WORDS:
            above.append(" ".join(lines))
            header = ""
            out.append("")
        else:  # a long line without values: a heading or prose, no header
            above, header = [], ""
            out.append("")
    return out


def _states_value(line: str, lang: Lang) -> bool:
    """Does a line state a value: a quantity with its unit, or a row's label and values? A
    bare year names a column ("Revenue 2025 Share"), it is no value."""
    quantities = [
        q for q in extract_quantities(line, lang) if q.unit or not YEAR_RE.fullmatch(q.raw.strip())
    ]
    return any(q.unit for q in quantities) or (
        bool(quantities) and _starts_label(line, lang) and _ends_row(line, lang)
    )


def _names_columns(line: str, lang: Lang) -> bool:
    """Can a line be (part of) a header: a few words, no value stated, no final stop?"""
    return (
        len(line.split()) <= _HEADER_WORDS
        and not line.endswith(_STOPS)
        and not _states_value(line, lang)
    )


def _wrapped(pieces: Sequence[str]) -> str:
    """The header: the pieces nearest the rows, as many as a header's words allow."""
    kept: list[str] = []
    words = 0
    for piece in reversed(pieces):
        words += len(piece.split())
        if words > _WRAPPED_HEADER_WORDS:
            break
        kept.insert(0, piece)
    return " ".join(kept)


@lru_cache(maxsize=1 << 12)
def _header_years(piece: str, lang: Lang) -> tuple[str, ...]:
    """The years a table header names, in column order; empty for any other piece (read once
    per header: every row under it, for every question, asks again)."""
    if piece.endswith((".", "!", "?", ":", ";")) or len(piece.split()) > _HEADER_WORDS:
        return ()
    quantities = extract_quantities(piece, lang)
    years = [q.raw.strip() for q in quantities]
    if len(years) < 2 or not all(YEAR_RE.fullmatch(y) for y in years):
        return ()
    return tuple(years)


def column_value(
    row: str, header: str, quantities: Sequence[Quantity], asked: Collection[str], lang: Lang
) -> Quantity | None:
    """The row's value in the column of the one year the question asks, when the row lies
    under a header of year columns and states a value for each ("Order intake 1,781.4
    1,652.0 +7.8%" under "Indicator 2025 2024 Change", asked 2024: 1,652.0); else None."""
    years = _header_years(header, lang) if header else ()
    wanted = [y for y in years if y in asked]
    if len(wanted) != 1:
        return None
    values = _trailing_values(row, quantities)
    if len(values) < len(years):
        return None
    return values[years.index(wanted[0])]


def counted_column(
    row: str, header: str, quantities: Sequence[Quantity], counted: Collection[str], lang: Lang
) -> Quantity | None:
    """The row's count of what a "how many X" question counts, when X names the header's last
    column: a header's last word belongs to its last column's name, and a row's last value
    lies in its last column ("Packaging 310.4 42.1 13.6% 1,275" under "… EBITDA margin
    Employees", asked how many employees: 1,275). A bare number only; else None."""
    words = _WORD_RE.findall(header)
    if not words or not counted or stem(words[-1].lower(), lang) not in counted:
        return None
    values = _trailing_values(row, quantities)
    if len(values) < 2 or values[-1].unit is not None:
        return None
    return values[-1]


def other_period(header: str, asked: Collection[str]) -> bool:
    """Does a row's header name only years other than the ones the question asks? A table
    headed "Indicatore … Dato 2023" states its values for 2023: none of them is the 2022
    figure, whatever the prose around the table says of 2022."""
    years = years_in(header)
    wanted = {a for a in asked if YEAR_RE.fullmatch(a)}
    return bool(years) and bool(wanted) and years.isdisjoint(wanted)


def _trailing_values(row: str, quantities: Sequence[Quantity]) -> list[Quantity]:
    """The row's values: its last run of quantities with nothing but spaces between them (a
    number in the label, "Scope 1 (t CO2)", is followed by words)."""
    flat = row.replace("\n", " ")
    run: list[Quantity] = []
    for q in reversed(quantities):
        if run and flat[q.end : run[0].start].strip():
            break
        run.insert(0, q)
    return run


def _ends_row(line: str, lang: Lang) -> bool:
    """Does the line end on its values: a number, then at most a unit or a short label? A
    short lowercase word after the number ("in", "di", "the") is prose cut by the wrap."""
    quantities = extract_quantities(line, lang)
    if not quantities:
        return False
    tail = line[quantities[-1].end :].strip()
    words = tail.split()
    return (
        len(words) <= _TAIL_WORDS
        and len(tail) <= _TAIL_CHARS
        and not tail.endswith((".", ",", ";", ":", "!", "?"))
        and not any(w.islower() and len(w) <= _FUNCTION_WORD_LETTERS for w in words)
    )


def _starts_label(line: str, lang: Lang) -> bool:
    """Does the next line start a new row: a capitalised word (or a code) that is not a
    unit of the number before the break, on a line with values of its own (a city after a
    postal code, "Brescia.", is the address going on)?"""
    match = _FIRST_WORD_RE.match(line.lstrip())
    if match is None:
        return False
    word = match.group(0)
    if not word[0].isupper():
        return False
    return normalize_unit(word.rstrip(".")) is None and bool(extract_quantities(line, lang))
