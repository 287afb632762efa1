"""The offline judge's text checks: faithfulness here, accuracy and relevancy beside it.

Plain token overlap is fooled by a flipped number, a flipped negation, swapped roles and
an evasive echo of the question, and misses the same number written another way (in
words, in the other language's format); each of these has its own check (see DESIGN.md,
"What the field has learned"). No score has a floor: a constant answer gets no credit
it did not earn.
"""

from __future__ import annotations

import dataclasses
import re

from judges.accuracy import answer_accuracy
from judges.focus import focus_elsewhere
from judges.instructions import is_instruction
from judges.ordering import order_flip
from judges.question_type import is_yes_no_question
from judges.reading import analysed, prepare, reading_language
from judges.relevancy import answer_relevancy
from judges.roles import names_only
from judges.scores import LexicalConfig, Score, scored
from judges.support import (
    Source,
    Support,
    source_of,
    split_clauses_text,
    support,
)
from ragoro.text.behaviour import is_clarification_request, is_refusal
from ragoro.text.evidence import token_recall
from ragoro.text.lang import Lang, detect_language
from ragoro.text.negation import has_negation
from ragoro.text.questions import QUESTION_STEMS, leading_yes_no
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
    "is_instruction",
    "is_refusal",
]

ClaimCheck = Support

_SOURCE_LINE_RE = re.compile(
    r"^\s*(?:fonte|fonti|source|sources|riferiment\w*|references?)\s*:", re.IGNORECASE
)


def claims(answer: str, lang: Lang, cfg: LexicalConfig | None = None) -> list[str]:
    """The answer's checkable statements: its sentences minus questions, refusals, sources
    lines, directives to the grader and sentences too short to state anything."""
    config = cfg or LexicalConfig()
    out = []
    for sentence in split_sentences(prepare(answer)):
        s = sentence.text
        if s.rstrip(" )\"'»”").endswith("?") or _SOURCE_LINE_RE.match(s):
            continue
        if is_refusal(s, lang) or is_instruction(s):
            continue
        probe = analysed(s, lang)
        if len(probe.tokens) >= config.min_claim_tokens or probe.quantities or probe.dates:
            out.append(s)
    return out


def claim_support(
    claim: str, context: str, cfg: LexicalConfig | None = None, lang: Lang | None = None
) -> ClaimCheck:
    """Is one claim backed by the context? Aligned to the context sentence that states it,
    with its numbers, dates and names bound there, its polarity and roles the same."""
    config = cfg or LexicalConfig()
    language = lang or config.lang or detect_language(claim)
    source = source_of([context], lang or config.lang)
    return support(
        analysed(prepare(claim), language), source, config.support_threshold, config.clause_overlap
    )


def _polar(answer: str, question: str, source: Source, lang: Lang, cfg: LexicalConfig) -> Score:
    """A bare yes/no: the question's proposition, with the answer's polarity, must be
    what the context says."""
    said = leading_yes_no(answer)
    asked = analysed(prepare(question), lang)
    tokens = [t for t in asked.tokens if t not in QUESTION_STEMS]
    best, best_text = 0.0, ""
    for window in source.windows:
        coverage, _ = token_recall(tokens, window.token_set)
        if coverage > best:
            best, best_text = coverage, window.text
    threshold = cfg.faithfulness_threshold
    if best < cfg.clause_overlap:
        return scored(0.0, threshold, "the context does not say whether the answer is right")
    # Polarity is the clause's that states the proposition, not the window's: "photos are
    # allowed without flash; tripods are not permitted" allows photos.
    clauses = split_clauses_text(best_text) or [best_text]
    stating = max(clauses, key=lambda c: token_recall(tokens, analysed(c, lang).token_set)[0])
    context_yes = has_negation(question, lang) == has_negation(stating, lang)
    if context_yes == said:
        return scored(1.0, threshold, f"the context agrees: '{best_text[:80]}'")
    return scored(0.0, threshold, f"the context says the opposite: '{best_text[:80]}'")


