from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "webapp.tournaments"
    label = "tournaments"
