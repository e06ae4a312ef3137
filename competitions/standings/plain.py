""" "Het reglement in gewone taal": a competition's settings as a few plain sentences.

Shown on every competition page (``{% plain_rules %}``) and printed at the foot of standings.pdf.
Generated from the settings alone (no query beyond the competition row and its club), so it is
always what the standings are computed with. The sentences are English msgids translated to
Dutch like every other text (Dutch is the default language).

Choices: only what a player would ask about is said — how the game is played and which house
rules differ from the preset, how the season's ranking is made, what absence and a bye score, how
ties are broken and who wins a prize. Settings at their usual value are not mentioned one by one
("Amsterdam rules" stands for all the preset's values).
"""

from __future__ import annotations

import datetime

from django.utils import formats
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from competitions.base.options import differences, effective_values, house_rules
from competitions.models import Competition
from competitions.standings import primary_metric, tie_breakers_of
from competitions.standings.metrics import HEAD_TO_HEAD, metric_for
from competitions.standings.prizes import prize_rule_text
from core.numbers import number_text


def plain_rules(competition: Competition) -> list[str]:
    """The competition's reglement in a few sentences (in the active language)."""
    sentences = [_game(competition), _house_rules(competition), _plan(competition)]
    sentences += _ranking(competition)
    sentences += [_absence(competition), *_late_and_substitutes(competition), _bye(competition)]
    sentences += [_ties(competition), _prizes(competition)]
    return [s for s in sentences if s]


def _n(value) -> str:
    return number_text(value, 0, grouping=True)


def _game(c: Competition) -> str:
    params = {"deals": c.deals_per_match, "rules": c.get_ruleset_display(), "rounds": c.rounds_per_evening}
    if c.format == Competition.Format.INDIVIDUAL:
        return (
            ngettext(
                "Individual club evenings of %(rounds)s round of %(deals)s deals, with a new draw of partners "
                "every round, by the %(rules)s rules.",
                "Individual club evenings of %(rounds)s rounds of %(deals)s deals, with a new draw of partners "
                "every round, by the %(rules)s rules.",
                c.rounds_per_evening,
            )
            % params
        )
    if c.format == Competition.Format.PAIRS:
        text = _("Fixed pairs play matches of %(deals)s deals by the %(rules)s rules.") % params
        if c.double_round_robin:
            text += " " + _("Every pair meets every other pair twice.")
        return text
    if c.format == Competition.Format.TEAMS:
        text = _("Teams of four play at two tables, %(deals)s deals a table, by the %(rules)s rules.") % params
        if c.double_round_robin:
            text += " " + _("Every team meets every other team twice, at home and away.")
        return text
    return _("Duplicate pairs: every table plays the same deals, %(deals)s a round, by the %(rules)s rules.") % params


def _option_words(rule, value) -> str:
    if rule.kind == "bool":
        return _("%(option)s: yes") % {"option": rule.label} if value else _("%(option)s: no") % {"option": rule.label}
    if rule.kind == "ranks":
        names = ", ".join(str(v) for v in value) or _("none")
        return f"{rule.label}: {names}"
    if rule.kind == "choice":
        return f"{rule.label}: {rule.choice_label(value)}"
    if value is None:
        return _("%(option)s: none") % {"option": rule.label}
    return f"{rule.label}: {_n(value)}"


def _house_rules(c: Competition) -> str:
    """The house rules that differ from the preset, with the preset's value for comparison."""
    try:
        changed = differences(c.ruleset, effective_values(c.ruleset, c.rule_options or {}))
    except KeyError:
        return ""
    if not changed:
        return ""
    base = effective_values(c.ruleset, {})
    parts = []
    for rule in house_rules():
        if rule.key in changed:
            parts.append(
                _("%(option)s (instead of %(usual)s)")
                % {"option": _option_words(rule, changed[rule.key]), "usual": _bare(rule, base[rule.key])}
            )
    return _("House rules: %(rules)s.") % {"rules": "; ".join(parts)}


