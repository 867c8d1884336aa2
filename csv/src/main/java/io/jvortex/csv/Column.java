package io.jvortex.csv;

import io.jvortex.api.Batch;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One column of the batch being built: parses each field text into its type's values. A strict
 * column (an inferred type) takes only the canonical form of its type, so the text prints back
 * unchanged; a lenient one (a type given in the schema) takes any spelling of a value.
 */
abstract class Column {
    final String name;
    final DType dtype;
    final boolean strict;
    final boolean[] nulls;
    int size;
    boolean anyNull;

    Column(String name, DType dtype, boolean strict, int capacity) {
        this.name = name;
        this.dtype = dtype;
        this.strict = strict;
        this.nulls = new boolean[capacity];
    }

    /** Makes the column for a type, or throws {@link IllegalArgumentException} for one CSV cannot hold. */
    static Column of(String name, DType dtype, boolean strict, int capacity) {
        return switch (dtype) {
            case DType.Utf8 u -> new Strings(name, dtype, capacity);
            case DType.Bool b -> new Bools(name, dtype, strict, capacity);
            case DType.Primitive p when p.ptype().isFloat() && p.ptype() != PType.F16 ->
                    new Floats(name, dtype, strict, capacity);
            case DType.Primitive p when !p.ptype().isFloat() -> new Ints(name, dtype, strict, capacity);
            case DType.Decimal d -> new Decimals(name, d, strict, capacity);
            case DType.Extension e when Extensions.kind(e).orElse(null) instanceof Extensions.DateKind k
                    && k.unit() == io.jvortex.dtype.TimeUnit.DAYS -> new Dates(name, dtype, strict, capacity);
            case DType.Extension e when Extensions.kind(e).orElse(null) instanceof Extensions.TimestampKind k ->
                    new Timestamps(name, dtype, k, strict, capacity);
            default -> throw new IllegalArgumentException("column '" + name + "': CSV import does not support "
                    + dtype.display() + " (use " + "i8..i64, u8..u64, f32, f64, bool, utf8, decimal, date or timestamp)");
        };
    }

    /** Appends a value: {@code null} for a null field. */
    final void add(String text) {
        if (text == null) {
            if (!dtype.nullable()) {
                throw new Values.BadValue("the column is not nullable");
            }
            nulls[size] = true;
            anyNull = true;
            clear(size);
        } else {
            nulls[size] = false;
            parse(size, text);
        }
        size++;
    }

    /** Sets row {@code row} from a non-null text, or throws {@link Values.BadValue}. */
    abstract void parse(int row, String text);

    /** Sets row {@code row} to the null filler value. */
    abstract void clear(int row);

    /** Hands the rows to the batch builder. */
    abstract void put(Batch.Builder batch);

    /** Starts the next batch. */
    final void reset() {
        size = 0;
        anyNull = false;
    }

    final boolean[] nullFlags() {
        return anyNull ? Arrays.copyOf(nulls, size) : null;
    }

    /** utf8: every text is its own value. */
    static final class Strings extends Column {
        private final String[] values;

        Strings(String name, DType dtype, int capacity) {
            super(name, dtype, false, capacity);
            values = new String[capacity];
        }

        @Override
        void parse(int row, String text) {
            values[row] = text;
        }

        @Override
        void clear(int row) {
            values[row] = null;
        }

        @Override
        void put(Batch.Builder batch) {
            batch.strings(name, Arrays.copyOf(values, size));
        }
    }

    /** bool: {@code true}/{@code false}; leniently also t/f, yes/no, 1/0 in any case. */
    static final class Bools extends Column {
        private final boolean[] values;

        Bools(String name, DType dtype, boolean strict, int capacity) {
            super(name, dtype, strict, capacity);
            values = new boolean[capacity];
        }

        @Override
        void parse(int row, String text) {
            if (strict) {
                Boolean b = Values.canonicalBool(text);
                if (b == null) {
                    throw new Values.BadValue("it is not true or false");
                }
                values[row] = b;
            } else {
                values[row] = Values.lenientBool(text);
            }
        }

        @Override
        void clear(int row) {
            values[row] = false;
        }

        @Override
        void put(Batch.Builder batch) {
            batch.booleans(name, Arrays.copyOf(values, size), nullFlags());
        }
    }

    /** Integers of any width, checked against its range. */
    static final class Ints extends Column {
        private final long[] values;
        private final PType ptype;

        Ints(String name, DType dtype, boolean strict, int capacity) {
            super(name, dtype, strict, capacity);
            values = new long[capacity];
            ptype = ((DType.Primitive) dtype).ptype();
        }

        @Override
        void parse(int row, String text) {
            long v;
            if (ptype == PType.U64) {
                try {
                    v = Long.parseUnsignedLong(strict ? text : text.strip());
                } catch (NumberFormatException e) {
                    throw new Values.BadValue("it is not an unsigned 64-bit integer");
                }
                if (strict && !Long.toUnsignedString(v).equals(text)) {
                    throw new Values.BadValue("it would print back as " + Long.toUnsignedString(v));
                }
            } else {
                v = strict ? Values.canonicalLong(text) : Values.lenientLong(text);
                int bits = 8 * ptype.byteWidth();
                boolean signed = ptype.name().startsWith("I");
                long min = signed ? -(1L << (bits - 1)) : 0;
                long max = bits == 64 ? Long.MAX_VALUE : signed ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
                if (v < min || v > max) {
                    throw new Values.BadValue("it is out of the range of " + ptype.displayName());
                }
            }
            values[row] = v;
        }

