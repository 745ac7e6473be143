from webapp import hooks


class ReplaysConfig(hooks.ListeningApp):
    name = "webapp.replays"
    label = "replays"
