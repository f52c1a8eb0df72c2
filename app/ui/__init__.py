"""Widgets. A widget shows the model and emits intents; it never computes element data."""
