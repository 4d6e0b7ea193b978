"""Security schemes on a built API page: OAuth URLs written relative to the server are shown
resolved against it, as OpenAPI reads them, and schemes that all send the Authorization header
in one requirement leave one field and one header, the last scheme's, as on the platform."""

from __future__ import annotations

import json
import re
from pathlib import Path

from click.testing import CliRunner

from mdxsite.cli import main

SPEC = """openapi: 3.1.0
info: {title: Secure, version: "1"}
servers: [{url: "https://{region}.api.test/v1/", variables: {region: {default: eu}}}]
paths:
  /tokens:
    get:
      summary: OAuth
      security: [{oauth: [read]}, {oidc: []}]
      responses: {"200": {description: ok}}
  /both:
    get:
      summary: Both
      security: [{bearer: [], basic-auth: []}]
      responses: {"200": {description: ok}}
  /either:
    get:
      summary: Either
      security: [{basic-auth: [], account_id: []}, {auth_key: []}]
      responses: {"200": {description: ok}}
components:
  securitySchemes:
    bearer: {type: http, scheme: bearer}
    basic-auth: {type: http, scheme: basic}
    auth_key: {type: apiKey, in: header, name: Authorization}
    account_id: {type: apiKey, in: query, name: account}
    oidc: {type: openIdConnect, openIdConnectUrl: /.well-known/openid-configuration}
    oauth:
      type: oauth2
      flows:
        authorizationCode:
          authorizationUrl: /oauth/authorize
          tokenUrl: oauth/token
          refreshUrl: https://login.test/refresh
          scopes: {read: Read}
"""


def build(tmp_path: Path) -> tuple[str, Path]:
    (tmp_path / "api.yaml").write_text(SPEC)
    (tmp_path / "docs.json").write_text(json.dumps({
        "theme": "mint", "name": "S", "colors": {"primary": "#112233"},
        "navigation": {"tabs": [{"tab": "API", "openapi": "api.yaml"}]}}))
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["--disable-plugin", "search", "build", str(tmp_path),
                                       "-o", str(out)])
    assert result.exit_code == 0, result.output
    return result.output, out / "api-reference"


def playground(page: str) -> dict:
    found = re.search(r'class="api-playground-config">(.*?)</script>', page, re.S)
    assert found, "no playground"
    return json.loads(found.group(1))


def test_relative_oauth_urls_are_resolved_against_the_server(tmp_path: Path) -> None:
    _, out = build(tmp_path)
    page = (out / "oauth" / "index.html").read_text()
    # an absolute path replaces the server's, a relative one continues it; absolute as written
    assert ("authorization URL <code>https://eu.api.test/oauth/authorize</code>, token URL "
            "<code>https://eu.api.test/v1/oauth/token</code>, refresh URL "
            "<code>https://login.test/refresh</code>") in page
    assert "OpenID Connect: <code>https://eu.api.test/.well-known/openid-configuration</code>" \
        in page


def test_one_authorization_header_per_requirement(tmp_path: Path) -> None:
    output, out = build(tmp_path)
    assert ("api.yaml:13:18: warning: paths./both.get.security[0]: 'bearer' and 'basic-auth' "
            "each send the Authorization header") in output
    both = (out / "both" / "index.html").read_text()
    # the last scheme's field alone, in the playground, the reference and the samples
    assert [a["name"] for a in playground(both)["auth"]] == ["basic-auth"]
    assert re.findall(r'data-auth="([^"]+)"', both) == ["basic-auth"]
    curl = (out / "both.md").read_text()
    assert "--user 'username:password'" in curl and "Bearer" not in curl
    # alternatives stay a choice, titled as the platform titles them
    either = playground((out / "either" / "index.html").read_text())
    assert either["auth_options"] == ["basic auth & account id", "auth key"]
    assert [(a["name"], a["options"]) for a in either["auth"]] == [
        ("basic-auth", [0]), ("account_id", [0]), ("auth_key", [1])]
