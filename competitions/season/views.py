"""The organiser's pages of a season's set-up: a new competition (from a template), its settings
with "speel vorig seizoen opnieuw", and "Nieuw seizoen". Login; organiser of the club (or site
admin), else 403.

Thin: each view reads the form, calls ``services`` (the same ones as the API) and turns a refusal
into form errors. Buttons of the settings form (all work without JavaScript):
``save`` (the default), ``confirm`` (save after the warning of what changes), ``preview`` (the
standings these settings would give, nothing saved), ``show_preset`` (the chosen preset's house
rules filled in, nothing saved) and ``apply_template`` (a template's settings filled in).
"""

from __future__ import annotations

import datetime
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import QueryDict
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.permissions import organised_club
from competitions.base.options import preset_values
from competitions.models import Competition
from competitions.permissions import organised_competition
from competitions.season import selectors, services
from competitions.season.forms import NewSeasonForm, SettingsForm
from competitions.season.reglementen import BY_KEY, TEMPLATES
from competitions.season.validation import LOCKED, settings_errors, settings_of
from competitions.standings.plain import plain_rules
from scoring.rules import RULESETS


def _presets() -> dict:
    """Every preset's house rules, for the page's script (the preset select fills them in)."""
    return {name: {f"rule__{k}": v for k, v in preset_values(name).items()} for name in RULESETS}


def _with_preset(data, preset: str):
    """The posted data with the preset's house rules in place of the posted ones."""
    data = data.copy()
    for key, value in preset_values(preset).items():
        name = f"rule__{key}"
        if isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        elif isinstance(value, bool):
            data.setlist(name, ["on"] if value else [])
        else:
            data[name] = "" if value is None else str(value)
    return data


def _render(request, context: dict, status: int = 200):
    context.setdefault("templates", TEMPLATES)
    context.setdefault("presets", _presets())
    return render(request, "competitions/season/settings.html", context, status=status)


@login_required
def competition_new(request, slug):
    club = organised_club(request, slug)
    template = BY_KEY.get(request.GET.get("template", ""))
    context = {"club": club, "mode": "new", "template": template}
    if request.method == "POST" and "show_preset" in request.POST:
        context["form"] = SettingsForm(_with_preset(request.POST, request.POST.get("ruleset", "amsterdam")))
        return _render(request, context)
    if request.method == "POST" and "preview" in request.POST:  # replay a season of the club, nothing saved
        form = SettingsForm(request.POST)
        context["form"] = form
        if form.is_valid():
            values = form.values()
            form.add_service_errors(settings_errors(settings_of(Competition()) | values))
            sources = list(selectors.club_replay_sources(club.pk, values["format"]))
            chosen = request.POST.get("replay_from")
            context["sources"] = sources
            context["source"] = next((s for s in sources if s.slug == chosen), sources[0] if sources else None)
            _replay(context, context["source"], values)
        return _render(request, context, status=200 if form.is_valid() else 400)
    if request.method == "POST":
        form = SettingsForm(request.POST)
        if form.is_valid():
            try:
                competition = services.create_competition(club=club, user=request.user, values=form.values())
            except services.SettingsRefused as refused:
                form.add_service_errors(refused.errors)
            else:
                messages.success(request, _("%(name)s is created.") % {"name": competition.name})
                return redirect("season:settings", slug=competition.slug)
        context["form"] = form
        return _render(request, context, status=400)
    values = settings_of(Competition()) | (template.settings() if template else {})
    context["form"] = SettingsForm(initial=SettingsForm.initial_for(values))
    context["sources"] = list(selectors.club_replay_sources(club.pk, values["format"]))
    return _render(request, context)


def _lock(form: SettingsForm) -> None:
    """Results are in: the game's settings are shown but cannot be changed (validation.LOCKED)."""
    for name, field in form.fields.items():
        if name in LOCKED or name.startswith("rule__"):
            field.disabled = True
            field.help_text = _("Locked: results are in.")


