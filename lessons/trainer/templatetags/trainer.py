"""``{% load trainer %}``: a generated puzzle's theme named in the page's language."""

from django import template
from django.utils.translation import get_language

from lessons import themes

register = template.Library()


@register.filter
def trainer_theme(key: str, variant: str = "") -> str:
    """A rule family or the short endgames by the site's names, a solver theme by the catalogs'."""
    return themes.label(key, variant, get_language() or "en")
