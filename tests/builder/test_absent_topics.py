"""Refusals on a neighbouring topic: an attribute one fact states, asked of the thing of
another fact of the same document, kept only when no sentence of the corpus states the pair
and no chunk of the question's top-k retrieval holds its words. Real files, a real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.generate.absent_topics import neighbour_topics
from builder.generate.corpus import Corpus, load_corpus
from builder.generate.facts import Fact, chunk_facts
from builder.generate.grammar import grammar_problem
from tests.builder.generate_support import demo_candidates

_FILLER = " ".join(
    f"Il paragrafo {i} riporta le note del collaudo svolto in officina dal tecnico incaricato."
    for i in range(11)
)
_FACTS = (
    "La capacità della borraccia della bicicletta è di 0,75 litri per ogni uscita.",
    "La massa del telaio della bicicletta è di 1,2 kg secondo la misura del produttore.",
    "La pressione delle gomme della bicicletta è di 6 bar a pieno carico.",
    # The bottle's mass is given, but not in one sentence with the bottle: only the top-k
    # check knows that "Qual è la massa della borraccia?" is answerable.
    "La borraccia della bicicletta è in alluminio riciclato. La sua massa è di 80 grammi.",
)


@pytest.fixture(scope="module")
def bike(tmp_path_factory: pytest.TempPathFactory) -> tuple[Corpus, list[Fact]]:
    root = tmp_path_factory.mktemp("bike")
    docs = root / "docs"
    docs.mkdir()
    body = "\n\n".join(f"{fact}\n\n{_FILLER}" for fact in _FACTS)
    (docs / "scheda.md").write_text(f"# Scheda tecnica della bicicletta Aria\n\n{body}\n")
    corpus = load_corpus(docs, root / "index", 900, progress=False)
    facts = [f for c in corpus.chunks for f in chunk_facts(corpus, c)]
    return corpus, facts


def test_an_attribute_of_one_thing_is_asked_of_its_neighbour(
    bike: tuple[Corpus, list[Fact]],
) -> None:
    corpus, facts = bike
    topics = neighbour_topics(corpus, facts, 3)
    questions = [t.question for t in topics["it"]]
    # Each thing takes the attribute of the next fact that has another one.
    assert questions == [
        "Qual è la pressione del telaio della bicicletta?",
        "Qual è la capacità delle gomme della bicicletta?",
    ]
    for topic in topics["it"]:
        assert topic.variant == "neighbour"
        assert grammar_problem(topic.question, "it") is None
    assert topics["en"] == []


def test_a_pair_a_top_k_chunk_holds_is_no_refusal(bike: tuple[Corpus, list[Fact]]) -> None:
    corpus, facts = bike
    bottle_mass = "Qual è la massa della borraccia della bicicletta?"
    # No single sentence names the bottle with its mass, so without retrieval it would pass.
    unchecked = [t.question for t in neighbour_topics(corpus, facts, 0)["it"]]
    assert bottle_mass in unchecked
    checked = [t.question for t in neighbour_topics(corpus, facts, 3)["it"]]
    assert bottle_mass not in checked


def test_the_demo_corpus_yields_neighbour_refusals_next_to_the_sibling_ones() -> None:
    topics = demo_candidates(True).topics
    variants = {t.variant for found in topics.values() for t in found}
    assert variants == {"sibling", "neighbour"}
    neighbours = [t.question for t in topics["it"] if t.variant == "neighbour"]
    assert "Qual è stato il prelievo idrico dello stabilimento di Torino?" in neighbours
    assert len({t.question for found in topics.values() for t in found}) == sum(
        len(found) for found in topics.values()
    )


def test_no_neighbour_is_made_of_a_role_or_a_modifier(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    body = "\n\n".join(
        f"{fact}\n\n{_FILLER}"
        for fact in (
            "Il Responsabile della sicurezza della sede è il Dott. Mario Neri.",
            "La barriera di sicurezza della pressa è di tipo ottico per ogni turno.",
            "La massa della pressa è di 900 kg secondo la scheda del produttore.",
        )
    )
    (docs / "sede.md").write_text(f"# Sede\n\n{body}\n")
    corpus = load_corpus(docs, tmp_path / "index", 900, progress=False)
    facts = [f for c in corpus.chunks for f in chunk_facts(corpus, c)]
    questions = [t.question for t in neighbour_topics(corpus, facts, 3)["it"]]
    assert not any("Responsabile" in q or "di sicurezza della" in q for q in questions)
