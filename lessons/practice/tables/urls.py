"""URLs of the live tables, inside the language prefixes (see baloot_site/urls.py).

``t/<code>/`` is the short link a table's opener shares; the socket is lessons/practice/tables/routing.py.
"""

from django.urls import path

from lessons.practice.tables import views

TABLE = "t/<str:code>/"

urlpatterns = [
    path("tables/", views.index, name="tables-index"),
    path(TABLE, views.table_page, name="tables-table"),
    path(TABLE + "sit", views.sit, name="tables-sit"),
    path(TABLE + "leave", views.leave, name="tables-leave"),
    path(TABLE + "act", views.act, name="tables-act"),
    path(TABLE + "game/<int:number>/hand/<int:n>/", views.replay, name="tables-replay"),
    path(TABLE + "game/<int:number>/hand/<int:n>/review", views.review, name="tables-review"),
]
