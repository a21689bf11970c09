"""``{% card_face face %}``: a card's face (templates/lessons/partials/face.html), rendered once per
process for each face and reused.

A live table draws the same few cards again and again (each player's hand after every move), and
the include of the face's partial, with its static address, was the largest part of drawing a
board. A face depends only on its :class:`~lessons.templatetags.table.CardFace` (its words are in
it already), so the rendered text is kept by face.
"""

from functools import lru_cache

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from lessons.templatetags.table import CardFace

register = template.Library()


@lru_cache(maxsize=2048)
def _face_html(face: CardFace) -> SafeString:
    return render_to_string("lessons/partials/face.html", {"face": face})


@register.simple_tag
def card_face(face: CardFace) -> SafeString:
    return _face_html(face)
