from django.contrib.auth import views as auth_views
from django.urls import path

from webapp.accounts import views

app_name = "accounts"
urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("tokens/", views.tokens, name="tokens"),
    path("settings/", views.settings_page, name="settings"),
    path("login/", views.SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
]
