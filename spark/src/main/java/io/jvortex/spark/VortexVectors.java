package io.jvortex.spark;

import io.jvortex.array.BoolArray;
import io.jvortex.array.Canonical;
import io.jvortex.array.DecimalArray;
import io.jvortex.array.ExtensionArray;
import io.jvortex.array.FixedSizeListArray;
import io.jvortex.array.ListArray;
import io.jvortex.array.ListViewArray;
import io.jvortex.array.MapArray;
import io.jvortex.array.NullArray;
import io.jvortex.array.Offsets;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.StructArray;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinArray;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.Extensions;
import io.jvortex.dtype.PType;
import io.jvortex.dtype.TimeUnit;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigDecimal;
import java.math.BigInteger;
import org.apache.spark.sql.types.DataType;
import org.apache.spark.sql.types.Decimal;
import org.apache.spark.sql.types.StringType;
import org.apache.spark.sql.types.StructField;
import org.apache.spark.sql.types.StructType;
import org.apache.spark.sql.vectorized.ColumnVector;
import org.apache.spark.sql.vectorized.ColumnarArray;
import org.apache.spark.sql.vectorized.ColumnarMap;
import org.apache.spark.unsafe.Platform;
import org.apache.spark.unsafe.types.UTF8String;

/**
 * Spark {@link ColumnVector}s over jvortex's decoded canonical arrays. They read the arrays' memory in
 * place (no copy into Spark's own vectors): fixed-width values straight from their segments, strings
 * handed to {@link UTF8String} by address, nested values through child vectors. A vector is valid as
 * long as the {@link io.jvortex.api.Chunk} its array came from is open.
 */
final class VortexVectors {
    private static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED;
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;
    private static final ValueLayout.OfFloat FLOAT = ValueLayout.JAVA_FLOAT_UNALIGNED;
    private static final ValueLayout.OfDouble DOUBLE = ValueLayout.JAVA_DOUBLE_UNALIGNED;

    private VortexVectors() {
    }

    /**
     * A vector over an array, reading as the Spark type {@link SparkTypes#toSpark(DType, String, boolean)} gives.
     *
     * @param array the decoded array
     * @param type its Spark type
     * @return the vector
     */
    static ColumnVector of(Canonical array, DataType type) {
        return switch (array) {
            case NullArray n -> new NullVector(type, n.length());
            case BoolArray b -> new BoolVector(type, b);
            case PrimitiveArray p -> primitive(type, p, p.ptype());
            case DecimalArray d -> type instanceof StringType ? new WideDecimalVector(type, d) : new DecimalVector(type, d);
            case VarBinViewArray v -> new ViewVector(type, v);
            case VarBinArray v -> new VarBinVector(type, v);
            case ExtensionArray e -> extension(type, e);
            case StructArray s -> new StructVector(type, s);
            case ListArray l -> new ListVector(type, l, l.length(), l.validity(), l.elements()) {
                @Override
                long start(int row) {
                    return l.start(row);
                }

                @Override
                long size(int row) {
                    return l.size(row);
                }
            };
            case ListViewArray l -> new ListVector(type, l, l.length(), l.validity(), l.elements()) {
                @Override
                long start(int row) {
                    return l.start(row);
                }

                @Override
                long size(int row) {
                    return l.size(row);
                }
            };
            case FixedSizeListArray l -> new ListVector(type, l, l.length(), l.validity(), l.elements()) {
                private final int width = l.dtype().size();

                @Override
                long start(int row) {
                    return (long) row * width;
                }

                @Override
                long size(int row) {
                    return width;
                }
            };
            case MapArray m -> new MapVector(type, m);
            default -> throw new UnsupportedOperationException("cannot read " + array.dtype().display() + " as "
                    + type.simpleString());
        };
    }

