"""Evaluate the JavaScript literals MDX pages use in props and ``export const``.

Prop values are JavaScript, not JSON: objects with unquoted keys, single-quoted strings,
template literals, trailing commas, references to exported variables, JSX elements. This
small evaluator handles those, the few calls that only reshape such values: an array's
``.map(item => …)`` (``(item, index)``, ``({ a, b })`` too; the body an element, a value or a
block returning one) and ``.join(sep)``, a string's ``.toUpperCase()``, ``.toLowerCase()`` and
``.trim()``, and the choices a component makes on its props: ``a ? b : c``, ``a && b``,
``a || b``, ``a ?? b`` and ``!a``, with JavaScript's truthiness, over comparisons of strings,
numbers, booleans and null (``===``, ``!==``, ``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``).
Anything else (another call, arithmetic, comparing objects) raises :class:`Unevaluable`, which
the renderer turns into a located warning.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


class Unevaluable(Exception):
    """The expression is not a literal we can evaluate at build time."""


@dataclass(frozen=True)
class JsxValue:
    """A JSX element used as a value (``icon={<svg …/>}``): kept as source, rendered later,
    with the names a ``.map`` callback bound around it (``bindings``)."""

    source: str
    bindings: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class JsxComponent:
    """``export const Name = ({ a, b = 1 }) => (<jsx/>)``: a component whose body is static JSX.

    Rendered where it is used with its props bound to ``params`` (or, for ``(props) => …``,
    to ``whole``); a body with statements (hooks, ``return``) is not one of these.
    """

    name: str
    params: tuple[tuple[str, str], ...]  # (prop name, default's JS source or "")
    whole: str                           # the parameter naming all props, if not destructured
    source: str                          # the JSX body
    file: str                            # where it is written
    offset: int                          # lines before ``source`` in that file
    written: str = ""                    # the body as written, when ``source`` joins its lines


@dataclass
class Script:
    """A component that is JavaScript (hooks, logic, a ``.jsx`` snippet): drawn in the reader's
    browser as an island (:mod:`mdxsite.mdx.islands`)."""

    name: str


@dataclass
class Undefined:
    """A reference to a name that no import, export or prop defines."""

    name: str = ""


UNDEFINED = Undefined()

_NUMBER = re.compile(r"-?(?:0[xX][0-9a-fA-F]+|(?:\d[\d_]*)?\.?\d[\d_]*(?:[eE][+-]?\d+)?)")
_IDENT = re.compile(r"[A-Za-z_$][\w$]*")
_ESC = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0"}


@dataclass
class _Parser:
    src: str
    scope: Mapping[str, object]
    i: int = 0
    undefined: list[str] = field(default_factory=list)
    local: dict[str, object] = field(default_factory=dict)  # a .map callback's parameters

    def ws(self) -> None:
        s = self.src
        while self.i < len(s):
            if s[self.i].isspace():
                self.i += 1
            elif s.startswith("//", self.i):
                end = s.find("\n", self.i)
                self.i = len(s) if end < 0 else end
            elif s.startswith("/*", self.i):
                end = s.find("*/", self.i + 2)
                if end < 0:
                    raise Unevaluable("unclosed comment")
                self.i = end + 2
            else:
                return

    def peek(self) -> str:
        self.ws()
        return self.src[self.i] if self.i < len(self.src) else ""

    def expect(self, ch: str) -> None:
        if self.peek() != ch:
            raise Unevaluable(f"expected {ch!r}")
        self.i += 1

    def expr(self) -> object:
        """A value, or a choice between values: ``a ? b : c`` over ``a || b``, ``a ?? b``
        over ``a && b`` over ``!a``. Both sides are read (they must be evaluable), and the
        one JavaScript would return is kept."""
        test = self.either()
        if self.peek() != "?":
            return test
        if self.src.startswith("?.", self.i):
            raise Unevaluable("optional chaining")
        self.i += 1
        yes = self.expr()
        self.expect(":")
        no = self.expr()
        return yes if truthy(test) else no

    def either(self) -> object:
        left = self.both()
        while self.peek() in "|?":
            if self.src.startswith("||", self.i):
                self.i += 2
                right = self.both()
                left = left if truthy(left) else right
            elif self.src.startswith("??", self.i):
                self.i += 2
                right = self.both()
                left = right if left is None or isinstance(left, Undefined) else left
            else:
                break
        return left

    def both(self) -> object:
        left = self.compared()
        while self.peek() == "&" and self.src.startswith("&&", self.i):
            self.i += 2
            right = self.compared()
            left = right if truthy(left) else left
        return left

    def compared(self) -> object:
        left = self.negated()
        while self.peek() in "=!<>":
            op = next((o for o in _COMPARISONS if self.src.startswith(o, self.i)), "")
            if not op:
                break
            self.i += len(op)
            left = _compare(op, left, self.negated())
        return left

    def negated(self) -> object:
        if self.peek() == "!" and not self.src.startswith("!=", self.i):
            self.i += 1
            return not truthy(self.negated())
        return self.value()

    def value(self) -> object:
        ch = self.peek()
        if not ch:
            raise Unevaluable("empty expression")
        if ch in "\"'":
            return self.member(self.string(ch))
        if ch == "`":
            return self.member(self.template())
        if ch == "[":
            return self.member(self.array())
        if ch == "{":
            return self.obj()
        if ch == "(":
            self.i += 1
            v = self.expr()
            self.expect(")")
            return self.member(v)
        if ch == "<":
            return self.jsx()
        if ch == "-" or ch == "." or ch.isdigit():
            m = _NUMBER.match(self.src, self.i)
            if not m or not m.group():
                raise Unevaluable("not a number")
            self.i = m.end()
            text = m.group().replace("_", "")
            if text.lower().startswith(("0x", "-0x")):
                return int(text, 16)
            num = float(text)
            return int(num) if num.is_integer() and not any(c in text for c in ".eE") else num
        m = _IDENT.match(self.src, self.i)
        if m:
            self.i = m.end()
            word = m.group()
            consts = {"true": True, "false": False, "null": None, "undefined": None}
            if word in consts:
                return consts[word]
            return self.member(self.lookup(word))
        raise Unevaluable(f"unexpected {ch!r}")

    def lookup(self, name: str) -> object:
        if name in self.local:
            return self.local[name]
        if name in self.scope:
            return self.scope[name]
        self.undefined.append(name)
        return Undefined(name)

    def member(self, base: object) -> object:
        while True:
            ch = self.peek()
            if ch == "." and not self.src.startswith("...", self.i):
                self.i += 1
                self.ws()
                field = self.name("bad member access")
                base = self.call(base, field) if self.peek() == "(" else _get(base, field)
            elif ch == "[":
                self.i += 1
                key = self.value()
                self.expect("]")
                base = _get(base, key)
            elif ch == "(":
                raise Unevaluable("function call")
            else:
                return base

    def name(self, why: str) -> str:
        """The identifier at the cursor (read past), or Unevaluable(``why``)."""
        m = _IDENT.match(self.src, self.i)
        if m is None:
            raise Unevaluable(why)
        self.i = m.end()
        return m.group()

    def call(self, base: object, method: str) -> object:
        """``base.method(…)``, for the methods that only reshape a literal."""
        self.expect("(")
        if isinstance(base, str) and method in _STRING_METHODS:
            self.expect(")")
            return _STRING_METHODS[method](base)
        if isinstance(base, list) and method == "join":
            sep = "," if self.peek() == ")" else self.value()
            self.expect(")")
            return to_text(sep).join(to_text(v) for v in base)
        if isinstance(base, list) and method == "map":
            found = self.mapped(base)
            self.expect(")")
            return found
        raise Unevaluable("function call")

    def mapped(self, items: list[object]) -> list[object]:
        """The callback of ``items.map(…)`` applied to each item (its body is read once per
        item, with its parameters bound)."""
        names, keys = self.parameters()
        if not self.src.startswith("=>", self.i):
            raise Unevaluable("not an arrow function")
        self.i += 2
        start, end, out = self.i, -1, []
        for index, item in enumerate(items or [UNDEFINED]):  # none: read once, for its end
            local = dict(self.local)
            if keys is not None:  # ({ a, b }) => …
                local.update({key: _get(item, key) for key in keys})
            if names and names[0]:
                local[names[0]] = item
            if len(names) > 1:
                local[names[1]] = index
            body = _Parser(self.src, self.scope, start, self.undefined, local)
            value = body.body()
            end = body.i
            if items:
                out.append(value)
        self.i = end
        return out

    def parameters(self) -> tuple[list[str], list[str] | None]:
        """An arrow function's parameters: (names, the keys of a destructured first one,
        whose name is then "")."""
        bare = _IDENT.match(self.src, self.i) if self.peek() != "(" else None
        if bare is not None:
            self.i = bare.end()
            self.ws()
            return [bare.group()], None
        self.expect("(")
        names: list[str] = []
        keys: list[str] | None = None
        while self.peek() != ")":
            if self.peek() == "{" and not names and keys is None:
                self.i += 1
                keys = []
                while self.peek() != "}":
                    keys.append(self.name("renamed or nested destructuring"))
                    if self.peek() == ",":
                        self.i += 1
                self.i += 1
                names.append("")  # the first parameter is the destructured one
            else:
                names.append(self.name("bad parameter"))
            if self.peek() == ",":
                self.i += 1
        self.i += 1
        self.ws()
        return names, keys

    def body(self) -> object:
        """An arrow function's body: a value, or a block whose one statement returns it."""
        if self.peek() != "{":
            return self.expr()
        self.i += 1
        self.ws()
        if not self.src.startswith("return", self.i):
            raise Unevaluable("a block without a return")
        self.i += len("return")
        value = self.expr()
        if self.peek() == ";":
            self.i += 1
        self.expect("}")
        return value

    def string(self, quote: str) -> str:
        self.i += 1
        out: list[str] = []
        s = self.src
        while self.i < len(s):
            ch = s[self.i]
            if ch == quote:
                self.i += 1
                return "".join(out)
            if ch == "\\":
                out.append(self.escape())
                continue
            out.append(ch)
            self.i += 1
        raise Unevaluable("unclosed string")

    def escape(self) -> str:
        s = self.src
        nxt = s[self.i + 1: self.i + 2]
        self.i += 2
        if nxt == "u":
            if s.startswith("{", self.i):
                end = s.index("}", self.i)
                code, self.i = int(s[self.i + 1: end], 16), end + 1
            else:
                code, self.i = int(s[self.i: self.i + 4], 16), self.i + 4
            return chr(code)
        if nxt == "\n":
            return ""
        return _ESC.get(nxt, nxt)

    def template(self) -> str:
        self.i += 1
        out: list[str] = []
        s = self.src
        while self.i < len(s):
            ch = s[self.i]
            if ch == "`":
                self.i += 1
                return "".join(out)
            if ch == "\\":
                out.append(self.escape())
                continue
            if s.startswith("${", self.i):
                self.i += 2
                v = self.expr()
                self.expect("}")
                out.append(to_text(v))
                continue
            out.append(ch)
            self.i += 1
        raise Unevaluable("unclosed template literal")

    def array(self) -> list[object]:
        self.i += 1
        out: list[object] = []
        while True:
            if self.peek() == "]":
                self.i += 1
                return out
            if self.src.startswith("...", self.i):
                self.i += 3
                spread = self.value()
                if not isinstance(spread, list):
                    raise Unevaluable("spread of a non-array")
                out.extend(spread)
            else:
                out.append(self.expr())
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "]":
                raise Unevaluable("expected ',' or ']'")

    def obj(self) -> dict[str, object]:
        self.i += 1
        out: dict[str, object] = {}
        while True:
            ch = self.peek()
            if ch == "}":
                self.i += 1
                return out
            if self.src.startswith("...", self.i):
                self.i += 3
                spread = self.value()
                if isinstance(spread, dict):
                    out.update(spread)
            else:
                if ch in "\"'":
                    key = self.string(ch)
                elif ch == "[":
                    self.i += 1
                    key = to_text(self.value())
                    self.expect("]")
                else:
                    m = _IDENT.match(self.src, self.i) or re.compile(r"\d+").match(self.src, self.i)
                    if not m:
                        raise Unevaluable("bad object key")
                    self.i = m.end()
                    key = m.group()
                if self.peek() == ":":
                    self.i += 1
                    out[key] = self.expr()
                else:  # shorthand {name}
                    out[key] = self.lookup(key)
            if self.peek() == ",":
                self.i += 1
            elif self.peek() != "}":
                raise Unevaluable("expected ',' or '}'")

    def jsx(self) -> JsxValue:
        from mdxsite.mdx.jsx import scan_element

        end = scan_element(self.src, self.i)
        if end < 0:
            raise Unevaluable("unclosed JSX element")
        source = self.src[self.i:end]
        self.i = end
        return JsxValue(source, tuple(self.local.items()))


