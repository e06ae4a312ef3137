"""Printed sheets and table lists (PDF) of a round and a match."""
