"""check(): one process for many values, the JSON Lines read back as Results."""

from decimal import Decimal
import datetime
import json
import subprocess

import pytest

import fieldcheck


def test_the_issue_example(binary):
    results = fieldcheck.check(["1.234,5", "1,234.5"], type="number", locale="de_DE")
    assert [(r.valid, r.value) for r in results] == [(True, "1234.5"), (False, None)]
    [finding] = results[1].findings
    assert (finding.code, finding.offset, finding.character, finding.codepoint) == \
        ("misplaced_grouping_separator", 5, ".", "U+002E")
    assert "in en_US it reads as 1234.5" in finding.message
    assert results[0].parsed == Decimal("1234.5") and results[1].parsed is None


def test_results_equal_the_line_command(binary, tmp_path):
    values = ["1.234,56", "1,2,3", "-0,5", "", "3,00", "12a,5", " 1", "1\n2", "١٢"]
    got = fieldcheck.check(values, "number", "de_DE", max_fraction_digits=2)
    records = tmp_path / "values.z"
    records.write_bytes(b"".join(v.encode() + b"\0" for v in values))
    out = subprocess.run([binary, "number", "--locale", "de_DE", "--max-fraction-digits", "2",
                          "-z", "--json", str(records)], stdout=subprocess.PIPE).stdout
    expected = [json.loads(line) for line in out.splitlines()]
    assert len(got) == len(expected) == len(values)
    for r, e in zip(got, expected):
        assert (r.input, r.valid, r.value, r.output) == \
            (e["input"], e["valid"], e["value"], e["output"])
        assert [(f.code, f.offset, f.length, f.character, f.codepoint, f.name, f.message)
                for f in r.errors] == \
            [(d["code"], d["offset"], d["length"], d["character"], d["codepoint"], d["name"],
              d["message"]) for d in e["errors"]]


def test_rules_map_to_options():
    assert fieldcheck._core.options(
        {"max_length": 3, "integer": True, "no_negative": False, "min": None,
         "allow": ["a", "b"], "to": "en_US"}) == \
        ["--max-length", "3", "--integer", "--allow", "a", "--allow", "b", "--to", "en_US"]
    with pytest.raises(ValueError):
        fieldcheck._core.options({"json": True})


def test_rules_dates_text_and_output(binary):
    dates = fieldcheck.check(["13.04.2026", "31.02.2026", "13.04.26"], "date",
                             pattern="dd.MM.yyyy", to="fr_FR", to_style="full")
    assert [r.valid for r in dates] == [True, False, False]
    assert dates[0].parsed == datetime.date(2026, 4, 13)
    assert dates[0].output == "lundi 13 avril 2026"
    assert [r.errors[0].code for r in dates[1:]] == ["field_out_of_range", "two_digit_year"]
    text = fieldcheck.check(["42", "1234", "4a"], "text", preset="number-pad", max_length=3)
    assert [r.valid for r in text] == [True, False, False]
    assert [r.errors[0].code for r in text[1:]] == ["too_long", "disallowed_character"]
    stripped = fieldcheck.check(["a1b"], "text", allow="abc", strip=True)[0]
    assert stripped.value == "ab" and [f.severity for f in stripped.findings] == ["removed"]
    money = fieldcheck.check("1.234,56 €", "number", "de_DE", style="currency")[0]
    assert money.record["currency"] == "EUR"


def test_none_nul_bytes_and_order(binary):
    values = [None, "1", "a\0b", b"2", None, "x", "3"]
    got = fieldcheck.check(values, "number", "en_US")
    assert [r.valid for r in got] == [None, True, False, True, None, False, True]
    assert got[2].errors[0].code == "nul_in_value"
    assert [r.value for r in got] == [None, "1", None, "2", None, None, "3"]
    with pytest.raises(TypeError):
        fieldcheck.check([1.5], "number")


def test_many_values_stream_through_one_process(binary):
    values = [f"{i:,}".replace(",", ".") for i in range(200_000)]
    got = fieldcheck.iter_check(values, "number", "de_DE")
    count = 0
    for i, r in enumerate(got):
        assert r.valid and r.value == str(i)
        count += 1
    assert count == len(values)
    # Stopping early stops the process (no hang, no error).
    first = next(fieldcheck.iter_check(iter(values), "number", "de_DE"))
    assert first.value == "0"


