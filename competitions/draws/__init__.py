"""Draws: the bridge to the pure pairing engine, whist schedules, draw methods, table codes."""
