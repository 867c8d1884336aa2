package io.jvortex.arrow;

import java.util.Objects;

/**
 * An Arrow data type, as the Arrow IPC {@code Schema} flatbuffer describes it: the type's own parameters
 * only. A nested type's children (list item, struct fields, map entries, union members, run ends and
 * values) are the {@link ArrowField#children()} of the field that holds the type.
 */
public sealed interface ArrowType {

    /** The {@code Type} union tag of this type in {@code Schema.fbs}. @return the tag (1..26) */
    int typeTag();

    /** Units of {@link Date}. */
    enum DateUnit {
        /** Days since the epoch, 32-bit. */
        DAY,
        /** Milliseconds since the epoch, 64-bit. */
        MILLISECOND
    }

    /** Units of {@link Time}, {@link Timestamp} and {@link Duration}. */
    enum TimeUnit {
        /** Seconds. */
        SECOND,
        /** Milliseconds. */
        MILLISECOND,
        /** Microseconds. */
        MICROSECOND,
        /** Nanoseconds. */
        NANOSECOND
    }

    /** Units of {@link Interval}. */
    enum IntervalUnit {
        /** Months, 32-bit. */
        YEAR_MONTH,
        /** Days and milliseconds, 2 × 32-bit. */
        DAY_TIME,
        /** Months, days (32-bit) and nanoseconds (64-bit). */
        MONTH_DAY_NANO
    }

    /** Layouts of {@link Union}. */
    enum UnionMode {
        /** Every child has the union's length. */
        SPARSE,
        /** Children are indexed by an offsets buffer. */
        DENSE
    }

    /** Widths of {@link FloatingPoint}. */
    enum Precision {
        /** binary16. */
        HALF,
        /** binary32. */
        SINGLE,
        /** binary64. */
        DOUBLE
    }

    /** All values null, no buffers. */
    record Null() implements ArrowType {
        @Override
        public int typeTag() {
            return 1;
        }
    }

    /** Integers. @param bitWidth 8, 16, 32 or 64 @param signed whether signed */
    record Int(int bitWidth, boolean signed) implements ArrowType {
        /** Validates the width. */
        public Int {
            if (bitWidth != 8 && bitWidth != 16 && bitWidth != 32 && bitWidth != 64) {
                throw new IllegalArgumentException("integer bit width must be 8, 16, 32 or 64, got " + bitWidth);
            }
        }

        @Override
        public int typeTag() {
            return 2;
        }
    }

    /** Floats. @param precision the width */
    record FloatingPoint(Precision precision) implements ArrowType {
        /** Validates the component. */
        public FloatingPoint {
            Objects.requireNonNull(precision, "precision");
        }

        @Override
        public int typeTag() {
            return 3;
        }
    }

    /** Byte strings with 32-bit offsets. */
    record Binary() implements ArrowType {
        @Override
        public int typeTag() {
            return 4;
        }
    }

    /** UTF-8 strings with 32-bit offsets. */
    record Utf8() implements ArrowType {
        @Override
        public int typeTag() {
            return 5;
        }
    }

    /** Booleans, bit-packed. */
    record Bool() implements ArrowType {
        @Override
        public int typeTag() {
            return 6;
        }
    }

    /**
     * Decimals as two's-complement integers.
     *
     * @param precision total digits
     * @param scale digits after the point
     * @param bitWidth 32, 64, 128 or 256
     */
    record Decimal(int precision, int scale, int bitWidth) implements ArrowType {
        /** Validates the width. */
        public Decimal {
            if (bitWidth != 32 && bitWidth != 64 && bitWidth != 128 && bitWidth != 256) {
                throw new IllegalArgumentException("decimal bit width must be 32, 64, 128 or 256, got " + bitWidth);
            }
        }

        @Override
        public int typeTag() {
            return 7;
        }
    }

    /** Dates. @param unit days (32-bit) or milliseconds (64-bit) */
    record Date(DateUnit unit) implements ArrowType {
        /** Validates the component. */
        public Date {
            Objects.requireNonNull(unit, "unit");
        }

        @Override
        public int typeTag() {
            return 8;
        }
    }

    /** Times of day. @param unit the unit @param bitWidth 32 (s, ms) or 64 (µs, ns) */
    record Time(TimeUnit unit, int bitWidth) implements ArrowType {
        /** Validates the components. */
        public Time {
            Objects.requireNonNull(unit, "unit");
            if (bitWidth != 32 && bitWidth != 64) {
                throw new IllegalArgumentException("time bit width must be 32 or 64, got " + bitWidth);
            }
        }

