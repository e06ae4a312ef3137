"""Leagues: the fixture list, its results, the calendar feed and the team page."""
