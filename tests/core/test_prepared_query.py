"""core.prepared: queries built once (the page cache's keys, a sheet's rows) give what the ORM gives."""

import pytest
from django.db.models import F

from competitions.models import Match, Round
from competitions.pagecache import keys as cache
from core.prepared import PreparedQuery
from scoring import services
from tests.factories import ClubFactory, UserFactory, seated_match, simulated_sheet

pytestmark = pytest.mark.django_db


def test_the_key_queries_use_the_shortcut_and_follow_every_change():
    match = seated_match(club=ClubFactory(slug="troef"), slug="prepared-avonden")
    slug = match.round.competition.slug
    scorer = UserFactory(username="prepared-scorer", scorer_of=match.round.competition.club)
    before = (
        cache.match_state(match.pk),
        cache.round_state(slug, 1),
        cache.competition_state(slug),
        cache.competition_state(slug, confirmed_only=True),
    )
    for query in (cache._MATCH, cache._ROUND, cache._COMPETITION, cache._COMPETITION_CONFIRMED):
        assert query._plans["default"] is not None, "fell back to the ORM: the shortcut is not used"
    assert None not in before
    services.save_deals(match=match, user=scorer, deals=simulated_sheet(match, seed=2), version=match.version)
    after = (
        cache.match_state(match.pk),
        cache.round_state(slug, 1),
        cache.competition_state(slug),
        cache.competition_state(slug, confirmed_only=True),
    )
    assert after[0] != before[0] and after[1] != before[1] and after[2] != before[2]
    assert after[3] == before[3]  # entered, not confirmed: the confirmed-only key stays
    assert cache.round_state(slug, 2) is not None and cache.round_state(slug, 2) != after[1]
    assert cache.match_state(10**9) is None and cache.competition_state("no-such-competition") is None
    # numbers the columns cannot hold are no such match or round, not a database error
    assert cache.match_state(10**30) is None and cache.match_state(-1) is None
    assert cache.round_state(slug, 10**6) is None


def test_rows_match_the_orm_for_other_arguments():
    first, second = (
        seated_match(club=ClubFactory(slug="prepared-a"), slug="prepared-a"),
        seated_match(club=ClubFactory(slug="prepared-b"), slug="prepared-b"),
    )
    query = PreparedQuery(lambda pk: Match.objects.filter(pk=pk).values_list("id", "version").order_by()[:1], int)
    for match in (first, second):
        assert query.rows(match.pk) == [(match.pk, match.version)]
    rounds = PreparedQuery(
        lambda slug, number: (
            Round.objects.filter(competition__slug=slug, number=number)
            .annotate(v=F("number") + 0)
            .values_list("competition__slug", "number")
            .order_by()
        ),
        str,
        int,
    )
    assert rounds.rows("prepared-b", 1) == [("prepared-b", 1)]
    assert rounds.rows("prepared-a", 7) == []


def test_arguments_of_the_wrong_kind_are_refused():
    query = PreparedQuery(lambda pk: Match.objects.filter(pk=pk).values_list("id"), int)
    with pytest.raises(TypeError):
        query.rows("1")
    with pytest.raises(TypeError):
        PreparedQuery(lambda when: Match.objects.filter(changed_at=when), float)


def _fields(obj) -> dict:
    return {f.attname: getattr(obj, f.attname) for f in obj._meta.concrete_fields}


def test_objects_are_the_instances_the_orm_gives_with_their_related_rows():
    """Every field through the ORM's converters (dates, JSON), the select_related chain as
    instances (a nullable one as None), without a query when the chain is followed."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    first, second = (
        seated_match(club=ClubFactory(slug="prepared-c"), slug="prepared-c"),
        seated_match(club=ClubFactory(slug="prepared-d"), slug="prepared-d"),
    )
    scorer = UserFactory(username="prepared-c-scorer", scorer_of=first.round.competition.club)
    services.save_deals(match=first, user=scorer, deals=simulated_sheet(first, seed=3), version=first.version)
    query = PreparedQuery(
        lambda pk: Match.objects.select_related("round__competition__club", "entered_by", "fixture").filter(pk=pk), int
    )
    for match in (first, second, first):
        expected = Match.objects.select_related("round__competition__club", "entered_by", "fixture").get(pk=match.pk)
        (got,) = query.objects(match.pk)
        assert type(got) is Match and not got._state.adding and got._state.db == "default"
        assert _fields(got) == _fields(expected)
        with CaptureQueriesContext(connection) as followed:
            assert _fields(got.round.competition.club) == _fields(expected.round.competition.club)
            assert _fields(got.round.competition) == _fields(expected.round.competition)  # JSON rule options too
            assert got.fixture is None and (got.entered_by is None) == (expected.entered_by is None)
        assert len(followed) == 0
    assert query._model_plans["default"] is not None, "fell back to the ORM: the shortcut is not used"
    assert query.objects(10**9) == []
    annotated = PreparedQuery(lambda pk: Match.objects.filter(pk=pk).annotate(twice=F("version") * 2), int)
    (got,) = annotated.objects(first.pk)
    assert got.twice == 2 * Match.objects.get(pk=first.pk).version


def test_objects_refuse_a_prefetch():
    query = PreparedQuery(lambda pk: Match.objects.filter(pk=pk).prefetch_related("deals"), int)
    with pytest.raises(TypeError):
        query.objects(1)