def _bare(rule, value) -> str:
    if rule.kind == "bool":
        return _("yes") if value else _("no")
    if rule.kind == "ranks":
        return ", ".join(str(v) for v in value) or _("none")
    if rule.kind == "choice":
        return rule.choice_label(value)
    return _("none") if value is None else _n(value)


def _plan(c: Competition) -> str:
    if not c.planned_evenings and not c.evening_dates:
        return ""
    count = c.planned_evenings or len(c.evening_dates)
    text = ngettext("The season has %(n)s evening", "The season has %(n)s evenings", count) % {"n": count}
    if c.evening_dates:
        first, last = c.evening_dates[0], c.evening_dates[-1]
        text += " " + _("from %(first)s to %(last)s") % {"first": _date(first), "last": _date(last)}
    if c.evening_start:
        text += ", " + _("starting at %(time)s") % {"time": c.evening_start.strftime("%H:%M")}
    return text + "."


def _date(value) -> str:
    day = value if isinstance(value, datetime.date) else datetime.date.fromisoformat(str(value))
    return formats.date_format(day, "j F Y")


def _ranking(c: Competition) -> list[str]:
    if c.format == Competition.Format.TEAMS:
        return [
            _("A team match won earns %(win)s match points, a draw %(draw)s, a loss %(loss)s; match points rank first.")
            % {"win": c.points_win, "draw": c.points_draw, "loss": c.points_loss}
        ]
    if c.format != Competition.Format.INDIVIDUAL:
        return [_("The points of all matches added up rank the pairs.")]
    method, best = c.standings_method, c.count_best
    out = []
    if method == Competition.StandingsMethod.BEST_N and best:
        out.append(
            ngettext(
                "A player's best evening counts for the championship.",
                "A player's best %(n)s evenings count for the championship.",
                best,
            )
            % {"n": best}
        )
        if getattr(c, "best_from", "") == "season_end":
            out.append(
                _("Until the last planned evening every evening counts; the weakest are struck only at the end.")
            )
    elif method == Competition.StandingsMethod.BEST_AVERAGE and best:
        out.append(_("The average of a player's best %(n)s evenings ranks the players.") % {"n": best})
    elif method == Competition.StandingsMethod.PERIODS and c.period_length:
        text = _("The season runs in periods of %(length)s evenings; in each period a player's best %(best)s count") % {
            "length": c.period_length,
            "best": c.period_best or c.period_length,
        }
        if c.periods_counted:
            text += _(", and the best %(n)s periods count") % {"n": c.periods_counted}
        out.append(text + ".")
    else:
        out.append(_("Every evening counts: the evening scores added up make the championship."))
    minimum = getattr(c, "min_evenings", None)
    if minimum:
        out.append(
            ngettext(
                "Only a player who played at least %(n)s evening qualifies; the others are listed below without a place.",
                "Only a player who played at least %(n)s evenings qualifies; the others are listed below without a place.",
                minimum,
            )
            % {"n": minimum}
        )
    if getattr(c, "points_champion", False):
        out.append(_("The points champion is the player with the most points over all evenings together."))
    return out


def _absence(c: Competition) -> str:
    if c.format != Competition.Format.INDIVIDUAL:
        return ""
    unexcused = getattr(c, "unexcused_policy", "")
    if unexcused:  # called off or not: each its own compensation
        text = " ".join(
            [
                _absent_words(_("A player who called off"), c.absence_policy, c.absence_points),
                _absent_words(_("A player absent without calling off"), unexcused, c.unexcused_points),
            ]
        )
    else:
        text = _absent_words("", c.absence_policy, c.absence_points)
    if (c.absence_policy != "nothing" or unexcused not in ("", "nothing")) and c.compensation_limit:
        text += " " + ngettext(
            "Absence and byes are compensated at most %(n)s time a season.",
            "Absence and byes are compensated at most %(n)s times a season.",
            c.compensation_limit,
        ) % {"n": c.compensation_limit}
    return text


