"""A fake model that plays ragoro's three roles from the prompt it is sent, over either
wire protocol: the builder (verbatim quotes from the fenced document), the reference
agent (tool mode answers from the passages; agent mode searches first, then answers) and
the judge (a full, valid verdict object)."""

from __future__ import annotations

import html
import re
from typing import Any

from tests.fakes.wire import Reply, Request

_FENCED = re.compile(r"<document\b([^>]*)>\n(.*?)\n</document>", re.DOTALL)
_SOURCE = re.compile(r'source="([^"]*)"')
_QUESTION = re.compile(r"<question>\n(.*?)\n</question>", re.DOTALL)
GRADE = 9.0


def documents(text: str) -> list[tuple[str, str]]:
    """(source, body) of every fenced document in `text`, bodies as fenced (escaped)."""
    out = []
    for attrs, body in _FENCED.findall(text):
        source = _SOURCE.search(attrs)
        out.append((html.unescape(source.group(1)) if source else "", body))
    return out


def first_sentence(body: str) -> str:
    """The first sentence of a fenced body that holds no escaped markup (so it is verbatim)."""
    for line in body.splitlines():
        for sentence in re.split(r"(?<=[.!?])\s+", line.strip()):
            if len(sentence) > 20 and "&lt;" not in sentence and "&" not in sentence:
                return sentence
    return body.strip().splitlines()[0]


def _builder(request: Request) -> Reply:
    props = (request.schema or {}).get("properties", {})
    docs = documents(request.user)
    if "quotes" not in props:
        return Reply(data={"question": "What is the weekly rota of the maintenance crew?"})
    sentence = first_sentence(docs[0][1]) if docs else "no document"
    words = " ".join(re.findall(r"\w+", sentence)[:4])
    return Reply(
        data={
            "question": f"What is stated about {words}?",
            "answer": sentence,
            "quotes": [sentence],
        }
    )


def _answer_from(passages: str) -> str:
    docs = documents(passages)
    if not docs:
        return "I don't know."
    source, body = docs[0]
    return f"{first_sentence(body)} (Source: {source.rsplit('/', 1)[-1]}, p. 1)"


def _agent(request: Request) -> Reply:
    if request.tools and not request.tool_results:
        question = request.user.strip().splitlines()[-1]
        return Reply(tool_calls=[(request.tools[0], {"query": question})])
    if request.tool_results:
        return Reply(
            text=_answer_from(html.unescape(request.tool_results[-1]).replace("\\n", "\n"))
        )
    return Reply(text=_answer_from(request.user))


def judge_verdict() -> dict[str, Any]:
    """A valid judge reply: every metric scored and passed, one claim, grade 9."""
    metric = {"score": 0.9, "passed": True, "reason": "grounded and correct"}
    return {
        "claims": [{"claim": "the answer's fact", "supported": True, "evidence": "quoted"}],
        "faithfulness": metric,
        "answer_relevancy": metric,
        "answer_accuracy": metric,
        "grade_reasoning": "correct and grounded",
        "grade": GRADE,
    }


def role_of(request: Request) -> str:
    """Which of ragoro's roles sent the request: builder, agent or judge."""
    if request.system.startswith("You write test questions"):
        return "builder"
    if "impartial evaluator" in request.system:
        return "judge"
    return "agent"


def ragoro_model(request: Request) -> Reply:
    """The responder for end-to-end runs: answers as each role expects."""
    role = role_of(request)
    if role == "builder":
        return _builder(request)
    if role == "judge":
        return Reply(data=judge_verdict())
    return _agent(request)
