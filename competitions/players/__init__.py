"""The public player page's tables."""
