"""game.files: the one safe reader, the one atomic writer and the one-line error form
(issue 12, hostile files and values). No test here may block: FIFOs run under never_blocks."""

import os
import stat

import pytest

from game import files
from game.files import (
    BadData,
    FileProblem,
    check_output,
    one_line,
    parse_json,
    parse_toml,
    read_bounded,
    write_atomic,
)
from game.limits import MAX_LINE_CHARS, MAX_NESTING

# --- one line, bounded ------------------------------------------------------------------------


def test_issue12_a_file_name_with_a_newline_is_one_line():
    assert one_line("a\nb.json: no such save") == "a\\nb.json: no such save"


@pytest.mark.parametrize("ch,shown", [("\r", "\\r"), ("\t", "\\t"), ("\x1b", "\\x1b"), ("\x85", "\\x85"),
                                      ("\u2028", "\\u2028"), ("\u2029", "\\u2029"), ("\u202e", "\\u202e"),
                                      ("\udcff", "\\udcff"), ("\x0b", "\\x0b"), ("\x0c", "\\x0c")])
def test_issue12_control_characters_are_escaped(ch, shown):
    """Everything str.splitlines breaks on, terminal escapes, a right-to-left override and the
    surrogate an undecodable byte of a file name becomes."""
    line = one_line(f"x{ch}y")
    assert line == f"x{shown}y" and len(line.splitlines()) == 1
    line.encode("utf-8")  # printable to any UTF-8 stderr


def test_issue12_a_20_mb_name_is_cut_with_an_ellipsis_keeping_file_and_problem():
    name = "n" * 20_000_000
    line = one_line(f"maps/x.tmx: layer '{name}': data has 97 tiles, expected 100")
    assert len(line) == MAX_LINE_CHARS and "\u2026" in line
    assert line.startswith("maps/x.tmx: layer 'nnn") and line.endswith("nnn': data has 97 tiles, expected 100")


def test_issue12_a_long_name_of_control_characters_stays_bounded():
    line = one_line("\n" * 5_000_000)
    assert len(line) == MAX_LINE_CHARS and "\n" not in line


def test_short_lines_are_unchanged():
    assert one_line("maps/é.tmx: file not found") == "maps/é.tmx: file not found"


# --- reading ----------------------------------------------------------------------------------


def test_issue12_a_fifo_is_refused_without_blocking(fifo, never_blocks):
    with pytest.raises(FileProblem, match=r"not a regular file \(a FIFO\)"):
        read_bounded(fifo, 1000)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_issue12_a_device_is_refused_without_reading_it(device, never_blocks):
    with pytest.raises(FileProblem, match="a character device"):
        read_bounded(device, 1000)


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(FileProblem, match=r"not a regular file \(a folder\)"):
        read_bounded(tmp_path, 1000)