def _absent_words(who: str, policy: str, points: int) -> str:
    """What an absence scores; ``who`` names the absent player ("" for every absent player)."""
    if not who:
        words = {
            "nothing": _("An absent player scores nothing for that evening."),
            "fixed": _("An absent player gets %(points)s points."),
            "fixed_pit": _("An absent player gets %(points)s points plus a pit."),
            "lowest": _("An absent player gets the evening's lowest score."),
            "average": _("An absent player gets the evening's average."),
            "own_average": _("An absent player gets their own average evening."),
        }
    else:
        words = {
            "nothing": _("%(who)s scores nothing for that evening."),
            "fixed": _("%(who)s gets %(points)s points."),
            "fixed_pit": _("%(who)s gets %(points)s points plus a pit."),
            "lowest": _("%(who)s gets the evening's lowest score."),
            "average": _("%(who)s gets the evening's average."),
            "own_average": _("%(who)s gets their own average evening."),
        }
    template = words.get(policy)
    return template % {"who": who, "points": _n(points)} if template else ""


def _late_and_substitutes(c: Competition) -> list[str]:
    """Late arrivals' missed rounds, the personal verzaakt penalty and substitutes (RULES.md §9)."""
    if c.format != Competition.Format.INDIVIDUAL:
        return []
    out = []
    points = _n(getattr(c, "missed_round_points", 0))
    late = {
        "fixed": _("A late arrival gets %(points)s points for each round missed."),
        "fixed_pit": _("A late arrival gets %(points)s points plus a pit for each round missed."),
        "average": _("A late arrival gets the round's average for each round missed."),
    }.get(getattr(c, "missed_round_policy", "nothing"))
    if late:
        out.append(late % {"points": points})
    penalty = getattr(c, "verzaakt_player_penalty", 0)
    if penalty:
        out.append(
            _("Who verzaakt loses %(points)s points from their own score; the partner does not.")
            % {"points": _n(penalty)}
        )
    counts_for = getattr(c, "substitute_counts_for", "")
    words = {  # the default (the substitute plays for their own score) goes without saying
        "member": _("A substitute's (invaller's) score counts for the absent member."),
        "nobody": _("A substitute's (invaller's) score counts for nobody."),
    }
    if counts_for in words:
        out.append(str(words[counts_for]))
    return out


def _bye(c: Competition) -> str:
    who = _("A player drawn out for a round") if c.format == Competition.Format.INDIVIDUAL else _("A bye")
    words = {
        "fixed": _("%(who)s gets %(points)s points."),
        "fixed_pit": _("%(who)s gets %(points)s points plus a pit."),
        "average": _("%(who)s gets the round's average."),
        "lowest": _("%(who)s gets the round's lowest score."),
        "own_average": _("%(who)s gets their own average per round."),
        "nothing": _("%(who)s scores nothing."),
    }
    template = words.get(c.bye_policy)
    return template % {"who": who, "points": _n(c.bye_points)} if template else ""


def _ties(c: Competition) -> str:
    names = []
    primary = primary_metric(c)
    for key in tie_breakers_of(c):
        if key == primary:
            continue
        if key == HEAD_TO_HEAD:
            names.append(_("their results against each other"))
        else:
            metric = metric_for(key)
            if metric is not None:
                label = str(metric.label)
                names.append(_("fewest %(metric)s") % {"metric": label} if key.startswith("fewest_") else label)
    if not names:
        return _("Who are level share the place.")
    return _("A tie is broken by: %(keys)s; who are still level share the place.") % {"keys": ", ".join(names)}


def _prizes(c: Competition) -> str:
    if c.prize_per_players:
        text = _("One prize per %(per)s players present.") % {"per": c.prize_per_players}
    else:
        text = prize_rule_text(c, 0)
    if c.format == Competition.Format.INDIVIDUAL and c.booby_prize:
        booby = (
            _("The lowest score of an evening wins the booby prize (poedelprijs).")
            if c.booby_prize_partial
            else _(
                "The lowest score of an evening among those who played every round wins the booby prize (poedelprijs)."
            )
        )
        text = (text + " " if text else "") + booby
    return text
