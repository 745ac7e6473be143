from webapp import hooks


class BotsConfig(hooks.ListeningApp):
    name = "webapp.bots"
    label = "bots"
    verbose_name = "outside bots"
