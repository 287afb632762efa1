"""Loading the user's own agent from module:callable or file.py:callable."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from evaluator.agents import AgentOutputError, AgentSpecError, CustomAgent, make_agent
from evaluator.agents.base import AgentAnswer
from tests.evaluator.test_agents_corpus import build_agents_index
from vectordb import VectorIndex

ROOT = Path(__file__).resolve().parents[2]

AGENT_SOURCE = textwrap.dedent(
    """
    from evaluator.agents.base import AgentAnswer

    def as_text(question):
        return "Risposta a: " + question

    def as_dict(question):
        return {
            "answer": "28,5 litri (Fonte: manuale.pdf)",
            "contexts": [{"document_path": "manuale.pdf", "text": "28,5 litri",
                          "start_char": 10, "end_char": 20, "score": 0.9}],
            "citations": ["manuale.pdf"],
        }

    def minimal_dict(question):
        return {"answer": "ok", "contexts": [{"document_path": "a.md", "text": "x"}]}

    def as_answer(question):
        return AgentAnswer(answer="Non lo so.", refused=True)

    def as_list(question):
        return ["not", "an", "answer"]

    def no_answer_key(question):
        return {"text": "hello"}

    def answer_not_str(question):
        return {"answer": 42}

    def bad_context(question):
        return {"answer": "x", "contexts": [{"text": "no path"}]}

    def contexts_not_list(question):
        return {"answer": "x", "contexts": "chunk"}

    class Box:
        def answer(self, question):
            return "boxed"

    box = Box()
    NOT_CALLABLE = 3
    as_text.model = "openai:gpt-4o-mini"
    """
)


@pytest.fixture
def agent_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "user_rag_agent.py").write_text(AGENT_SOURCE, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("form", ["module", "file"])
def test_every_return_shape_becomes_an_agent_answer(agent_dir: Path, form: str) -> None:
    prefix = "user_rag_agent" if form == "module" else str(agent_dir / "user_rag_agent.py")
    text = CustomAgent.from_spec(f"{prefix}:as_text")
    assert text.answer("ciao") == AgentAnswer(answer="Risposta a: ciao")
    assert text.model == "openai:gpt-4o-mini"
    rich = CustomAgent.from_spec(f"{prefix}:as_dict").answer("q")
    assert rich.citations == ["manuale.pdf"]
    (context,) = rich.contexts
    assert (context.start_char, context.end_char, context.score) == (10, 20, 0.9)
    minimal = CustomAgent.from_spec(f"{prefix}:minimal_dict").answer("q")
    assert minimal.contexts[0].start_char is None and minimal.citations == []
    typed = CustomAgent.from_spec(f"{prefix}:as_answer").answer("q")
    assert typed.refused is True
    assert CustomAgent.from_spec(f"{prefix}:box.answer").answer("q").answer == "boxed"


def test_relative_file_spec_resolves_from_the_cwd(agent_dir: Path) -> None:
    agent = CustomAgent.from_spec("./user_rag_agent.py:as_text")
    assert agent.name == "./user_rag_agent.py:as_text"
    assert agent.answer("x").answer == "Risposta a: x"


@pytest.mark.parametrize(
    ("function", "message"),
    [
        ("as_list", "user_rag_agent:as_list returned list; expected str, dict or AgentAnswer"),
        ("no_answer_key", r"returned a dict without 'answer' \(keys: text\)"),
        ("answer_not_str", "returned 'answer' as int; expected str"),
        ("bad_context", r"invalid answer dict: contexts\.0\.document_path: Field required"),
        ("contexts_not_list", "returned 'contexts' as str; expected a list"),
    ],
)
def test_bad_returns_say_what_is_wrong(agent_dir: Path, function: str, message: str) -> None:
    agent = CustomAgent.from_spec(f"user_rag_agent:{function}")
    with pytest.raises(AgentOutputError, match=message):
        agent.answer("q")


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("no_colon_here", "bad agent spec 'no_colon_here': use 'module:callable'"),
        ("user_rag_agent:", "bad agent spec"),
        ("missing_module_xyz:answer", "no module named 'missing_module_xyz'"),
        ("user_rag_agent:nope", "has no attribute 'nope'"),
        ("user_rag_agent:NOT_CALLABLE", "NOT_CALLABLE is a int, not a callable"),
        ("does/not/exist.py:answer", "file does/not/exist.py not found"),
    ],
)
def test_bad_specs_say_what_is_wrong(agent_dir: Path, spec: str, message: str) -> None:
    with pytest.raises(AgentSpecError, match=message):
        CustomAgent.from_spec(spec)


def test_a_file_that_fails_to_import_is_reported(agent_dir: Path) -> None:
    (agent_dir / "broken.py").write_text("import not_a_real_package_xyz\n", encoding="utf-8")
    with pytest.raises(AgentSpecError, match=r"importing .*broken\.py failed"):
        CustomAgent.from_spec("broken.py:answer")


def test_make_agent_routes_module_and_file_specs(agent_dir: Path, tmp_path: Path) -> None:
    index = build_agents_index(tmp_path / "corpus")
    by_module = make_agent("user_rag_agent:as_text", index=index)
    by_file = make_agent("user_rag_agent.py:as_text", index=index)
    assert isinstance(by_module, CustomAgent) and isinstance(by_file, CustomAgent)
    # An unknown 'provider:model' is tried as a module and the error names both readings.
    with pytest.raises(AgentSpecError, match="known providers are"):
        make_agent("mistral_typo:large", index=index)
    with pytest.raises(AgentSpecError, match="empty agent spec"):
        make_agent("  ", index=index)


def test_example_agent_runs_on_a_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    index: VectorIndex = build_agents_index(tmp_path)
    monkeypatch.setenv("RAGORO_DOCS", str(tmp_path / "docs"))
    agent = make_agent(str(ROOT / "examples" / "my_agent.py") + ":answer", index=index)
    result = agent.answer("Qual è la capacità del serbatoio dell'olio idraulico?")
    assert "28,5 litri" in result.answer and result.citations == ["manuale_pressa.md"]
    (context,) = result.contexts
    text = index.documents["manuale_pressa.md"].text
    assert text[context.start_char : context.end_char] == context.text
    assert agent.answer("Qual è il colore preferito del gatto?").answer == "Non lo so."
