"""The reference agent: answers every question with the golden set's own answer.

It is what a perfect agent would say according to the golden set: the reference answer,
the golden passages as its contexts (with their exact offsets), the documents a correct
answer cites, the expected value and unit. A refusal case gets a refusal sentence in the
question's language. `evaluator selfcheck` runs it to check that a judge passes the answers
it must pass; it needs no model and no network.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.agents.base import AgentAnswer
from evaluator.agents.golden_lookup import GoldenLookup
from evaluator.agents.options import AgentOptions
from evaluator.agents.wording import refusal
from ragoro.contracts import GoldenItem, RetrievedContext
from ragoro.text import detect_language
from vectordb import VectorIndex

__all__ = ["ReferenceAgent", "reference_answer"]


def reference_answer(item: GoldenItem) -> str:
    """The item's reference answer: `answer`, else its first alternative, else ""."""
    references = item.references
    return references[0] if references else ""


def _cited(item: GoldenItem) -> list[str]:
    """The expected source document first, then every document of the passages."""
    expected = item.expected
    docs = [expected.source.doc] if expected.source is not None else []
    if expected.narrative_doc:
        docs.append(expected.narrative_doc)
    return list(dict.fromkeys([*docs, *item.documents]))


class ReferenceAgent:
    """Answers with the golden reference answer and reports the golden passages."""

    name = "reference"
    model: str | None = None

    def __init__(self, golden: Sequence[GoldenItem], index: VectorIndex | None = None) -> None:
        self.lookup = GoldenLookup(golden, self.name)
        self.index = index

    @classmethod
    def from_options(cls, options: AgentOptions) -> ReferenceAgent:
        """Registry factory: needs the golden items; the index gives the passages' pages."""
        return cls(options.require_golden(), options.index)

    def prepare(self, questions: Sequence[str]) -> None:
        """A run starts: items sharing a question are handed out from the first again."""
        self.lookup.reset()

    def answer(self, question: str) -> AgentAnswer:
        """The golden answer of this question's item (a refusal for a refusal case)."""
        item = self.lookup.item_for(question)
        if item.expected.refuse:
            return AgentAnswer(answer=refusal(detect_language(item.question), []), refused=True)
        asks = item.expected.clarification == "ask_first"
        return AgentAnswer(
            answer=reference_answer(item),
            contexts=[
                self._context(p.document_path, p.start_char, p.end_char, p.content)
                for p in item.passages
            ],
            citations=_cited(item),
            asked_clarification=True if asks else None,
            value=item.expected.value,
            unit=item.expected.unit,
        )

    def _context(self, path: str, start: int, end: int, text: str) -> RetrievedContext:
        document = self.index.documents.get(path) if self.index is not None else None
        page = document.page_of(start) if document is not None else None
        return RetrievedContext(
            document_path=path, text=text, start_char=start, end_char=end, page=page
        )
