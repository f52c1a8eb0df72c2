"""Tool arguments as generic MCP clients send them (issue 9 §10): the parameter types the tool records use,
and :func:`parse_arguments`, which checks a call's arguments against a record's ``params`` model and turns
every failure into one ``INVALID_PARAMS`` error naming the field, the problem and what was sent.

The rules, per parameter kind:

- **integers** (:data:`Integer`) are advertised as JSON Schema ``"type": "integer"`` and accept what that
  schema allows — a JSON number without a fractional part (``1``, ``1.0``; JSON Schema 2020-12 §6.1.1 counts
  ``1.0`` as an integer) — plus, as a tolerance for clients that send every value as a string, a string
  holding a plain decimal integer (``"1"``, ``" 42 "``, ``"-3"``). Booleans (``true`` is not ``1``),
  fractions and other strings are rejected;
- **optional** integers and enums (:data:`AnnotationNumber`, :func:`optional_enum`) are advertised as the
  plain type, not ``anyOf [type, null]`` (which generic clients fill badly); ``null`` is still accepted and
  means "left out", like omitting the field;
- **unknown fields** are rejected (the models forbid extras and the schema says ``additionalProperties:
  false``): a misspelt optional parameter (``anotation: 1``) must not silently widen what a call does.

Ranges the app checks itself (``timeout_ms``, reply length, annotation numbers beyond a batch's count) are
left to the app, whose ``INVALID_PARAMS`` / ``NOT_FOUND`` answers name them; only what the schema states
(types, enums, ``minimum``) is checked here.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, StrictBool, StrictInt, ValidationError,
                      WithJsonSchema)

from app.core.errors import PagenoteError

__all__ = ["AnnotationNumber", "Integer", "OptionalBool", "ToolParams", "optional_enum", "parse_arguments"]

_INTEGER_TEXT = re.compile(r"[+-]?[0-9]{1,15}")
_SHOWN_INPUT = 40  # characters of a rejected value quoted back


def _integer_from_text(value: Any) -> Any:
    """``"42"`` → ``42`` and ``42.0`` → ``42``; anything else unchanged, for ``StrictInt`` to judge."""
    if isinstance(value, str):
        text = value.strip()
        if _INTEGER_TEXT.fullmatch(text):
            return int(text)
    elif isinstance(value, float) and value.is_integer():
        return int(value)
    return value


#: An integer argument: a JSON integer (or a number with no fractional part), or a string holding a decimal
#: integer; never a boolean. Its JSON schema is ``{"type": "integer"}``.
Integer = Annotated[StrictInt, BeforeValidator(_integer_from_text)]

#: An optional boolean argument (``null`` or absent: the app's default), advertised as ``{"type": "boolean"}``;
#: JSON ``true``/``false``, or the strings ``"true"``/``"false"`` (clients that send every value as a string);
#: a number or any other string is refused (``"no"`` must not read as true).
OptionalBool = Annotated[Annotated[StrictBool, BeforeValidator(lambda v: {"true": True, "false": False}.get(v, v)
                                                                  if isinstance(v, str) else v)] | None,
                         WithJsonSchema({"type": "boolean"})]

#: An optional 1-based annotation number: an :data:`Integer` ≥ 1, or ``null`` / absent. Advertised as
#: ``{"type": "integer", "minimum": 1}``.
AnnotationNumber = Annotated[Annotated[Integer, Field(ge=1)] | None,
                             WithJsonSchema({"type": "integer", "minimum": 1})]


def optional_enum(*values: str) -> Any:
    """The type of an optional string parameter that takes one of ``values`` (or ``null`` / absent),
    advertised as ``{"type": "string", "enum": [...]}``."""
    return Annotated[Literal[values] | None, WithJsonSchema({"type": "string", "enum": list(values)})]


class ToolParams(BaseModel):
    """Base of every tool's ``params`` model: unknown fields are an error (``additionalProperties: false``).
    ``refused`` names arguments a peer's tool of the same name takes (Playwright MCP's) that this one does not,
    each with why and what to do instead: the error then says so rather than only listing the arguments."""

    model_config = ConfigDict(extra="forbid")
    refused: ClassVar[dict[str, str]] = {}


P = TypeVar("P", bound=BaseModel)


def _shown(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= _SHOWN_INPUT else text[:_SHOWN_INPUT - 1] + "…"


def _problem(error: dict, params: type[BaseModel], arguments: Mapping[str, Any]) -> str:
    """One pydantic error as ``"<field>: <problem>"`` (with the value sent, when there was one)."""
    field = str(error["loc"][0]) if error["loc"] else "arguments"
    kind = error["type"]
    if kind == "missing":
        return f"{field}: required, but missing"
    if kind == "extra_forbidden" and field in getattr(params, "refused", {}):
        return f"{field}: {params.refused[field]}"
    if kind == "extra_forbidden":
        names = ", ".join(params.model_fields)
        return f"{field}: unknown parameter ({f'this tool takes: {names}' if names else 'this tool takes none'})"
    message = error["msg"]
    if kind == "value_error" and error.get("ctx", {}).get("error") is not None:
        message = str(error["ctx"]["error"])   # a validator's own words, without pydantic's "Value error, "
        if not error["loc"]:
            return message                     # a check across fields names its fields itself
    message = message[0].lower() + message[1:] if message else "invalid"
    sent = f" (got {_shown(arguments[field])})" if field in arguments else ""
    return f"{field}: {message}{sent}"


def parse_arguments(params: type[P], arguments: Mapping[str, Any] | None) -> P:
    """``params`` validated from a tool call's ``arguments`` (``None`` counts as ``{}``).

    Raises :class:`PagenoteError` ``INVALID_PARAMS`` with the message ``"<field>: <problem> (got <value>)"``
    — one part per wrong field, joined by ``"; "``, in the model's field order then unknown fields — and the
    registry's next step. Its text is then ``"INVALID_PARAMS: <field>: <problem> — <next step>"``."""
    arguments = dict(arguments or {})
    try:
        return params.model_validate(arguments)
    except ValidationError as exc:
        problems: dict[str, str] = {}
        for error in exc.errors():
            field = str(error["loc"][0]) if error["loc"] else "arguments"
            problems.setdefault(field, _problem(error, params, arguments))  # one problem per field
        order = {name: i for i, name in enumerate(params.model_fields)}
        parts = [problems[f] for f in sorted(problems, key=lambda f: order.get(f, len(order)))]
        raise PagenoteError("INVALID_PARAMS", "; ".join(parts)) from None


def list_from_text(value: Any) -> Any:
    """A JSON array sent as a string (``'["a", "b"]'``), as some clients send every value, → the list; any
    other value as it is (the model's own type check then names it). For ``BeforeValidator`` on list fields."""
    if isinstance(value, str) and value.strip().startswith("["):
        try:
            return json.loads(value)
        except ValueError:
            return value
    return value
