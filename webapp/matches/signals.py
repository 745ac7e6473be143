"""What ``matches`` announces; other apps listen (``webapp.hooks``).

Each declaration below names the apps that listen, in the order their listeners run
(the only place that order is written); Django does not start while one of them does
not listen (``hooks.check_listeners``), except to a question declared optional.

Inside the services' transaction, with the match row locked (``send``: a listener may
refuse by raising ``Rejected``, and its writes commit or roll back with the move):
- ``match_checking(plan)``: a new match is about to be made (bots: a bot's challenge
  limit);
- ``match_created(match, plan)``: its seats are stored (bots: their clocks);
- ``position_stored(match, state)``: a position was stored (bots: their turns and
  deadlines; notify: the people's pages count their waiting games, after the commit);
- ``agents_due(match, seat, countdown)``: an AI seat must act (``matches.tasks`` queues it);
- ``turn_started(match, state, seats)``: in a match with a time control, the clocks
  of ``seats`` started: their turn began (notify: correspondence mails);
- ``clock_checking(match, now)``: a move arrived in a clocked match; a listener
  (``matches.timeouts``) settles a clock that ran out and answers what it did.

After the commit (``notify``: failures are logged, the result stays):
- ``match_started(match_id)``: a match with a seat for a person has every seat taken and
  is on — made so (a seek taken, a pairing, a rematch accepted, a tournament's pairing)
  or by its last open seat being taken (a friend joining an invite); every road that
  starts one goes through the services, so listeners (notify: every open page of its
  players) hear of each;

and once per match:
- ``match_ended(match_id, status, played)``: finished or aborted, however it ended (a
  last move, resignation, forfeit, loss on time, abort); ``played`` is what a batch of
  in-memory games already knows (``{match_id: (game, result, specs, options,
  created_by)}``), else None. Heard by the leaderboards (ratings), then bots (their
  ``match_over`` frames, which may name the new rating), then tournaments (the game
  counted, the next ones started), then notify (the players' waiting games);
- ``match_rated(match_id)``: a finished live match's ratings were updated; announced by
  the leaderboards, heard by ``matches`` (the automatic analysis).

Questions (``send`` returns each listener's answer; ``ask`` joins them). The
leaderboards answer the first three:
- ``rating_changes(match)``: a list of ``{seat, name, before, after, delta,
  before_text, after_text}`` (the texts "1623?" while provisional); optional: with no
  listener the game-over card shows no rating changes;
- ``rating_note(match, identity)``: why a finished match moved no rating, in words for
  the asker (a list of one text; empty if it was rated or is not yet); optional too;
- ``ratings_of(key)``: the rating rows (``Competitor``) of an owner key (``user:…``,
  ``agent:<spec>``) and of its variants (``key:…``), every game; required, since seeks
  pair people by it (unanswered, everyone would stand at 1500);
- ``match_context(match, identity)``: where the match belongs, for its game-over card
  (the tournaments answer ``{"tournament": {...}}`` with the asker's next game there);
  optional: unanswered, the card links to no tournament.
"""

from __future__ import annotations

from webapp.hooks import Hook

# Each hook names the apps that listen to it, in the order their listeners run
# (``webapp.hooks``); every one of them must listen unless the hook is optional.
match_checking = Hook("match_checking", ("bots",))
match_created = Hook("match_created", ("bots",))
# The bots' turn frames and deadlines, then the people's pages after the commit.
position_stored = Hook("position_stored", ("bots", "notify"))
agents_due = Hook("agents_due", ("matches",))
turn_started = Hook("turn_started", ("notify",))
clock_checking = Hook("clock_checking", ("matches",))
match_started = Hook("match_started", ("notify",))
# Ratings first: a bot's match_over frame may name its new rating, and a tournament's
# count (which may start the next game or end the tournament) comes after both; then
# the people's pages count their waiting games again.
match_ended = Hook("match_ended", ("leaderboards", "bots", "tournaments", "notify"))
match_rated = Hook("match_rated", ("matches",))

# Questions. Optional where a page asks only to show more and does without an answer.
rating_changes = Hook("rating_changes", ("leaderboards",), optional=True)
rating_note = Hook("rating_note", ("leaderboards",), optional=True)
ratings_of = Hook("ratings_of", ("leaderboards",))  # seeks pair people by it
match_context = Hook("match_context", ("tournaments",), optional=True)
# The lobby's fair Button Men matchup draws from the study the button pages show.
button_study = Hook("button_study", ("tournaments",))


def ask(question: Hook, **kwargs) -> list:
    """Every listener's answer (each a list), joined."""
    return [item for answer in question.send(**kwargs) for item in answer or ()]
