"""What the extractive agent says once it has decided: an answer, a refusal or a clarifying
question, each with the contexts it reports (`ExtractiveAgent` decides; this writes)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from evaluator.agents.base import AgentAnswer
from evaluator.agents.conflict import clarification_options
from evaluator.agents.contexts import chunk_context
from evaluator.agents.gates import LOGGER
from evaluator.agents.hybrid import with_retrieved
from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.quantities import stated_value
from evaluator.agents.ranking import Candidate
from evaluator.agents.support import CorpusStats, Sentence
from evaluator.agents.wording import Elsewhere, Source, citation, clarifying_question, refusal
from ragoro.contracts import RetrievedContext
from ragoro.text import Lang, Quantity
from vectordb import VectorIndex

__all__ = ["Replies"]

# The refusing gate is logged at DEBUG on the logger `gates.refusal_gate` listens to;
# outcomes never carry it.
_log = logging.getLogger(LOGGER)


@dataclass(frozen=True)
class Replies:
    """Writes the agent's replies over one index, reporting `k` contexts."""

    index: VectorIndex
    k: int

    def contexts(self, rows: list[int], cosines: dict[int, float]) -> list[RetrievedContext]:
        """The chunks of `rows` as reported contexts, each with its rounded similarity."""
        return [chunk_context(self.index.chunks[r], round(cosines.get(r, 0.0), 6)) for r in rows]

    def source(self, sentence: Sentence) -> Source:
        """The document and (for a document of several pages) the page a sentence is on."""
        document = self.index.documents[sentence.document_path]
        page = document.page_of(sentence.start) if len(document.pages) > 1 else None
        return Source(sentence.document_path, page)

    def answer(
        self,
        *,
        chosen: list[Candidate],
        quantity: Quantity | None,
        short: str,
        lang: Lang,
        rows: list[int],
        cosines: dict[int, float],
    ) -> AgentAnswer:
        """The short answer, the chosen sentences and their citation."""
        body = " ".join(" ".join(c.sentence.text.split()) for c in chosen)
        if short:
            body = f"{short} — {body}"
        sources = [self.source(c.sentence) for c in chosen]
        value, unit = stated_value(quantity) if quantity is not None else (None, None)
        # The answer's own chunks are always among the contexts it reports.
        shown = with_retrieved(rows, list(cosines), self.k)
        if any(c.row not in shown for c in chosen):
            shown = rows
        return AgentAnswer(
            answer=f"{body} {citation(sources, lang)}",
            contexts=self.contexts(shown, cosines),
            citations=list(dict.fromkeys(s.document_path for s in sources)),
            refused=False,
            asked_clarification=False,
            value=value,
            unit=unit,
        )

    def refuse(
        self,
        lang: Lang,
        missing: list[QueryTerm],
        rows: list[int],
        cosines: dict[int, float],
        elsewhere: Elsewhere = None,
        *,
        gate: str,
    ) -> AgentAnswer:
        """A refusal naming what was not found, logged with the `gate` that refused."""
        _log.debug("refused by gate %s", gate)
        # A refusal still reports what was retrieved: retrieval is judged on its own. With
        # no chosen chunk, retrieval's fused order (`cosines` keeps it) is the best guess.
        shown = with_retrieved(rows, list(cosines), self.k)
        return AgentAnswer(
            answer=refusal(lang, missing, elsewhere),
            contexts=self.contexts(shown, cosines),
            refused=True,
            asked_clarification=False,
        )

    def clarify(
        self,
        question: str,
        lang: Lang,
        conflict: list[Candidate],
        rows: list[int],
        cosines: dict[int, float],
        *,
        stats: CorpusStats,
    ) -> AgentAnswer:
        """Ask which of the conflicting values is meant."""
        options = clarification_options(conflict, stats)
        return AgentAnswer(
            answer=clarifying_question(question, lang, options),
            contexts=self.contexts(rows, cosines),
            citations=list(dict.fromkeys(c.sentence.document_path for c in conflict)),
            refused=False,
            asked_clarification=True,
        )
