"""A fake judge model whose verdicts depend on the case it is shown, for end-to-end proofs.

`ReferenceMatchingChatModel` is a LangChain `GenericFakeChatModel` that reads the LLM
judge's prompt (the tagged <question>, <reference_answer> and <agent_answer>, and the
"Applicable metrics" line) and replies with a JudgeOutput JSON scoring every applicable
metric by one honest, simple rule: 1.0 when the agent answer is the reference answer word
for word, else 0.0. It knows nothing else: a paraphrase fails, and so does a right
refusal (the reference of a refusal case is "(none)").

Questions listed in `flaky` make it waver: every second time it is shown the same prompt
it gives the opposite verdict, the way a sampled model can flip between runs.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field

from judges import LLMJudge
from ragoro.llm import CallCache, LLMClient, RetryPolicy
from ragoro.probe import PROBE_PROMPT

SPEC = "fake:matching-judge"
LLM_METRICS = ("faithfulness", "answer_relevancy", "answer_accuracy")
_APPLICABLE = re.compile(r"^Applicable metrics: (.*)\.$", re.MULTILINE)


def _tagged(prompt: str, tag: str) -> str:
    found = re.search(rf"<{tag}>\n(.*?)\n</{tag}>", prompt, re.DOTALL)
    if found is None:
        raise AssertionError(f"the judge prompt has no <{tag}> block")
    return found.group(1)


def judge_prompt(messages: list[BaseMessage]) -> str:
    """The user message that carries the case (re-asks and format instructions follow it)."""
    for message in messages:
        if isinstance(message, HumanMessage) and "<case_data>" in message.text:
            return message.text
    raise AssertionError("no judge prompt among the messages")


def matches(answer: str, reference: str) -> bool:
    """The model's whole notion of a good answer: the reference, word for word."""
    return answer.strip() == reference.strip()


class ReferenceMatchingChatModel(GenericFakeChatModel):
    """Scores each case by comparing the agent answer with the reference in the prompt."""

    messages: Iterator[Any] = Field(default_factory=lambda: iter(()))
    received: list[list[BaseMessage]] = Field(default_factory=list)
    flaky: frozenset[str] = Field(
        default=frozenset(), description="Questions whose verdict flips on every second ask."
    )
    asked: dict[str, int] = Field(default_factory=dict, description="Prompt -> times asked.")

    @property
    def calls(self) -> int:
        """How many times the model was invoked."""
        return len(self.received)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        if any(PROBE_PROMPT in str(message.content) for message in messages):
            # The command line's fail-fast probe: answered, not counted as a judge call.
            return ChatResult(generations=[ChatGeneration(message=AIMessage(content="OK"))])
        self.received.append(list(messages))
        prompt = judge_prompt(messages)
        self.asked[prompt] = self.asked.get(prompt, 0) + 1
        good = matches(_tagged(prompt, "agent_answer"), _tagged(prompt, "reference_answer"))
        wavering = _tagged(prompt, "question") in self.flaky and self.asked[prompt] % 2 == 0
        if wavering:
            good = not good
        score = 1.0 if good else 0.0
        why = "the reference answer, word for word" if good else "not the reference answer"
        found = _APPLICABLE.search(prompt)
        applicable = found.group(1).split(", ") if found else []
        reply: dict[str, Any] = {
            metric: {"score": score, "reason": why}
            for metric in LLM_METRICS
            if metric in applicable
        }
        reply["grade_reasoning"] = why
        reply["grade"] = 10.0 * score
        message = AIMessage(content=json.dumps(reply))
        return ChatResult(generations=[ChatGeneration(message=message)])


def matching_judge(
    model: ReferenceMatchingChatModel | None = None, *, cache: CallCache | None = None
) -> tuple[LLMJudge, ReferenceMatchingChatModel]:
    """An LLMJudge over the matching model (a fresh one unless given), built the way
    `make_judge("llm")` builds one: an LLMClient around the chat model."""
    model = model if model is not None else ReferenceMatchingChatModel()
    retry = RetryPolicy(max_attempts=1, base_delay=0.0, sleep=lambda _: None)
    client = LLMClient(model, SPEC, cache=cache, retry=retry, max_reasks=0)
    return LLMJudge(client, SPEC), model