def test_issue12_a_700_mb_file_is_refused_before_a_byte_is_read(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(700 * 1024 * 1024)  # sparse: no disk, no memory
    with pytest.raises(FileProblem, match="734,003,200 bytes, more than the 1,000 byte limit"):
        read_bounded(big, 1000)


def test_a_file_that_grows_past_its_limit_while_read_is_refused(tmp_path, monkeypatch):
    p = tmp_path / "f"
    p.write_bytes(b"x" * 100)
    real = os.stat
    monkeypatch.setattr(files.os, "stat", lambda path: os.stat_result((stat.S_IFREG | 0o644, *real(path)[1:6],
                                                                       10, *real(path)[7:])))
    with pytest.raises(FileProblem, match="more than the 50 byte limit"):
        read_bounded(p, 50)


def test_a_missing_file_says_so(tmp_path):
    with pytest.raises(FileProblem) as err:
        read_bounded(tmp_path / "nope", 10)
    assert err.value.missing and str(err.value).endswith("nope: file not found")


# --- parsing ----------------------------------------------------------------------------------


@pytest.mark.parametrize("text,where", [
    ('{"a": {"x": Infinity}}', "a.x: must be a finite number, not inf"),
    ('{"a": [-Infinity]}', "a[0]: must be a finite number, not -inf"),
    ('{"a": NaN}', "a: must be a finite number, not nan"),
    ('{"a": 1e999}', "a: must be a finite number, not inf"),
    ('{"a": [1, ' + "9" * 5000 + "]}", "a[1]: an integer of 5000 digits is too large"),
    ('{"a": -' + "9" * 4000 + "}", "a: an integer of 4000 digits is too large"),
    ('{"a": 9223372036854775808}', "a: an integer of 19 digits is too large"),
])
def test_issue12_json_infinity_nan_and_huge_integers_are_refused_by_field(text, where):
    with pytest.raises(BadData) as err:
        parse_json(text.encode())
    assert where in str(err.value)


def test_json_integers_up_to_the_bound_are_read():
    assert parse_json(b'{"a": 9223372036854775807, "b": -3, "c": 1.5}') == \
        {"a": 9223372036854775807, "b": -3, "c": 1.5}


@pytest.mark.parametrize("syntax", ["json", "toml"])
def test_issue12_100000_nested_arrays_are_refused_before_parsing(syntax):
    text = ("[" * 100_000 if syntax == "json" else "a = " + "[" * 100_000) + "\n"
    parse = parse_json if syntax == "json" else parse_toml
    with pytest.raises(BadData, match=f"line 1: arrays and tables nested more than {MAX_NESTING} deep"):
        parse(text.encode())


def test_brackets_in_strings_and_comments_do_not_count_as_nesting():
    deep = "[" * 500
    assert parse_json(f'{{"a": "{deep}", "b": "\\"{deep}"}}'.encode())["a"] == deep
    data = parse_toml(f'a = "{deep}"\nb = \'{deep}\'\nc = """\n{deep}"""\n# {deep}\nd = [[1], [2]]\n'.encode())
    assert data["a"] == deep and data["d"] == [[1], [2]]


def test_closing_brackets_in_strings_do_not_hide_nesting():
    """A string of ']' must not cancel the arrays it sits in."""
    text = "[" + '"' + "]" * 100 + '", ' + "[" * 100
    with pytest.raises(BadData, match="nested more than"):
        parse_json(text.encode())


@pytest.mark.parametrize("text,where", [
    ("runs = " + "9" * 5000, "line 1: an integer is too large"),
    ("[blue]\nseed = " + "9" * 4000, "blue.seed: an integer of 4000 digits is too large"),
    ("runs = inf", "runs: must be a finite number, not inf"),
    ("runs = -nan", "runs: must be a finite number, not nan"),
])
def test_issue12_toml_huge_integers_and_inf_are_refused(text, where):
    with pytest.raises(BadData) as err:
        parse_toml(text.encode())
    assert where in str(err.value)


def test_text_that_is_not_utf8_names_its_line():
    with pytest.raises(BadData, match="line 2: not UTF-8"):
        parse_json(b'{\n"a": "\xff"}')


# --- writing ----------------------------------------------------------------------------------


def test_issue12_an_output_at_a_fifo_is_refused_and_left_a_fifo(fifo, never_blocks):
    with pytest.raises(FileProblem, match="is a FIFO; outputs are written only to regular files"):
        write_atomic(fifo, b"{}")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.parametrize("device", ["/dev/full", "/dev/null"])
def test_issue12_an_output_at_a_device_is_refused(device):
    with pytest.raises(FileProblem, match="is a character device"):
        check_output(device)


def test_an_output_at_a_folder_or_in_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(FileProblem, match="is a folder"):
        check_output(tmp_path)
    with pytest.raises(FileProblem, match="no such folder"):
        check_output(tmp_path / "no" / "x.json")


def test_issue12_a_killed_writes_temporary_is_removed_by_the_next_write(tmp_path):
    out = tmp_path / "quick.json"
    (tmp_path / "quick.json.tmp").write_text('{"half": ')  # a write killed half-way
    write_atomic(out, b"{}\n")
    assert sorted(os.listdir(tmp_path)) == ["quick.json"] and out.read_bytes() == b"{}\n"


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path, monkeypatch):
    out = tmp_path / "a.json"
    out.write_bytes(b"old")

    def full(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    with pytest.raises(FileProblem, match="No space left on device"):
        write_atomic(out, b"new")
    assert out.read_bytes() == b"old" and sorted(os.listdir(tmp_path)) == ["a.json"]


def test_too_many_arrays_are_refused_before_parsing():
    """`[[],[],...]`: 32 MB of it would be 700 MB of lists once parsed."""
    from game.files import check_nesting

    check_nesting("[" + "[]," * 9 + "[]]", "json", most=11)
    with pytest.raises(BadData, match="more than 10 arrays and tables"):
        check_nesting("[" + "[]," * 9 + "[]]", "json", most=10)


def test_a_stray_closing_bracket_cannot_hide_the_nesting_after_it():
    """The parser stops at the stray bracket; what nests after it is never read."""
    from game.files import check_nesting

    check_nesting("]]]]" + "[" * 10, "json", limit=9)  # the running sum never passes 6
    with pytest.raises(BadData, match="line 2: arrays and tables nested more than 3 deep"):
        check_nesting('{"a":\n[[[[1]]]]}', "json", limit=3)
