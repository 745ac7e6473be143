from django.urls import path

from webapp.seeks import views

app_name = "seeks"
urlpatterns = [
    path("", views.seeks_page, name="list"),
    path("mine.json", views.mine, name="mine"),
    path("rows/", views.rows, name="rows"),
    path("quick/", views.quick, name="quick"),
    path("<int:seek_id>/accept/", views.accept, name="accept"),
    path("<int:seek_id>/cancel/", views.cancel, name="cancel"),
    path("<int:seek_id>/fill/", views.fill, name="fill"),
]
