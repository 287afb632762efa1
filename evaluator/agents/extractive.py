"""The default agent: offline and deterministic, it answers with the document's own sentences.

For each question it

1. retrieves candidate chunks by hybrid search: BM25 over stemmed words (with translations
   and typo correction) and FAISS vector search, fused by reciprocal rank (the packaged
   embedding model is English-only, so its ranks count half; keywords carry Italian and
   cross-language questions), then keeps the k chunks whose best sentence supports the
   question most, and reports the first two thirds of them (and always the answer's own) with
   retrieval's best other chunk in the last third of the k contexts (`with_retrieved`);
2. scores every whole sentence of the candidates (never a question the document asks) by the
   IDF-weighted share of the question terms the corpus knows that it contains, preferring
   sentences with a number + unit for "how much" questions and those whose threshold a
   value the question states meets ("superiore a 1.500 EUR" for a claim of 2,000: `conditions`);
3. refuses ("Non lo so" / "I don't know") only when retrieval support is low: the best
   sentence covers too little of the question (three quarters of the bar across languages,
   where words are found only through the glossary), gives no value for a "how much" question, or
   lacks a name the question asks about (the other plant's figure is not this plant's), its
   chunks never name the asked subject the corpus knows ("the warranty on spare parts"
   answered with their shipping time), the retrieved text never states the year asked, a
   how-long question finds no duration, the answer's sentence speaks of a sibling of the
   question's focus (`focus`: another year or certificate number, other categories in the
   same slot, a sibling part or action, nobody named for a "who" question, no code for a
   code question), the sentence is for another year than asked by what its section states
   or gives its value to another entity than the asked one, or to a whole that merely
   includes the asked part ("comprensivo di … alloggio": `about`), or the corpus knows
   fewer of the question's words than it does not ("parking policy" over a handbook that
   never mentions either), or the question narrows a thing the corpus knows to a kind it
   never names ("permesso per un lutto", "paternity leave": `modifiers`). An unknown word
   in no such slot never makes it refuse;
4. asks which one is meant when two documents give different values of the same quantity
   for different entities the question does not name;
5. otherwise answers from the best sentence of the kind asked (naming someone for "who", a
   recurrence for "how often": `often`) with a short answer (a value + unit, a name, a code,
   an address), the supporting sentence(s) and a citation of document and page, and reports
   the value and normalised unit it states. Its contexts are always reported, a refusal's too.
"""

from __future__ import annotations

from collections.abc import Sequence

from evaluator.agents.about import included_only
from evaluator.agents.base import AgentAnswer
from evaluator.agents.conflict import find_conflict
from evaluator.agents.contrasts import sibling_bounds, sibling_members
from evaluator.agents.focus import asks_kind, focus_misses, gives_kind
from evaluator.agents.gates import early_gate, support_gate
from evaluator.agents.hybrid import HybridRetriever
from evaluator.agents.kinds import states_subject
from evaluator.agents.lexicon import QueryTerm, query_terms
from evaluator.agents.modifiers import unmet_modifiers, unmet_owners
from evaluator.agents.often import time_kind
from evaluator.agents.options import AgentOptions
from evaluator.agents.ranking import (
    COMPLEMENT_SUPPORT,
    Candidate,
    QueryFacts,
    best_per_row,
    gives,
    query_facts,
    score_rows,
    selection_key,
    with_complement,
)
from evaluator.agents.replies import Replies
from evaluator.agents.short_answer import short_answer
from evaluator.agents.support import CorpusStats, missing_terms, support_bar, term_in
from evaluator.agents.vocabulary import (
    asked_head,
    asked_owners,
    asked_subject,
    asks_existence,
    attribute_share,
    split_terms,
    unmet_entities,
    unmet_years,
)
from ragoro.text import Lang, detect_language
from vectordb import VectorIndex
from vectordb.embeddings import Vectors

# The answer's sentences must carry some of what the question asks about besides its names:
# a sentence naming the entity with none of the asked attribute answers another question.
# Across languages the bar is lowered as the support bar is (`support_bar`): a question word
# is found there only through a glossary translation.
_ATTRIBUTE_SUPPORT = 0.3


