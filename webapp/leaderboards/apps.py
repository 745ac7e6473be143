from webapp import hooks


class LeaderboardsConfig(hooks.ListeningApp):
    name = "webapp.leaderboards"
    label = "leaderboards"
