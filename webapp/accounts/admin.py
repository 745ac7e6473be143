from django.contrib import admin

from webapp.accounts.forms import AdminSignInForm

# The admin's sign-in is throttled like the site's.
admin.site.login_form = AdminSignInForm