def test_configuration_error_carries_fieldchecks_message(binary):
    with pytest.raises(fieldcheck.ConfigurationError) as caught:
        fieldcheck.check(["1"], "number", locale="de_XX")
    error = caught.value
    assert isinstance(error, fieldcheck.FieldcheckError) and error.status == 2
    assert "unknown locale 'de_XX'" in str(error) and "de_DE" in error.message
    with pytest.raises(fieldcheck.ConfigurationError, match="malformed regular expression"):
        fieldcheck.check(["a"], "text", pattern="(")
    with pytest.raises(ValueError):
        fieldcheck.check(["a"], "csv")


@pytest.mark.parametrize("values,type,locale,rules", [
    (["1.234,5", "1,5", "x", "", None, "1.23", " 7"], "number", "de_DE", {}),
    (["1 234,5", "1\u202f234,5", "1234,5", "1,2,3"], "number", "fr_FR", {}),  # warnings
    (["", "abc", "a b", "", "toolong"], "text", None, {"allow": "abc", "max_length": 3}),
    (["13.04.2026", "31.02.2026"], "date", None, {"pattern": "dd.MM.yyyy", "to": "en_US"}),
])
def test_the_two_pass_path_equals_one_json_pass(binary, values, type, locale, rules):
    """check() of a list answers most values from a run without --json (fast_records); it must
    give exactly what one --json pass gives (iter_check), warnings included."""
    fast = fieldcheck.check(values, type, locale, **rules)
    slow = list(fieldcheck.iter_check(iter(values), type, locale, **rules))
    assert [(r.input, r.valid, r.value, r.output, r.findings) for r in fast] == \
        [(r.input, r.valid, r.value, r.output, r.findings) for r in slow]
    if locale == "fr_FR":
        assert any(r.warnings for r in fast)


def test_a_country_name_reads_back_to_its_code():
    results = fieldcheck.check(["Allemagne", "UK"], "country", locale="fr_FR")
    assert results[0].valid and results[0].value == "DE"
    assert not results[1].valid and results[1].errors[0].code == "deprecated_code"


def test_schema_types_without_a_command_go_through_as(binary):
    # datetime, boolean and the other Table Schema types are read by `fieldcheck as TYPE`.
    results = fieldcheck.check(["2026-04-13T13:45:30Z", "2026-04-13 13:45:30"], "datetime")
    assert [r.valid for r in results] == [True, False]
    assert results[0].value == "2026-04-13T13:45:30Z"
    assert results[1].errors[0].code == "invalid_value" and results[1].errors[0].offset == 10
    flags = fieldcheck.check(["True", "0", "ja"], "boolean")
    assert [r.value for r in flags] == ["true", "false", None]
    assert flags[2].errors[0].code == "not_a_boolean"
    # A locale is the field's; the time is still ISO 8601, as in a Table Schema.
    assert fieldcheck.check(["13:45:30", "13:45"], "time", locale="de_DE")[0].value == "13:45:30"
    # TYPE:LOCALE as `fieldcheck as` reads it: the locale's short style.
    assert fieldcheck.check(["13:45"], "time:de_DE")[0].value == "13:45:00"
    # parsed: Python's own values.
    import datetime
    assert results[0].parsed == datetime.datetime(2026, 4, 13, 13, 45, 30, tzinfo=datetime.timezone.utc)
    assert fieldcheck.check(["13:45"], "time:de_DE")[0].parsed == datetime.time(13, 45)
    assert [r.parsed for r in flags] == [True, False, None]
    with pytest.raises(ValueError):
        fieldcheck.check(["a"], "as")
    # min= and max= bound any type with an order, as `fieldcheck as TYPE --min` does.
    bounded = fieldcheck.check(["2025-12-31T23:00:00Z", "2026-01-02T00:00:00Z"], "datetime", min="2026-01-01T00:00:00Z")
    assert [r.valid for r in bounded] == [False, True]
    assert bounded[0].errors[0].code == "out_of_range"

