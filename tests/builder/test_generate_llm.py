"""The model path of `builder generate`, with fake chat models behind the real interface."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.generate.assemble import Stamp, assemble
from builder.generate.draft import Rejected
from builder.generate.llm_writer import write_with_model
from builder.generate.plan import Planner
from builder.generate.runner import run_generation
from builder.validate import validate_golden
from ragoro.contracts import GoldenItem
from ragoro.llm import Accounting, LLMClient, RetryPolicy
from tests.builder.generate_fakes import EchoQuoteChatModel
from tests.builder.generate_support import config, demo_candidates, demo_corpus, scenario_of
from tests.llm.fakes import SPEC, RateLimited, ScriptedChatModel, reply

STAMP = Stamp(SPEC, 42, "2026-01-01T00:00:00+00:00")
NO_WAIT = RetryPolicy(max_attempts=3, base_delay=0.0, sleep=lambda _: None)


def _client(model: ScriptedChatModel, accounting: Accounting) -> LLMClient:
    return LLMClient(model, SPEC, cache=None, accounting=accounting, retry=NO_WAIT, max_reasks=2)


def _narrative_output() -> tuple[Any, str]:
    scenario = scenario_of("narrative")
    sentence = next(
        line for line in scenario.chunk.text.split("\n") if len(line.split()) >= 6
    ).strip()
    payload = {"question": "Che cosa dice il manuale?", "answer": sentence, "quotes": [sentence]}
    return scenario, json.dumps(payload, ensure_ascii=False)


def _write(model: ScriptedChatModel, scenario: Any) -> tuple[GoldenItem, Accounting]:
    accounting = Accounting()
    draft = write_with_model(scenario, demo_corpus(), _client(model, accounting))
    return assemble(scenario, draft, demo_corpus(), STAMP), accounting


def test_valid_output_becomes_a_located_item() -> None:
    scenario, output = _narrative_output()
    item, accounting = _write(ScriptedChatModel.of(reply(output)), scenario)
    passage = item.passages[0]
    text = demo_corpus().documents[passage.document_path].text
    assert text[passage.start_char : passage.end_char] == passage.content
    assert item.provenance is not None and item.provenance.generator == SPEC
    assert accounting.stats(SPEC).calls == 1


def test_invalid_then_valid_output_is_reasked() -> None:
    scenario, output = _narrative_output()
    model = ScriptedChatModel.of(reply('{"question": "no mark"}'), reply(output))
    item, _ = _write(model, scenario)
    assert item.question.endswith("?")
    assert model.calls == 2
    assert "could not be used" in str(model.received[1][-1].content)


def test_always_invalid_output_is_rejected_with_the_reason() -> None:
    scenario, _ = _narrative_output()
    model = ScriptedChatModel.of(*[reply("not json at all")] * 3)
    with pytest.raises(Rejected) as caught:
        _write(model, scenario)
    assert caught.value.reason == "invalid_output"
    assert "3 attempt" in caught.value.detail
    assert caught.value.raw == "not json at all"


def test_a_quote_that_is_not_in_the_text_is_rejected() -> None:
    scenario, _ = _narrative_output()
    payload = {
        "question": "Quanto costa?",
        "answer": "Molto.",
        "quotes": ["Questa frase non esiste."],
    }
    model = ScriptedChatModel.of(reply(json.dumps(payload)))
    with pytest.raises(Rejected) as caught:
        _write(model, scenario)
    assert caught.value.reason == "unlocatable_quote"


def test_rate_limit_then_success_is_retried() -> None:
    scenario, output = _narrative_output()
    model = ScriptedChatModel.of(RateLimited("429 too many requests"), reply(output))
    item, accounting = _write(model, scenario)
    assert item.passages
    assert accounting.stats(SPEC).retries == 1


def test_numeric_value_must_be_stated_in_the_quotes() -> None:
    scenario = scenario_of("numeric")
    fact = scenario.facts[0]
    payload = {
        "question": "Quanto vale?",
        "answer": "x",
        "quotes": [fact.text],
        "value": 999999.0,
        "unit": fact.quantity.written_unit if fact.quantity else "kg",
    }
    with pytest.raises(Rejected) as caught:
        _write(ScriptedChatModel.of(reply(json.dumps(payload))), scenario)
    assert caught.value.reason == "value_not_in_quotes"


def test_prompt_fences_documents_as_untrusted_data() -> None:
    scenario, output = _narrative_output()
    model = ScriptedChatModel.of(reply(output))
    _write(model, scenario)
    system, human = model.received[0][0].content, model.received[0][1].content
    assert "untrusted DATA" in str(system)
    assert '<document id="A"' in str(human) and "</document>" in str(human)


def _echo_factory(model: EchoQuoteChatModel) -> Any:
    return lambda spec: model


def test_model_run_end_to_end_then_cached_rerun_costs_nothing(tmp_path: Path) -> None:
    model = EchoQuoteChatModel()
    first = run_generation(config(tmp_path, llm=SPEC, n=10), model_factory=_echo_factory(model))
    assert first.items and model.calls > 0
    texts = {p: d.text for p, d in demo_corpus().documents.items()}
    assert validate_golden(tmp_path / "golden.jsonl", texts).valid
    assert first.accounting is not None and first.accounting.stats(SPEC).input_tokens > 0
    again = tmp_path / "again"
    again.mkdir()
    cold = EchoQuoteChatModel()
    second = run_generation(
        config(again, llm=SPEC, n=10, cache_dir=tmp_path / "cache"),
        model_factory=_echo_factory(cold),
    )
    assert cold.calls == 0
    assert second.accounting is not None and second.accounting.stats(SPEC).cache_hits > 0
    assert [i.id for i in second.items] == [i.id for i in first.items]


def test_call_budget_stops_cleanly_and_a_rerun_finishes(tmp_path: Path) -> None:
    model = EchoQuoteChatModel()
    factory = _echo_factory(model)
    stopped = run_generation(
        config(tmp_path, llm=SPEC, n=10, max_calls=3, concurrency=1), model_factory=factory
    )
    assert stopped.budget_exhausted and stopped.undone > 0
    assert model.calls == 3
    kept = (tmp_path / "golden.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(kept) == len(stopped.items) > 0
    done = run_generation(config(tmp_path, llm=SPEC, n=10), model_factory=factory)
    assert not done.budget_exhausted and done.resumed >= len(stopped.items)
    assert {i.id for i in stopped.items} <= {i.id for i in done.items}


@pytest.mark.parametrize(("lang", "language"), [("it", "Italian"), ("en", "English")])
def test_the_model_is_told_to_write_in_the_chunks_language(lang: str, language: str) -> None:
    corpus = demo_corpus()
    planner = Planner(corpus, demo_candidates(False), 42, offline=False)
    scenario = next(
        s
        for s in planner.plan(len(corpus.chunks), {"narrative": 1.0})
        if s.case_type == "narrative" and s.lang == lang
    )
    sentence = next(
        line for line in scenario.chunk.text.split("\n") if len(line.split()) >= 6
    ).strip()
    question = "Che cosa dice?" if lang == "it" else "What does it say?"
    payload = {"question": question, "answer": sentence, "quotes": [sentence]}
    model = ScriptedChatModel.of(reply(json.dumps(payload, ensure_ascii=False)))
    _write(model, scenario)
    system = str(model.received[0][0].content)
    assert f"in {language}, the language of document A" in system
    other = "English" if lang == "it" else "Italian"
    assert f"in {other}," not in system