    private static ColumnVector primitive(DataType type, PrimitiveArray p, PType ptype) {
        return switch (ptype) {
            case I8 -> new I8Vector(type, p);
            case I16 -> new I16Vector(type, p);
            case I32 -> new I32Vector(type, p);
            case I64 -> new I64Vector(type, p);
            case U8 -> new U8Vector(type, p);
            case U16 -> new U16Vector(type, p);
            case U32 -> new U32Vector(type, p);
            case U64 -> new U64Vector(type, p);
            case F16 -> new F16Vector(type, p);
            case F32 -> new F32Vector(type, p);
            case F64 -> new F64Vector(type, p);
        };
    }

    private static ColumnVector extension(DataType type, ExtensionArray e) {
        if (!(e.storage() instanceof PrimitiveArray storage)) {
            throw new UnsupportedOperationException("cannot read " + e.dtype().display() + " as " + type.simpleString());
        }
        return switch (Extensions.kind(e.dtype()).orElse(null)) {
            case Extensions.DateKind d -> d.unit() == TimeUnit.DAYS && storage.ptype() == PType.I32
                    ? new I32Vector(type, storage)
                    : new ScaledLongVector(type, storage, e.validity(), d.unit(), TimeUnit.DAYS);
            case Extensions.TimestampKind ts -> ts.unit() == TimeUnit.MICROSECONDS && storage.ptype() == PType.I64
                    ? new I64Vector(type, storage)
                    : new ScaledLongVector(type, storage, e.validity(), ts.unit(), TimeUnit.MICROSECONDS);
            case Extensions.TimeKind tk -> new ScaledLongVector(type, storage, e.validity(), tk.unit(),
                    TimeUnit.NANOSECONDS);
            case null, default -> throw new UnsupportedOperationException("cannot read " + e.dtype().display()
                    + " as " + type.simpleString());
        };
    }

    /** Common base: validity, length and the getters a subclass does not support. */
    abstract static class Base extends ColumnVector {
        final Validity validity;
        final int length;
        private int nulls = -1;

        Base(DataType type, Validity validity, int length) {
            super(type);
            this.validity = validity;
            this.length = length;
        }

        @Override
        public void close() {
            // the chunk owns the memory
        }

        @Override
        public boolean hasNull() {
            return numNulls() > 0;
        }

        @Override
        public int numNulls() {
            if (nulls < 0) {
                nulls = validity.nullCount(length);
            }
            return nulls;
        }

        @Override
        public boolean isNullAt(int rowId) {
            return !validity.isValid(rowId);
        }

        private UnsupportedOperationException unsupported(String what) {
            return new UnsupportedOperationException(getClass().getSimpleName() + " of " + dataType().simpleString()
                    + " has no " + what);
        }

        @Override
        public boolean getBoolean(int rowId) {
            throw unsupported("booleans");
        }

        @Override
        public byte getByte(int rowId) {
            throw unsupported("bytes");
        }

        @Override
        public short getShort(int rowId) {
            throw unsupported("shorts");
        }

        @Override
        public int getInt(int rowId) {
            throw unsupported("ints");
        }

        @Override
        public long getLong(int rowId) {
            throw unsupported("longs");
        }

        @Override
        public float getFloat(int rowId) {
            throw unsupported("floats");
        }

        @Override
        public double getDouble(int rowId) {
            throw unsupported("doubles");
        }

        @Override
        public ColumnarArray getArray(int rowId) {
            throw unsupported("arrays");
        }

        @Override
        public ColumnarMap getMap(int rowId) {
            throw unsupported("maps");
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            throw unsupported("decimals");
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            throw unsupported("strings");
        }

        @Override
        public byte[] getBinary(int rowId) {
            throw unsupported("binaries");
        }

        @Override
        public ColumnVector getChild(int ordinal) {
            throw unsupported("children");
        }
    }

    static final class NullVector extends Base {
        NullVector(DataType type, int length) {
            super(type, Validity.ALL_INVALID, length);
        }
    }

    static final class BoolVector extends Base {
        private final MemorySegment bits;
        private final long offset;

        BoolVector(DataType type, BoolArray array) {
            super(type, array.validity(), array.length());
            this.bits = array.bits();
            this.offset = array.bitOffset();
        }

