from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "webapp.matches"
    label = "matches"
