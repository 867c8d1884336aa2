"""The canonical JSONL text form of single values, and its inverse.

Mirror of io.jvortex.internal.jsonl.JsonValues (jvortex core): both must produce identical bytes for
identical values, so a change here is a change there. No third-party imports.
"""

import json
import struct
import uuid as _uuid
from decimal import Context, Decimal
from fractions import Fraction

# ------------------------------------------------------------------------------------------------
# floats

_SPECIAL_TEXT = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}

# (max significant digits, bit pattern of the largest finite value, 2^(emax+1), pack/unpack codes)
_F32 = (9, 0x7F7FFFFF, Fraction(2) ** 128, "<f", "<I")
_F16 = (5, 0x7BFF, Fraction(2) ** 16, "<e", "<H")


def _special(x):
    if x != x:
        return '"NaN"'
    if x == float("inf"):
        return '"Infinity"'
    if x == float("-inf"):
        return '"-Infinity"'
    return None


def layout(negative, digits, exponent):
    """Lays out significant digits d1d2...dn (no trailing zeros), value d1.d2...dn x 10^exponent,
    like Python's repr(float)."""
    sign = "-" if negative else ""
    n = len(digits)
    if -4 <= exponent < 16:
        if exponent >= 0:
            integer_digits = exponent + 1
            if n <= integer_digits:
                return sign + digits + "0" * (integer_digits - n) + ".0"
            return sign + digits[:integer_digits] + "." + digits[integer_digits:]
        return sign + "0." + "0" * (-exponent - 1) + digits
    mantissa = digits[0] + ("." + digits[1:] if n > 1 else "")
    return "%s%se%s%02d" % (sign, mantissa, "-" if exponent < 0 else "+", abs(exponent))


def f64_text(x):
    """Canonical text of a double: repr's digits (shortest, nearest), repr's layout."""
    special = _special(x)
    if special is not None:
        return special
    return repr(x)


def _bits_float(bits, fmt):
    return struct.unpack(fmt[3], struct.pack(fmt[4], bits))[0]


def _bounds(bits, fmt):
    """The midpoints between the positive value with bit pattern `bits` and its neighbours. Values
    of these widths have at most 24 significant bits, so the midpoints are exact doubles."""
    value = _bits_float(bits, fmt)
    below = _bits_float(bits - 1, fmt)
    above = float(fmt[2]) if bits == fmt[1] else _bits_float(bits + 1, fmt)
    return (value + below) * 0.5, (value + above) * 0.5


def _reads_back(text, low, high, even):
    """Whether the decimal `text` (> 0) lies in [low, high], the rounding interval of a value (an
    endpoint belongs to the value iff its bit pattern is even)."""
    # float() rounds correctly and monotonically, so a strict comparison with an exact double
    # bound decides; only a text that rounds onto a bound needs exact arithmetic
    rounded = float(text)
    if low < rounded < high:
        return True
    if rounded < low or rounded > high:
        return False
    exact = Fraction(text)
    if Fraction(low) < exact < Fraction(high):
        return True
    return even and (exact == Fraction(low) or exact == Fraction(high))


def _narrow_text(bits, sign_bit, fmt):
    value = _bits_float(bits, fmt)
    special = _special(value)
    if special is not None:
        return special
    negative = bool(bits & sign_bit)
    magnitude_bits = bits & (sign_bit - 1)
    if magnitude_bits == 0:
        return "-0.0" if negative else "0.0"
    magnitude = abs(value)
    low, high = _bounds(magnitude_bits, fmt)
    even = magnitude_bits % 2 == 0
    chosen = None
    for precision in range(1, fmt[0] + 1):
        # '%.Ne' rounds the exact binary value correctly, ties to even (like BigDecimal HALF_EVEN)
        text = "%.*e" % (precision - 1, magnitude)
        if _reads_back(text, low, high, even):
            chosen = text
            break
    if chosen is None:
        chosen = "%.*e" % (fmt[0] - 1, magnitude)
    mantissa, exponent = chosen.split("e")
    digits = mantissa.replace(".", "").rstrip("0") or "0"
    return layout(negative, digits, int(exponent))