_STRING_METHODS: dict[str, Callable[[str], str]] = {"toUpperCase": str.upper, "toLowerCase": str.lower,
                                                   "trim": str.strip}


def _get(base: object, key: object) -> object:
    if isinstance(base, dict):
        return base.get(str(key), Undefined(str(key)))
    if isinstance(base, list):
        if key == "length":
            return len(base)
        if isinstance(key, (int, float)) and 0 <= int(key) < len(base):
            return base[int(key)]
    if isinstance(base, str) and key == "length":
        return len(base)
    if isinstance(base, Undefined):
        return base
    return Undefined(str(key))


def evaluate(src: str, scope: Mapping[str, object] | None = None) -> tuple[object, list[str]]:
    """Evaluate a JS literal expression; return (value, names that were undefined).

    Raises:
        Unevaluable: for anything that is not a literal (calls, functions, operators).
    """
    p = _Parser(src, scope or {})
    value = p.expr()
    p.ws()
    if p.i < len(src):
        # another operator (arithmetic, a comparison): not a literal
        raise Unevaluable(f"unexpected {src[p.i]!r}")
    return value, p.undefined


def literal_exports(src: str) -> dict[str, object]:
    """The ``export const name = <literal>`` values of a JavaScript file, by name.

    A ``.js`` snippet often holds data only (the platform's snippets page stores "the data as
    a plain JSON object in a .js snippet with a named export"): such values are known at
    build time. An export whose value is not a literal (a component, a call) is left out.
    """
    found: dict[str, object] = {}
    for m in _JS_EXPORT.finditer(src):
        p = _Parser(src, {}, m.end())
        try:
            value = p.value()
        except (Unevaluable, IndexError, ValueError):
            continue
        p.ws()
        # the statement must end there (";", a line break or the file's end), or the literal
        # is only the start of an expression (1 + n, f(x), a => …)
        written = src[m.end():p.i]
        if p.undefined or not (p.i >= len(src) or src[p.i] == ";"
                               or "\n" in written[len(written.rstrip()):]):
            continue
        found[m.group(1)] = value
    return found


