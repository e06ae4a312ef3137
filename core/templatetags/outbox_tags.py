"""``{% outbox_status %}``: the organiser's page says how many mails wait to be sent, and why; and offers
to send again the mails of a worker that died while sending (``staff:outbox-resend``)."""

from django import template

from core.outbox import status

register = template.Library()


@register.inclusion_tag("core/_outbox.html", takes_context=True)
def outbox_status(context):
    return {"outbox": status(), "csrf_token": context.get("csrf_token")}