def f32_text(x):
    """Canonical text of an f32 given as a Python float holding that f32 value exactly."""
    return f32_text_from_bits(struct.unpack("<I", struct.pack("<f", x))[0])


def f32_text_from_bits(bits):
    """Canonical text of an f32 given as its 32-bit pattern."""
    return _narrow_text(bits, 0x80000000, _F32)


def f16_text_from_bits(bits):
    """Canonical text of an f16 given as its 16-bit pattern."""
    return _narrow_text(bits, 0x8000, _F16)


def parse_f64(value):
    """Inverse of f64_text: a JSON number text (or float) or one of "NaN", "Infinity", "-Infinity"."""
    if isinstance(value, str) and value in _SPECIAL_TEXT:
        return _SPECIAL_TEXT[value]
    return float(value)


def _narrow_bits(value, sign_bit, fmt):
    """Correctly rounded (ties to even) bit pattern of the decimal text `value` at a narrow width."""
    if isinstance(value, str) and value in _SPECIAL_TEXT:
        return struct.unpack(fmt[4], struct.pack(fmt[3], _SPECIAL_TEXT[value]))[0]
    text = str(value).strip()
    negative = text.startswith("-")
    magnitude_text = text[1:] if negative else text
    sign = sign_bit if negative else 0
    if float(magnitude_text) == 0 and Fraction(magnitude_text) == 0:
        return sign
    # a first guess through a double, then the exact check decides (no double rounding)
    try:
        guess = struct.unpack(fmt[4], struct.pack(fmt[3], float(magnitude_text)))[0]
    except OverflowError:
        guess = fmt[1]
    for bits in (guess, guess - 1, guess + 1):
        if 0 < bits <= fmt[1]:
            low, high = _bounds(bits, fmt)
            if _reads_back(magnitude_text, low, high, bits % 2 == 0):
                return sign | bits
    exact = Fraction(magnitude_text)
    if exact >= (Fraction(_bits_float(fmt[1], fmt)) + fmt[2]) / 2:
        return sign | (fmt[1] + 1)  # rounds to infinity
    if exact <= Fraction(_bits_float(1, fmt)) / 2:
        return sign  # rounds to zero
    raise ValueError("cannot round %r to the float width" % (value,))


def f32_bits(value):
    """Inverse of f32_text: the f32 bit pattern of a canonical text."""
    return _narrow_bits(value, 0x80000000, _F32)


def f16_bits(value):
    """Inverse of f16_text_from_bits: the f16 bit pattern of a canonical text."""
    return _narrow_bits(value, 0x8000, _F16)


# ------------------------------------------------------------------------------------------------
# decimals

_WIDE = Context(prec=400)


def decimal_text(unscaled, scale):
    """Plain notation with exactly `scale` fraction digits, as a JSON string."""
    digits = str(abs(unscaled))
    sign = "-" if unscaled < 0 else ""
    if scale <= 0:
        body = digits + ("0" * (-scale) if unscaled != 0 else "")
    elif len(digits) > scale:
        body = digits[: len(digits) - scale] + "." + digits[len(digits) - scale :]
    else:
        body = "0." + "0" * (scale - len(digits)) + digits
    return '"' + sign + body + '"'


def decimal_unscaled(text, scale):
    """Inverse of decimal_text: the unscaled integer of a decimal string at `scale`."""
    scaled = Decimal(text).scaleb(scale, context=_WIDE)
    unscaled = int(scaled)
    if scaled != unscaled:
        raise ValueError("decimal %r has more than %d fraction digits" % (text, scale))
    return unscaled


# ------------------------------------------------------------------------------------------------
# strings and bytes


def string_text(value):
    """JSON string: escapes ", \\ and U+0000..U+001F, everything else raw."""
    return json.dumps(value, ensure_ascii=False)


def binary_text(value):
    return '"' + bytes(value).hex() + '"'


def uuid_text(value):
    return '"' + str(_uuid.UUID(bytes=bytes(value))) + '"'


def uuid_bytes(text):
    return _uuid.UUID(text).bytes


# ------------------------------------------------------------------------------------------------
# dates and times

TICKS_PER_SECOND = {"s": 1, "ms": 1000, "us": 1000000, "ns": 1000000000}
_FRACTION_DIGITS = {"s": 0, "ms": 3, "us": 6, "ns": 9}
SECONDS_PER_DAY = 86400
MILLIS_PER_DAY = 86400000


