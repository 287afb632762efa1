"""A model code is the same code with or without the hyphen between its letters and its
digits: "px200" in a question names "PX-200" in a sentence (issue 15, session a5). Invented
codes, IT and EN."""

from __future__ import annotations

import pytest

from evaluator.agents.support import CorpusStats, Sentence
from evaluator.agents.vocabulary import unmet_entities
from ragoro.text import Lang
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


@pytest.fixture(scope="module")
def stats(tmp_path_factory: pytest.TempPathFactory) -> CorpusStats:
    base = tmp_path_factory.mktemp("columns")
    docs = base / "docs"
    docs.mkdir()
    (docs / "spese.md").write_text(SPESE, encoding="utf-8")
    (docs / "zones.md").write_text(ZONES, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    index = VectorIndex.open(base / "index")
    return CorpusStats(index.chunks, index.documents)


def _row(stats: CorpusStats, path: str, start: str) -> Sentence:
    sentences = [s for c in stats.chunks if c.document_path == path for s in stats.sentences_in(c)]
    return next(s for s in sentences if s.text.startswith(start))


@pytest.mark.parametrize(
    ("path", "start", "question", "lang"),
    [
        ("spese.md", "La pressa", "Dove è installata la pressa xr100?", "it"),
        ("zones.md", "The XR-100", "how often is the xr100 loader serviced", "en"),
    ],
)
def test_a_code_is_named_with_or_without_its_hyphen(
    stats: CorpusStats, path: str, start: str, question: str, lang: Lang
) -> None:
    sentence = _row(stats, path, start)
    assert unmet_entities(question, [sentence], stats, lang) == []


@pytest.mark.parametrize(
    ("path", "start", "question", "lang"),
    [
        ("spese.md", "Pasto", "Dove è installata la pressa xr100?", "it"),
        ("zones.md", "North Zone", "how often is the xr100 loader serviced", "en"),
    ],
)
def test_a_sentence_without_the_code_leaves_it_unmet(
    stats: CorpusStats, path: str, start: str, question: str, lang: Lang
) -> None:
    sentence = _row(stats, path, start)
    assert unmet_entities(question, [sentence], stats, lang) == ["xr100"]
