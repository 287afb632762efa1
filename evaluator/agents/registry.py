"""The agent registry: a new agent is one module with a factory plus one line here.

`make_agent` looks a spec up here first; a 'provider:model' string (the LLM agent) and a
'module:callable' / 'file.py:callable' spec (the user's own agent) are the fallbacks.
Agents may also be registered at run time: ``AGENTS["mine"] = MyAgent.from_options``.
"""

from __future__ import annotations

from evaluator.agents.extractive import ExtractiveAgent
from evaluator.agents.null import ContextAgent, EchoAgent, RefuseAgent, SwapAgent, YesAgent
from evaluator.agents.options import AgentFactory
from evaluator.agents.reference import ReferenceAgent

__all__ = ["AGENTS"]

AGENTS: dict[str, AgentFactory] = {
    "extractive": ExtractiveAgent.from_options,
    "reference": ReferenceAgent.from_options,
    "null:yes": YesAgent.from_options,
    "null:echo": EchoAgent.from_options,
    "null:swap": SwapAgent.from_options,
    "null:refuse": RefuseAgent.from_options,
    "null:context": ContextAgent.from_options,
}