def _fragment(
    answer: str, question: str | None, source: Source, lang: Lang, cfg: LexicalConfig
) -> Score:
    """An answer with no full statement ("1962.", "Bianchi.", "Sì."): read it with the
    question it answers; a fragment with no number, date or name claims nothing."""
    threshold = cfg.faithfulness_threshold
    if question and is_yes_no_question(question) and leading_yes_no(answer) is not None:
        return _polar(answer, question, source, lang, cfg)
    piece = analysed(prepare(answer), lang)
    if not (piece.quantities or piece.dates or piece.entities):
        # A fragment may still state a relation with the question's words: "After
        # cleaning it." to "When must it be unplugged?" says when.
        told = " ".join(w.text for w in source.windows)
        langs = {w.lang for w in source.windows}
        flip = order_flip(f"{question or ''} {answer}", told, lang, min(langs)) if langs else ""
        if flip:
            return scored(0.0, threshold, f"short answer: {flip}")
        return scored(1.0, threshold, "claims nothing checkable, so invents nothing")
    elliptic = analysed(prepare(f"{question or ''} {answer}"), lang)
    check = support(elliptic, source, 0.0, cfg.clause_overlap)
    if check.supported and question:
        elsewhere = focus_elsewhere(piece, prepare(question), source)
        if elsewhere:
            return scored(0.0, threshold, f"short answer: {elsewhere}")
    return scored(float(check.supported), threshold, f"short answer: {check.reason}")


def _statement_support(
    statement: str,
    question: str | None,
    source: Source,
    lang: Lang,
    cfg: LexicalConfig,
    *,
    alone: bool = True,
) -> Support:
    """One statement against the source. A verbless one that names nothing but its value
    ("30 days.") is elliptic: it says that value of what the question asks about, so it
    is read with the question ("How long is the window for X? 30 days")."""
    claim = analysed(statement, lang)
    elliptic = (
        question is not None
        and len(claim.tokens) <= 1
        and (claim.quantities or claim.dates)
        and not _FINITE_RE.search(statement)
    )
    if not elliptic:
        checked = support(claim, source, cfg.support_threshold, cfg.clause_overlap)
        if (
            checked.supported
            and alone
            and question is not None
            and names_only(statement, claim)
            and not _FINITE_RE.search(statement)
            and (claim.entities or claim.quantities or claim.dates)
        ):
            # A verbless name or value ("Chiara Valli.") fills the question's wh-slot.
            elsewhere = focus_elsewhere(claim, prepare(question), source)
            if elsewhere:
                return Support(False, checked.coverage, elsewhere)
        return checked
    elsewhere = focus_elsewhere(claim, prepare(question), source) if alone else ""
    if elsewhere:
        return Support(False, 0.0, elsewhere)
    read = analysed(prepare(f"{question} {statement}"), lang)
    # The question's words bind the value to what it is of; its own numbers, dates and
    # names ("in 2025", "the PX-200") are the asker's, given and not claimed.
    read = dataclasses.replace(
        read,
        quantities=claim.quantities,
        all_quantities=claim.all_quantities,
        dates=claim.dates,
        entities=claim.entities,
    )
    return support(read, source, 0.0, cfg.clause_overlap, roles=False)


_FINITE_RE = re.compile(
    r"\b(?:is|are|was|were|will|has|have|had|must|can|è|sono|era|fu|sarà|ha|hanno|deve|può)\b",
    re.IGNORECASE,
)


def faithfulness(
    answer: str,
    contexts: list[str],
    cfg: LexicalConfig | None = None,
    lang: Lang | None = None,
    question: str | None = None,
) -> Score:
    """Supported claims / total claims. A refusal, or an answer that states nothing
    checkable, invents nothing: it is faithful (whether it is right is accuracy's job)."""
    config = cfg or LexicalConfig()
    context = "\n\n".join(contexts)
    # Each text is read in its own language: an Italian answer to English contexts.
    language = lang or config.lang or reading_language(answer, question)
    threshold = config.faithfulness_threshold
    if not answer.strip():
        return Score(None, None, "empty answer: it makes no claims")
    if is_refusal(answer, language):
        return scored(1.0, threshold, "a refusal claims nothing, so it invents nothing")
    if not context.strip():
        statements = claims(answer, language, config)
        if not statements:
            return scored(1.0, threshold, "claims nothing checkable, so invents nothing")
        return scored(0.0, threshold, "no context to support any claim")
    source = source_of(contexts, lang or config.lang)
    statements = claims(answer, language, config)
    if not statements:
        return _fragment(answer, question, source, language, config)
    # Only an answer that is one bare name or value is read as the question's wh-slot.
    alone = len(statements) == 1
    checks = [
        (s, _statement_support(s, question, source, language, config, alone=alone))
        for s in statements
    ]
    supported = sum(1 for _, c in checks if c.supported)
    failed = [f"'{s[:60]}': {c.reason}" for s, c in checks if not c.supported]
    reason = f"{supported}/{len(checks)} claims supported"
    if failed:
        reason += "; " + " | ".join(failed[:3])
    return scored(supported / len(checks), threshold, reason)
