"""LLMClient.structured / .text: validated values, bounded re-asks, retries, errors."""

from __future__ import annotations

import json

import pytest
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage

from ragoro.llm import LLMCallError

from .fakes import (
    SPEC,
    Answer,
    BadRequest,
    RateLimited,
    ScriptedChatModel,
    ToolCallingChatModel,
    reply,
    tool_reply,
)

GOOD = '{"answer": "28,5 litri", "confidence": 0.9}'
MESSAGES: list[BaseMessage] = [
    SystemMessage(content="You answer questions."),
    HumanMessage(content="Quanto olio contiene il serbatoio?"),
]


def test_valid_output_is_parsed_with_usage_and_schema_in_prompt(make_client):
    model = ScriptedChatModel.of(reply(GOOD, input_tokens=12, output_tokens=4))
    result = make_client(model).structured(MESSAGES, Answer)

    assert result.value == Answer(answer="28,5 litri", confidence=0.9)
    assert result.ok and result.error is None
    assert (result.attempts, result.cached, result.raw) == (1, False, GOOD)
    assert (result.usage.calls, result.usage.input_tokens, result.usage.output_tokens) == (1, 12, 4)
    # Parser path: the JSON schema is appended to the user's turn, not a new turn.
    sent = model.received[0]
    assert len(sent) == 2 and '"confidence"' in str(sent[-1].content)
    assert str(sent[-1].content).startswith("Quanto olio")


def test_plain_generic_fake_chat_model_uses_the_parser_path(make_client):
    model = GenericFakeChatModel(messages=iter([GOOD]))
    result = make_client(model).structured(MESSAGES, Answer)
    assert result.value == Answer(answer="28,5 litri", confidence=0.9)


@pytest.mark.parametrize(
    "text",
    [
        f"```json\n{GOOD}\n```",
        f"Sure! Here is the answer:\n{GOOD}\nHope this helps {{not json}}.",
        f"Reasoning first {{x}}.\n```\n{GOOD}\n```",
    ],
    ids=["fence", "prose", "prose-then-bare-fence"],
)
def test_json_in_fences_or_prose_is_extracted(make_client, text):
    result = make_client(ScriptedChatModel.of(text)).structured(MESSAGES, Answer)
    assert result.value == Answer(answer="28,5 litri", confidence=0.9)
    assert result.raw == text


def test_invalid_then_valid_reasks_with_the_validation_error(make_client):
    bad = '{"answer": "28,5 litri", "confidence": 7}'
    model = ScriptedChatModel.of(bad, GOOD)
    result = make_client(model).structured(MESSAGES, Answer)

    assert result.value is not None and result.attempts == 2
    assert result.usage.calls == 2
    second = model.received[1]
    assert second[: len(model.received[0])] == model.received[0]
    bad_turn, error_turn = second[-2], second[-1]
    assert isinstance(bad_turn, AIMessage) and bad_turn.content == bad
    assert isinstance(error_turn, HumanMessage)
    assert "confidence" in str(error_turn.content)
    assert "less than or equal to 1" in str(error_turn.content)


def test_not_json_reask_says_so(make_client):
    model = ScriptedChatModel.of("I cannot answer in JSON, sorry.", GOOD)
    result = make_client(model).structured(MESSAGES, Answer)
    assert result.ok
    assert "no JSON object" in str(model.received[1][-1].content)


def test_always_invalid_returns_no_value_with_reason_and_raw(make_client):
    outputs = ['{"answer": 1}', "nope", '{"confidence": 0.5}']
    model = ScriptedChatModel.of(*outputs)
    result = make_client(model, max_reasks=2).structured(MESSAGES, Answer)

    assert result.value is None and not result.ok
    assert result.attempts == 3 == model.calls
    assert result.raw == outputs[-1]
    assert result.error is not None
    assert "after 3 attempt" in result.error and "answer" in result.error


def test_max_reasks_zero_asks_once(make_client):
    model = ScriptedChatModel.of("nope")
    result = make_client(model, max_reasks=0).structured(MESSAGES, Answer)
    assert (result.value, result.attempts, model.calls) == (None, 1, 1)


def test_native_structured_output_is_used_when_available(make_client):
    model = ToolCallingChatModel.of(tool_reply({"answer": "210 bar", "confidence": 1.0}))
    result = make_client(model).structured(MESSAGES, Answer)

    assert result.value == Answer(answer="210 bar", confidence=1.0)
    assert model.bound_tools == [Answer]
    assert model.received[0] == MESSAGES  # no format instructions on the native path
    assert json.loads(result.raw) == {"answer": "210 bar", "confidence": 1.0}
    assert (result.usage.input_tokens, result.usage.output_tokens) == (7, 3)


def test_native_invalid_output_is_reasked(make_client):
    model = ToolCallingChatModel.of(
        tool_reply({"answer": "210 bar"}), tool_reply({"answer": "210 bar", "confidence": 0.8})
    )
    result = make_client(model).structured(MESSAGES, Answer)
    assert result.value == Answer(answer="210 bar", confidence=0.8)
    assert result.attempts == 2
    assert "confidence" in str(model.received[1][-1].content)


def test_rate_limit_is_retried_with_backoff_then_succeeds(make_client, sleeps):
    model = ScriptedChatModel.of(RateLimited("429 Too Many Requests"), GOOD)
    client = make_client(model)
    result = client.structured(MESSAGES, Answer)

    assert result.ok and result.attempts == 1  # a retry is not a re-ask
    assert model.calls == 2
    assert sleeps == [0.75]  # base 1.0, equal jitter with random()=0.5
    stats = client.accounting.stats(SPEC)
    assert (stats.calls, stats.retries, stats.errors) == (1, 1, 0)


def test_bad_request_is_not_retried_and_raises_call_error(make_client, sleeps):
    model = ScriptedChatModel.of(BadRequest("400 invalid argument"), GOOD)
    client = make_client(model)
    with pytest.raises(LLMCallError, match="BadRequest: 400 invalid argument"):
        client.structured(MESSAGES, Answer)
    assert model.calls == 1 and sleeps == []
    stats = client.accounting.stats(SPEC)
    assert (stats.errors, stats.retries) == (1, 0)


def test_persistent_rate_limit_gives_up_after_max_attempts(make_client, sleeps):
    model = ScriptedChatModel.of(*[RateLimited("slow down")] * 3)
    client = make_client(model)
    with pytest.raises(LLMCallError, match="RateLimited"):
        client.text(MESSAGES)
    assert model.calls == 3 and len(sleeps) == 2
    assert sleeps[1] > sleeps[0]
    assert client.accounting.stats(SPEC).retries == 2


def test_text_returns_reply_text_and_usage(make_client):
    model = ScriptedChatModel.of(reply("Il serbatoio contiene 28,5 litri.", 20, 8))
    result = make_client(model).text(MESSAGES)
    assert result.text == "Il serbatoio contiene 28,5 litri."
    assert (result.usage.calls, result.usage.input_tokens, result.cached) == (1, 20, False)
    assert model.received[0] == MESSAGES
