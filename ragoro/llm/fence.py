"""Fences for untrusted data in prompts: documents, chunks, answers and source names.

Data goes inside a tag (`<document source="...">...</document>`) and the prompt says the
tagged text is data. `defuse` rewrites any of our fence tags written inside the data
(`</document>`, `< / Document >`, `<context ...>`) as `&lt;...`, so no document, chunk or
answer can close its fence and speak as the prompt; attribute values (file names) are
escaped so a quote in a name cannot end the attribute either.
"""

from __future__ import annotations

import re

__all__ = ["FENCE_TAGS", "attribute", "defuse", "fence"]

FENCE_TAGS = (
    "agent_answer",
    "answer",
    "case_data",
    "chunk",
    "context",
    "document",
    "documents",
    "passage",
    "question",
    "reference_answer",
    "retrieved_contexts",
    "source",
)
"""Every tag name ragoro's prompts fence data with."""

_TAG_RE = re.compile(
    r"<(\s*/?\s*(?:" + "|".join(sorted(FENCE_TAGS, key=len, reverse=True)) + r")\b)",
    re.IGNORECASE,
)


def defuse(text: str) -> str:
    """`text` with every fence tag in it (opening or closing, any case or spacing)
    turned into inert text."""
    return _TAG_RE.sub(r"&lt;\1", text)


def attribute(value: str) -> str:
    """`value` safe inside a double-quoted attribute: one line, no quote, no tag."""
    flat = " ".join(value.split())
    return (
        flat.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")
    )


def fence(tag: str, body: str, **attrs: str) -> str:
    """`<tag a="v">\\nbody\\n</tag>` with the body defused and the attributes escaped."""
    if tag not in FENCE_TAGS:
        raise ValueError(f"{tag!r} is not a fence tag: add it to FENCE_TAGS")
    shown = "".join(f' {name}="{attribute(value)}"' for name, value in attrs.items())
    return f"<{tag}{shown}>\n{defuse(body)}\n</{tag}>"