        @Override
        public int typeTag() {
            return 9;
        }
    }

    /** Instants, 64-bit. @param unit the unit @param timezone the zone name, or null for none */
    record Timestamp(TimeUnit unit, String timezone) implements ArrowType {
        /** Validates the unit. */
        public Timestamp {
            Objects.requireNonNull(unit, "unit");
        }

        @Override
        public int typeTag() {
            return 10;
        }
    }

    /** Calendar intervals. @param unit the layout */
    record Interval(IntervalUnit unit) implements ArrowType {
        /** Validates the component. */
        public Interval {
            Objects.requireNonNull(unit, "unit");
        }

        @Override
        public int typeTag() {
            return 11;
        }
    }

    /** Lists with 32-bit offsets; one child, the item. */
    record List() implements ArrowType {
        @Override
        public int typeTag() {
            return 12;
        }
    }

    /** Structs; one child per field. */
    record Struct() implements ArrowType {
        @Override
        public int typeTag() {
            return 13;
        }
    }

    /** Unions; one child per member. @param mode sparse or dense @param typeIds the ids of the members */
    record Union(UnionMode mode, java.util.List<Integer> typeIds) implements ArrowType {
        /** Copies the components. */
        public Union {
            Objects.requireNonNull(mode, "mode");
            typeIds = typeIds == null ? null : java.util.List.copyOf(typeIds);
        }

        @Override
        public int typeTag() {
            return 14;
        }
    }

    /** Byte strings of one fixed width. @param byteWidth the width */
    record FixedSizeBinary(int byteWidth) implements ArrowType {
        @Override
        public int typeTag() {
            return 15;
        }
    }

    /** Lists of one fixed length; one child, the item. @param listSize the length */
    record FixedSizeList(int listSize) implements ArrowType {
        @Override
        public int typeTag() {
            return 16;
        }
    }

    /**
     * Maps: one child, a non-nullable struct of entries (key, value).
     *
     * @param keysSorted whether the keys of each map are sorted
     */
    record Map(boolean keysSorted) implements ArrowType {
        @Override
        public int typeTag() {
            return 17;
        }
    }

    /** Elapsed times, 64-bit. @param unit the unit */
    record Duration(TimeUnit unit) implements ArrowType {
        /** Validates the component. */
        public Duration {
            Objects.requireNonNull(unit, "unit");
        }

        @Override
        public int typeTag() {
            return 18;
        }
    }

    /** Byte strings with 64-bit offsets. */
    record LargeBinary() implements ArrowType {
        @Override
        public int typeTag() {
            return 19;
        }
    }

    /** UTF-8 strings with 64-bit offsets. */
    record LargeUtf8() implements ArrowType {
        @Override
        public int typeTag() {
            return 20;
        }
    }

    /** Lists with 64-bit offsets; one child, the item. */
    record LargeList() implements ArrowType {
        @Override
        public int typeTag() {
            return 21;
        }
    }

    /** Run-end encoded values: two children, the run ends and the values. */
    record RunEndEncoded() implements ArrowType {
        @Override
        public int typeTag() {
            return 22;
        }
    }

    /** Byte strings as 16-byte views. */
    record BinaryView() implements ArrowType {
        @Override
        public int typeTag() {
            return 23;
        }
    }

    /** UTF-8 strings as 16-byte views. */
    record Utf8View() implements ArrowType {
        @Override
        public int typeTag() {
            return 24;
        }
    }

    /** Lists with 32-bit offsets and sizes; one child, the item. */
    record ListView() implements ArrowType {
        @Override
        public int typeTag() {
            return 25;
        }
    }

    /** Lists with 64-bit offsets and sizes; one child, the item. */
    record LargeListView() implements ArrowType {
        @Override
        public int typeTag() {
            return 26;
        }
    }

    /** @return whether a field of this type has children */
    default boolean isNested() {
        return this instanceof List || this instanceof Struct || this instanceof Union || this instanceof FixedSizeList
                || this instanceof Map || this instanceof LargeList || this instanceof RunEndEncoded
                || this instanceof ListView || this instanceof LargeListView;
    }

    /** @return the types that are lists of one item child */
    static boolean isListLike(ArrowType t) {
        return t instanceof List || t instanceof LargeList || t instanceof ListView || t instanceof LargeListView
                || t instanceof FixedSizeList;
    }
}
