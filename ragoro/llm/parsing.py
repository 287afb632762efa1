"""Turn a model's raw text into a validated Pydantic object, and build the re-ask turns."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic import BaseModel, ValidationError

from ragoro.llm.errors import LLMError

if TYPE_CHECKING:
    from langchain_core.messages import BaseMessage

T = TypeVar("T", bound=BaseModel)

_FENCE = re.compile(r"```[ \t]*(?:json|JSON)?[ \t]*\n?(.*?)```", re.DOTALL)
_MAX_ERROR_CHARS = 2000


class OutputParseError(LLMError, ValueError):
    """A reply that is not JSON, or JSON that does not match the schema."""


def extract_json_object(text: str) -> dict[str, Any]:
    """The first JSON object in `text`: the whole text, a ```json fence, or after prose."""
    stripped = text.strip()
    candidates = [stripped, *(m.group(1).strip() for m in _FENCE.finditer(text))]
    for candidate in candidates:
        try:
            value = json.loads(candidate)
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    decoder = json.JSONDecoder()
    for match in re.finditer(r"\{", text):
        try:
            value, _ = decoder.raw_decode(text, match.start())
        except json.JSONDecodeError:
            continue
        if isinstance(value, dict):
            return value
    raise OutputParseError("invalid JSON: the reply contains no JSON object")


def describe_validation_error(error: ValidationError) -> str:
    """A compact, model-readable list of what failed validation (no doc URLs)."""
    lines = []
    for item in error.errors(include_url=False):
        loc = ".".join(str(part) for part in item["loc"]) or "(root)"
        lines.append(f"- {loc}: {item['msg']}")
    return "schema validation failed:\n" + "\n".join(lines)


def parse_output(raw: str, schema: type[T]) -> T:
    """Validate `raw` against `schema`; raise `OutputParseError` with the reason."""
    data = extract_json_object(raw)
    try:
        return schema.model_validate(data)
    except ValidationError as exc:
        raise OutputParseError(describe_validation_error(exc)) from exc


def raw_text(message: BaseMessage) -> str:
    """The raw output of a reply: the first tool call's arguments as JSON, else the
    arguments of a tool call that did not parse (kept as sent), else the text."""
    from langchain_core.messages import AIMessage  # on use only: not offline

    if isinstance(message, AIMessage) and message.tool_calls:
        return json.dumps(message.tool_calls[0]["args"], ensure_ascii=False, sort_keys=True)
    if isinstance(message, AIMessage) and message.invalid_tool_calls:
        args = message.invalid_tool_calls[0].get("args")
        if args:
            return str(args)
    return message.text


def is_empty(message: BaseMessage) -> bool:
    """True for a reply with no text, no tool call and no broken tool call."""
    from langchain_core.messages import AIMessage  # on use only: not offline

    if isinstance(message, AIMessage) and (message.tool_calls or message.invalid_tool_calls):
        return False
    return not message.text.strip()


_CUT_REASONS = {"length", "max_tokens"}


def cut_off_note(message: BaseMessage) -> str | None:
    """Why a reply is incomplete when the provider cut it at the token limit, else None."""
    reason = str(message.response_metadata.get("finish_reason") or "")
    if reason.lower() in _CUT_REASONS:
        return f"the reply was cut at the token limit (finish_reason={reason}): answer shorter"
    return None


# Exceptions an SDK or integration raises after a 200 reply it could not validate.
_INVALID_NAMES = re.compile(
    r"ValidationError|OutputParserException|LengthFinishReasonError|"
    r"ContentFilterFinishReasonError"
)


def is_invalid_output(exc: BaseException) -> bool:
    """True when `exc` says the model's reply did not match the schema (re-ask it)."""
    if getattr(exc, "status_code", None) is not None:
        return False
    return any(_INVALID_NAMES.search(type(e).__name__) for e in type(exc).__mro__)


def raw_of_invalid(exc: BaseException) -> str:
    """The reply an SDK rejected, when the exception carries it (else "")."""
    completion = getattr(exc, "completion", None)
    choices = getattr(completion, "choices", None) or []
    if choices:
        content = getattr(getattr(choices[0], "message", None), "content", None)
        if isinstance(content, str):
            return content
    if isinstance(exc, ValidationError):
        for error in exc.errors():
            if isinstance(error.get("input"), str):
                return str(error["input"])
    return ""


def describe_invalid(exc: BaseException) -> str:
    """A model-readable reason for an SDK-side rejection of the reply."""
    if isinstance(exc, ValidationError):
        return describe_validation_error(exc)
    text = str(exc).split("\n", 1)[0]
    if "length" in type(exc).__name__.lower():
        return "the reply was cut at the token limit (finish_reason=length): answer shorter"
    return f"{type(exc).__name__}: {text}"


def format_instructions(schema: type[BaseModel]) -> str:
    """Prompt text asking for one JSON object matching the schema."""
    schema_json = json.dumps(schema.model_json_schema(), ensure_ascii=False, indent=1)
    return (
        "Reply with a single JSON object that validates against this JSON schema, "
        "and nothing else (no prose, no markdown):\n"
        f"```json\n{schema_json}\n```"
    )


def with_format_instructions(
    messages: list[BaseMessage], schema: type[BaseModel]
) -> list[BaseMessage]:
    """The conversation with format instructions appended to the last user turn.

    Appending to the last human message (rather than adding a new turn) keeps user and
    assistant turns alternating, which some providers require.
    """
    from langchain_core.messages import HumanMessage  # on use only: not offline

    instructions = format_instructions(schema)
    if messages and isinstance(messages[-1], HumanMessage):
        last = messages[-1]
        if isinstance(last.content, str):
            merged = last.model_copy(update={"content": f"{last.content}\n\n{instructions}"})
            return [*messages[:-1], merged]
    return [*messages, HumanMessage(content=instructions)]


def reask_messages(raw: str, error: str) -> list[BaseMessage]:
    """The two turns appended after an invalid reply: the reply itself and the error."""
    from langchain_core.messages import AIMessage, HumanMessage  # on use only: not offline

    if len(error) > _MAX_ERROR_CHARS:
        error = error[:_MAX_ERROR_CHARS] + " ..."
    return [
        AIMessage(content=raw),
        HumanMessage(
            content=(
                "Your previous reply could not be used.\n"
                f"Error: {error}\n"
                "Reply again with only a corrected JSON object that matches the schema."
            )
        ),
    ]
