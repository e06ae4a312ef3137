"""``{% removal_requests %}``: on the organiser's page, the members who asked to be removed."""

from django import template

from members.removal.services import removal_requests as requests_for

register = template.Library()


@register.inclusion_tag("members/removal/_requests.html", takes_context=True)
def removal_requests(context):
    return {"requests": list(requests_for(context["request"].user)), "csrf_token": context.get("csrf_token")}
