"""Accounting: per-model calls, cache hits, tokens from usage_metadata, errors, retries."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from langchain_core.messages import AIMessage, HumanMessage

from ragoro.contracts import TokenUsage
from ragoro.llm import Accounting, LLMClient, usage_from_message

from .fakes import SPEC, ScriptedChatModel, reply


def test_tokens_come_from_usage_metadata(make_client, cache):
    accounting = Accounting()
    model = ScriptedChatModel.of(reply("a", 100, 20), reply("b", 50, 10), "no usage")
    client = make_client(model, accounting=accounting, cache=cache)
    for question in ("q1", "q2", "q3"):
        client.text([HumanMessage(content=question)])
    client.text([HumanMessage(content="q1")])  # cache hit

    stats = accounting.stats(SPEC)
    assert (stats.calls, stats.cache_hits) == (3, 1)
    assert (stats.input_tokens, stats.output_tokens) == (150, 30)


def test_usage_from_message_without_metadata_counts_the_call_only():
    assert usage_from_message(AIMessage(content="x")) == TokenUsage(calls=1)
    assert usage_from_message(None) == TokenUsage(calls=1)


def test_summary_has_a_row_per_model_and_a_total(retry):
    accounting = Accounting()
    for spec, text in (("b:model", "x"), ("a:model", "y")):
        LLMClient(
            ScriptedChatModel.of(reply(text, 3, 1)),
            spec,
            cache=None,
            accounting=accounting,
            retry=retry,
        ).text([])
    accounting.record_retry("a:model")
    accounting.record_error("a:model")
    rows = accounting.summary()
    assert [r["model"] for r in rows] == ["a:model", "b:model", "TOTAL"]
    assert rows[0] == {
        "model": "a:model",
        "calls": 2,
        "requests": 1,
        "cache_hits": 0,
        "input_tokens": 3,
        "output_tokens": 1,
        "errors": 1,
        "retries": 1,
    }
    assert rows[-1]["input_tokens"] == 6 and rows[-1]["calls"] == 3
    assert rows[-1]["requests"] == 2


def test_counters_are_exact_under_threads():
    accounting = Accounting()

    def work(_: int) -> None:
        accounting.record_call(SPEC, TokenUsage(calls=1, input_tokens=2, output_tokens=1))
        accounting.record_cache_hit(SPEC)

    with ThreadPoolExecutor(max_workers=16) as pool:
        list(pool.map(work, range(500)))
    stats = accounting.stats(SPEC)
    assert (stats.calls, stats.cache_hits, stats.input_tokens) == (500, 500, 1000)
