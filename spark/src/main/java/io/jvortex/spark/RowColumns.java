package io.jvortex.spark;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.Canonicals;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.spark.sql.catalyst.expressions.SpecializedGetters;
import org.apache.spark.sql.catalyst.util.ArrayData;
import org.apache.spark.sql.catalyst.util.MapData;
import org.apache.spark.sql.types.ArrayType;
import org.apache.spark.sql.types.BinaryType;
import org.apache.spark.sql.types.BooleanType;
import org.apache.spark.sql.types.ByteType;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.DateType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.DecimalType;
import org.apache.spark.sql.types.DoubleType;
import org.apache.spark.sql.types.FloatType;
import org.apache.spark.sql.types.IntegerType;
import org.apache.spark.sql.types.LongType;
import org.apache.spark.sql.types.MapType;
import org.apache.spark.sql.types.NullType;
import org.apache.spark.sql.types.ShortType;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.types.TimeType;
import org.apache.spark.sql.types.TimestampNTZType;
import org.apache.spark.sql.types.TimestampType;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Builds jvortex canonical arrays from Spark rows, column by column: values are appended from any
 * {@link SpecializedGetters} (rows, arrays, structs) into growing Java arrays, which become the
 * segments of the canonical arrays handed to {@link io.jvortex.api.VortexWriter#write}.
 */
final class RowColumns {
    private RowColumns() {
    }

    /** Appends values of one column (or nested field) and builds the array. */
    abstract static class Builder {
        final DType dtype;
        int count;
        private byte[] validity = new byte[64];
        private boolean sawNull;

        Builder(DType dtype) {
            this.dtype = dtype;
        }

        /** Appends {@code g}'s value at {@code ordinal} (null included). */
        final void append(SpecializedGetters g, int ordinal) {
            if (g.isNullAt(ordinal)) {
                appendNull();
            } else {
                setValid(count, true);
                appendValue(g, ordinal);
                count++;
            }
        }

        /** Appends a null (a zero value under a cleared validity bit). */
        final void appendNull() {
            sawNull = true;
            setValid(count, false);
            appendZero();
            count++;
        }

        private void setValid(int row, boolean valid) {
            if ((row >>> 3) >= validity.length) {
                validity = Arrays.copyOf(validity, Math.max(validity.length * 2, (row >>> 3) + 1));
            }
            if (valid) {
                validity[row >>> 3] |= (byte) (1 << (row & 7));
            } else {
                validity[row >>> 3] &= (byte) ~(1 << (row & 7));
            }
        }

        Validity validity() {
            if (!sawNull || !dtype.nullable()) {
                return Validity.ALL_VALID;
            }
            return new Validity.Bitmap(MemorySegment.ofArray(Arrays.copyOf(validity, (count + 7) >>> 3)), 0);
        }

        /**
         * Sizes this empty builder's arrays for about as many values as {@code previous} (a builder of
         * the same type that has been built) held, so that a batch like the last one grows none of them.
         *
         * @param previous the builder of the previous batch
         */
        void presize(Builder previous) {
            validity = new byte[Math.max(validity.length, (previous.count + 7) >>> 3)];
        }

        /** Capacity for about {@code values} values: the previous batch's count plus a little headroom. */
        static int headroom(long values) {
            return (int) Math.min(Integer.MAX_VALUE - 16, values + (values >>> 4) + 16);
        }

        abstract void appendValue(SpecializedGetters g, int ordinal);

        abstract void appendZero();

        /** @return the array of everything appended */
        abstract Canonical build();

        /** @return a rough count of the bytes held, to bound batches */
        long bytes() {
            return count * 8L;
        }
    }

    /**
     * A builder for a Spark type written as the given dtype ({@link SparkTypes#toVortex}).
     *
     * @param type the Spark type
     * @param dtype the Vortex dtype
     * @return the builder
     */
    static Builder of(DataType type, DType dtype) {
        if (type instanceof NullType) {
            return new NullBuilder(dtype);
        } else if (type instanceof BooleanType) {
            return new BoolBuilder(dtype);
        } else if (type instanceof ByteType) {
            return new LongsBuilder(dtype, PType.I8, (g, o) -> g.getByte(o));
        } else if (type instanceof ShortType) {
            return new LongsBuilder(dtype, PType.I16, (g, o) -> g.getShort(o));
        } else if (type instanceof IntegerType || type instanceof DateType) {
            return new LongsBuilder(dtype, PType.I32, (g, o) -> g.getInt(o));
        } else if (type instanceof LongType || type instanceof TimestampType || type instanceof TimestampNTZType
                || type instanceof TimeType) {
            return new LongsBuilder(dtype, PType.I64, (g, o) -> g.getLong(o));
        } else if (type instanceof FloatType) {
            return new LongsBuilder(dtype, PType.F32, (g, o) -> Float.floatToRawIntBits(g.getFloat(o)));
        } else if (type instanceof DoubleType) {
            return new LongsBuilder(dtype, PType.F64, (g, o) -> Double.doubleToRawLongBits(g.getDouble(o)));
        } else if (type instanceof DecimalType d) {
            return new DecimalBuilder((DType.Decimal) dtype, d);
        } else if (type instanceof StringType) {
            return new BytesBuilder(dtype, true);
        } else if (type instanceof BinaryType) {
            return new BytesBuilder(dtype, false);
        } else if (type instanceof StructType s) {
            return new StructBuilder((DType.Struct) dtype, s);
        } else if (type instanceof ArrayType a) {
            return new ListBuilder((DType.List) dtype, a);
        } else if (type instanceof MapType m) {
            return new MapBuilder((DType.Map) dtype, m);
        }
        throw new UnsupportedOperationException("cannot write Spark type " + type.simpleString());
    }

    static final class NullBuilder extends Builder {
        NullBuilder(DType dtype) {
            super(dtype);
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
        }

        @Override
        void appendZero() {
        }

        @Override
        Canonical build() {
            return new NullArray(count);
        }
    }

    static final class BoolBuilder extends Builder {
        private byte[] bits = new byte[64];

        BoolBuilder(DType dtype) {
            super(dtype);
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            bits = new byte[Math.max(bits.length, (headroom(previous.count) + 7) >>> 3)];
        }

        private void set(boolean v) {
            if ((count >>> 3) >= bits.length) {
                bits = Arrays.copyOf(bits, bits.length * 2);
            }
            if (v) {
                bits[count >>> 3] |= (byte) (1 << (count & 7));
            }
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            set(g.getBoolean(ordinal));
        }

        @Override
        void appendZero() {
            set(false);
        }

        @Override
        Canonical build() {
            return new BoolArray((DType.Bool) dtype, MemorySegment.ofArray(Arrays.copyOf(bits, (count + 7) >>> 3)), 0,
                    count, validity());
        }
    }

    /** Reads one value as raw bits. */
    @FunctionalInterface
    interface LongGetter {
        long get(SpecializedGetters g, int ordinal);
    }

    /** Fixed-width values (integers, floats as bits, dates, timestamps) of one physical width. */
    static final class LongsBuilder extends Builder {
        private final PType ptype;
        private final LongGetter getter;
        private long[] longs;
        private int[] ints;
        private short[] shorts;
        private byte[] bytes;

        LongsBuilder(DType dtype, PType ptype, LongGetter getter) {
            super(dtype);
            this.ptype = ptype;
            this.getter = getter;
            switch (ptype.byteWidth()) {
                case 8 -> longs = new long[1024];
                case 4 -> ints = new int[1024];
                case 2 -> shorts = new short[1024];
                default -> bytes = new byte[1024];
            }
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            int n = Math.max(1024, previous.count);
            switch (ptype.byteWidth()) {
                case 8 -> longs = new long[n];
                case 4 -> ints = new int[n];
                case 2 -> shorts = new short[n];
                default -> bytes = new byte[n];
            }
        }

        private void put(long v) {
            switch (ptype.byteWidth()) {
                case 8 -> {
                    if (count == longs.length) {
                        longs = Arrays.copyOf(longs, count * 2);
                    }
                    longs[count] = v;
                }
                case 4 -> {
                    if (count == ints.length) {
                        ints = Arrays.copyOf(ints, count * 2);
                    }
                    ints[count] = (int) v;
                }
                case 2 -> {
                    if (count == shorts.length) {
                        shorts = Arrays.copyOf(shorts, count * 2);
                    }
                    shorts[count] = (short) v;
                }
                default -> {
                    if (count == bytes.length) {
                        bytes = Arrays.copyOf(bytes, count * 2);
                    }
                    bytes[count] = (byte) v;
                }
            }
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            put(getter.get(g, ordinal));
        }

        @Override
        void appendZero() {
            put(0);
        }

        @Override
        Canonical build() {
            // the builder is dropped after build(): its arrays become the segments (the writer keeps them)
            MemorySegment values = switch (ptype.byteWidth()) {
                case 8 -> MemorySegment.ofArray(longs);
                case 4 -> MemorySegment.ofArray(ints);
                case 2 -> MemorySegment.ofArray(shorts);
                default -> MemorySegment.ofArray(bytes);
            };
            values = values.asSlice(0, (long) count * ptype.byteWidth());
            Validity v = validity();
            if (dtype instanceof DType.Extension e) {
                DType.Primitive storage = (DType.Primitive) e.storage();
                return new ExtensionArray(e, new PrimitiveArray(storage, values, count, v));
            }
            return new PrimitiveArray((DType.Primitive) dtype, values, count, v);
        }
    }

    /** Decimals as little-endian unscaled integers of the width the precision needs. */
    static final class DecimalBuilder extends Builder {
        private final DecimalType type;
        private final int width;
        private long[] words = new long[1024];

        DecimalBuilder(DType.Decimal dtype, DecimalType type) {
            super(dtype);
            this.type = type;
            this.width = Canonicals.decimalByteWidth(dtype.precision());
        }

        private int wordsPerValue() {
            return Math.max(1, width / 8);
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            words = new long[Math.max(words.length, previous.count * wordsPerValue())];
        }

        private void put(Decimal d) {
            int w = wordsPerValue();
            if ((count + 1) * w > words.length) {
                words = Arrays.copyOf(words, Math.max(words.length * 2, (count + 1) * w));
            }
            int base = count * w;
            if (d == null) {
                for (int i = 0; i < w; i++) {
                    words[base + i] = 0;
                }
            } else if (w == 1 || type.precision() <= Decimal.MAX_LONG_DIGITS()) {
                long unscaled = d.toUnscaledLong();
                words[base] = unscaled;
                for (int i = 1; i < w; i++) {
                    words[base + i] = unscaled < 0 ? -1L : 0L;
                }
            } else {
                BigInteger unscaled = d.toJavaBigDecimal().unscaledValue();
                for (int i = 0; i < w; i++) {
                    words[base + i] = unscaled.shiftRight(64 * i).longValue();
                }
            }
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            put(g.getDecimal(ordinal, type.precision(), type.scale()));
        }

        @Override
        void appendZero() {
            put(null);
        }

        @Override
        Canonical build() {
            MemorySegment values;
            MemorySegment all = MemorySegment.ofArray(words);
            if (width >= 8) {
                // the builder is dropped after build(): its array becomes the segment
                values = all.asSlice(0, 8L * count * wordsPerValue());
            } else {
                // narrower widths: take the low bytes of each 8-byte word
                byte[] narrow = new byte[count * width];
                for (int i = 0; i < count; i++) {
                    MemorySegment.copy(all, ValueLayout.JAVA_BYTE, 8L * i, narrow, i * width, width);
                }
                values = switch (width) {
                    case 4 -> {
                        int[] ints = new int[count];
                        MemorySegment.copy(narrow, 0, MemorySegment.ofArray(ints), ValueLayout.JAVA_BYTE, 0, narrow.length);
                        yield MemorySegment.ofArray(ints);
                    }
                    case 2 -> {
                        short[] shorts = new short[count];
                        MemorySegment.copy(narrow, 0, MemorySegment.ofArray(shorts), ValueLayout.JAVA_BYTE, 0,
                                narrow.length);
                        yield MemorySegment.ofArray(shorts);
                    }
                    default -> MemorySegment.ofArray(narrow);
                };
            }
            return new DecimalArray((DType.Decimal) dtype, width, values, count, validity());
        }
    }

    /** Strings and byte strings as offsets into one byte buffer. */
    static final class BytesBuilder extends Builder {
        private final boolean utf8;
        private byte[] data = new byte[4096];
        private long[] offsets = new long[1025];
        private long size;

        BytesBuilder(DType dtype, boolean utf8) {
            super(dtype);
            this.utf8 = utf8;
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            data = new byte[Math.max(data.length, headroom(((BytesBuilder) previous).size))];
            offsets = new long[Math.max(offsets.length, previous.count + 2)];
        }

        private void ensure(long more) {
            long need = size + more;
            if (need > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("more than 2 GiB of string data in one batch");
            }
            if (need > data.length) {
                data = Arrays.copyOf(data, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, data.length * 2L)));
            }
            if (count + 2 > offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            if (utf8) {
                UTF8String s = g.getUTF8String(ordinal);
                int n = s.numBytes();
                ensure(n);
                s.writeToMemory(data, Platform.BYTE_ARRAY_OFFSET + size);
                size += n;
            } else {
                byte[] b = g.getBinary(ordinal);
                ensure(b.length);
                System.arraycopy(b, 0, data, (int) size, b.length);
                size += b.length;
            }
            offsets[count + 1] = size;
        }

        @Override
        void appendZero() {
            ensure(0);
            offsets[count + 1] = size;
        }

        @Override
        long bytes() {
            return size + count * 8L;
        }

        @Override
        Canonical build() {
            PrimitiveArray offs;
            if (size <= Integer.MAX_VALUE) {
                int[] o = new int[count + 1];
                for (int i = 0; i <= count; i++) {
                    o[i] = (int) offsets[i];
                }
                offs = new PrimitiveArray(new DType.Primitive(PType.I32, false), MemorySegment.ofArray(o), count + 1,
                        Validity.ALL_VALID);
            } else {
                offs = new PrimitiveArray(new DType.Primitive(PType.I64, false),
                        MemorySegment.ofArray(Arrays.copyOf(offsets, count + 1)), count + 1, Validity.ALL_VALID);
            }
            return new VarBinArray(dtype, offs, MemorySegment.ofArray(data).asSlice(0, size), count, validity());
        }
    }

    static final class StructBuilder extends Builder {
        private final Builder[] fields;
        private final StructType type;

        StructBuilder(DType.Struct dtype, StructType type) {
            super(dtype);
            this.type = type;
            this.fields = new Builder[type.fields().length];
            for (int i = 0; i < fields.length; i++) {
                fields[i] = of(type.fields()[i].dataType(), dtype.fields().get(i));
            }
        }

        /**
         * An empty builder for the next batch, its arrays sized like this one's (which has been built).
         *
         * @return the builder
         */
        StructBuilder next() {
            StructBuilder next = new StructBuilder((DType.Struct) dtype, type);
            next.presize(this);
            return next;
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            Builder[] before = ((StructBuilder) previous).fields;
            for (int i = 0; i < fields.length; i++) {
                fields[i].presize(before[i]);
            }
        }

        /**
         * Appends one top-level row (never null).
         *
         * @param row the row
         * @param ordinals the row's ordinal of each field
         */
        void appendRow(SpecializedGetters row, int[] ordinals) {
            for (int i = 0; i < fields.length; i++) {
                fields[i].append(row, ordinals[i]);
            }
            count++;
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            SpecializedGetters row = g.getStruct(ordinal, fields.length);
            for (int i = 0; i < fields.length; i++) {
                fields[i].append(row, i);
            }
        }

        @Override
        void appendZero() {
            for (Builder f : fields) {
                f.appendNull();
            }
        }

        @Override
        long bytes() {
            long n = 0;
            for (Builder f : fields) {
                n += f.bytes();
            }
            return n;
        }

        @Override
        StructArray build() {
            List<Canonical> arrays = new ArrayList<>(fields.length);
            for (Builder f : fields) {
                arrays.add(f.build());
            }
            return new StructArray((DType.Struct) dtype, arrays, count, validity());
        }
    }

    static final class ListBuilder extends Builder {
        private final Builder elements;
        private int[] offsets = new int[1025];

        ListBuilder(DType.List dtype, ArrayType type) {
            super(dtype);
            this.elements = of(type.elementType(), dtype.element());
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            offsets = new int[Math.max(offsets.length, previous.count + 2)];
            elements.presize(((ListBuilder) previous).elements);
        }

        private void grow() {
            if (count + 2 > offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            ArrayData a = g.getArray(ordinal);
            int n = a.numElements();
            for (int i = 0; i < n; i++) {
                elements.append(a, i);
            }
            grow();
            offsets[count + 1] = elements.count;
        }

        @Override
        void appendZero() {
            grow();
            offsets[count + 1] = elements.count;
        }

        @Override
        long bytes() {
            return count * 4L + elements.bytes();
        }

        @Override
        Canonical build() {
            PrimitiveArray offs = new PrimitiveArray(new DType.Primitive(PType.I32, false),
                    MemorySegment.ofArray(Arrays.copyOf(offsets, count + 1)), count + 1, Validity.ALL_VALID);
            return new ListArray((DType.List) dtype, elements.build(), offs, count, validity());
        }
    }

    static final class MapBuilder extends Builder {
        private final Builder keys;
        private final Builder values;
        private int[] offsets = new int[1025];

        MapBuilder(DType.Map dtype, MapType type) {
            super(dtype);
            this.keys = of(type.keyType(), dtype.key());
            this.values = of(type.valueType(), dtype.value());
        }

        @Override
        void presize(Builder previous) {
            super.presize(previous);
            offsets = new int[Math.max(offsets.length, previous.count + 2)];
            keys.presize(((MapBuilder) previous).keys);
            values.presize(((MapBuilder) previous).values);
        }

        private void grow() {
            if (count + 2 > offsets.length) {
                offsets = Arrays.copyOf(offsets, offsets.length * 2);
            }
        }

        @Override
        void appendValue(SpecializedGetters g, int ordinal) {
            MapData m = g.getMap(ordinal);
            ArrayData k = m.keyArray();
            ArrayData v = m.valueArray();
            for (int i = 0; i < m.numElements(); i++) {
                keys.append(k, i);
                values.append(v, i);
            }
            grow();
            offsets[count + 1] = keys.count;
        }

        @Override
        void appendZero() {
            grow();
            offsets[count + 1] = keys.count;
        }

        @Override
        long bytes() {
            return count * 4L + keys.bytes() + values.bytes();
        }

        @Override
        Canonical build() {
            DType.Map map = (DType.Map) dtype;
            int[] starts = Arrays.copyOf(offsets, count);
            int[] sizes = new int[count];
            for (int i = 0; i < count; i++) {
                sizes[i] = offsets[i + 1] - offsets[i];
            }
            DType.Primitive i32 = new DType.Primitive(PType.I32, false);
            int entries = keys.count;
            StructArray structs = new StructArray(map.entry(), List.of(keys.build(), values.build()), entries,
                    Validity.ALL_VALID);
            ListViewArray lists = new ListViewArray(map.entries(), structs,
                    new PrimitiveArray(i32, MemorySegment.ofArray(starts), count, Validity.ALL_VALID),
                    new PrimitiveArray(i32, MemorySegment.ofArray(sizes), count, Validity.ALL_VALID), count,
                    validity());
            return new MapArray(map, lists);
        }
    }
}
