"""The rules explainer (/<lang>/rules/<variant>/) and the glossary (/<lang>/glossary/)."""

import re
import shutil
from pathlib import Path

import pytest
import yaml
from django.utils import translation
from django.utils.html import escape

from engine.messages import rule_title
from lessons.content import LANGS
from lessons.models import Course, Lesson, Puzzle, Step
from lessons.reference import REFERENCE_DIR, ReferenceFileError, read_glossary, read_rules
from lessons.rulebook import VARIANTS, applicable_rules
from lessons.templatetags.baloot import localize_digits
from tests.site.pages import make_saudi, words


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def rule_ids_on(text: str) -> list[str]:
    return re.findall(r'<div class="rule-entry" id="rule-([a-z0-9.-]+)"', text)


# ---------------------------------------------------------------- the files


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_rule_that_applies_is_explained_once_in_four_languages(variant):
    book = read_rules(variant)

    explained = [e.rule for entries in book.sections.values() for e in entries if e.rule and not e.option]
    assert sorted(explained) == sorted(applicable_rules(variant))
    for entries in book.sections.values():
        for entry in entries:
            assert set(entry.text) == set(LANGS)
            assert all(entry.text[lang] != entry.text["en"] for lang in ("ar", "fa")), entry


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_rule_has_a_translated_title_in_the_catalogs(variant):
    for rule in applicable_rules(variant):
        for lang in LANGS:
            title = rule_title(rule, variant, lang)
            assert title and title != f"title:{rule}", (rule, lang)


def test_the_glossary_has_the_terms_of_rules_md():
    concepts = {c.label["en"]: c.words for c in read_glossary()}

    assert concepts["Trump contract, trump suit"]["saudi"] == "حكم"
    assert concepts["Trump contract, trump suit"]["moroccan"] == "الأتو"
    assert concepts["Trump contract, trump suit"]["fr"] == "atout"
    assert concepts["Failed contract"]["fa"] == "ددان"
    assert concepts["Last trick (10 more points)"]["moroccan"] == "ديكس دي دير"
    assert concepts["No-trump contract"]["fr"] == ""


def copy_reference(tmp_path: Path) -> Path:
    shutil.copytree(REFERENCE_DIR, tmp_path / "reference")
    return tmp_path / "reference"


def edit_yaml(path: Path, change) -> None:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")


def test_a_rules_file_missing_a_rule_is_refused_naming_it(tmp_path):
    directory = copy_reference(tmp_path)
    edit_yaml(directory / "rules-french.yaml", lambda d: d["sections"]["play"].pop())

    with pytest.raises(ReferenceFileError) as e:
        read_rules("french", directory)

    assert e.value.where == "sections.play"
    assert "missing play.must-overruff" in e.value.reason


def test_a_rules_file_with_a_rule_of_another_variant_is_refused(tmp_path):
    directory = copy_reference(tmp_path)
    text = {lang: "x" for lang in LANGS}
    edit_yaml(
        directory / "rules-moroccan.yaml",
        lambda d: d["sections"]["play"].append({"rule": "play.must-overruff", "text": text}),
    )

    with pytest.raises(ReferenceFileError) as e:
        read_rules("moroccan", directory)

    assert "play.must-overruff" in e.value.reason


def test_a_rules_file_missing_a_language_is_refused(tmp_path):
    directory = copy_reference(tmp_path)
    edit_yaml(directory / "rules-saudi.yaml", lambda d: d["sections"]["deck"][0]["text"].pop("fa"))

    with pytest.raises(ReferenceFileError) as e:
        read_rules("saudi", directory)

    assert e.value.where == "sections.deck[0].text"


def test_a_house_rule_must_be_an_option_of_the_variant(tmp_path):
    directory = copy_reference(tmp_path)
    edit_yaml(
        directory / "rules-moroccan.yaml", lambda d: d["sections"]["house-rules"][0].update(option="ekka")
    )

    with pytest.raises(ReferenceFileError) as e:
        read_rules("moroccan", directory)

    assert "not an option" in e.value.reason


# ---------------------------------------------------------------- the rules page


@pytest.mark.django_db
@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lang", LANGS)
def test_it_shows_every_rule_with_its_title_in_the_page_language(client, variant, lang):
    response = client.get(f"/{lang}/rules/{variant}/")

    assert response.status_code == 200
    text = response.text
    assert sorted(rule_ids_on(text)) == sorted(applicable_rules(variant))
    for rule in applicable_rules(variant):
        assert escape(rule_title(rule, variant, lang)) in text
    assert escape(read_rules(variant).sections["play"][0].text[lang].split("**")[0][:30]) in text


@pytest.mark.django_db
def test_it_speaks_the_variants_own_words():
    from django.test import Client

    saudi = Client().get("/ar/rules/saudi/").text
    moroccan = Client().get("/ar/rules/moroccan/").text

    assert "الأكلة" in saudi and "خويك" in saudi
    assert "الأتو" in moroccan and "الشريك" in moroccan


