"""The people pages, the invitation link and one's own account. Namespace "people"."""

from django.urls import path

from clubs.people import views, views_account

app_name = "people"

people = "manage/clubs/<slug:slug>/people/"

urlpatterns = [
    path(people, views.people, name="people"),
    path(people + "invitations/<int:pk>/revoke/", views.revoke_invitation, name="invitation-revoke"),
    path(people + "revoke/", views.revoke_role, name="revoke"),
    path(people + "invitations.pdf", views.invitation_sheets, name="invitation-sheets"),
    path(people + "reset-link/", views.reset_link, name="reset-link"),
    path("manage/clubs/<slug:slug>/member-clubs/new/", views.member_club_new, name="member-club-new"),
    path(
        "manage/clubs/<slug:slug>/member-clubs/<slug:club_slug>/invite/",
        views.member_club_invite,
        name="member-club-invite",
    ),
    path("invite/<str:token>/", views.invitation, name="invitation"),
    path("account/", views_account.account, name="account"),
    path("account/tokens/", views_account.api_tokens, name="tokens"),
    path("account/tokens/<int:pk>/revoke/", views_account.revoke_api_token, name="token-revoke"),
    path("accounts/password_reset/", views_account.ForgottenPasswordView.as_view(), name="password-reset"),
]
