"""Plan before writing: which chunks, which case type for each, with a deterministic id.

The plan depends only on the corpus, the index, the seed, the sample size and the mix, so
a rerun of the same command plans the same scenarios and resumes by scenario id.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from builder.generate.bridge import Bridge
from builder.generate.candidates import Candidates, Conflict
from builder.generate.corpus import Corpus, stratified_sample
from builder.generate.facts import Fact
from builder.generate.phrasing import states_value, what_question
from builder.generate.refusals import RefusalTopic
from builder.generate.styles import pick_style
from ragoro.contracts import CaseType
from ragoro.text import Lang
from vectordb import Chunk

# Scarce types are placed first so the common ones do not use up their only chunks. A
# composite goes before a clarification: a conflict is found from both of its chunks (each
# document's value asks it), a bridge only from the chunk that answers it.
_ASSIGN_ORDER: tuple[CaseType, ...] = (
    "composite",
    "clarification",
    "numeric",
    "refusal",
    "narrative",
)
_SCARCE: frozenset[CaseType] = frozenset(["composite", "clarification"])
_FALLBACK: tuple[CaseType, ...] = ("narrative", "numeric", "refusal")
MAX_REFUSAL_SHARE = 0.2
"""Refusals beyond their quota fill at most this share of the sampled chunks."""


@dataclass(frozen=True)
class Scenario:
    """One item to write: a chunk, its case type and what the writer should use."""

    id: str
    order: int
    case_type: CaseType
    lang: Lang
    chunk: Chunk
    partner: Chunk | None = None
    """The other document's chunk of a composite or clarification case."""
    facts: tuple[Fact, ...] = ()
    """Sentences/rows the offline writer turns into the question (hints for a model)."""
    topic: RefusalTopic | None = None
    conflict: Conflict | None = None
    bridge: Bridge | None = None
    """A composite's two hops: document A's fact (the key) and document B's (the answer)."""
    style: str = "question"
    """How the question is to be asked (see `styles`): question, keywords, paraphrase, typo."""

    @property
    def chunk_ids(self) -> list[str]:
        """Ids of every chunk the scenario reads."""
        return [self.chunk.id] + ([self.partner.id] if self.partner else [])

    @property
    def docs(self) -> list[str]:
        """Document paths the scenario reads, main chunk first."""
        docs = [self.chunk.document_path]
        if self.partner is not None:
            docs.append(self.partner.document_path)
        return docs


def scenario_id(seed: int, case_type: str, chunk_ids: list[str], detail: str = "") -> str:
    """Deterministic id of a scenario: seed + case type + chunk ids (+ refusal topic)."""
    blob = f"{seed}|{case_type}|{'+'.join(chunk_ids)}|{detail}"
    return hashlib.sha256(blob.encode()).hexdigest()[:16]


def quotas(mix: dict[CaseType, float], n: int) -> dict[CaseType, int]:
    """Items per type for n chunks (largest remainder); every type gets one when n allows."""
    weights = {t: w for t, w in mix.items() if w > 0}
    total = sum(weights.values())
    raw = {t: n * w / total for t, w in weights.items()}
    out = {t: int(v) for t, v in raw.items()}
    for t in sorted(weights, key=lambda t: (-(raw[t] - out[t]), t)):
        if sum(out.values()) < n:
            out[t] += 1
    if n >= len(weights):
        for t in weights:
            if out[t] == 0:
                donor = max(out, key=lambda d: (out[d], d))
                out[donor] -= 1
                out[t] = 1
    return out


def _rank(facts: list[Fact], vocab: frozenset[str], *, numeric: bool) -> list[Fact]:
    def score(fact: Fact) -> tuple[int, int]:
        questionable = fact.clause is not None and what_question(fact.clause, vocab, fact.lang)
        if numeric:
            return (0 if questionable else 1 if fact.kind == "row" else 2, fact.start)
        has_number = fact.quantity is not None
        return (0 if questionable and not has_number else 1 if fact.clause else 2, fact.start)

    if numeric:
        pool = [
            f
            for f in facts
            if f.quantity is not None
            and (f.kind == "row" or (f.clause is not None and states_value(f.clause)))
        ]
    else:
        pool = [f for f in facts if f.kind == "prose"]
    return sorted(pool, key=score)


