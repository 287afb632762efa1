"""Human review of golden items: accept, edit or reject, recorded on each item."""

from builder.review.decide import Edit, ReviewError, decide, review_counts
from builder.review.server import ReviewServer, make_server
from builder.review.store import ReviewStore

__all__ = [
    "Edit",
    "ReviewError",
    "ReviewServer",
    "ReviewStore",
    "decide",
    "make_server",
    "review_counts",
]
