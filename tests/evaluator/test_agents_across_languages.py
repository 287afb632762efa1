"""Questions whose words a document in the other language does not write: English phrasal
verbs read as the one-word verb they mean ("run out" -> "expire", "sign off" -> "approve",
"hand in" -> "submit"), and the lower support bar across languages, where words are found
only through the glossary (issue 15, third session a). A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.glossary import spelled_out
from evaluator.agents.support import Sentence, support_bar
from vectordb import VectorIndex, build_index

DOCS = {
    "garanzia.md": (
        "# Garanzia\n\n"
        "Il motore della pompa funziona per 20.000 ore.\n"
        "La garanzia della pompa scade dopo 30 mesi.\n"
    ),
    "claims.md": (
        "# Expense claims\n\n"
        "Expense claims are approved by the finance director.\n"
        "Expense claims are signed by the employee and sent by post.\n"
        "Claims must be submitted by the 10th of the following month.\n"
    ),
}


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("phrasal")
    docs = base / "docs"
    docs.mkdir()
    for name, text in DOCS.items():
        (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "plain"),
    [
        ("When does the warranty run out?", "When does the warranty expire?"),
        ("Who signed off the accounts?", "Who approve the accounts?"),
        ("By when must I hand in my claim?", "By when must I submit my claim?"),
        ("How do I get rid of the old oil?", "How do I dispose of the old oil?"),
        ("Can we throw away the filters?", "Can we dispose the filters?"),
        # The verb without its particle, or another particle, is left alone.
        ("What does the pump run on?", "What does the pump run on?"),
    ],
)
def test_a_phrasal_verb_is_read_as_its_one_word_verb(question: str, plain: str) -> None:
    assert spelled_out(question, "en") == plain
    # Italian has no phrasal verbs: an Italian question is left as it is.
    assert spelled_out("Chi firma la nota spese?", "it") == "Chi firma la nota spese?"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        # An English question over Italian text: "run out" is the handbook's "scade".
        ("After how long does the pump warranty run out?", "30 mesi"),
        # Over English text: "sign off" is "approved", not "signed".
        ("Who has to sign off an expense claim?", "finance director"),
        ("By when must a claim be handed in?", "10th"),
    ],
)
def test_a_question_with_a_phrasal_verb_is_answered(
    agent: ExtractiveAgent, question: str, expected: str
) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert expected in result.answer.split("(")[0]


def test_the_support_bar_is_lower_across_languages() -> None:
    italian = Sentence("a.md", 0, 10, "Le ferie sono approvate.", "it")
    english = Sentence("b.md", 0, 10, "Holidays are approved.", "en")
    # An English question over an Italian sentence, and an Italian one over an English one.
    assert support_bar(0.4, "en", italian) == pytest.approx(0.3)
    assert support_bar(0.4, "it", english) == pytest.approx(0.3)
    assert support_bar(0.4, "it", italian) == pytest.approx(0.4)
    assert support_bar(0.4, "en", english) == pytest.approx(0.4)


def test_an_english_question_in_words_the_handbook_lacks_is_answered(
    demo_index: Path,
) -> None:
    # "okay", "longer than two weeks" have no Italian word in the handbook's sentence
    # ("Le ferie sono approvate dal responsabile diretto"): its support is 0.36, under the
    # bar within one language, over it across languages.
    demo = ExtractiveAgent(VectorIndex.open(demo_index), k=3)
    result = demo.answer("Who has to okay a holiday longer than two weeks?")
    assert result.refused is False
    assert "responsabile diretto" in result.answer