class Planner:
    """Builds the scenario list from the sampled chunks and the candidates."""

    def __init__(self, corpus: Corpus, cands: Candidates, seed: int, *, offline: bool) -> None:
        self.corpus = corpus
        self.cands = cands
        self.seed = seed
        self.offline = offline

    def _best(self, chunk: Chunk, *, numeric: bool) -> Fact | None:
        ranked = _rank(
            self.cands.facts.get(chunk.id, []),
            self.corpus.vocab[chunk.document_path],
            numeric=numeric,
        )
        return ranked[0] if ranked else None

    def eligible(self, case_type: CaseType, chunk: Chunk) -> bool:
        """Whether a chunk can hold a case of this type."""
        checks: dict[CaseType, Callable[[], bool]] = {
            "narrative": lambda: not self.offline or self._best(chunk, numeric=False) is not None,
            "numeric": lambda: self._best(chunk, numeric=True) is not None,
            "composite": self._composite_ok(chunk),
            "clarification": lambda: bool(self.cands.conflicts.get(chunk.id)),
            "refusal": lambda: True,
        }
        return checks[case_type]()

    def _composite_ok(self, chunk: Chunk) -> Callable[[], bool]:
        # Offline and model writers alike: a composite is a bridge between two documents.
        return lambda: bool(self.cands.bridges.get(chunk.id))

    def ensure_coverage(
        self, sampled: list[Chunk], mix: dict[CaseType, float], rng: random.Random
    ) -> list[Chunk]:
        """Swap in one eligible chunk for each wanted type no sampled chunk can hold.

        A chunk holds one item: a chunk already counted for a scarcer type (the assignment
        order) does not count for the next one, and is never swapped out."""
        picked = list(sampled)
        chosen = {c.id for c in picked}
        reserved: set[str] = set()
        for case_type in _ASSIGN_ORDER:
            if mix.get(case_type, 0) <= 0:
                continue
            held = next(
                (c for c in picked if c.id not in reserved and self.eligible(case_type, c)), None
            )
            if held is not None:
                reserved.add(held.id)
                continue
            spare = [
                c for c in self.corpus.chunks if c.id not in chosen and self.eligible(case_type, c)
            ]
            free = [c for c in picked if c.id not in reserved]
            if not spare or len(picked) < 2 or not free:
                continue
            per_doc = Counter(c.document_path for c in free)
            crowded = max(per_doc, key=lambda d: (per_doc[d], d))
            out = next(c for c in reversed(free) if c.document_path == crowded)
            incoming = rng.choice(spare)
            picked[picked.index(out)] = incoming
            chosen.discard(out.id)
            chosen.add(incoming.id)
            reserved.add(incoming.id)
        return sorted(picked, key=lambda c: (c.document_path, c.start_char))

    def plan(self, size: int, mix: dict[CaseType, float]) -> list[Scenario]:
        """Sample, assign case types within their quotas, and build the scenarios."""
        rng = random.Random(self.seed)
        sampled = stratified_sample(self.corpus.chunks, size, rng)
        sampled = self.ensure_coverage(sampled, mix, rng)
        left: dict[Lang, int] = {lang: len(t) for lang, t in self.cands.topics.items()}
        want = quotas(mix, len(sampled))
        order = list(sampled)
        rng.shuffle(order)
        assigned: dict[str, CaseType] = {}
        for position, case_type in enumerate(_ASSIGN_ORDER):
            # A chunk a later scarce type could also use is taken last, so both get one.
            later = [t for t in _ASSIGN_ORDER[position + 1 :] if t in _SCARCE and mix.get(t, 0)]
            for chunk in sorted(order, key=lambda c: any(self.eligible(t, c) for t in later)):
                if sum(1 for t in assigned.values() if t == case_type) >= want.get(case_type, 0):
                    break
                if chunk.id not in assigned and self._can_take(case_type, chunk, left):
                    assigned[chunk.id] = case_type
        # Chunks no quota took fall back to an easier type; refusals only up to their cap, so a
        # small folder does not become a set of mostly unanswerable questions.
        refusal_cap = max(want.get("refusal", 0), int(MAX_REFUSAL_SHARE * len(sampled)))
        for chunk in order:
            if chunk.id in assigned:
                continue
            for case_type in _FALLBACK:
                if case_type == "refusal" and (
                    sum(1 for t in assigned.values() if t == "refusal") >= refusal_cap
                ):
                    continue
                if mix.get(case_type, 0) > 0 and self._can_take(case_type, chunk, left):
                    assigned[chunk.id] = case_type
                    break
        topics = {lang: list(found) for lang, found in self.cands.topics.items()}
        for lang in sorted(topics):
            rng.shuffle(topics[lang])
        scenarios: list[Scenario] = []
        for chunk in sampled:
            if chunk.id in assigned:
                scenario = self._scenario(len(scenarios), assigned[chunk.id], chunk, topics)
                scenarios.append(scenario)
        return scenarios

    def _can_take(self, case_type: CaseType, chunk: Chunk, left: dict[Lang, int]) -> bool:
        """Eligible, and for a refusal an unused topic is left in the chunk's language
        (one topic is reserved when this returns True for a refusal)."""
        if case_type != "refusal":
            return self.eligible(case_type, chunk)
        lang = self.corpus.lang_of(chunk)
        if left.get(lang, 0) <= 0:
            return False
        left[lang] -= 1
        return True

    def _scenario(
        self,
        order: int,
        case_type: CaseType,
        chunk: Chunk,
        topics: dict[Lang, list[RefusalTopic]],
    ) -> Scenario:
        lang = self.corpus.lang_of(chunk)
        partner: Chunk | None = None
        facts: tuple[Fact, ...] = ()
        topic: RefusalTopic | None = None
        conflict: Conflict | None = None
        bridge: Bridge | None = None
        if case_type == "refusal":
            topic = topics[lang].pop()
        elif case_type == "clarification":
            conflict = self.cands.conflicts[chunk.id][0]
            facts = (conflict.first, conflict.second)
            partner = self._chunk_holding(conflict.second)
        elif case_type == "composite":
            bridge = self.cands.bridges[chunk.id][0]
            facts = (bridge.first, bridge.second)
            partner = self._chunk_holding(bridge.first)
        else:
            best = self._best(chunk, numeric=case_type == "numeric")
            facts = (best,) if best is not None else ()
        ids = [chunk.id] + ([partner.id] if partner else [])
        sid = scenario_id(self.seed, case_type, ids, topic.key if topic else "")
        style = pick_style(sid) if case_type in ("narrative", "numeric") else "question"
        return Scenario(
            sid, order, case_type, lang, chunk, partner, facts, topic, conflict, bridge, style
        )

    def _chunk_holding(self, fact: Fact) -> Chunk:
        return next(
            c
            for c in self.corpus.chunks
            if c.document_path == fact.doc and c.start_char <= fact.start < c.end_char
        )
