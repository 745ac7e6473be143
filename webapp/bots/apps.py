from django.apps import AppConfig


class BotsConfig(AppConfig):
    name = "webapp.bots"
    label = "bots"
    verbose_name = "outside bots"