_JS_EXPORT = re.compile(r"^export\s+(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*", re.M)


_COMPARISONS = ("===", "!==", "==", "!=", "<=", ">=", "<", ">")


def _compare(op: str, left: object, right: object) -> bool:
    """``left op right`` for the primitives a prop holds; comparing anything else (an object,
    an element, a string with a number) is Unevaluable rather than guessed."""
    def kind(v: object) -> str:
        if v is None or isinstance(v, Undefined):
            return "null" if v is None else "undefined"
        if isinstance(v, bool):
            return "boolean"
        if isinstance(v, (int, float)):
            return "number"
        if isinstance(v, str):
            return "string"
        raise Unevaluable("comparing an object")
    a, b = kind(left), kind(right)
    if op in ("===", "!=="):
        same = a == b and (a in ("null", "undefined") or left == right)
        return same if op == "===" else not same
    if op in ("==", "!="):
        if {a, b} <= {"null", "undefined"}:
            same = True
        elif a != b:
            raise Unevaluable("loose comparison across types")
        else:
            same = left == right
        return same if op == "==" else not same
    if a != b or a not in ("number", "string"):
        raise Unevaluable("ordering across types")
    lt, eq = left < right, left == right  # type: ignore[operator]
    return {"<": lt, "<=": lt or eq, ">": not (lt or eq), ">=": not lt}[op]


