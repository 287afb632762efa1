"""Loopback fake servers for the LLM wire protocols (OpenAI Chat Completions, Gemini)."""
