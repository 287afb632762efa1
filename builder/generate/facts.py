"""Find the sentences and table rows of a chunk that a question can be written from.

Footers/headers ("... – Pagina 2 di 5"), headings (no final full stop), fragments cut by
a chunk boundary and very short or very long sentences are skipped. Offsets are in the
document's canonical text, so a fact's text is always `document.text[start:end]`.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from typing import Literal

from builder.generate.corpus import Corpus
from builder.generate.phrasing import Clause, flatten, split_clause
from ragoro.text import STOPWORDS, Lang, Quantity, extract_quantities, split_sentences
from vectordb import Chunk

_ROW_LABEL_RE = re.compile(r"^([A-ZÀ-Ý][^\d\n|:;.()]{3,60}?)\s+(?=[\d€$])")
_PROSE_WORD_RE = re.compile(r"\b[a-zà-ÿ]{3,}\b")
_MIN_WORDS, _MAX_WORDS = 6, 45
# A "sentence" ending on a title abbreviation was cut inside a name ("... è il Per.").
_CUT_AT_TITLE_RE = re.compile(
    r"\b(?:Per|Ind|Ing|Dott|Dott\.ssa|Avv|Sig|Prof|Geom|Rag|Dr|Mr|Mrs|Ms|St)\.$"
)

# A predicate that points to what follows ("... sono le seguenti:", "... are the following")
# states nothing itself: its answer is the list after it, which no question can quote.
_POINTS_AHEAD_RE = re.compile(
    r"(?:(?:il|lo|la|i|gli|le)\s+seguent[ei]|the\s+following|as\s+follows|questi|queste|"
    r"these|(?:listed|shown|given|set\s+out)\s+below|(?:elencat|riportat|indicat)[ieoa]\s+"
    r"(?:di\s+seguito|sotto|qui\s+sotto))\b"
)


@dataclass(frozen=True)
class Fact:
    """A sentence or table row of one document that states something."""

    doc: str
    start: int
    end: int
    text: str
    """Exactly document.text[start:end]."""
    lang: Lang
    kind: Literal["prose", "row"]
    clause: Clause | None
    label: str
    """The row label, or the clause subject ("" when the sentence has none)."""
    quantity: Quantity | None
    """The first number with a unit in the predicate (or after the label), if any; its
    offsets are into `flat`."""

    @property
    def flat(self) -> str:
        """The text with line wraps collapsed."""
        return flatten(self.text)


def _first_unit_quantity(text: str, lang: Lang, after: int) -> Quantity | None:
    for quantity in extract_quantities(text, lang):
        if quantity.unit is not None and quantity.written_unit and quantity.start >= after:
            return quantity
    return None


_MAX_TITLE_JOINS = 3


def _sentences(text: str) -> list[tuple[int, int]]:
    """Sentence spans of a chunk, with a sentence cut after a title abbreviation ("... è il
    Per." | "Ind." | "Davide Galli.") joined to what follows: the name is its end."""
    spans = [(span.start, span.end) for span in split_sentences(text)]
    out: list[tuple[int, int]] = []
    i = 0
    while i < len(spans):
        start, end = spans[i]
        joins = 0
        while (
            _CUT_AT_TITLE_RE.search(flatten(text[start:end]))
            and i + 1 < len(spans)
            and joins < _MAX_TITLE_JOINS
        ):
            i += 1
            joins += 1
            end = spans[i][1]
        out.append((start, end))
        i += 1
    return out


# A name of two or more capitalised words followed straight by a lowercase word: a label
# cell glued to the next cell ("Sala Nord prese monofase"). A noun phrase links its
# complement with a preposition ("Massa della macchina") or starts lowercase after one
# capital ("Machine weight").
_TWO_CELLS_RE = re.compile(
    r"^(?:[A-ZÀ-Ý][\w'-]*\s+){2,}(?!(?:di|del|della|dei|delle|e|of|and|the|per|for|in)\b)[a-zà-ÿ]"
)
_NUMBER_RE = re.compile(r"\d+(?:[.,]\d+)*")


def _holds_table_row(text: str, lang: Lang) -> bool:
    """A "sentence" that is a table row glued to the sentence after it: a line of several
    numbers with no closing punctuation, then a line that opens a new sentence with a
    capitalised article or pronoun ("... 400 posti 2.600 euro | La tariffa ...")."""
    lines = text.split("\n")
    for line, after in itertools.pairwise(lines):
        first = after.split(" ", 1)[0]
        if (
            len(_NUMBER_RE.findall(line)) >= 2
            and not line.rstrip().endswith((".", ",", ";", ":"))
            and first[:1].isupper()
            and first.split("'")[0].lower() in STOPWORDS[lang]
        ):
            return True
    return False


def _prose_facts(corpus: Corpus, chunk: Chunk, lang: Lang) -> list[Fact]:
    facts = []
    for at, until in _sentences(chunk.text):
        text = chunk.text[at:until]
        start, end = chunk.start_char + at, chunk.start_char + until
        flat = flatten(text)
        words = flat.split()
        if not _MIN_WORDS <= len(words) <= _MAX_WORDS or not flat.endswith("."):
            continue
        if not (flat[0].isupper() or flat[0].isdigit()) or "?" in flat:
            continue
        if _CUT_AT_TITLE_RE.search(flat) or _holds_table_row(text, lang):
            continue
        if corpus.in_footer(chunk.document_path, start, end):
            continue
        clause = split_clause(text, lang)
        if clause is not None and _POINTS_AHEAD_RE.match(clause.predicate.lower()):
            continue
        predicate_at = 0
        if clause is not None:
            predicate_at = max(0, flat.find(" " + clause.predicate.split()[0]))
        facts.append(
            Fact(
                doc=chunk.document_path,
                start=start,
                end=end,
                text=text,
                lang=lang,
                kind="prose",
                clause=clause,
                label=clause.subject if clause else "",
                # The flattened text: a unit wrapped onto the next line is still a unit.
                quantity=_first_unit_quantity(flat, lang, predicate_at),
            )
        )
    return facts


def _row_facts(corpus: Corpus, chunk: Chunk, lang: Lang) -> list[Fact]:
    facts = []
    position = 0
    for line in chunk.text.split("\n"):
        line_start = position
        position += len(line) + 1
        stripped = line.rstrip()
        match = _ROW_LABEL_RE.match(stripped)
        if match is None or stripped.endswith("."):
            continue
        label = match.group(1).strip()
        if not 2 <= len(label.split()) <= 8 or label.split()[-1].lower() in STOPWORDS[lang]:
            continue  # "Verificare la taratura a 230 bar": a wrapped instruction, not a label
        if _TWO_CELLS_RE.match(label):
            continue  # "Sala Nord | prese monofase 230 V": a name cell, then the next cell
        quantity = _first_unit_quantity(stripped, lang, match.end())
        if quantity is None or quantity.start != match.end():
            continue
        if _PROSE_WORD_RE.search(stripped[quantity.end :]):
            continue  # a wrapped sentence ("... almeno 24 ore di formazione"), not a row
        start = chunk.start_char + line_start
        end = start + len(stripped)
        if corpus.in_footer(chunk.document_path, start, end):
            continue
        facts.append(
            Fact(chunk.document_path, start, end, stripped, lang, "row", None, label, quantity)
        )
    return facts


def chunk_facts(corpus: Corpus, chunk: Chunk) -> list[Fact]:
    """Prose sentences and table rows of a chunk, in text order."""
    lang = corpus.lang_of(chunk)
    facts = _prose_facts(corpus, chunk, lang) + _row_facts(corpus, chunk, lang)
    return sorted(facts, key=lambda f: f.start)
