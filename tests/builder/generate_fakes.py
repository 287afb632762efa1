"""A fake chat model for the generator: reads the documents in the prompt and answers
with real verbatim quotes, through the same `BaseChatModel` interface as a provider."""

from __future__ import annotations

import json
import re
import threading
import time
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from pydantic import Field, PrivateAttr

from ragoro.text import extract_quantities

_DOC_RE = re.compile(r'<document id="(\w)" source="[^"]*">\n(.*?)\n</document>', re.DOTALL)


def _sentence(text: str) -> str:
    for line in text.split("\n"):
        if len(line.split()) >= 6 and "Pagina" not in line and "Page" not in line:
            return line.strip()
    return text.split("\n", maxsplit=1)[0].strip()


def _numeric(text: str) -> dict[str, Any] | None:
    for line in text.split("\n"):
        for quantity in extract_quantities(line):
            if quantity.unit and quantity.written_unit:
                value = quantity.in_unit(quantity.written_unit)
                return {"quote": line.strip(), "value": value, "unit": quantity.written_unit}
    return None


def answer_for(prompt: str) -> dict[str, Any]:
    """The JSON a cooperative model would return for a generator prompt."""
    docs = dict(_DOC_RE.findall(prompt))
    first = docs.get("A", "")
    if "do NOT answer it" in prompt:
        return {"question": "What is the company's policy on this topic?"}
    if "one number with a unit" in prompt:
        found = _numeric(first)
        if found is not None:
            return {
                "question": "What is the value stated?",
                "answer": f"It is {found['quote']}.",
                "quotes": [found["quote"]],
                "value": found["value"],
                "unit": found["unit"],
            }
    quotes = [_sentence(first)]
    if "B" in docs:
        quotes.append(_sentence(docs["B"]))
    return {"question": "What do the documents say?", "answer": " ".join(quotes), "quotes": quotes}


class EchoQuoteChatModel(BaseChatModel):
    """Answers generator prompts with quotes copied from the prompt's documents.

    `latency` seconds are slept per call (bench); `calls` counts invocations.
    """

    latency: float = 0.0
    model_name: str = Field(default="echo-quote")
    _calls: int = PrivateAttr(default=0)
    _lock: threading.Lock = PrivateAttr(default_factory=threading.Lock)

    @property
    def _llm_type(self) -> str:
        return "echo-quote"

    @property
    def calls(self) -> int:
        """How many times the model was invoked."""
        return self._calls

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        with self._lock:
            self._calls += 1
        if self.latency:
            time.sleep(self.latency)
        prompt = "\n".join(str(m.content) for m in messages)
        content = json.dumps(answer_for(prompt), ensure_ascii=False)
        message = AIMessage(
            content=content,
            usage_metadata={
                "input_tokens": len(prompt) // 4,
                "output_tokens": len(content) // 4,
                "total_tokens": (len(prompt) + len(content)) // 4,
            },
        )
        return ChatResult(generations=[ChatGeneration(message=message)])
