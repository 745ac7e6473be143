from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from webapp.bots import accounts


class Command(BaseCommand):
    help = "Make an outside bot for a user and print its token (shown only now)."

    def add_arguments(self, parser):
        parser.add_argument("owner", help="the username of the bot's owner")
        parser.add_argument("name", help="the bot's name (letters, digits, - and _)")
        parser.add_argument("--games", required=True, help="comma-separated game slugs")
        parser.add_argument("--description", default="")
        parser.add_argument(
            "--no-challenges",
            action="store_true",
            help="people may not challenge it from the lobby",
        )

    def handle(self, *args, owner, name, games, description, no_challenges, **options):
        user = get_user_model().objects.filter(username=owner).first()
        if user is None:
            raise CommandError(f"there is no user {owner!r}")
        try:
            bot, token = accounts.create_bot(
                user,
                name,
                [g.strip() for g in games.split(",") if g.strip()],
                description=description,
                accepts_challenges=not no_challenges,
            )
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        self.stderr.write(f"bot {bot.name} (games: {', '.join(bot.games)}); its token:")
        self.stdout.write(token)
