"""HTML rendering shared by the evaluator's report and the builder's review page."""

from ragoro.render.highlight import HIGHLIGHT_CSS, Span, excerpt_html, page_of

__all__ = ["HIGHLIGHT_CSS", "Span", "excerpt_html", "page_of"]
