"""Site plumbing every app may use: no models, and it imports no app."""
