"""Scoring core of the offline deterministic judge: pure functions, IT + EN, no model.

Plain token overlap is fooled by a flipped number, a flipped negation, a swapped entity
and an evasive echo of the question, and misses the same number written another way;
each of these has its own check here (see DESIGN.md, "What the field has learned").
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from ragoro.contracts import Verdict
from ragoro.text.behaviour import is_clarification_request, is_refusal
from ragoro.text.evidence import (
    Analysis,
    analyse,
    date_in,
    match_quantity,
    negation_flip,
    strip_citations,
    token_recall,
)
from ragoro.text.lang import Lang, content_tokens, detect_language, stem
from ragoro.text.negation import has_negation
from ragoro.text.questions import (
    FILLER_STEMS,
    QUESTION_STEMS,
    asks_how_much,
    leading_yes_no,
    starts_with_yes_no,
    wanted_units,
)
from ragoro.text.sentences import split_sentences

__all__ = [
    "ClaimCheck",
    "LexicalConfig",
    "Score",
    "answer_accuracy",
    "answer_relevancy",
    "claim_support",
    "claims",
    "faithfulness",
    "is_clarification_request",
    "is_refusal",
]


@dataclass(frozen=True)
class LexicalConfig:
    """Thresholds of the lexical judge."""

    support_threshold: float = 0.6
    """Share of a claim's content tokens the context must contain."""
    accuracy_threshold: float = 0.5
    relevancy_threshold: float = 0.5
    faithfulness_threshold: float = 0.8
    """Share of supported claims for faithfulness to pass."""
    clause_overlap: float = 0.5
    """Token overlap for two clauses to be compared for negation."""
    min_claim_tokens: int = 2
    """A sentence with fewer content tokens and no number is not a claim ("Sì, certo.")."""
    short_answer_tokens: int = 8
    """Answers this short are not penalised for not repeating the question's words."""
    lang: Lang | None = None
    """Force a language; detected from the texts when None."""


@dataclass(frozen=True)
class Score:
    """A metric value in [0, 1] or unscored (value None) with the reason either way."""

    value: float | None
    passed: bool | None
    reason: str

    @property
    def scored(self) -> bool:
        """True when the metric produced a value."""
        return self.value is not None

    def to_verdict(self, case_id: str, metric: str) -> Verdict:
        """The contract form of this score for one case and metric."""
        if self.value is None:
            return Verdict.unscored(case_id, metric, self.reason)
        return Verdict(
            case_id=case_id, metric=metric, value=self.value, passed=self.passed, reason=self.reason
        )


@dataclass(frozen=True)
class ClaimCheck:
    """Whether one claim is backed by the context, and why."""

    supported: bool
    coverage: float
    reason: str


def _scored(value: float, threshold: float, reason: str) -> Score:
    bounded = min(1.0, max(0.0, value))
    return Score(bounded, bounded >= threshold, reason)


def _lang(cfg: LexicalConfig, *texts: str) -> Lang:
    return cfg.lang or detect_language(" ".join(texts))


_SOURCE_LINE_RE = re.compile(
    r"^\s*(?:fonte|fonti|source|sources|riferiment\w*|references?)\s*:", re.IGNORECASE
)


def claims(answer: str, lang: Lang, cfg: LexicalConfig | None = None) -> list[str]:
    """The answer's checkable statements: its sentences minus questions, refusals, sources
    lines and sentences too short to state anything."""
    config = cfg or LexicalConfig()
    out = []
    text = strip_citations(answer)
    for sentence in split_sentences(text):
        s = sentence.text
        if s.endswith("?") or _SOURCE_LINE_RE.match(s) or is_refusal(s, lang):
            continue
        probe = analyse(s, lang)
        if len(probe.tokens) >= config.min_claim_tokens or probe.quantities or probe.dates:
            out.append(s)
    return out


