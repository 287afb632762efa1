"""The reference and null agents on the demo golden set: what each one answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import AgentSpecError, make_agent
from evaluator.agents.golden_lookup import UnknownQuestionError
from evaluator.agents.null import swapped_answers
from evaluator.runner import run_agent
from ragoro.contracts import GoldenItem
from ragoro.golden import load_golden
from ragoro.text import is_refusal
from vectordb import VectorIndex

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


@pytest.fixture(scope="module")
def items() -> list[GoldenItem]:
    return load_golden(GOLDEN)


@pytest.fixture(scope="module")
def index(demo_index: Path) -> VectorIndex:
    return VectorIndex.open(demo_index)


def by_id(items: list[GoldenItem], case_id: str) -> GoldenItem:
    return next(item for item in items if item.id == case_id)


def test_null_agents_need_no_model_and_declare_no_behaviour(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    for name in ("null:yes", "null:echo", "null:swap", "null:context"):
        agent = make_agent(name, index=index, golden=items)
        assert agent.name == name and agent.model is None
        result = agent.answer(items[0].question)
        assert result.refused is None and result.asked_clarification is None
        assert result.citations == [] and result.value is None


def test_yes_agent_says_yes_in_the_question_language(index: VectorIndex) -> None:
    agent = make_agent("null:yes", index=index)
    assert agent.answer("Qual è la capacità del serbatoio dell'olio?").answer == "Sì."
    assert agent.answer("What was the consolidated revenue for 2025?").answer == "Yes."
    assert agent.answer("What was the consolidated revenue for 2025?").contexts == []


def test_echo_agent_repeats_the_question(index: VectorIndex, items: list[GoldenItem]) -> None:
    agent = make_agent("null:echo", index=index)
    for item in items:
        assert agent.answer(item.question).answer == item.question


def test_refuse_agent_refuses_plainly_and_says_so(index: VectorIndex) -> None:
    agent = make_agent("null:refuse", index=index)
    italian = agent.answer("Qual è la capacità del serbatoio dell'olio?")
    english = agent.answer("How long is the standard warranty?")
    assert (italian.answer, italian.refused) == ("Non lo so.", True)
    assert (english.answer, english.refused) == ("I don't know.", True)


def test_swap_agent_gives_the_next_answerable_case_answer_wrapping_around(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    agent = make_agent("null:swap", index=index, golden=items)
    answers = {item.id: agent.answer(item.question).answer for item in items}
    # Golden order: num-001, num-002, nar-001, nar-002, cmp-001, ref-001, ref-002, clr-001.
    assert answers["num-001"] == by_id(items, "num-002").answer
    assert answers["cmp-001"] == by_id(items, "clr-001").answer  # refusal cases skipped
    assert answers["ref-001"] == by_id(items, "clr-001").answer
    assert answers["clr-001"] == by_id(items, "num-001").answer  # wraps around
    for item in items:
        assert answers[item.id] and answers[item.id] not in item.references
    again = make_agent("null:swap", index=index, golden=items)
    assert {item.id: again.answer(item.question).answer for item in items} == answers


def test_swap_agent_takes_its_donor_from_another_document_when_there_is_one(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    # nar-002 and the next case, cmp-001, both cite the product FAQ: cmp-001's answer is a
    # sibling answer about the same product, so the donor is the next case from elsewhere.
    answers = swapped_answers(items)
    position = {item.id: n for n, item in enumerate(items)}
    assert answers[position["nar-002"]] == by_id(items, "clr-001").answer
    # With every case in one document there is no elsewhere: the next case still serves.
    faq = by_id(items, "nar-002").passages[0].document_path
    same_doc = [
        item.model_copy(
            update={
                "passages": [p.model_copy(update={"document_path": faq}) for p in item.passages]
            }
        )
        for item in items
    ]
    assert swapped_answers(same_doc)[position["num-001"]] == by_id(items, "num-002").answer


def test_context_agent_pastes_the_top_chunk_and_reports_what_it_retrieved(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    agent = make_agent("null:context", index=index, k=2)
    question = by_id(items, "num-001").question
    result = agent.answer(question)
    hits = index.search(question, 2)
    assert result.answer == hits[0].chunk.text
    assert [(c.document_path, c.start_char, c.end_char) for c in result.contexts] == [
        (h.chunk.document_path, h.chunk.start_char, h.chunk.end_char) for h in hits
    ]
    for context in result.contexts:
        assert context.start_char is not None and context.end_char is not None
        text = index.documents[context.document_path].text
        assert text[context.start_char : context.end_char] == context.text


def test_reference_agent_answers_with_the_golden_answer_passages_and_sources(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    agent = make_agent("reference", index=index, golden=items)
    assert agent.name == "reference" and agent.model is None
    for item in items:
        if item.expected.refuse:
            continue
        result = agent.answer(item.question)
        assert result.answer == item.answer
        assert [(c.document_path, c.start_char, c.end_char, c.text) for c in result.contexts] == [
            (p.document_path, p.start_char, p.end_char, p.content) for p in item.passages
        ]
        assert set(item.documents) <= set(result.citations)
        assert (result.value, result.unit) == (item.expected.value, item.expected.unit)
        assert result.refused is None
    numeric = agent.answer(by_id(items, "num-001").question)
    assert numeric.contexts[0].page == 2  # the golden source says page=2
    assert agent.answer(by_id(items, "clr-001").question).asked_clarification is True


def test_reference_agent_refuses_refusal_cases_in_their_language(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    agent = make_agent("reference", index=index, golden=items)
    italian = agent.answer(by_id(items, "ref-001").question)
    english = agent.answer(by_id(items, "ref-002").question)
    assert italian.refused is True and italian.answer.startswith("Non lo so")
    assert english.refused is True and english.answer.startswith("I don't know")
    assert is_refusal(italian.answer) and is_refusal(english.answer)
    assert italian.contexts == [] and italian.citations == []


def test_items_sharing_a_question_are_answered_in_order_of_asking(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    first = by_id(items, "nar-002")
    second = first.model_copy(update={"id": "nar-002b", "answer": "Two years from delivery."})
    agent = make_agent("reference", index=index, golden=[first, second])
    outcomes = run_agent([first, second], agent, progress=False)
    assert [o.answer for o in outcomes] == [first.answer, second.answer]
    # A new run starts from the first item again (the runner calls prepare).
    outcomes = run_agent([first, second], agent, progress=False)
    assert [o.answer for o in outcomes] == [first.answer, second.answer]


def test_golden_agents_match_answers_to_cases_under_concurrency(
    index: VectorIndex, items: list[GoldenItem]
) -> None:
    many = [
        item.model_copy(update={"id": f"{item.id}-{n}", "question": f"{item.question} ({n})"})
        for n in range(5)
        for item in items
    ]
    agent = make_agent("reference", index=index, golden=many)
    outcomes = run_agent(many, agent, concurrency=8, progress=False)
    for item, outcome in zip(many, outcomes, strict=True):
        if not item.expected.refuse:
            assert outcome.answer == item.answer, item.id


def test_golden_agents_need_the_golden_items(index: VectorIndex, items: list[GoldenItem]) -> None:
    for name in ("reference", "null:swap"):
        with pytest.raises(AgentSpecError, match="pass golden="):
            make_agent(name, index=index)
    agent = make_agent("reference", index=index, golden=items[:1])
    with pytest.raises(UnknownQuestionError, match="not in the golden set"):
        agent.answer("A question nobody wrote?")
