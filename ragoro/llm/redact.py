"""Remove API keys from text before it is stored or printed.

Providers sometimes echo the key they were sent ("Incorrect API key provided: sk-..."),
and SDK errors may carry request URLs with `?key=`. Two nets: the key values configured
in the environment (every provider's key variables) or passed explicitly, and anything
shaped like a key.
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterable

MASK = "[REDACTED]"
_MIN_SECRET = 8
"""Shorter configured values are not masked: they would blot out ordinary words."""

# Well-known key shapes, and values following key-ish names (key=..., Bearer ...).
_SHAPES = re.compile(
    r"\bsk-[A-Za-z0-9_\-]{12,}"  # OpenAI, Anthropic (sk-ant-...)
    r"|\bAIza[0-9A-Za-z_\-]{20,}"  # Google API keys
    r"|\b(?:xox[abposr]|ghp|gho|github_pat|glpat|hf)_[A-Za-z0-9_\-]{12,}"
    r"|(?i:\bbearer\s+)[A-Za-z0-9._~+/\-]{12,}=*"
    r"|(?i:(?:api[_-]?key|x-goog-api-key|access[_-]?token|secret|password|key)"
    r"[\"']?\s*[:=]\s*[\"']?)[A-Za-z0-9._~+/\-]{12,}"
)
_extra: set[str] = set()
_key_envs: set[str] = {"OPENAI_API_KEY", "GOOGLE_API_KEY", "GEMINI_API_KEY", "ANTHROPIC_API_KEY"}
_lock = threading.Lock()


def register_key_envs(names: Iterable[str]) -> None:
    """Environment variables whose values are keys (the factory registers each provider's)."""
    with _lock:
        _key_envs.update(names)


def register_secret(value: str | None) -> None:
    """Mask `value` from now on too (a key passed explicitly, not through the env)."""
    if value and len(value) >= _MIN_SECRET:
        with _lock:
            _extra.add(value)


def configured_secrets() -> list[str]:
    """Key values this process knows: provider key variables and registered ones."""
    with _lock:
        values = {os.environ.get(name, "") for name in _key_envs} | _extra
    return sorted((v for v in values if len(v) >= _MIN_SECRET), key=len, reverse=True)


def redact(text: str, secrets: Iterable[str] | None = None) -> str:
    """`text` with every configured key value and every key-shaped token masked."""
    for secret in configured_secrets() if secrets is None else secrets:
        if secret:
            text = text.replace(secret, MASK)

    def mask(match: re.Match[str]) -> str:
        token = match.group(0)
        # Keep the "api_key=" / "Bearer " part so the message still says what was there.
        head = re.match(r"(?i)(?:bearer\s+|[^:=]*[:=]\s*[\"']?)", token)
        if head and head.group(0) and not token.startswith(("sk-", "AIza")):
            return head.group(0) + MASK
        return MASK

    return _SHAPES.sub(mask, text)
