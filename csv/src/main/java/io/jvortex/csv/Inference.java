package io.jvortex.csv;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.math.BigDecimal;

/**
 * Infers one column's type from sampled texts. A type is a candidate while every non-null text seen
 * is in its canonical form (the text {@code jvx cat --format csv} prints its value as), so that the
 * conversion round-trips; at the end the first remaining candidate of bool, i64, decimal, f64, date,
 * timestamp wins, and utf8 otherwise (also for a column of nulls only). Every inferred column is
 * nullable.
 */
final class Inference {
    /** Widest decimal inference picks (16-byte storage). */
    static final int MAX_DECIMAL_PRECISION = 38;

    private boolean any;
    private boolean bool = true;
    private boolean i64 = true;
    private boolean decimal = true;
    private int decimalScale = -1;
    private int decimalPrecision;
    private boolean f64 = true;
    private boolean finite;
    private boolean date = true;
    private boolean timestamp = true;
    private int timestampShape = -1;

    /** Looks at one field; {@code null} is a null. */
    void accept(String text) {
        if (text == null) {
            return;
        }
        any = true;
        bool = bool && Values.canonicalBool(text) != null;
        i64 = i64 && Values.isCanonicalLong(text);
        if (decimal) {
            BigDecimal d = Values.canonicalDecimal(text);
            if (d == null || (decimalScale >= 0 && d.scale() != decimalScale)) {
                decimal = false;
            } else {
                decimalScale = d.scale();
                decimalPrecision = Math.max(decimalPrecision, Values.precision(d));
                decimal = decimalPrecision <= MAX_DECIMAL_PRECISION;
            }
        }
        if (f64) {
            f64 = Values.isCanonicalDouble(text);
            finite |= f64 && Values.isFiniteText(text);
        }
        date = date && Values.canonicalDate(text) != null;
        if (timestamp) {
            int shape = Values.timestampShape(text);
            timestamp = shape >= 0 && (timestampShape < 0 || shape == timestampShape);
            timestampShape = shape;
        }
    }

    /** @return the inferred type */
    DType result() {
        if (!any) {
            return new DType.Utf8(true);
        }
        if (bool) {
            return new DType.Bool(true);
        }
        if (i64) {
            return new DType.Primitive(PType.I64, true);
        }
        if (decimal && (decimalScale > 0 || !f64)) {
            // 18 digits fit the 8-byte storage; leave room for wider values after the sample
            return new DType.Decimal(decimalPrecision <= 18 ? 18 : MAX_DECIMAL_PRECISION, decimalScale, true);
        }
        if (f64 && finite) {
            return new DType.Primitive(PType.F64, true);
        }
        if (date) {
            return Extensions.date(TimeUnit.DAYS, true);
        }
        if (timestamp) {
            TimeUnit unit = switch (timestampShape / 2) {
                case 0 -> TimeUnit.SECONDS;
                case 3 -> TimeUnit.MILLISECONDS;
                case 6 -> TimeUnit.MICROSECONDS;
                default -> TimeUnit.NANOSECONDS;
            };
            return Extensions.timestamp(unit, timestampShape % 2 == 1 ? "UTC" : null, true);
        }
        return new DType.Utf8(true);
    }
}
