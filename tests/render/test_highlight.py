"""ragoro.render: excerpts with escaped text, two kinds of marks, and page labels."""

from __future__ import annotations

from ragoro.render import Span, excerpt_html, page_of
from tests.html_probe import probe


def _wrapped(html: str) -> str:
    return f"<details class='case' data-case='c'>{html}</details>"


def test_overlapping_passage_and_context_split_into_marks_of_both_kinds() -> None:
    text = "alpha beta gamma delta epsilon"
    html = excerpt_html(text, [Span(6, 16, "gold", 0), Span(11, 22, "ctx", 0)])
    case = probe(_wrapped(html)).cases["c"]
    assert case.gold["0"] == "beta gamma" and case.ctx["0"] == "gamma delta"
    assert '<mark class="ctx gold" data-p="0" data-c="0">gamma</mark>' in html


def test_document_text_is_escaped() -> None:
    text = "before <script>alert(1)</script> & after"
    html = excerpt_html(text, [Span(7, 32, "gold", 0)])
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert probe(_wrapped(html)).cases["c"].gold["0"] == "<script>alert(1)</script>"


def test_windows_keep_context_around_spans_and_merge_when_close() -> None:
    text = "x" * 1000 + "FIRST" + "y" * 50 + "SECOND" + "z" * 1000
    html = excerpt_html(
        text, [Span(1000, 1005, "gold", 0), Span(1055, 1061, "gold", 1)], context=100
    )
    assert html.count('class="window"') == 1 and html.count("…") == 2
    apart = excerpt_html(text, [Span(0, 5, "gold", 0), Span(2056, 2061, "gold", 1)], context=10)
    assert apart.count('class="window"') == 2


def test_pages_label_each_window_and_mark_breaks_inside_it() -> None:
    text = "page one text\n\f\npage two text"
    pages = [(0, 13), (16, 29)]
    html = excerpt_html(text, [Span(5, 21, "gold", 0)], pages=pages, paged=True)
    labels = probe(_wrapped(html)).cases["c"].page_labels
    assert labels == ["page 1", "page 2"]
    assert page_of(pages, 20) == 2 and page_of(pages, 0) == 1 and page_of([], 7) == 1


def test_spans_outside_the_text_are_dropped() -> None:
    assert excerpt_html("short", [Span(3, 99, "gold", 0)]) == ""
