"""How a judge repeats (`--repeats`): the LLM judge asks again under its own cache key,
the deterministic offline judge is judged once, any other judge is asked again as it is."""

from __future__ import annotations

import pytest

from judges import LLMJudge, make_judge
from judges.base import JudgeResult, repeat_judge
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.llm import CallCache

from .matching_model import matching_judge


class PlainJudge:
    """A custom judge that says nothing about how it repeats."""

    name = "plain"
    model: str | None = None

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        return JudgeResult(case_id=item.id, verdicts=[])


def test_the_llm_judge_repeats_with_the_same_model_and_cache_under_a_new_key(tmp_path) -> None:
    judge, model = matching_judge(cache=CallCache(tmp_path))
    again = repeat_judge(judge, 3)
    assert isinstance(again, LLMJudge) and again is not judge
    assert (again.name, again.model) == (judge.name, judge.model)
    assert again.client.model is model and again.client.cache is judge.client.cache
    assert again.client.accounting is judge.client.accounting
    assert (judge.client.repeat, again.client.repeat) == (1, 3)


def test_the_offline_judge_is_judged_once() -> None:
    assert repeat_judge(make_judge("offline"), 2) is None


def test_a_judge_without_hooks_is_asked_again_as_it_is() -> None:
    judge = PlainJudge()
    assert repeat_judge(judge, 2) is judge


def test_repeat_judge_is_for_repeats_after_the_first() -> None:
    with pytest.raises(ValueError, match="repeats 2 and later"):
        repeat_judge(PlainJudge(), 1)
