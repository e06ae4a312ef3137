"""A member's own pages. Namespace "members"."""

from django.urls import path

from members.card import views as card_views
from members.mails import views as mail_views
from members.me import views
from members.removal import views as removal_views

app_name = "members"

urlpatterns = [
    path("me/", views.me, name="me"),
    path("me/tonight/", views.tonight_part, name="tonight"),
    path("me/evenings/<int:pk>/", views.answer, name="answer"),
    path("me/cards/<int:player_id>/<int:evening_id>/", card_views.card, name="card"),
    path("me/cards/<int:player_id>/<int:evening_id>/card.pdf", card_views.card_pdf, name="card-pdf"),
    path("me/mails/", views.mail_choices, name="mail-choices"),
    path("me/name/", views.name_shown, name="name-shown"),
    path("me/export.json", views.export, name="export"),
    path("me/remove/", removal_views.remove_me, name="remove-me"),
    path("manage/clubs/<slug:slug>/members/<int:pk>/anonymise/", removal_views.anonymise, name="anonymise"),
    path("me/calendar/<str:token>.ics", views.calendar, name="calendar"),
    path("me/unsubscribe/<str:token>/", mail_views.unsubscribe, name="unsubscribe"),
    path("me/answer/<str:token>/", views.answer_link, name="answer-link"),
]
