"""``{% backup_status %}``: the organiser's page says when the last backup was made (and offers it)."""

from django import template

from scoring.backup.selectors import backup_status as status_for

register = template.Library()


@register.inclusion_tag("scoring/backup/_status.html", takes_context=True)
def backup_status(context):
    return {"status": status_for(context["request"].user), "csrf_token": context.get("csrf_token")}
