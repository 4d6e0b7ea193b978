"""The theme's Jinja environment shares its globals dict with templates (speed only): what a
template sees is what Jinja's own environment shows it, and globals given to one template
stay with that template (mdxsite.output.theme.SiteEnvironment)."""

from __future__ import annotations

from pathlib import Path

import jinja2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdxsite.output.theme import SiteEnvironment

TEMPLATES = {
    "page.html": "{{ greet }} {{ href('/a') }}{% include 'part.html' %}{% for i in range(2) %}"
                 "{{ i }}{% endfor %}{% import 'macros.html' as m %}{{ m.box(name) }}",
    "part.html": "[{{ greet }}:{{ name }}]",
    "macros.html": "{% macro box(x) %}<b>{{ x }} {{ greet }}</b>{% endmacro %}",
    "other.html": "{{ greet }}|{{ extra | default('none') }}",
}


def _both(fixed: bool = False) -> tuple[jinja2.Environment, jinja2.Environment]:
    """Jinja's environment and ours; ``fixed``: templates do not change (a render worker)."""
    made = []
    for cls in (jinja2.Environment, SiteEnvironment):
        env = cls(loader=jinja2.DictLoader(TEMPLATES), autoescape=True,
                  undefined=jinja2.StrictUndefined, auto_reload=not fixed)
        env.globals["greet"] = "hi"
        env.globals["href"] = lambda url: "/base" + url
        made.append(env)
    return made[0], made[1]


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=20), st.text(max_size=10), st.booleans())
def test_templates_render_what_jinjas_own_environment_renders(name: str, greet: str,
                                                              fixed: bool) -> None:
    jinjas, ours = _both(fixed)
    for env in (jinjas, ours):
        env.get_template("page.html").render(name="first")  # loaded before the change below
        env.globals["greet"] = greet  # set later, as the toolkit sets href for each site
    assert ours.get_template("page.html").render(name=name) == \
        jinjas.get_template("page.html").render(name=name)


@pytest.mark.parametrize("fixed", [False, True])
@pytest.mark.parametrize("first_without", [True, False])
def test_globals_given_to_one_template_stay_with_it(first_without: bool, fixed: bool) -> None:
    jinjas, ours = _both(fixed)
    seen = []
    for env in (jinjas, ours):
        if first_without:  # loaded, cached, then asked for again with globals of its own
            env.get_template("other.html").render()
        given = env.get_template("other.html", globals={"extra": "mine"}).render()
        elsewhere = env.get_template("page.html").render(name="n")
        seen.append((given, elsewhere, "extra" in env.globals,
                     env.from_string("{{ extra | default('none') }}").render()))
    assert seen[0] == seen[1]
    assert seen[1][0] == "hi|mine" and seen[1][2:] == (False, "none")


def test_the_theme_environment_is_the_sharing_one(tmp_path: Path) -> None:
    from mdxsite.model import Site, SiteConfig
    from mdxsite.output import theme

    site = Site(root=tmp_path, config=SiteConfig(root=tmp_path, raw={"name": "x"}),
                nav=None, pages={})  # type: ignore[arg-type]  # no page is laid out
    env = theme.new_environment(theme.load_theme("base"), site)
    assert isinstance(env, SiteEnvironment)
    assert env.get_template("components/callout.html").globals is env.globals


def test_fixed_templates_are_looked_up_once_and_follow_a_new_loader() -> None:
    # a render worker's templates do not change: each is loaded once; a loader put in place
    # afterwards (a plugin's) is asked again, as Jinja's own cache would be
    jinjas, ours = _both(fixed=True)
    for env in (jinjas, ours):
        assert env.get_template("other.html") is env.get_template("other.html")
        env.loader = jinja2.DictLoader({**TEMPLATES, "other.html": "new {{ greet }}"})
    assert ours.get_template("other.html").render() == \
        jinjas.get_template("other.html").render() == "new hi"
