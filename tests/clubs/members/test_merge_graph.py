"""Every foreign key to a player is handled by the merge (issue 31 item 6): the model graph, read from
Django's registry, against the merge's registered steps. A new model that names a ``Player`` fails
here until ``clubs.members.merge.register`` (from its app's ``ready``) says what a merge does to it."""

from django.apps import apps
from django.db import models

from clubs.members.merge import STEPS, player_relations, unhandled_relations
from clubs.models import Player


def test_every_foreign_key_to_a_player_is_handled_by_the_merge():
    assert unhandled_relations() == set(), "a merge of two members would leave these rows behind or fail on them"


def test_the_graph_is_read_from_every_installed_model():
    """The introspection finds what a plain walk over every model finds (hidden ``related_name="+"`` too)."""
    walked = set()
    for model in apps.get_models(include_auto_created=True):
        for field in model._meta.get_fields():
            if isinstance(field, models.ForeignKey | models.OneToOneField | models.ManyToManyField):
                if field.related_model is Player:
                    walked.add(f"{model._meta.label}.{field.name}")
    assert walked == player_relations()
    assert "competitions.SitOut.player" in walked  # a hidden one (related_name="+")
    assert "scoring.RatingPoint.player" in walked


def test_a_step_names_only_relations_that_exist():
    named = set().union(*(step.relations for step in STEPS.values()))
    assert named <= player_relations()


def test_a_new_foreign_key_would_be_caught(monkeypatch):
    """The check can fail: a step forgotten is a relation unhandled."""
    step = STEPS["clubs.teams"]
    monkeypatch.delitem(STEPS, "clubs.teams")
    assert unhandled_relations() == set(step.relations)
