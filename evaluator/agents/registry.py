"""The agent registry: a new agent is one module with a factory plus one line here.

`make_agent` looks a spec up here first; a 'provider:model' string (the LLM agent) and a
'module:callable' / 'file.py:callable' spec (the user's own agent) are the fallbacks.
Agents may also be registered at run time: ``AGENTS["mine"] = MyAgent.from_options``.
"""

from __future__ import annotations

from evaluator.agents.extractive import ExtractiveAgent
from evaluator.agents.options import AgentFactory

__all__ = ["AGENTS"]

AGENTS: dict[str, AgentFactory] = {
    "extractive": ExtractiveAgent.from_options,
}