def _problems(claim: Analysis, source: Analysis, cfg: LexicalConfig, what: str) -> list[str]:
    """Hard failures of claim against source: numbers, units, dates, entities, negation."""
    problems = []
    for q in claim.quantities:
        match = match_quantity(q, source.all_quantities)
        if match.conflict is not None and not match.found:
            problems.append(f"unit changed: {q.written_unit} vs {match.conflict.written_unit}")
        elif not match.found:
            problems.append(f"number {q.raw.strip()} not in {what}")
    problems += [f"date {d} not in {what}" for d in claim.dates if not date_in(d, source.dates)]
    missing = sorted(
        e
        for e in claim.entities
        if e not in source.words and stem(e, claim.lang) not in source.words
    )
    if missing:
        problems.append(f"entity {', '.join(missing)} not in {what}")
    flip = negation_flip(claim.clauses, source.clauses, cfg.clause_overlap)
    if flip:
        problems.append(f"negation flipped: {flip}")
    return problems


def _check(claim: Analysis, context: Analysis, cfg: LexicalConfig) -> ClaimCheck:
    if not claim.tokens and not claim.quantities and not claim.dates:
        return ClaimCheck(False, 0.0, "claim has no checkable content")
    coverage, missing = token_recall(claim.tokens, context.token_set)
    problems = _problems(claim, context, cfg, "context")
    if coverage < cfg.support_threshold:
        problems.append(
            f"coverage {coverage:.2f} < {cfg.support_threshold} (missing: {', '.join(missing[:5])})"
        )
    reason = "; ".join(problems) or f"supported (coverage {coverage:.2f})"
    return ClaimCheck(not problems, coverage, reason)


def claim_support(
    claim: str, context: str, cfg: LexicalConfig | None = None, lang: Lang | None = None
) -> ClaimCheck:
    """Is one claim backed by the context? Token coverage plus number, unit, date, entity
    and negation checks; any of those failing makes the claim unsupported."""
    config = cfg or LexicalConfig()
    language = lang or _lang(config, context, claim)
    return _check(analyse(claim, language), analyse(context, language), config)


def faithfulness(
    answer: str, contexts: list[str], cfg: LexicalConfig | None = None, lang: Lang | None = None
) -> Score:
    """Supported claims / total claims. An answer without claims (a refusal, an empty or
    question-only answer) is unscored with the reason: claiming nothing is not 0 or 1."""
    config = cfg or LexicalConfig()
    context = "\n\n".join(contexts)
    language = lang or _lang(config, context, answer)
    if not answer.strip():
        return Score(None, None, "empty answer: it makes no claims")
    if is_refusal(answer, language):
        return Score(None, None, "answer makes no claims (refusal)")
    statements = claims(answer, language, config)
    if not statements:
        return Score(None, None, "answer makes no claims")
    if not context.strip():
        return _scored(0.0, config.faithfulness_threshold, "no context to support any claim")
    source = analyse(context, language)
    checks = [(s, _check(analyse(s, language), source, config)) for s in statements]
    supported = sum(1 for _, c in checks if c.supported)
    failed = [f"'{s[:60]}': {c.reason}" for s, c in checks if not c.supported]
    reason = f"{supported}/{len(checks)} claims supported"
    if failed:
        reason += "; " + " | ".join(failed[:3])
    return _scored(supported / len(checks), config.faithfulness_threshold, reason)


