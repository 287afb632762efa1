"""Tests of ragoro.llm."""
