"""``{% outbox_status %}``: the organiser's page says how many mails wait to be sent, and why."""

from django import template

from core.outbox import status

register = template.Library()


@register.inclusion_tag("core/_outbox.html")
def outbox_status():
    return {"outbox": status()}
