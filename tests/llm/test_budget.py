"""CallBudget: stops a run before the call that would exceed it; cache hits are free."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
from langchain_core.messages import HumanMessage

from ragoro.llm import BudgetExhausted, CallBudget

from .fakes import Answer, ScriptedChatModel

GOOD = '{"answer": "ok", "confidence": 1}'


def test_exhausted_budget_raises_before_calling_the_model(make_client):
    model = ScriptedChatModel.of(GOOD, GOOD)
    budget = CallBudget(1)
    client = make_client(model, budget=budget)
    client.structured([HumanMessage(content="q1")], Answer)
    with pytest.raises(BudgetExhausted):
        client.structured([HumanMessage(content="q2")], Answer)
    assert model.calls == 1
    assert budget.exhausted and budget.remaining == 0


def test_cache_hits_do_not_spend_budget(make_client, cache):
    model = ScriptedChatModel.of(GOOD)
    budget = CallBudget(1)
    client = make_client(model, cache=cache, budget=budget)
    messages = [HumanMessage(content="q")]
    client.structured(messages, Answer)
    for _ in range(3):
        assert client.structured(messages, Answer).cached
    assert budget.used == 1 and model.calls == 1


def test_reask_rounds_spend_budget(make_client):
    model = ScriptedChatModel.of("bad", GOOD)
    with pytest.raises(BudgetExhausted):
        make_client(model, budget=CallBudget(1)).structured([HumanMessage(content="q")], Answer)
    assert model.calls == 1


def test_budget_is_exact_under_threads():
    budget = CallBudget(50)

    def spend(_: int) -> bool:
        try:
            budget.spend()
        except BudgetExhausted:
            return False
        return True

    with ThreadPoolExecutor(max_workers=16) as pool:
        assert sum(pool.map(spend, range(200))) == 50


def test_unlimited_budget():
    budget = CallBudget(None)
    for _ in range(1000):
        budget.spend()
    assert budget.remaining is None and not budget.exhausted
