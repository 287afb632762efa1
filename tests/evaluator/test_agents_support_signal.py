"""The reference agent's issue-15a behaviour on real indexes: everyday-word translations,
count questions, existential questions about absent things, and candidate pruning."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from builder.api import validate
from evaluator.agents import ExtractiveAgent, ranking
from evaluator.agents import extractive as extractive_module
from evaluator.agents.glossary import agent_translations
from evaluator.agents.quantities import counted_noun
from evaluator.agents.short_answer import short_answer
from evaluator.agents.vocabulary import asked_head, asked_owners
from ragoro.text import stem, translations
from vectordb import VectorIndex, build_index

HANDBOOK = (
    "# Manuale tecnico\n\n"
    "Attendere almeno 10 minuti dopo l'arresto prima di aprire il quadro elettrico.\n"
    "Nel 2025 il 38% dell'acciaio acquistato proveniva da forni elettrici ad arco.\n"
    "Il direttore dello stabilimento di Torino è l'Ing. Federica Sala.\n\n"
    "## Dati tecnici\n\n"
    "La forza nominale della pressa è di 2.000 kN, pari a 224,8 tonnellate.\n"
    "Il personale di produzione lavora su tre turni di otto ore.\n"
    "La messa in funzione della pressa richiede 2 giorni; l'apertura del reparto è alle 6.\n"
)
REPORT = (
    "# Annual report\n\n"
    "The Group had 6,842 employees at year end, an increase of 227 people.\n"
    "Revenue in Italy was EUR 442.6 million.\n"
)


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> VectorIndex:
    base = tmp_path_factory.mktemp("signal")
    docs = base / "docs"
    docs.mkdir()
    (docs / "manuale.md").write_text(HANDBOOK, encoding="utf-8")
    (docs / "report.md").write_text(REPORT, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=200, chunk_overlap=40)
    return VectorIndex.open(base / "index")


@pytest.fixture(scope="module")
def agent(index: VectorIndex) -> ExtractiveAgent:
    return ExtractiveAgent(index, k=3)


def test_glossary_translates_everyday_words_the_shared_lexicon_lacks() -> None:
    wait = stem("wait", "en")
    assert stem("attendere", "it") in agent_translations(wait)
    assert stem("torino", "it") in agent_translations(stem("turin", "en"))
    assert stem("turin", "en") in agent_translations(stem("torino", "it"))
    # Agent-only: the shared lexicon the judge reads is not widened.
    assert stem("attendere", "it") not in translations(wait)
    # The shared lexicon's translations are kept.
    assert translations(stem("warranty", "en")) <= agent_translations(stem("warranty", "en"))


@pytest.mark.parametrize(
    ("question", "needle"),
    [
        (
            "After I switch the press off, how long should I wait before I open the "
            "electrical cabinet?",
            "10 minuti",
        ),
        ("What share of the steel you buy comes from electric arc furnaces?", "38%"),
        ("Who runs the Turin factory?", "Federica Sala"),
    ],
)
def test_an_english_paraphrase_reaches_the_italian_sentence(
    agent: ExtractiveAgent, question: str, needle: str
) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert needle in result.answer
    assert result.citations == ["manuale.md"]


@pytest.mark.parametrize(
    ("question", "noun"),
    [
        ("How many PX-200 presses did you sell in 2025?", "presses"),
        ("How many people work at the plant?", "people"),
        ("Di quante persone è cresciuto l'organico?", "persone"),
        ("How many litres of oil should we buy?", None),  # a measure, not a count
        ("Quanto pesa la pressa?", None),
    ],
)
def test_counted_noun_is_what_a_how_many_question_counts(question: str, noun: str | None) -> None:
    assert counted_noun(question) == noun


def test_a_number_that_does_not_count_the_asked_thing_is_no_answer(
    agent: ExtractiveAgent,
) -> None:
    # The only sentence with "pressa" and a number gives a force in tons, not a count.
    result = agent.answer("How many presses were sold in 2025?")
    assert result.refused is True
    assert result.contexts  # a refusal still reports what was retrieved


def test_a_number_that_counts_the_asked_thing_is_the_answer(agent: ExtractiveAgent) -> None:
    result = agent.answer("Di quante persone è cresciuto il personale del gruppo?")
    assert result.refused is False
    assert result.value == 227.0
    assert result.answer.startswith("227 — ")


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("Is there free staff parking at the Brescia plant?", "parking"),
        ("Do you offer a gym for employees?", "gym"),
        ("Does the company have a canteen?", "canteen"),
        ("C'è un parcheggio per i dipendenti?", "parcheggio"),
        ("Is the press noisy?", None),
    ],
)
def test_asked_head_of_an_existential_question(question: str, head: str | None) -> None:
    assert asked_head(question) == head


def test_an_existential_question_about_an_absent_thing_is_refused(
    agent: ExtractiveAgent,
) -> None:
    result = agent.answer("Is there free staff parking at the Torino plant?")
    assert result.refused is True
    assert "parking" in result.answer
    # The same shape about something the corpus has is answered.
    assert agent.answer("Is there a director at the Torino plant?").refused is False


def test_pruning_reads_fewer_sentences_and_changes_no_answer(
    index: VectorIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    questions = [
        "Who runs the Turin factory?",
        "Quanto è la forza nominale della pressa?",
        "What was the revenue in Italy?",
        "How many presses were sold in 2025?",
    ]
    scored: list[int] = []
    original_score = ranking.score_sentence

    def counting(*args: object, **kwargs: object) -> ranking.Candidate:
        scored.append(1)
        return original_score(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ranking, "score_sentence", counting)
    pruned = [ExtractiveAgent(index, k=1).answer(q) for q in questions]
    pruned_count = len(scored)
    scored.clear()
    original_rows = ranking.score_rows

    def unpruned(*args: object, **kwargs: object) -> list[ranking.Candidate]:
        kwargs["k"] = 10**6  # never k chunks scored yet: nothing is skipped
        return original_rows(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(extractive_module, "score_rows", unpruned)
    full = [ExtractiveAgent(index, k=1).answer(q) for q in questions]
    assert pruned == full
    assert pruned_count < len(scored)


def test_hand_written_set_is_valid_against_the_demo_documents() -> None:
    # Every passage of the committed hand-written set is exact against the demo PDFs' text
    # (the text the demo index is built from), and no split loses items unnoticed.
    root = Path(__file__).resolve().parents[2]
    checked = validate(
        root / "data" / "handwritten" / "qa_handwritten.jsonl", docs=root / "documenti_pdf"
    )
    assert not checked.corpus.skipped
    assert checked.report.n_invalid == 0
    splits = Counter(
        record.item.tags.get("split")
        for record in checked.report.records
        if record.item is not None
    )
    assert splits == {
        "dev": 598,
        "heldout": 32,
        "heldout2": 52,
        "heldout3": 71,
        "heldout4": 100,
        "heldout5": 85,
        "heldout6": 78,
        "heldout7": 76,
        "heldout8": 73,
        "heldout9": 67,
    }


def test_attribute_share_sets_the_entitys_names_apart(agent: ExtractiveAgent) -> None:
    # Names the entity ("Italy") but not the asked attribute (capital expenditure): refused.
    result = agent.answer("How much capital expenditure did Italy report in 2025?")
    assert result.refused is True
    assert result.contexts
    # The attribute the sentence has is answered.
    assert agent.answer("How much revenue did Italy report?").value == 442.6


@pytest.mark.parametrize(
    ("question", "owners"),
    [
        ("What are the opening hours of the staff canteen?", ["canteen"]),
        ("Quali sono gli orari di apertura della mensa aziendale?", ["apertura", "mensa"]),
        ("What was the EBITDA of the Asia-Pacific region in 2025?", ["region"]),
        ("Qual è il dividendo per azione deliberato per il 2025?", []),
        ("How long is the warranty of the press?", []),  # not a shape asked_head reads
    ],
)
def test_asked_owners_are_what_the_asked_noun_belongs_to(question: str, owners: list[str]) -> None:
    assert asked_owners(question) == owners


def test_an_attribute_of_something_the_corpus_never_names_is_refused(
    agent: ExtractiveAgent,
) -> None:
    # "mensa" is a real word (the lexicon translates it), so it is not read as a typo of a
    # corpus word, and the opening hours of a canteen the corpus never names are refused.
    result = agent.answer("Quali sono gli orari di apertura della mensa aziendale?")
    assert result.refused is True
    assert "mensa" in result.answer


@pytest.mark.parametrize(
    ("question", "sentence", "short"),
    [
        # The person as the document introduces one, not a capitalised sentence opening.
        (
            "Who runs the Turin factory?",
            "Il Manuale del Dipendente vale a Torino; il direttore è l'Ing. Federica Sala.",
            "Ing. Federica Sala",
        ),
        # A company is not the person a who-question asks for.
        ("Who approves it?", "Officine Rossi S.p.A. approves every claim.", ""),
    ],
)
def test_who_short_answer_is_a_person(question: str, sentence: str, short: str) -> None:
    assert short_answer(question, sentence, None) == short


def test_a_who_question_does_not_lead_with_a_number(agent: ExtractiveAgent) -> None:
    result = agent.answer("Who runs the Turin factory?")
    assert result.answer.startswith("Ing. Federica Sala — ")
