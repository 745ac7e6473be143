from webapp import hooks


class MatchesConfig(hooks.ListeningApp):
    name = "webapp.matches"
    label = "matches"
