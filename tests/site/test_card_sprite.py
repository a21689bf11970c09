"""The card faces' sprite: the committed file is what its drawing command makes, and it holds a
French and a Spanish face for each of the 32 cards, which the card partial refers to."""

from django.template.loader import render_to_string

from lessons.management.commands.draw_card_sprite import SPRITE, sprite
from lessons.templatetags.table import card_face


def test_the_committed_sprite_is_the_drawing_commands_output():
    assert SPRITE.read_text(encoding="utf-8") == sprite(), "run: python manage.py draw_card_sprite"


def test_every_card_has_a_face_in_both_decks():
    drawn = sprite()
    for suit in "SHDC":
        for rank in "789TJQKA":
            assert f'id="fr-{rank}{suit}"' in drawn and f'id="es-{rank}{suit}"' in drawn


def test_a_card_points_at_its_own_face_in_the_learners_deck():
    def face(deck: str) -> str:
        kh = card_face("KH", "moroccan", "ar", deck)
        return render_to_string("lessons/partials/face.html", {"face": kh})

    french, spanish = face("french"), face("spanish")
    assert "cards.svg#fr-KH" in french and "cards.svg#es-KH" in spanish
