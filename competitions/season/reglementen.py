"""Season templates, each taken from how real Dutch clubs write their reglement (RULES.md §9).

A template is a named set of settings (model field names). Choosing one fills the settings form (or
an API request) with its values; everything stays adjustable before saving, and nothing of a
template is remembered apart from the values it filled in. The figures are the ones the clubs
publish: best 5 of 7 evenings with at least 5 played; every evening counting with a points
champion beside the champion; periods of 6 evenings of which the best 4 count; fixed pairs meeting
twice; teams of four on match points 2-1-0.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy as _

from competitions.season.validation import setting_names


@dataclass(frozen=True)
class SeasonTemplate:
    key: str
    label: object
    description: object
    values: dict = field(default_factory=dict)

    def settings(self) -> dict:
        """The template's values this installation's competitions have fields for."""
        known = set(setting_names())
        return {k: (list(v) if isinstance(v, list) else v) for k, v in self.values.items() if k in known}


INDIVIDUAL = {"format": "individual", "ruleset": "amsterdam", "deals_per_match": 16, "rounds_per_evening": 3}

TEMPLATES = [
    SeasonTemplate(
        "best-5-of-7",
        _("Best 5 of 7 evenings, at least 5 played"),
        _("Seven club evenings; each player's best five count. Only who played at least five evenings qualifies."),
        {
            **INDIVIDUAL,
            "planned_evenings": 7,
            "standings_method": "best_n",
            "count_best": 5,
            "min_evenings": 5,
            "best_from": "season_end",
            "absence_policy": "nothing",
            "tie_breakers": ["total", "evening_average"],
        },
    ),
    SeasonTemplate(
        "all-evenings-points-champion",
        _("Every evening counts, plus a points champion"),
        _("All evenings added up make the champion; the most points over the season also wins a prize."),
        {
            **INDIVIDUAL,
            "standings_method": "total",
            "count_best": None,
            "points_champion": True,
            "absence_policy": "nothing",
            "tie_breakers": ["evening_average", "played"],
        },
    ),
    SeasonTemplate(
        "periods-best-4-of-6",
        _("Periods: best 4 of each period of 6"),
        _("The season in periods of six evenings; in each period a player's best four count."),
        {
            **INDIVIDUAL,
            "planned_evenings": 24,
            "standings_method": "periods",
            "period_length": 6,
            "period_best": 4,
            "periods_counted": None,
            "absence_policy": "nothing",
            "tie_breakers": ["total", "evening_average"],
        },
    ),
    SeasonTemplate(
        "fixed-pairs-double",
        _("Fixed pairs, double round robin"),
        _("Every pair meets every other pair twice; the pairs' points decide."),
        {
            "format": "pairs",
            "ruleset": "amsterdam",
            "deals_per_match": 16,
            "double_round_robin": True,
            "standings_method": "total",
            "tie_breakers": ["average", "head_to_head", "roem"],
        },
    ),
    SeasonTemplate(
        "teams-match-points",
        _("Teams of four on match points"),
        _("Teams of four at two tables; a team match won is 2 match points, drawn 1, lost 0."),
        {
            "format": "teams",
            "ruleset": "rotterdam",
            "deals_per_match": 16,
            "points_win": 2,
            "points_draw": 1,
            "points_loss": 0,
            "match_points_scheme": "total",
            "standings_method": "total",
            "tie_breakers": ["points", "head_to_head", "roem"],
        },
    ),
]

BY_KEY = {t.key: t for t in TEMPLATES}