        @Override
        public boolean getBoolean(int rowId) {
            long bit = offset + rowId;
            return (bits.get(ValueLayout.JAVA_BYTE, bit >>> 3) & (1 << (bit & 7))) != 0;
        }
    }

    /** Fixed-width values read from one segment. */
    abstract static class Fixed extends Base {
        final PrimitiveArray array;
        final MemorySegment values;

        Fixed(DataType type, PrimitiveArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
            this.values = array.values();
        }
    }

    /**
     * Reads the first {@code n} values of an integer vector (signed or unsigned up to 32 bits, or
     * signed 64) as its getters give them, or of a decimal vector's unscaled longs at scale {@code
     * scale}, in bulk: the segment is copied to the heap and widened there, rather than read value by
     * value through the getters.
     *
     * @param v a vector
     * @param scale the scale the caller reads a decimal vector at (ignored otherwise)
     * @param out at least {@code n} longs
     * @param n values
     * @return false when the vector is of another kind, and nothing was read
     */
    static boolean readLongs(ColumnVector v, int scale, long[] out, int n) {
        switch (v) {
            case Fixed f when f.array.ptype().isInteger() && f.array.ptype() != PType.U64 -> {
                Offsets.widen(f.array, 0, n, out);
                return true;
            }
            case DecimalVector d when d.longsAt(scale) -> {
                d.array.unscaledLongs(n, out);
                return true;
            }
            default -> {
                return false;
            }
        }
    }

    static final class I8Vector extends Fixed {
        I8Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public byte getByte(int rowId) {
            return values.get(ValueLayout.JAVA_BYTE, rowId);
        }
    }

    static final class I16Vector extends Fixed {
        I16Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public short getShort(int rowId) {
            return values.get(SHORT, 2L * rowId);
        }
    }

    static final class I32Vector extends Fixed {
        I32Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public int getInt(int rowId) {
            return values.get(INT, 4L * rowId);
        }
    }

    static final class I64Vector extends Fixed {
        I64Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public long getLong(int rowId) {
            return values.get(LONG, 8L * rowId);
        }
    }

    static final class U8Vector extends Fixed {
        U8Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public short getShort(int rowId) {
            return (short) (values.get(ValueLayout.JAVA_BYTE, rowId) & 0xFF);
        }
    }

    static final class U16Vector extends Fixed {
        U16Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public int getInt(int rowId) {
            return values.get(SHORT, 2L * rowId) & 0xFFFF;
        }
    }

    static final class U32Vector extends Fixed {
        U32Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public long getLong(int rowId) {
            return Integer.toUnsignedLong(values.get(INT, 4L * rowId));
        }
    }

