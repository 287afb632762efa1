"""A small mixed-language corpus for the agent tests, written as Markdown/text files."""

from __future__ import annotations

from pathlib import Path

from vectordb import VectorIndex, build_index

FILES = {
    "manuale_pressa.md": (
        "# Manuale di manutenzione della pressa\n\n"
        "La capacità del serbatoio dell'olio idraulico della pressa è di 28,5 litri.\n"
        "L'olio idraulico deve essere sostituito ogni 4.000 ore di funzionamento.\n\n"
        "## Sicurezza\n\n"
        "Prima di ogni intervento l'operatore deve scollegare l'alimentazione elettrica. "
        "La temperatura dell'olio non deve superare 65 °C.\n"
    ),
    "results_2025.md": (
        "# Annual results 2025\n\n"
        "Consolidated revenue for fiscal year 2025 was EUR 1,702.5 million, up 6.1% from "
        "EUR 1,604.8 million in 2024. Net profit was EUR 118.6 million.\n\n"
        "## Environment\n\n"
        "Electricity consumption at the Torino plant in 2025 was 3,180 MWh, 9.4% lower than "
        "in 2024.\n"
    ),
    "sostenibilita_2025.md": (
        "# Relazione di sostenibilità 2025\n\n"
        "Nel 2025 il consumo di energia elettrica dello stabilimento di Brescia è stato di "
        "4.250 MWh.\n"
        "La quota di rifiuti avviati a recupero è stata del 91%.\n"
    ),
    "manuale_dipendente.txt": (
        "Manuale del dipendente.\n\n"
        "Ogni dipendente a tempo pieno ha diritto a 26 giorni di ferie per anno solare.\n"
        "Il buono pasto elettronico ha un valore di 8,00 EUR per ogni giornata lavorata.\n"
        "Le note spese vanno presentate entro il 5 del mese successivo.\n"
    ),
}


def build_agents_index(base: Path) -> VectorIndex:
    """Write FILES under base/docs and build a real index of them in base/index."""
    docs = base / "docs"
    docs.mkdir(parents=True, exist_ok=True)
    for name, text in FILES.items():
        (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=60)
    return VectorIndex.open(base / "index")


def test_corpus_index_keeps_exact_offsets(tmp_path: Path) -> None:
    index = build_agents_index(tmp_path)
    assert set(index.documents) == set(FILES)
    for chunk in index.chunks:
        assert index.documents[chunk.document_path].text[chunk.start_char : chunk.end_char] == (
            chunk.text
        )