@pytest.mark.django_db
def test_it_links_a_rule_to_the_lessons_and_puzzles_that_practise_it(client):
    make_saudi()  # puzzles practising play.must-follow in lessons follow-suit and counting

    text = client.get("/en/rules/saudi/").text

    entry = text[text.index('id="rule-play.must-follow"') :]
    entry = entry[: entry.index('<div class="rule-entry"', 10)]
    assert 'href="/en/learn/saudi/follow-suit/"' in entry
    assert 'href="/en/learn/saudi/follow-suit/2/"' in entry
    assert 'href="/en/learn/saudi/follow-suit/3/"' in entry
    assert 'href="/en/learn/saudi/counting/1/"' in entry
    assert 'href="/en/learn/saudi/follow-suit/1/"' not in entry  # a text step practises nothing


@pytest.mark.django_db
def test_it_does_not_link_teachers_puzzles(client):
    course = Course.objects.create(variant="french", order=3, **words("French Belote", field="title"))
    lesson = Lesson.objects.create(course=course, slug="x", order=1, **words("X", field="title"))
    position = {"variant": "french", "trump": "H", "seat": "S", "hand": ["7C"], "trick": []}
    puzzle = Puzzle.objects.create(
        key="t-1", variant="french", task="play", position=position, answers=["7C"], rules=["trick.win"],
        source="teacher",
    )  # fmt: skip
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=puzzle)

    text = client.get("/en/rules/french/").text

    assert "/en/learn/french/x/1/" not in text


@pytest.mark.django_db
def test_it_draws_the_ranking_from_the_engine(client):
    text = client.get("/fr/rules/french/").text

    table = text[text.index('<table class="ranking">') : text.index("</table>")]
    cells = re.findall(r"<td>([^<]*)</td>", table)
    assert cells[:4] == ["valet", "20", "as", "11"]
    assert cells[4:8] == ["neuf", "14", "dix", "10"]


@pytest.mark.django_db
def test_it_writes_digits_the_learners_way(client):
    text = client.get("/fa/rules/saudi/").text

    assert "۱۶۲" in text


@pytest.mark.django_db
def test_it_answers_404_for_an_unknown_variant(client):
    assert client.get("/en/rules/belote/").status_code == 404


@pytest.mark.django_db
def test_the_course_page_links_to_its_rules(client, saudi):
    text = client.get("/fr/learn/saudi/").text

    assert 'href="/fr/rules/saudi/"' in text
    assert 'href="/fr/glossary/"' in text


# ---------------------------------------------------------------- the glossary page


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_names_every_concept_at_every_table(client, lang):
    response = client.get(f"/{lang}/glossary/")

    assert response.status_code == 200
    text = response.text
    for concept in read_glossary():
        assert escape(concept.label[lang]) in text
        for word in concept.words.values():
            if word:
                assert escape(word) in text
    assert '<td lang="ar">حكم</td>' in text


@pytest.mark.django_db
def test_the_glossary_maps_the_spanish_deck(client):
    text = client.get("/en/glossary/").text

    section = text[text.index('id="spanish-title"') :]
    assert re.search(r"<td>10</td><td>[^<]+</td><td>jack \(J\)</td>", section)
    assert re.search(r"<td>12</td><td>[^<]+</td><td>king \(K\)</td>", section)
    assert "swords" in section


@pytest.mark.django_db
@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_explains_each_term_with_an_example_at_each_table(client, lang):
    text = client.get(f"/{lang}/glossary/").text

    terms = text[text.index('id="terms-title"') :]
    for concept in read_glossary():
        assert localize_digits(escape(concept.definition[lang]), "native", lang) in terms
        for variant in ("saudi", "moroccan", "french"):
            assert localize_digits(escape(concept.examples[variant][lang]), "native", lang) in terms


@pytest.mark.django_db
def test_a_glossary_term_never_runs_into_its_note(client):
    text = client.get("/ar/glossary/").text

    table = text[text.index('<table class="glossary">') : text.index("</table>")]
    assert 'class="note"' not in table  # the notes are under each term's definition
    assert '<a href="#term-1">العقد بلا أتو</a></th>' in table


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "comma"), [("ar", "، "), ("fa", "، "), ("fr", ", ")])
def test_the_glossary_lists_the_games_with_the_languages_comma(client, lang, comma):
    text = client.get(f"/{lang}/glossary/").text

    links = text[text.index('class="reference-links"') :]
    links = links[: links.index("</p>")]
    assert f"</a>{comma}<a" in links
    assert (", <a" in links) == (comma == ", ")


def test_the_glossary_refuses_a_concept_without_an_example_for_each_variant(tmp_path):
    glossary = (REFERENCE_DIR / "glossary.yaml").read_text(encoding="utf-8")
    misspelt = glossary.replace("      moroccan:\n        en:", "      morocan:\n        en:", 1)
    (tmp_path / "glossary.yaml").write_text(misspelt, encoding="utf-8")

    with pytest.raises(ReferenceFileError, match=r"concepts\[0\]\.examples: one example per variant"):
        read_glossary(tmp_path)
