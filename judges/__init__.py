"""Judges: score agent outcomes against golden items, one metric at a time."""