class ExtractiveAgent:
    """Retrieve, pick the best supporting sentences, cite; refuse or ask when unsure."""

    model: str | None = None

    def __init__(
        self,
        index: VectorIndex,
        k: int = 3,
        *,
        support_threshold: float = 0.4,
        pool: int = 20,
        max_sentences: int = 2,
        conflict_ratio: float = 0.7,
        name: str = "extractive",
    ) -> None:
        if k < 1:
            raise ValueError(f"k must be >= 1, got {k}")
        if not 0.0 < support_threshold <= 1.0:
            raise ValueError(f"support_threshold must be in (0, 1], got {support_threshold}")
        self.index = index
        self.k = k
        self.support_threshold = support_threshold
        self.pool = max(pool, k)
        self.max_sentences = max(1, max_sentences)
        self.conflict_ratio = conflict_ratio
        self.name = name
        self._stats: CorpusStats | None = None
        self._query_vectors: dict[str, Vectors] = {}
        self._retriever: HybridRetriever | None = None
        self.replies = Replies(index, k)

    @classmethod
    def from_options(cls, options: AgentOptions) -> ExtractiveAgent:
        """Registry factory: the index and k from the options."""
        return cls(options.index, k=options.k)

    def prepare(self, questions: Sequence[str]) -> None:
        """Embed all questions in one batch up front (batching is several times faster)."""
        pending = [q for q in dict.fromkeys(questions) if q not in self._query_vectors]
        if pending:
            for question, vector in zip(pending, self.index.embed_queries(pending), strict=True):
                self._query_vectors[question] = vector[None, :]

    @property
    def stats(self) -> CorpusStats:
        """Token statistics of the index, computed on first use."""
        if self._stats is None:
            self._stats = CorpusStats(self.index.chunks, self.index.documents)
        return self._stats

    def use_index_reading(self, stats: CorpusStats, retriever: HybridRetriever) -> None:
        """Take this index's token statistics and keyword index made elsewhere (from the
        store beside the index, `evaluator.corpus_store`) instead of building them."""
        self._stats, self._retriever = stats, retriever

    def answer(self, question: str) -> AgentAnswer:
        """Answer one question from the index (see the module docstring for how)."""
        lang = detect_language(question)
        split = split_terms(query_terms(question, lang), self.stats, lang)
        terms = split.known
        cosines = self._cosines(question, terms)
        query = query_facts(question, lang, terms, self.stats)
        numeric, wanted = query.numeric, query.wanted
        candidates = score_rows(
            self.stats,
            query,
            cosines,
            k=self.k,
            support_bar=max(self.support_threshold, COMPLEMENT_SUPPORT),
        )
        # The corpus knows fewer of the question's words than it does not: it is about
        # something the documents do not cover, whatever the known words match.
        # So is a "What is the X?" question whose X the corpus never names ("share price").
        head = asked_head(question)
        asked = {head, *asked_owners(question)} if head is not None else set()
        headless = any(t.word in asked for t in split.unknown)
        if not terms or not candidates or len(split.unknown) > len(terms) or headless:
            gate = early_gate(
                known=len(terms), candidates=len(candidates), unknown=len(split.unknown)
            )
            return self.replies.refuse(lang, split.unknown or terms, [], cosines, gate=gate)
        # "Permesso per un lutto", "paternity leave": a kind of a known thing the corpus never
        # names is not answered by what it says of the thing in general.
        selected = self._select_rows(candidates, cosines)
        kinds = unmet_modifiers(question, lang, terms, split.unknown)
        if kinds:
            return self.replies.refuse(lang, kinds, selected, cosines, gate="modifier")
        options = find_conflict(
            candidates,
            question,
            self.stats,
            support_bar=max(self.support_threshold, COMPLEMENT_SUPPORT),
            ratio=self.conflict_ratio,
        )
        if options is not None:
            extra = [c.row for c in options if c.row not in selected]
            rows_shown = selected[: self.k - len(extra)] + extra
            return self.replies.clarify(
                question, lang, options, rows_shown, cosines, stats=self.stats
            )
        pool = [c for c in candidates if c.row in selected]
        best: Candidate | None = pool[0]
        if numeric:
            best = next((c for c in pool if gives(c, wanted, query.counted)), None)
        elif asks_kind(question):
            # "Who" is answered by a sentence naming someone, "what time" by one stating a
            # time of day: the best supported such sentence, if one is supported enough.
            best = next(
                (c for c in pool if self._supported(c, lang) and gives_kind(question, c.sentence)),
                best,
            )
        kind = time_kind(question)
        if kind is not None:
            # "How often" is answered by a sentence stating a recurrence ("ogni turno", "every
            # night"), "by when" by one stating a deadline ("entro il 5"): either may state no
            # number at all.
            best = next(
                (c for c in pool if self._supported(c, lang) and kind(c.sentence.text)), best
            )
        unmet = unmet_entities(question, [best.sentence], self.stats, lang) if best else []
        if unmet:
            # A table row naming the asked entity answers for it where the prose sentence that
            # outranked it speaks of another one (the group's total, another plant).
            row = self._naming_row(question, lang, candidates, query)
            if row is not None:
                best, unmet = row, []
                if row.row not in selected:
                    selected = [*selected[: self.k - 1], row.row]
                    pool = [c for c in candidates if c.row in selected]
        if (
            best is None
            or (best.sentence.is_heading and best.quantity is None)
            or best.support < support_bar(self.support_threshold, lang, best.sentence)
            or unmet
        ):
            found = frozenset().union(*(self.stats.chunk_tokens[r] for r in selected))
            named = [QueryTerm(name, name) for name in unmet]
            missing = named + split.unknown + missing_terms(terms, found) or (
                missing_terms(terms, best.sentence.tokens) if best else terms
            )
            return self.replies.refuse(
                lang, missing, selected, cosines, gate=support_gate(best, unmet)
            )
        chosen = with_complement(
            best, pool, terms, self.max_sentences, max(self.support_threshold, COMPLEMENT_SUPPORT)
        )
        subject = asked_subject(question)
        named = [t for t in terms if t.word == subject]
        # An address or a phone number answers "the address" by its form, word or no word.
        stated = subject is not None and any(
            states_subject(subject, c.sentence.text) for c in chosen
        )
        if (
            named
            and not stated
            and not any(term_in(named[0], self._subject_tokens(c, question)) for c in chosen)
        ):
            return self.replies.refuse(lang, named, selected, cosines, gate="subject")
        years = unmet_years(question, selected, self.stats)
        if years:
            asked_years = [QueryTerm(y, y, is_number=True) for y in years]
            return self.replies.refuse(lang, asked_years, selected, cosines, gate="year")
        sentences = [c.sentence for c in chosen]
        around = frozenset().union(*(self.stats.chunk_tokens[c.row] for c in chosen))
        owners = unmet_owners(question, lang, terms, around)
        if owners:
            return self.replies.refuse(lang, owners, selected, cosines, "entity", gate="owners")
        # "The winter shutdown" answered from a passage on the summer one, "the minimum
        # pressure" from the sentence giving the maximum (`contrasts`).
        by_lang: dict[Lang, set[str]] = {}
        for c in chosen:
            by_lang.setdefault(c.sentence.lang, set()).update(self.stats.chunk_tokens[c.row])
        members = sibling_members(question, lang, by_lang) or sibling_bounds(
            question, best.sentence.text
        )
        if members:
            siblings = [QueryTerm(m, m) for m in members]
            return self.replies.refuse(lang, siblings, selected, cosines, gate="siblings")
        parts = included_only(terms, best.sentence) if numeric else []
        if parts:
            return self.replies.refuse(
                lang, parts, selected, cosines, "entity", gate="included-part"
            )
        if not stated and attribute_share(question, terms, sentences, self.stats) < support_bar(
            _ATTRIBUTE_SUPPORT, lang, best.sentence
        ):
            missing = missing_terms(terms, best.sentence.tokens)
            return self.replies.refuse(lang, missing, selected, cosines, gate="attribute-share")
        off_focus = focus_misses(
            question,
            lang,
            best.sentence,
            sentences,
            self.stats,
            terms=terms,
            numeric=numeric,
            quantity=best.quantity,
        )
        if off_focus.terms:
            return self.replies.refuse(
                lang, off_focus.terms, selected, cosines, off_focus.elsewhere, gate="focus"
            )
        short = short_answer(question, best.sentence.text, best.quantity if numeric else None)
        return self.replies.answer(
            chosen=chosen,
            quantity=best.quantity,
            short=short,
            lang=lang,
            rows=selected,
            cosines=cosines,
        )

    # -- retrieval ---------------------------------------------------------------------

    def _cosines(self, question: str, terms: list[QueryTerm]) -> dict[int, float]:
        """Candidate chunk rows (hybrid BM25 + vector top `pool`, best fused first) -> cosine."""
        if not self.index.chunks:
            return {}
        query = self._query_vectors.get(question)
        if query is None:
            query = self.index.embed_queries([question])
        hits = self.retriever.search(question, query, self.pool)
        return {hit.row: hit.cosine for hit in hits}

    @property
    def retriever(self) -> HybridRetriever:
        """BM25 + FAISS over the index, built on first use."""
        if self._retriever is None:
            self._retriever = HybridRetriever(self.index)
        return self._retriever

    def _select_rows(self, candidates: list[Candidate], cosines: dict[int, float]) -> list[int]:
        """The k chunks whose best sentence ranks highest (vector similarity breaks ties)."""
        best = best_per_row(candidates)
        order = sorted(best, key=lambda row: (-selection_key(best[row], cosines[row]), row))
        return order[: self.k]

    # -- decisions ---------------------------------------------------------------------

    def _supported(self, candidate: Candidate, lang: Lang) -> bool:
        """Does the sentence meet the support bar of its language against the question's?"""
        return candidate.support >= support_bar(self.support_threshold, lang, candidate.sentence)

    def _naming_row(
        self, question: str, lang: Lang, candidates: list[Candidate], query: QueryFacts
    ) -> Candidate | None:
        """The best supported table row (a sentence read under its header) that names every
        name the question asks about and, for a "how much" question, gives a value of the
        asked kind; None when there is none. A row names its entity once, in its label, and
        its attribute only in the header, so a prose sentence on another entity's same
        attribute often outranks it."""
        for c in candidates:
            if (
                c.sentence.header
                and self._supported(c, lang)
                and (not query.numeric or gives(c, query.wanted, query.counted))
                and not unmet_entities(question, [c.sentence], self.stats, lang)
            ):
                return c
        return None

    def _subject_tokens(self, candidate: Candidate, question: str) -> frozenset[str]:
        """Where the asked subject must be named: the answer's sentence for a question asking
        whether a thing exists, else anywhere in its chunk (a table's heading names it)."""
        if asks_existence(question):
            return candidate.sentence.tokens
        return self.stats.chunk_tokens[candidate.row]
