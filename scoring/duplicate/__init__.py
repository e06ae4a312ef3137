"""Duplicate klaverjas ("portefeuille"): every table plays the same boards, and a pair's result on
a board is compared with the pairs of its line who held the same cards.

- ``models``     the dealt boards (DuplicateSetup, Board); rounds, tables and deals are the usual rows
- ``services``   create the evening: deal the boards, seat the Mitchell movement, publish
- ``selectors``  results per board, matchpoints, standings by percentage, a pair's comparison
- ``tables``, ``views``, ``urls``, ``exports`` the pages and PDFs (hand records, frequency sheets)
- ``demo``       the played demo evening of ``seed_demo``

The pure parts: ``competitions.pairings.mitchell`` (movement), ``scoring.rules.boards`` (dealing),
``scoring.rules.matchpoints`` (the arithmetic).
"""
