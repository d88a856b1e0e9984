"""The templates' texts come from the request's catalogue, looked up once a request
(assistant/web/i18n.py: Flask-Babel looked it up on every one of some 300 texts a page), and a
language forced for a while (a sheet printed in another language) is obeyed, then left."""

from __future__ import annotations

from assistant.rules.text import N_
from assistant.web.i18n import forced_language, render_page_text


def test_a_page_speaks_the_request_s_language_and_a_forced_one_while_it_lasts(app):
    page = app.jinja_env.from_string("{{ _('Save') }} {{ ngettext('%(num)d game', '%(num)d games', 2) }}")
    with app.test_request_context("/", headers={"Accept-Language": "es"}):
        assert page.render() == "Guardar 2 partidas"
        assert render_page_text(N_("Save")) == "Guardar"
        with forced_language("pl"):
            assert page.render() == "Zapisz 2 gry"
            assert render_page_text(N_("Save")) == "Zapisz"
        assert page.render() == "Guardar 2 partidas"
    with app.test_request_context("/", headers={"Accept-Language": "ko"}):
        assert page.render().startswith("저장")  # another request: its own catalogue
