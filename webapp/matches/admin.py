from django.contrib import admin

from webapp.matches.models import Event, Match, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "status", "ply", "created_at")
    list_filter = ("game", "status")
    inlines = [SeatInline]
    readonly_fields = ("seed", "seed_sha256")


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("match", "ply", "actor", "move")
    list_filter = ("actor",)
