from django.apps import AppConfig


class ReplaysConfig(AppConfig):
    name = "webapp.replays"
    label = "replays"
