"""Date formats, one per language, all day before month (« 7/12/2026 » is 7 December everywhere).

Django's own formats put the month first in English (m/d/Y) and the year first in Persian
(Y/n/j); a page in one language and the same teacher's page in another must not read the
same date two ways. Digits are localized by the pages themselves (the ``digits`` filter).
"""
