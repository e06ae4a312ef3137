"""Movements (Mitchell and others): the movement page and the cards for the tables."""
