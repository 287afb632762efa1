"""The reference LLM agent in both modes, on a real index with a fake chat model."""

from __future__ import annotations

from pathlib import Path

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, ToolMessage

from evaluator.agents import LLMAgent, make_agent
from evaluator.agents.base import AgentAnswer
from evaluator.agents.llm_agent import TOOL_NAME
from judges.behaviour import asked_clarification, refused
from ragoro.contracts import CaseOutcome, RetrievedContext
from ragoro.llm import Accounting, CallCache, LLMCallError, RetryPolicy
from tests.evaluator.test_agents_corpus import build_agents_index
from tests.llm.fakes import BadRequest, ScriptedChatModel, ToolCallingChatModel, reply
from vectordb import VectorIndex

SPEC = "openai:gpt-test"
QUESTION = "Qual è la capacità del serbatoio dell'olio idraulico della pressa?"
ANSWER = "La capacità del serbatoio è di 28,5 litri (Fonte: manuale_pressa.md, p. 1)."


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> VectorIndex:
    return build_agents_index(tmp_path_factory.mktemp("agents_llm"))


def tool_call(query: str, call_id: str = "call-1") -> AIMessage:
    return AIMessage(
        content="",
        tool_calls=[{"name": TOOL_NAME, "args": {"query": query}, "id": call_id}],
        usage_metadata={"input_tokens": 50, "output_tokens": 8, "total_tokens": 58},
    )


def assert_exact(index: VectorIndex, agent_contexts: list[RetrievedContext]) -> None:
    for context in agent_contexts:
        text = index.documents[context.document_path].text
        assert text[context.start_char : context.end_char] == context.text


def test_tool_mode_one_call_with_contexts_tokens_and_citation(index: VectorIndex) -> None:
    model = ScriptedChatModel.of(reply(ANSWER, input_tokens=120, output_tokens=30))
    accounting = Accounting()
    agent = LLMAgent(index, model, SPEC, k=3, mode="tool", accounting=accounting)
    result = agent.answer(QUESTION)
    assert result.answer == ANSWER
    assert len(result.contexts) == 3
    assert "manuale_pressa.md" in {c.document_path for c in result.contexts}
    assert_exact(index, result.contexts)
    assert (result.usage.calls, result.usage.input_tokens, result.usage.output_tokens) == (
        1,
        120,
        30,
    )
    assert accounting.stats(SPEC).input_tokens == 120
    assert result.citations == ["manuale_pressa.md"]
    # The agent declares no behaviour: the judges read it from the answer.
    assert result.refused is None and result.asked_clarification is None
    # The model saw the retrieved chunks, with source, inside the Italian prompt.
    (sent,) = model.received
    assert "Cita" in str(sent[0].content) or "cita" in str(sent[0].content)
    assert "28,5 litri" in str(sent[1].content) and "manuale_pressa.md" in str(sent[1].content)
    assert agent.model == SPEC


def test_tool_mode_is_cached(index: VectorIndex, tmp_path: Path) -> None:
    cache = CallCache(tmp_path / "cache")
    first = LLMAgent(index, ScriptedChatModel.of(reply(ANSWER)), SPEC, cache=cache)
    assert first.answer(QUESTION).usage.calls == 1
    again = ScriptedChatModel.of()
    result = LLMAgent(index, again, SPEC, cache=cache).answer(QUESTION)
    assert result.answer == ANSWER and result.usage.calls == 0 and again.calls == 0


def test_agent_mode_records_what_the_tool_returned(index: VectorIndex) -> None:
    model = ToolCallingChatModel.of(
        tool_call("capacità serbatoio olio"), reply(ANSWER, input_tokens=200, output_tokens=25)
    )
    agent = LLMAgent(index, model, SPEC, k=2, mode="agent")
    result = agent.answer(QUESTION)
    assert result.answer == ANSWER
    assert model.bound_tools and model.calls == 2
    assert len(result.contexts) == 2
    assert "manuale_pressa.md" in {c.document_path for c in result.contexts}
    assert_exact(index, result.contexts)
    assert (result.usage.calls, result.usage.input_tokens, result.usage.output_tokens) == (
        2,
        250,
        33,
    )
    assert result.citations == ["manuale_pressa.md"]
    # The second model call got the tool's passages back, with their source.
    tool_messages = [m for m in model.received[1] if isinstance(m, ToolMessage)]
    assert tool_messages and "manuale_pressa.md" in str(tool_messages[0].content)
    assert agent.name == f"{SPEC} (agent)"


def as_outcome(question: str, answer: AgentAnswer) -> CaseOutcome:
    return CaseOutcome(
        case_id="c",
        question=question,
        answer=answer.answer,
        refused=answer.refused,
        asked_clarification=answer.asked_clarification,
    )


def test_agent_mode_refusal_and_clarification_are_decided_by_the_judges(
    index: VectorIndex,
) -> None:
    refusing = ToolCallingChatModel.of(tool_call("stipendio"), reply("Non lo so."))
    question = "Quanto guadagna il CEO?"
    result = LLMAgent(index, refusing, SPEC, mode="agent").answer(question)
    assert result.refused is None  # declared nothing; the judges decide from the text
    said = as_outcome(question, result)
    assert refused(said) and not asked_clarification(said)
    asking = ScriptedChatModel.of(reply("Intendi lo stabilimento di Brescia o quello di Torino?"))
    question = "Quanta energia ha consumato lo stabilimento?"
    said = as_outcome(question, LLMAgent(index, asking, SPEC).answer(question))
    assert asked_clarification(said) and not refused(said)


@pytest.mark.parametrize("mode", ["tool", "agent"])
def test_model_errors_raise_a_clear_error(index: VectorIndex, mode: str) -> None:
    model = ToolCallingChatModel.of(BadRequest("invalid API key"))
    agent = make_agent(
        SPEC,
        index=index,
        mode=mode,
        model_factory=lambda spec: model,
        retry=RetryPolicy.no_retry(),
    )
    with pytest.raises(LLMCallError, match=r"openai:gpt-test: .*invalid API key"):
        agent.answer(QUESTION)


def test_make_agent_builds_llm_agents_from_provider_specs(index: VectorIndex) -> None:
    built: list[str] = []

    def factory(spec: str) -> BaseChatModel:
        built.append(spec)
        return ScriptedChatModel.of(reply(ANSWER))

    for spec in ("google_genai:gemini-2.5-flash", "ollama:llama3.1:8b", "anthropic:claude-x"):
        agent = make_agent(spec, index=index, model_factory=factory)
        assert isinstance(agent, LLMAgent) and agent.model == spec
    assert built == ["google_genai:gemini-2.5-flash", "ollama:llama3.1:8b", "anthropic:claude-x"]
    with pytest.raises(ValueError, match="unknown agent mode"):
        make_agent(SPEC, index=index, mode="chain", model_factory=factory)
