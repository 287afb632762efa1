"""Sentences of running text, with spans into the text they come from.

A sentence ends at ".", "!" or "?" followed by white space and a capital letter, a digit
or a quote, except after an abbreviation with inner dots (S.p.A.), a single capital (an
initial) or a leading list number ("1. Scope"). Layout text (a PDF page) is first cut into
paragraphs: a line break joins two lines of one paragraph unless the line is short and
the next begins a new sentence or heading.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

Span = tuple[int, int]

_END = re.compile(r"[.!?](?=[\"'”»)]*\s+[\"'“«]?[A-ZÀ-ÖØ-Þ0-9])")
_ABBREVIATION = re.compile(
    r"(?:\b\w\.){2,}\w?$|\b[A-ZÀ-Þ]$|^\s*\d{1,3}$"
    r"|\b(?:e\.g|i\.e|cfr|art|nr|fig|tab|ecc|etc|dott|ing|sig|prof|avv|dr|mr|mrs|ms|vs)$",
    re.IGNORECASE,
)
# No "^": Pattern.match(text, pos) anchors at pos, where "^" would only match at 0.
_BULLET = re.compile(r"\s*(?:[•·▪◦‣∙*–-]|\d{1,2}\)|#{1,6})\s+")
"""A list marker, or a Markdown heading's hashes: markup, not part of the sentence."""
SHORT_LINE = 0.7
"""A line shorter than this share of the page's longest line may end a paragraph."""


def normalise(text: str) -> str:
    """Whitespace runs collapsed to one space, ends stripped: how sentences compare."""
    return " ".join(text.split())


def split_sentences(text: str, start: int = 0, end: int | None = None) -> list[Span]:
    """Spans of the sentences in text[start:end], white space trimmed, none empty."""
    stop = len(text) if end is None else end
    spans: list[Span] = []
    cursor = start
    for match in _END.finditer(text, start, stop):
        before = text[cursor : match.start()]
        if _ABBREVIATION.search(before):
            continue
        spans.append((cursor, match.end()))
        cursor = match.end()
    spans.append((cursor, stop))
    return [trimmed for s, e in spans if (trimmed := _trim(text, s, e))[0] < trimmed[1]]


def _trim(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    bullet = _BULLET.match(text, start, end)
    if bullet:
        start = bullet.end()
    return start, end


def line_spans(text: str, start: int, end: int) -> list[Span]:
    """The non-blank lines of text[start:end] as spans."""
    spans = []
    cursor = start
    for line in text[start:end].split("\n"):
        line_end = cursor + len(line)
        if line.strip():
            spans.append((cursor, line_end))
        cursor = line_end + 1
    return spans


def paragraphs(text: str, lines: Sequence[Span]) -> list[list[Span]]:
    """Group lines into paragraphs: a blank line, a list item or a heading always starts
    one; otherwise see the module docstring."""
    if not lines:
        return []
    longest = max(e - s for s, e in lines)
    groups: list[list[Span]] = [[lines[0]]]
    for previous, line in itertools.pairwise(lines):
        prev_text = text[previous[0] : previous[1]].rstrip()
        next_text = text[line[0] : line[1]].lstrip()
        bullet = _BULLET.match(next_text) is not None or prev_text.startswith("#")
        blank_between = "\n" in text[previous[1] : line[0]].replace("\n", "", 1)
        starts_new = next_text[:1].isupper() or next_text[:1].isdigit()
        short = len(prev_text) < SHORT_LINE * longest
        if bullet or blank_between or (short and starts_new and not prev_text.endswith((",", ";"))):
            groups.append([line])
        else:
            groups[-1].append(line)
    return groups