def _pad(value, width):
    """Sign, then the magnitude zero-padded to `width` digits."""
    return ("-" if value < 0 else "") + str(abs(value)).zfill(width)


def civil_from_days(days):
    """(year, month, day) of the proleptic Gregorian calendar (H. Hinnant's algorithm)."""
    shifted = days + 719468
    era = shifted // 146097
    day_of_era = shifted - era * 146097
    year_of_era = (day_of_era - day_of_era // 1460 + day_of_era // 36524 - day_of_era // 146096) // 365
    day_of_year = day_of_era - (365 * year_of_era + year_of_era // 4 - year_of_era // 100)
    month_index = (5 * day_of_year + 2) // 153
    day = day_of_year - (153 * month_index + 2) // 5 + 1
    month = month_index + 3 if month_index < 10 else month_index - 9
    return year_of_era + era * 400 + (1 if month <= 2 else 0), month, day


def days_from_civil(year, month, day):
    year -= 1 if month <= 2 else 0
    era = year // 400
    year_of_era = year - era * 400
    day_of_year = (153 * ((month + 9) % 12) + 2) // 5 + day - 1
    day_of_era = year_of_era * 365 + year_of_era // 4 - year_of_era // 100 + day_of_year
    return era * 146097 + day_of_era - 719468


def _date_body(days):
    year, month, day = civil_from_days(days)
    return "%s-%s-%s" % (_pad(year, 4), _pad(month, 2), _pad(day, 2))


def date_days_text(days):
    return '"' + _date_body(days) + '"'


def date_millis_text(millis):
    return date_days_text(millis // MILLIS_PER_DAY)


def _fraction(ticks, unit):
    digits = _FRACTION_DIGITS[unit]
    return "." + _pad(ticks, digits) if digits else ""


def time_text(value, unit):
    per_second = TICKS_PER_SECOND[unit]
    seconds = value // per_second
    second_of_hour = seconds % 3600
    return '"%s:%s:%s%s"' % (
        _pad(seconds // 3600, 2),
        _pad(second_of_hour // 60, 2),
        _pad(second_of_hour % 60, 2),
        _fraction(value % per_second, unit),
    )


def timestamp_text(value, unit, has_time_zone):
    per_second = TICKS_PER_SECOND[unit]
    seconds = value // per_second
    second_of_day = seconds % SECONDS_PER_DAY
    return '"%sT%s:%s:%s%s%s"' % (
        _date_body(seconds // SECONDS_PER_DAY),
        _pad(second_of_day // 3600, 2),
        _pad(second_of_day // 60 % 60, 2),
        _pad(second_of_day % 60, 2),
        _fraction(value % per_second, unit),
        "Z" if has_time_zone else "",
    )


def _parse_date(text):
    negative = text.startswith("-")
    year, month, day = text[1:].split("-") if negative else text.split("-")
    return days_from_civil(-int(year) if negative else int(year), int(month), int(day))


def _parse_clock(text, unit):
    """Ticks of "HH:MM:SS[.fff]" (hours may exceed 23 or be negative)."""
    clock, _, fraction = text.partition(".")
    hours, minutes, seconds = clock.rsplit(":", 2)
    total = int(hours) * 3600 + int(minutes) * 60 + int(seconds)
    per_second = TICKS_PER_SECOND[unit]
    ticks = int(fraction) if fraction else 0
    if fraction and len(fraction) != _FRACTION_DIGITS[unit]:
        raise ValueError("time %r needs %d fraction digits" % (text, _FRACTION_DIGITS[unit]))
    return total * per_second + ticks


def date_days(text):
    """Inverse of date_days_text."""
    return _parse_date(text)


def time_value(text, unit):
    """Inverse of time_text."""
    return _parse_clock(text, unit)


def timestamp_value(text, unit):
    """Inverse of timestamp_text (a trailing Z is accepted and ignored)."""
    if text.endswith("Z"):
        text = text[:-1]
    date, _, clock = text.partition("T")
    return _parse_date(date) * SECONDS_PER_DAY * TICKS_PER_SECOND[unit] + _parse_clock(clock, unit)