@login_required
def competition_settings(request, slug):
    competition = organised_competition(request, slug)
    current = settings_of(competition)
    counts = selectors.results_count(competition)
    sources = list(selectors.replay_sources(competition))
    chosen = request.POST.get("replay_from") or request.GET.get("replay_from")
    source = next((s for s in sources if s.slug == chosen), None) or selectors.default_source(competition, sources)
    context = {
        "competition": competition,
        "club": competition.club,
        "mode": "edit",
        "counts": counts,
        "sources": sources,
        "source": source,
        "plain": plain_rules(competition),
        "history": selectors.labelled_changes(competition.settings_changes.select_related("user")[:10]),
    }
    post = request.POST if request.method == "POST" else None
    if post is not None and "apply_template" in post and post.get("template") in BY_KEY:
        template = BY_KEY[post["template"]]
        post = _initial_as_data(SettingsForm(), SettingsForm.initial_for(current | template.settings()))
        context["template"] = template
    if post is not None and "show_preset" in post:
        post = _with_preset(post, post.get("ruleset") or competition.ruleset)
    form = SettingsForm(post, initial=SettingsForm.initial_for(current, competition))
    if counts["entered"]:
        _lock(form)
    context["form"] = form
    if post is None or not form.is_valid():
        return _render(request, context, status=400 if post is not None and form.errors else 200)
    values = form.values()
    wants_save = not any(k in request.POST for k in ("preview", "show_preset", "apply_template"))
    if not wants_save:
        errors = settings_errors(current | values)
        form.add_service_errors(errors)
        _replay(context, source, values)
        return _render(request, context)
    try:
        changed = services.update_competition(
            competition=competition, user=request.user, changes=values, confirmed="confirm" in request.POST
        )
    except services.SettingsRefused as refused:
        form.add_service_errors(refused.errors)
        return _render(request, context, status=400)
    except services.NeedsConfirmation:
        context["warning"] = selectors.changes_in_words(form, current, current | values)
        _replay(context, competition, values)
        return _render(request, context, status=409)
    messages.success(
        request,
        ngettext("%(n)s setting changed.", "%(n)s settings changed.", len(changed)) % {"n": len(changed)}
        if changed
        else _("Nothing changed."),
    )
    return redirect("season:settings", slug=competition.slug)


def _initial_as_data(form: SettingsForm, initial: dict):
    """A template's values as posted data, so the page shows them as an unsaved change."""
    data = QueryDict(mutable=True)
    for name, field in form.fields.items():
        value = initial.get(name, field.initial)
        if isinstance(value, list):
            data.setlist(name, [str(v) for v in value])
        elif isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value.strftime("%H:%M") if isinstance(value, datetime.time) else str(value)
    return data


def _replay(context: dict, source: Competition | None, values: dict) -> None:
    if source is None:
        context["replay_error"] = _("There are no confirmed results of this format to try these settings on yet.")
        return
    try:
        context["replay"] = selectors.replay(source, values)
    except selectors.ReplayRefused as refused:
        context["replay_error"] = str(refused)
    context["replay_source"] = source


def _next_name(name: str) -> str:
    """ "Seizoen 2026-2027" → "Seizoen 2027-2028"; a name without a year gets "(nieuw)"."""
    bumped = re.sub(r"\b(19|20)(\d\d)\b", lambda m: str(int(m.group(0)) + 1), name)
    return bumped if bumped != name else _("%(name)s (new season)") % {"name": name}


@login_required
def new_season(request, slug):
    competition = organised_competition(request, slug)
    if request.method == "POST":
        form = NewSeasonForm(request.POST)
        if form.is_valid():
            try:
                season = services.start_new_season(
                    competition=competition,
                    user=request.user,
                    name=form.cleaned_data["name"],
                    evening_dates=form.cleaned_data["evening_dates"],
                )
            except services.SettingsRefused as refused:
                for field, message in refused.errors.items():
                    form.add_error(field if field in form.fields else None, message)
            else:
                messages.success(request, _("%(name)s is ready: check its settings.") % {"name": season.name})
                return redirect("season:settings", slug=season.slug)
        status = 400
    else:
        dates = []
        for text in competition.evening_dates:  # a year on; a date stored before dates were checked may not have one
            try:
                dates.append(datetime.date.fromisoformat(str(text)) + datetime.timedelta(weeks=52))
            except (ValueError, OverflowError):
                continue
        form = NewSeasonForm(
            initial={"name": _next_name(competition.name), "evening_dates": "\n".join(d.isoformat() for d in dates)}
        )
        status = 200
    context = {
        "competition": competition,
        "form": form,
        "entrants": competition.entrants.count(),
    }
    return render(request, "competitions/season/new_season.html", context, status=status)