        @Override
        void clear(int row) {
            values[row] = 0;
        }

        @Override
        void put(Batch.Builder batch) {
            if (ptype.byteWidth() == 8) {
                batch.longs(name, Arrays.copyOf(values, size), nullFlags());
            } else {
                List<Long> boxed = new ArrayList<>(size);
                for (int r = 0; r < size; r++) {
                    boxed.add(nulls[r] ? null : values[r]);
                }
                batch.values(name, boxed);
            }
        }
    }

    /** f64 and f32. */
    static final class Floats extends Column {
        private final double[] values;
        private final boolean f32;

        Floats(String name, DType dtype, boolean strict, int capacity) {
            super(name, dtype, strict, capacity);
            values = new double[capacity];
            f32 = ((DType.Primitive) dtype).ptype() == PType.F32;
        }

        @Override
        void parse(int row, String text) {
            if (strict && !Values.isCanonicalDouble(text)) {
                throw new Values.BadValue("it does not print back unchanged as an f64");
            }
            values[row] = Values.lenientDouble(text);
        }

        @Override
        void clear(int row) {
            values[row] = 0;
        }

        @Override
        void put(Batch.Builder batch) {
            if (!f32) {
                batch.doubles(name, Arrays.copyOf(values, size), nullFlags());
            } else {
                List<Double> boxed = new ArrayList<>(size);
                for (int r = 0; r < size; r++) {
                    boxed.add(nulls[r] ? null : values[r]);
                }
                batch.values(name, boxed);
            }
        }
    }

    /** decimal(p,s): exactly s fraction digits when strict; rescaled without rounding when lenient. */
    static final class Decimals extends Column {
        private final BigDecimal[] values;
        private final DType.Decimal decimal;

        Decimals(String name, DType.Decimal dtype, boolean strict, int capacity) {
            super(name, dtype, strict, capacity);
            values = new BigDecimal[capacity];
            decimal = dtype;
        }

        @Override
        void parse(int row, String text) {
            BigDecimal v;
            if (strict) {
                v = Values.canonicalDecimal(text);
                if (v == null || v.scale() != decimal.scale()) {
                    throw new Values.BadValue("it does not have exactly " + decimal.scale()
                            + " digits after the point in plain notation");
                }
            } else {
                try {
                    v = Values.lenientDecimal(text).setScale(decimal.scale(), RoundingMode.UNNECESSARY);
                } catch (ArithmeticException e) {
                    throw new Values.BadValue("it has more than " + decimal.scale() + " digits after the point");
                }
            }
            if (v.unscaledValue().abs().bitLength() > 256
                    || v.unscaledValue().abs().compareTo(java.math.BigInteger.TEN.pow(decimal.precision())) >= 0) {
                throw new Values.BadValue("it has more than " + decimal.precision() + " digits");
            }
            values[row] = v;
        }

        @Override
        void clear(int row) {
            values[row] = null;
        }

        @Override
        void put(Batch.Builder batch) {
            batch.decimals(name, Arrays.copyOf(values, size));
        }
    }

    /** date (days): YYYY-MM-DD. */
    static final class Dates extends Column {
        private final int[] values;

        Dates(String name, DType dtype, boolean strict, int capacity) {
            super(name, dtype, strict, capacity);
            values = new int[capacity];
        }

        @Override
        void parse(int row, String text) {
            if (strict) {
                Integer day = Values.canonicalDate(text);
                if (day == null) {
                    throw new Values.BadValue("it is not a date YYYY-MM-DD");
                }
                values[row] = day;
            } else {
                values[row] = Values.lenientDate(text);
            }
        }

        @Override
        void clear(int row) {
            values[row] = 0;
        }

        @Override
        void put(Batch.Builder batch) {
            batch.ints(name, Arrays.copyOf(values, size), nullFlags());
        }
    }

    /** timestamp: strict texts have the unit's fraction digits and a Z iff the column has a zone. */
    static final class Timestamps extends Column {
        private final long[] values;
        private final long ticksPerSecond;
        private final int shape;

        Timestamps(String name, DType dtype, Extensions.TimestampKind kind, boolean strict, int capacity) {
            super(name, dtype, strict, capacity);
            values = new long[capacity];
            ticksPerSecond = kind.unit().ticksPerSecond();
            shape = kind.unit().fractionDigits() * 2 + (kind.timeZone().isPresent() ? 1 : 0);
        }

        @Override
        void parse(int row, String text) {
            if (!strict) {
                values[row] = Values.lenientTimestamp(text, ticksPerSecond);
            } else if (Values.timestampShape(text) == shape) {
                values[row] = Values.canonicalTimestamp(text, ticksPerSecond);
            } else {
                throw new Values.BadValue("it is not a timestamp YYYY-MM-DDTHH:MM:SS"
                        + (shape / 2 == 0 ? "" : "." + "f".repeat(shape / 2)) + (shape % 2 == 1 ? "Z" : ""));
            }
        }

        @Override
        void clear(int row) {
            values[row] = 0;
        }

        @Override
        void put(Batch.Builder batch) {
            batch.longs(name, Arrays.copyOf(values, size), nullFlags());
        }
    }
}