def truthy(value: object) -> bool:
    """Whether JavaScript counts a value as true: not false, null, undefined, 0 or ''."""
    if value is None or isinstance(value, Undefined) or value is False:
        return False
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value != 0
    return value != ""


def to_text(value: object) -> str:
    """Return how JSX would print a value in text: booleans and null print nothing."""
    if value is None or isinstance(value, (bool, Undefined)):
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list):
        return "".join(to_text(v) for v in value)
    if isinstance(value, dict):
        return ""
    if isinstance(value, JsxValue):
        return value.source
    return str(value)


def to_json(value: object) -> str | None:
    """Return a value as JSON (``false``, ``["a", "b"]``, ``{"a": 1}``, ``3`` for 3.0), the
    form an OpenAPI field's default is shown in; None for null, undefined and what JSON cannot
    hold (an element, a function, NaN)."""
    def plain(v: object) -> object:
        if isinstance(v, float) and v.is_integer():
            return int(v)
        if isinstance(v, list):
            return [plain(x) for x in v]
        if isinstance(v, dict):
            return {str(k): plain(x) for k, x in v.items()}
        if v is None or isinstance(v, (str, int, float, bool)):
            return v
        raise TypeError
    if value is None or isinstance(value, Undefined):
        return None
    try:
        return json.dumps(plain(value), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):  # a JSX element or a function: nothing JSON can write
        return None
