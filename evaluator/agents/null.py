"""Null agents: answers a judge must fail, so `evaluator selfcheck` can prove it does.

- ``null:yes`` says "Yes." / "Sì." to everything;
- ``null:echo`` repeats the question;
- ``null:swap`` gives the reference answer of another case (the next answerable case in
  golden order whose answer differs and that states another fact, from another document
  when there is one, wrapping around);
- ``null:refuse`` says "I don't know." / "Non lo so." to everything;
- ``null:context`` retrieves the top k chunks and pastes the best one as the answer.

None of them needs a model or the network. They declare nothing about their behaviour
(refused / asked_clarification stay None, so the runner reads it from the text), except
``null:refuse``, which declares that it refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.agents.base import AgentAnswer
from evaluator.agents.contexts import hit_context
from evaluator.agents.golden_lookup import GoldenLookup
from evaluator.agents.options import AgentOptions
from evaluator.agents.reference import reference_answer
from ragoro.contracts import GoldenItem
from ragoro.text import detect_language
from vectordb import VectorIndex
from vectordb.embeddings import Vectors

__all__ = [
    "ContextAgent",
    "EchoAgent",
    "RefuseAgent",
    "SwapAgent",
    "YesAgent",
    "swapped_answers",
]


class YesAgent:
    """Answers "Yes." (English questions) or "Sì." (Italian ones) to everything."""

    name = "null:yes"
    model: str | None = None

    @classmethod
    def from_options(cls, options: AgentOptions) -> YesAgent:
        """Registry factory: needs nothing."""
        return cls()

    def answer(self, question: str) -> AgentAnswer:
        """A bare yes in the question's language."""
        return AgentAnswer(answer="Sì." if detect_language(question) == "it" else "Yes.")


class EchoAgent:
    """Answers with the question itself: every word relevant, no information."""

    name = "null:echo"
    model: str | None = None

    @classmethod
    def from_options(cls, options: AgentOptions) -> EchoAgent:
        """Registry factory: needs nothing."""
        return cls()

    def answer(self, question: str) -> AgentAnswer:
        """The question, repeated."""
        return AgentAnswer(answer=question)


class RefuseAgent:
    """Says it does not know, whatever the question."""

    name = "null:refuse"
    model: str | None = None

    @classmethod
    def from_options(cls, options: AgentOptions) -> RefuseAgent:
        """Registry factory: needs nothing."""
        return cls()

    def answer(self, question: str) -> AgentAnswer:
        """A plain refusal in the question's language, declared as one."""
        text = "Non lo so." if detect_language(question) == "it" else "I don't know."
        return AgentAnswer(answer=text, refused=True)


def _same_fact(a: GoldenItem, b: GoldenItem) -> bool:
    """Two items that state one fact: the same expected value and unit, or overlapping
    golden passages. The other's answer would be right, not a null answer."""
    if a.expected.value is not None and (a.expected.value, a.expected.unit) == (
        b.expected.value,
        b.expected.unit,
    ):
        return True
    return any(
        p.document_path == q.document_path
        and p.start_char < q.end_char
        and q.start_char < p.end_char
        for p in a.passages
        for q in b.passages
    )


def swapped_answers(items: Sequence[GoldenItem]) -> list[str]:
    """For each item, in golden order, the reference answer of the next answerable item
    (wrapping around) that is not one of its own references and does not state the same
    fact, taken from another document when one exists; "" when there is none.

    A neighbour in the same document often answers a sibling question ("revenue in 2024"
    for "revenue in 2025"): a wrong answer to the question asked, which accuracy must fail,
    but not an answer to a different question, which is what this null stands for."""
    donors = ["" if item.expected.refuse else reference_answer(item) for item in items]
    documents = [{p.document_path for p in item.passages} for item in items]
    swapped: list[str] = []
    for position, item in enumerate(items):
        own = set(item.references)
        nearest = ""  # the first fitting donor, wherever it comes from
        chosen = ""
        for step in range(1, len(items)):
            index = (position + step) % len(items)
            other = donors[index]
            if not other or other in own or _same_fact(item, items[index]):
                continue
            nearest = nearest or other
            if not documents[position] & documents[index]:
                chosen = other
                break
        swapped.append(chosen or nearest)
    return swapped


class SwapAgent:
    """Answers each question with the reference answer of a different case."""

    name = "null:swap"
    model: str | None = None

    def __init__(self, golden: Sequence[GoldenItem]) -> None:
        self.lookup = GoldenLookup(golden, self.name)
        self.answers = swapped_answers(self.lookup.items)

    @classmethod
    def from_options(cls, options: AgentOptions) -> SwapAgent:
        """Registry factory: needs the golden items."""
        return cls(options.require_golden())

    def prepare(self, questions: Sequence[str]) -> None:
        """A run starts: items sharing a question are handed out from the first again."""
        self.lookup.reset()

    def answer(self, question: str) -> AgentAnswer:
        """Another case's reference answer (see `swapped_answers`); an error when no other
        case states a different fact, since an empty answer would be no evidence."""
        answer = self.answers[self.lookup.position_of(question)]
        if not answer:
            raise LookupError("no other case states a different fact to answer with")
        return AgentAnswer(answer=answer)


class ContextAgent:
    """Retrieves the top k chunks and answers with the best one's text, pasted whole."""

    name = "null:context"
    model: str | None = None

    def __init__(self, index: VectorIndex, k: int = 3) -> None:
        if k < 1:
            raise ValueError(f"k must be >= 1, got {k}")
        self.index = index
        self.k = k
        self._vectors: dict[str, Vectors] = {}

    @classmethod
    def from_options(cls, options: AgentOptions) -> ContextAgent:
        """Registry factory: needs the index and k."""
        return cls(options.index, k=options.k)

    def prepare(self, questions: Sequence[str]) -> None:
        """Embed all questions in one batch before the run (several times faster)."""
        pending = [q for q in dict.fromkeys(questions) if q not in self._vectors]
        if pending:
            for question, vector in zip(pending, self.index.embed_queries(pending), strict=True):
                self._vectors[question] = vector[None, :]

    def answer(self, question: str) -> AgentAnswer:
        """The top chunk's text as the answer; the k retrieved chunks as the contexts."""
        query = self._vectors.get(question)
        if query is None:
            query = self.index.embed_queries([question])
        hits = self.index.search_vectors(query, self.k)[0]
        return AgentAnswer(
            answer=hits[0].chunk.text if hits else "",
            contexts=[hit_context(hit) for hit in hits],
        )