    static final class U64Vector extends Fixed {
        U64Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            long v = values.get(LONG, 8L * rowId);
            if (v >= 0) {
                return Decimal.apply(v, precision, scale);
            }
            return Decimal.apply(new BigDecimal(new BigInteger(Long.toUnsignedString(v))), precision, scale);
        }
    }

    static final class F16Vector extends Fixed {
        F16Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public float getFloat(int rowId) {
            return Float.float16ToFloat(values.get(SHORT, 2L * rowId));
        }
    }

    static final class F32Vector extends Fixed {
        F32Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public float getFloat(int rowId) {
            return values.get(FLOAT, 4L * rowId);
        }
    }

    static final class F64Vector extends Fixed {
        F64Vector(DataType type, PrimitiveArray array) {
            super(type, array);
        }

        @Override
        public double getDouble(int rowId) {
            return values.get(DOUBLE, 8L * rowId);
        }
    }

    /**
     * Integers of one time unit read in another (floored when coarser): dates in milliseconds as days,
     * timestamps in seconds, milliseconds or nanoseconds as microseconds, times as nanoseconds.
     */
    static final class ScaledLongVector extends Base {
        private final PrimitiveArray storage;
        private final long multiply;
        private final long divide;

        ScaledLongVector(DataType type, PrimitiveArray storage, Validity validity, TimeUnit from, TimeUnit to) {
            super(type, validity, storage.length());
            this.storage = storage;
            long fromTicks = ticksPerDay(from);
            long toTicks = ticksPerDay(to);
            this.multiply = toTicks >= fromTicks ? toTicks / fromTicks : 1;
            this.divide = toTicks >= fromTicks ? 1 : fromTicks / toTicks;
        }

        private static long ticksPerDay(TimeUnit unit) {
            return unit == TimeUnit.DAYS ? 1 : 86_400L * unit.ticksPerSecond();
        }

        private long value(int rowId) {
            long raw = storage.getLong(rowId);
            return divide == 1 ? Math.multiplyExact(raw, multiply) : Math.floorDiv(raw, divide);
        }

        @Override
        public int getInt(int rowId) {
            return Math.toIntExact(value(rowId));
        }

        @Override
        public long getLong(int rowId) {
            return value(rowId);
        }
    }

    static final class DecimalVector extends Base {
        final DecimalArray array;
        private final int width;

        private final int fileScale;

        DecimalVector(DataType type, DecimalArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
            this.width = array.valueByteWidth();
            this.fileScale = array.dtype().scale();
        }

        /** @return whether {@link #unscaledLong} reads this vector's values at a scale */
        boolean longsAt(int scale) {
            return width <= 8 && fileScale == scale;
        }

        /** @return a value's unscaled long, when {@link #longsAt} says so */
        long unscaledLong(int rowId) {
            return array.getUnscaledLong(rowId);
        }

        @Override
        public Decimal getDecimal(int rowId, int precision, int scale) {
            if (fileScale != scale) {
                // a negative file scale read at scale 0: exact, the value gains trailing zeros
                return Decimal.apply(new BigDecimal(array.getUnscaled(rowId), fileScale).setScale(scale), precision,
                        scale);
            }
            if (width <= 8) {
                long unscaled = array.getUnscaledLong(rowId);
                return precision <= Decimal.MAX_LONG_DIGITS()
                        ? Decimal.createUnsafe(unscaled, precision, scale)
                        : Decimal.apply(BigDecimal.valueOf(unscaled, scale), precision, scale);
            }
            return Decimal.apply(new BigDecimal(array.getUnscaled(rowId), scale), precision, scale);
        }
    }

    /** Decimals wider than Spark's 38 digits, as their exact plain text. */
    static final class WideDecimalVector extends Base {
        private final DecimalArray array;

        WideDecimalVector(DataType type, DecimalArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            return UTF8String.fromString(new BigDecimal(array.getUnscaled(rowId), array.dtype().scale())
                    .toPlainString());
        }

        @Override
        public byte[] getBinary(int rowId) {
            return getUTF8String(rowId).getBytes();
        }
    }

    /**
     * Where a segment's bytes are for {@link UTF8String#fromAddress}: a heap array and offset, or a native
     * address; {@code null} for a segment whose memory cannot be addressed (a read-only heap segment, whose
     * array {@link MemorySegment#heapBase()} does not reveal), whose values are then copied one by one.
     */
    private record Memory(Object base, long address) {
        static Memory of(MemorySegment segment) {
            if (segment.isNative()) {
                return new Memory(null, segment.address());
            }
            Object heap = segment.heapBase().orElse(null);
            if (heap instanceof byte[]) {
                return new Memory(heap, Platform.BYTE_ARRAY_OFFSET + segment.address());
            }
            return null;
        }
    }

    private static UTF8String string(Memory memory, MemorySegment segment, long offset, int size) {
        if (memory != null) {
            return UTF8String.fromAddress(memory.base(), memory.address() + offset, size);
        }
        return UTF8String.fromBytes(segment.asSlice(offset, size).toArray(ValueLayout.JAVA_BYTE));
    }

    /** Strings and byte strings as 16-byte views (inline or pointing into data buffers). */
    static final class ViewVector extends Base {
        private final MemorySegment views;
        private final Memory viewMemory;
        private final MemorySegment[] data;
        private final Memory[] buffers;

        ViewVector(DataType type, VarBinViewArray array) {
            super(type, array.validity(), array.length());
            this.views = array.views();
            this.viewMemory = Memory.of(views);
            this.data = array.dataBuffers().toArray(MemorySegment[]::new);
            this.buffers = new Memory[data.length];
            for (int i = 0; i < buffers.length; i++) {
                buffers[i] = Memory.of(data[i]);
            }
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            long v = 16L * rowId;
            int size = views.get(INT, v);
            if (size <= VarBinViewArray.MAX_INLINE) {
                return string(viewMemory, views, v + 4, size);
            }
            int b = views.get(INT, v + 8);
            return string(buffers[b], data[b], Integer.toUnsignedLong(views.get(INT, v + 12)), size);
        }

        @Override
        public byte[] getBinary(int rowId) {
            return getUTF8String(rowId).getBytes();
        }
    }

    /** Strings and byte strings as offsets into one byte buffer. */
    static final class VarBinVector extends Base {
        private final VarBinArray array;
        private final MemorySegment bytes;
        private final Memory memory;

        VarBinVector(DataType type, VarBinArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
            this.bytes = array.bytes();
            this.memory = Memory.of(bytes);
        }

        @Override
        public UTF8String getUTF8String(int rowId) {
            long start = array.offset(rowId);
            long end = array.offset(rowId + 1);
            return string(memory, bytes, start, Math.toIntExact(end - start));
        }

        @Override
        public byte[] getBinary(int rowId) {
            return getUTF8String(rowId).getBytes();
        }
    }

    static final class StructVector extends Base {
        private final ColumnVector[] children;

        StructVector(DataType type, StructArray array) {
            super(type, array.validity(), array.length());
            StructType struct = (StructType) type;
            this.children = new ColumnVector[struct.fields().length];
            DType.Struct dtype = array.dtype();
            for (int i = 0; i < children.length; i++) {
                // by name: Spark may have pruned the struct to some of its fields
                StructField field = struct.fields()[i];
                int index = children.length == dtype.names().size() && dtype.names().get(i).equals(field.name()) ? i
                        : ColumnReads.fieldIndex(dtype, field.name());
                children[i] = of(array.fields().get(index), field.dataType());
            }
        }

        StructVector(DataType type, ColumnVector[] children, Validity validity, int length) {
            super(type, validity, length);
            this.children = children;
        }

        @Override
        public ColumnVector getChild(int ordinal) {
            return children[ordinal];
        }
    }

    /** Lists (offsets, views or a fixed size) over one vector of all elements. */
    abstract static class ListVector extends Base {
        private final ColumnVector elements;

        ListVector(DataType type, Canonical array, int length, Validity validity, Canonical elements) {
            super(type, validity, length);
            this.elements = of(elements, ((org.apache.spark.sql.types.ArrayType) type).elementType());
        }

        abstract long start(int row);

        abstract long size(int row);

        @Override
        public ColumnarArray getArray(int rowId) {
            return new ColumnarArray(elements, Math.toIntExact(start(rowId)), Math.toIntExact(size(rowId)));
        }
    }

    static final class MapVector extends Base {
        private final MapArray array;
        private final ColumnVector keys;
        private final ColumnVector values;

        MapVector(DataType type, MapArray array) {
            super(type, array.validity(), array.length());
            this.array = array;
            org.apache.spark.sql.types.MapType map = (org.apache.spark.sql.types.MapType) type;
            this.keys = of(array.keys(), map.keyType());
            this.values = of(array.values(), map.valueType());
        }

        @Override
        public ColumnarMap getMap(int ordinal) {
            return new ColumnarMap(keys, values, Math.toIntExact(array.start(ordinal)),
                    Math.toIntExact(array.size(ordinal)));
        }
    }

    /**
     * Whether a Spark type reads the given dtype exactly as {@link #of} produces it (used to check the
     * files of one table against its schema).
     *
     * @param dtype a file's dtype
     * @param type the table's Spark type
     * @return whether they match
     */
    static boolean matches(DType dtype, DataType type) {
        try {
            return SparkTypes.toSpark(dtype, "", false).sameType(type) || SparkTypes.toSpark(dtype, "", true).sameType(type);
        } catch (UnsupportedOperationException e) {
            return false;
        }
    }

}
