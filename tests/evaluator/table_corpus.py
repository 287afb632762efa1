"""An invented two-document corpus with tables printed one row per line, IT and EN, that
the agent's table-row and code-matching tests read (issue 15, session a5)."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.support import CorpusStats, Sentence
from vectordb import VectorIndex, build_index

SPESE = (
    "# Regolamento trasferte\n\n"
    "Le spese di viaggio in Italia e all'estero sono rimborsate dietro ricevuta.\n"
    "La tabella seguente riassume i limiti di spesa.\n"
    "Voce di spesa Madrid Berlin\n"
    "Pasto (pranzo o cena) 30,00 EUR 50,00 EUR\n"
    "Corsa in taxi 45,00 EUR 70,00 EUR\n"
    "La pressa XR-100 è installata nel reparto nord.\n"
    "La matricola della pressa è XR100-7.\n"
)
ZONES = (
    "# Zone report\n\n"
    "Our depots in the North Zone and the South Zone report their water use every year.\n"
    "Zone Water use\n"
    "(m3)\n"
    "Recycled share of\n"
    "water\n"
    "North Zone 6,310 18%\n"
    "South Zone 8,140 12%\n"
    "Depot Leeds York\n"
    "Diesel used 410 l 380 l\n"
    "The XR-100 loader is serviced every spring.\n"
    "Its serial number is XR100-9.\n"
)


def table_corpus_stats(base: Path) -> CorpusStats:
    """Index the two documents under `base` and return the agent's reading of them."""
    docs = base / "docs"
    docs.mkdir()
    (docs / "spese.md").write_text(SPESE, encoding="utf-8")
    (docs / "zones.md").write_text(ZONES, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    index = VectorIndex.open(base / "index")
    return CorpusStats(index.chunks, index.documents)


def row_sentence(stats: CorpusStats, path: str, start: str) -> Sentence:
    """The sentence of document `path` that starts with `start`."""
    sentences = [s for c in stats.chunks if c.document_path == path for s in stats.sentences_in(c)]
    return next(s for s in sentences if s.text.startswith(start))
