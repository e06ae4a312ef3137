"""A club's people: invitations to a role, roles, one's own account and API tokens on a page."""