def answer_accuracy(
    answer: str,
    reference: str,
    cfg: LexicalConfig | None = None,
    lang: Lang | None = None,
    question: str | None = None,
) -> Score:
    """Does the answer carry the reference's key content? Reference token recall (words
    the question already contains are not required), and every reference number, date and
    entity must appear; a negation flip, a flipped yes/no or a changed unit fails outright."""
    config = cfg or LexicalConfig()
    if not reference.strip():
        return Score(None, None, "no reference answer to compare with")
    language = lang or _lang(config, reference, answer)
    threshold = config.accuracy_threshold
    if is_refusal(reference, language):
        if is_refusal(answer, language):
            return _scored(1.0, threshold, "both the reference and the answer decline")
        return _scored(0.0, threshold, "the reference declines but the answer does not")
    if not answer.strip():
        return _scored(0.0, threshold, "empty answer")
    if is_refusal(answer, language):
        return _scored(0.0, threshold, "the answer declines but the reference answers")
    ref = analyse(strip_citations(reference), language)
    ans = analyse(strip_citations(answer), language)
    given: set[str] = set()
    if question:
        # What the question already states need not be repeated by the answer.
        asked = analyse(question, language)
        given = set(asked.tokens)
        ref = dataclasses.replace(
            ref,
            quantities=tuple(
                q for q in ref.quantities if not match_quantity(q, asked.all_quantities).found
            ),
            entities=ref.entities - asked.words,
        )
    required = [t for t in ref.tokens if t not in given]
    recall, missing = token_recall(required, ans.token_set)
    problems = _problems(ref, ans, config, "answer")
    said, meant = leading_yes_no(answer), None
    if said is not None:
        # "No." to a yes/no question: the polarity is the whole answer.
        meant = leading_yes_no(reference)
        if meant is None and question:
            meant = not has_negation(reference, language)
        if meant is not None and meant != said:
            problems.append(f"answers {'yes' if said else 'no'}, the reference says the opposite")
    if problems:
        return _scored(0.0, threshold, "; ".join(problems))
    # The reference's numbers all being there (or the right yes/no) is most of the content.
    key_given = bool(ref.quantities) or (said is not None and said == meant)
    value = 0.5 + 0.5 * recall if key_given else recall
    reason = f"reference content recall {recall:.2f}"
    if missing:
        reason += f" (missing: {', '.join(missing[:5])})"
    return _scored(value, threshold, reason)


def answer_relevancy(
    question: str, answer: str, cfg: LexicalConfig | None = None, lang: Lang | None = None
) -> Score:
    """Is the answer about the question and not evasive? Refusals and answers that only
    echo the question's words score 0, as does a quantity question answered without a
    number (or with the wrong kind of number)."""
    config = cfg or LexicalConfig()
    language = lang or _lang(config, question, answer)
    threshold = config.relevancy_threshold
    if not answer.strip():
        return _scored(0.0, threshold, "empty answer")
    if is_refusal(answer, language):
        return _scored(0.0, threshold, "a refusal does not answer the question")
    q_tokens = [
        t for t in content_tokens(question, language, numbers=False) if t not in QUESTION_STEMS
    ]
    ans = analyse(strip_citations(answer), language)
    overlap, _ = token_recall(q_tokens, ans.token_set) if q_tokens else (0.5, [])
    new = [t for t in ans.tokens if t not in q_tokens and t not in FILLER_STEMS]
    if is_clarification_request(answer):
        return _scored(max(0.5, overlap), threshold, "clarification request on the question")
    direct = starts_with_yes_no(answer) and not asks_how_much(question)
    if not new and not ans.quantities and not ans.dates and not direct:
        return _scored(0.0, threshold, "evasive: repeats the question's words, adds nothing")
    wanted = wanted_units(question, language)
    if wanted is not None:
        if not ans.quantities and not ans.dates:
            return _scored(0.0, threshold, "the question asks for a quantity; none given")
        units = {q.unit for q in ans.quantities}
        if wanted and None not in units and not units & wanted:
            got = ", ".join(sorted(u for u in units if u))
            return _scored(0.2, threshold, f"wrong kind of quantity: {got}, not {sorted(wanted)}")
        return _scored(0.6 + 0.4 * overlap, threshold, f"quantity given; overlap {overlap:.2f}")
    if direct or len(ans.tokens) <= config.short_answer_tokens:
        return _scored(max(0.6, overlap), threshold, f"short direct answer; overlap {overlap:.2f}")
    return _scored(0.4 + 0.6 * overlap, threshold, f"question-word overlap {overlap:.2f}")
