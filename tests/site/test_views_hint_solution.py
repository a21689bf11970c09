"""The hint button, and the solution that opens after two wrong tries."""

from tests.site.pages import answer, step_url

PLAY = step_url(2)


def test_it_offers_a_hint_button_that_works_without_javascript(client, saudi):
    text = client.get(PLAY).text

    assert (
        f'action="{PLAY}hint" method="post" hx-post="{PLAY}hint" hx-target="#hint" hx-swap="outerHTML"'
        in text
    )
    assert "Look at the suit that was led." not in text


def test_it_shows_the_hint_as_a_fragment_to_htmx(client, saudi):
    response = client.post(PLAY + "hint", headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="hint"')
    assert "Look at the suit that was led." in response.text
    assert "<html" not in response.text


def test_it_shows_the_hint_in_the_whole_page_to_a_plain_post_and_keeps_it(client, saudi):
    response = client.post(PLAY + "hint")

    assert "<html" in response.text
    assert "Look at the suit that was led." in response.text
    assert "Look at the suit that was led." in client.get(PLAY).text


def test_it_shows_the_hint_in_the_page_language(client, saudi):
    response = client.post(step_url(2, "fr") + "hint", headers={"HX-Request": "true"})

    assert "Regardez la couleur demandée." in response.text


def test_it_counts_the_hint_in_the_next_attempt(client, saudi):
    from lessons.models import Attempt

    client.post(PLAY + "hint")
    answer(client, PLAY, {"card": "KC"})

    assert Attempt.objects.get().hints_used == 1


def test_it_offers_no_solution_before_two_wrong_tries(client, saudi):
    answer(client, PLAY, {"card": "AS"})

    text = client.get(PLAY).text

    assert f'action="{PLAY}solution"' not in text


def test_it_refuses_the_solution_before_two_wrong_tries(client, saudi):
    answer(client, PLAY, {"card": "AS"})

    response = client.post(PLAY + "solution")

    assert response.status_code == 400
    assert "after two wrong answers" in response.text


def test_it_offers_the_solution_after_two_wrong_tries_out_of_band(client, saudi):
    answer(client, PLAY, {"card": "AS"}, htmx=True)
    second = answer(client, PLAY, {"card": "7C"}, htmx=True)

    assert '<div id="solution" class="solution" tabindex="-1" hx-swap-oob="true">' in second.text
    assert f'hx-post="{PLAY}solution" hx-target="#solution" hx-swap="outerHTML"' in second.text


def test_it_offers_the_solution_on_the_page_after_two_wrong_tries(client, saudi):
    answer(client, PLAY, {"card": "AS"})
    answer(client, PLAY, {"card": "7C"})

    assert f'action="{PLAY}solution"' in client.get(PLAY).text


def test_it_shows_the_accepted_cards_as_the_solution(client, saudi):
    answer(client, PLAY, {"card": "AS"})
    answer(client, PLAY, {"card": "AS"})

    fragment = client.post(PLAY + "solution", headers={"HX-Request": "true"})
    page = client.post(PLAY + "solution")

    assert fragment.status_code == 200
    assert fragment.text.lstrip().startswith('<div id="solution"')
    assert '<span role="img" aria-label="king of clubs">' in fragment.text
    assert "You follow the suit led when you can." in fragment.text
    assert "<html" in page.text and 'aria-label="king of clubs"' in page.text


def test_it_shows_the_score_and_its_steps_as_the_solution(client, saudi):
    url = step_url(3, slug="counting")
    answer(client, url, {"NS": "1", "EW": "2"})
    answer(client, url, {"NS": "3", "EW": "4"})

    response = client.post(url + "solution", headers={"HX-Request": "true"})

    assert "14" in response.text and "12" in response.text
    assert 'data-rule="score.sa.round-sun"' in response.text


# ---------------------------------------------------------------- the three stages of a wrong answer


def test_it_shows_what_is_wrong_first_then_the_hint_then_the_explanation(client, saudi):
    url = step_url(1, slug="counting")  # who wins the trick: West

    first = answer(client, url, {"seat": "S"}, htmx=True).text
    second = answer(client, url, {"seat": "S"}, htmx=True).text
    third = answer(client, url, {"seat": "S"}, htmx=True).text

    # The first wrong answer points at the rule to look at, never at the card that is the answer.
    assert "hearts is trump here: a trump takes the trick over every card of another suit." in first
    assert "7♥" not in first and "West" not in first and "Look at the suit that was led." not in first
    assert "Look at the suit that was led." in second and "West" not in second
    assert '<div id="solution" class="solution" tabindex="-1" hx-swap-oob="true">' in third
    assert '<p class="solution-answer">West</p>' in third
    assert "The solution is below." in third


def test_it_shows_the_stages_on_the_whole_page_without_javascript(client, saudi):
    url = step_url(1, slug="counting")

    second = [answer(client, url, {"seat": "S"}) for _ in range(2)][-1].text
    third = answer(client, url, {"seat": "S"}).text

    assert "<html" in second and 'class="hint hint-inline"' in second
    assert '<p class="solution-answer">West</p>' not in second
    assert '<p class="solution-answer">West</p>' in third
