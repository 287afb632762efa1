"""Small documents, golden items and outcomes for the judge tests (offsets computed)."""

from __future__ import annotations

from typing import Any

from ragoro.contracts import CaseOutcome, GoldenItem, Passage, RetrievedContext

BILANCIO = "bilancio_2025.pdf"
MANUALE = "manuali/pressa.pdf"

DOCS: dict[str, str] = {
    BILANCIO: (
        "Relazione sulla gestione 2025.\n\n"
        "I ricavi 2025 sono pari a 1.702,5 milioni di euro, in crescita del 4%. "
        "L'utile netto è di 210 milioni di euro.\n\n"
        "Il dividendo proposto è di 0,45 euro per azione. "
        "La società non ha emesso nuove obbligazioni nel 2025."
    ),
    MANUALE: (
        "Manuale della pressa PX-200.\n\n"
        "La capacità del serbatoio dell'olio idraulico è di 28,5 litri. "
        "Il cambio dell'olio va eseguito ogni 500 ore di funzionamento.\n\n"
        "La pressione massima di esercizio è di 210 bar. "
        "I guanti non sono obbligatori durante la pulizia del filtro."
    ),
}


def span(doc: str, quote: str) -> tuple[int, int]:
    """Offsets of quote in the document (it must occur)."""
    start = DOCS[doc].index(quote)
    return start, start + len(quote)


def passage(doc: str, quote: str) -> Passage:
    """A golden passage anchored in DOCS."""
    start, end = span(doc, quote)
    return Passage(content=quote, document_path=doc, start_char=start, end_char=end)


def ctx(doc: str, quote: str, *, offsets: bool = True) -> RetrievedContext:
    """A retrieved context over quote, with or without offsets."""
    start, end = span(doc, quote)
    if not offsets:
        return RetrievedContext(document_path=doc, text=quote)
    return RetrievedContext(document_path=doc, text=quote, start_char=start, end_char=end)


REVENUE = "I ricavi 2025 sono pari a 1.702,5 milioni di euro, in crescita del 4%."
PROFIT = "L'utile netto è di 210 milioni di euro."
TANK = "La capacità del serbatoio dell'olio idraulico è di 28,5 litri."
OIL = "Il cambio dell'olio va eseguito ogni 500 ore di funzionamento."
GLOVES = "I guanti non sono obbligatori durante la pulizia del filtro."
BONDS = "La società non ha emesso nuove obbligazioni nel 2025."


def numeric_item(**kw: Any) -> GoldenItem:
    """Revenue 2025: 1702.5 EUR_M, from the bilancio."""
    data: dict[str, Any] = {
        "id": "num-001",
        "question": "A quanto ammontano i ricavi 2025?",
        "answer": "I ricavi 2025 sono pari a 1.702,5 milioni di euro.",
        "passages": [passage(BILANCIO, REVENUE).model_dump()],
        "case_type": "numeric",
        "expected": {"value": 1702.5, "unit": "EUR_M", "source": {"doc": BILANCIO}},
        "tags": {"lang": "it"},
    }
    data.update(kw)
    return GoldenItem.model_validate(data)


def narrative_item(**kw: Any) -> GoldenItem:
    """Gloves during filter cleaning: not mandatory (a negation trap)."""
    data: dict[str, Any] = {
        "id": "nar-001",
        "question": "I guanti sono obbligatori durante la pulizia del filtro?",
        "answer": "No, i guanti non sono obbligatori durante la pulizia del filtro.",
        "passages": [passage(MANUALE, GLOVES).model_dump()],
        "case_type": "narrative",
    }
    data.update(kw)
    return GoldenItem.model_validate(data)


def composite_item() -> GoldenItem:
    """Two passages from two documents."""
    return GoldenItem(
        id="cmp-001",
        question="Quanto olio contiene la pressa e quanto è l'utile netto 2025?",
        answer="Il serbatoio contiene 28,5 litri; l'utile netto è di 210 milioni di euro.",
        passages=[passage(MANUALE, TANK), passage(BILANCIO, PROFIT)],
        case_type="composite",
    )


def refusal_item() -> GoldenItem:
    """A question the corpus cannot answer."""
    return GoldenItem(
        id="ref-001",
        question="Chi è l'amministratore delegato della società?",
        answer="Il documento non riporta questa informazione.",
        case_type="refusal",
    )


def clarification_item(mode: str) -> GoldenItem:
    """An ambiguous question with the given clarification mode."""
    return GoldenItem.model_validate(
        {
            "id": f"cla-{mode}",
            "question": "Qual è la capacità?",
            "answer": "La capacità del serbatoio dell'olio è di 28,5 litri.",
            "passages": [passage(MANUALE, TANK).model_dump()],
            "case_type": "clarification",
            "expected": {"clarification": mode},
        }
    )


def outcome(item: GoldenItem, answer: str = "", **kw: Any) -> CaseOutcome:
    """An outcome for item with the given answer and fields."""
    return CaseOutcome(case_id=item.id, question=item.question, answer=answer, **kw)
