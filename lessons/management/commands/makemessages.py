"""``manage.py makemessages``: Django's, which also finds the strings said in a variant's own words.

The site words some strings per variant (lessons/templatetags/baloot.py): ``variant_gettext``
and ``variant_ngettext`` in Python, ``{% words_of variant "..." %}`` and
``{{ "..."|in_words_of:variant }}`` in templates. Those are extracted here like any gettext call:
the Python names as xgettext keywords, the template forms by adding a gettext call per string to
the code Django makes from each template. A variant's own wording (``msgctxt "saudi"``) is
written by hand where a language needs one; the contexts the site uses are marked in
lessons/variant_words.py.

A language that has no entry of some context does not get a guess: msgmerge runs without fuzzy
matching, so a missing entry is added untranslated (the plain entry keeps serving) rather than as
a fuzzy copy of another.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.management.commands import makemessages

NOT_THE_SITE = ["tests/*", "bench/*", "build/*", "docs/*"]

# {% words_of variant "msgid" %}, {% words_of variant "singular" "plural" n ... %}
WORDS_OF = re.compile(r"""\{%\s*words_of\s+\S+\s+("[^"]*"|'[^']*')(?:\s+("[^"]*"|'[^']*'))?""")
# {{ "msgid"|in_words_of:variant }}
IN_WORDS_OF = re.compile(r"""("[^"]*"|'[^']*')\|in_words_of\b""")


def variant_strings(template: str) -> str:
    """Python code marking the variant-worded strings of ``template`` for xgettext."""
    calls = []
    for singular, plural in WORDS_OF.findall(template):
        calls.append(f"ngettext({singular}, {plural}, 2)" if plural else f"gettext({singular})")
    calls += [f"gettext({msgid})" for msgid in IN_WORDS_OF.findall(template)]
    return "".join(f" {call}\n" for call in calls)


class BuildFile(makemessages.BuildFile):
    def preprocess(self) -> None:
        super().preprocess()
        if not self.is_templatized or self.domain != "django":
            return
        with open(self.path, encoding="utf-8") as source:
            added = variant_strings(source.read())
        if added:
            with open(self.work_path, "a", encoding="utf-8") as work:
                work.write("\n" + added)


class Command(makemessages.Command):
    build_file_class = BuildFile
    # Lists, as Django's own command has them (it copies and extends them per run).
    xgettext_options = [  # noqa: RUF012
        *makemessages.Command.xgettext_options,
        "--keyword=variant_gettext:1",
        "--keyword=variant_ngettext:1,2",
        "--keyword=pgettext_noop:1c,2",
        "--keyword=npgettext_noop:1c,2,3",
        "--keyword=_lazy",  # gettext_lazy imported under that name
        "--keyword=words:1",  # the score calculator form's own (lessons/calculator/form.py)
    ]
    msgmerge_options = [*makemessages.Command.msgmerge_options, "--no-fuzzy-matching"]  # noqa: RUF012

    def handle(self, *args: Any, **options: Any) -> None:
        # The site's own strings only: not the tests' made-up lessons, nor the build's copies.
        options["ignore_patterns"] = [*options.get("ignore_patterns", []), *NOT_THE_SITE]
        super().handle(*args, **options)
