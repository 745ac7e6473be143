from django.apps import AppConfig


class LeaderboardsConfig(AppConfig):
    name = "webapp.leaderboards"
    label = "leaderboards"
