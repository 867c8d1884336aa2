package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Hand-built canonical arrays over heap segments, for tests. */
public final class TestArrays {
    private TestArrays() {
    }

    /**
     * @param valid per-row validity; {@code null} means all valid
     * @return the validity (a bitmap with a non-zero bit offset, to exercise offsets)
     */
    public static Validity validity(boolean[] valid) {
        if (valid == null) {
            return Validity.ALL_VALID;
        }
        int offset = 3;
        MemorySegment bits = MemorySegment.ofArray(new byte[(valid.length + offset + 7) / 8 + 1]);
        for (int i = 0; i < valid.length; i++) {
            Validity.Bits.set(bits, offset + i, valid[i]);
        }
        return new Validity.Bitmap(bits, offset);
    }

    /**
     * @param ptype an integer or float ptype
     * @param nullable the dtype's nullability
     * @param values the values (integers as raw bits truncated to the width; floats as doubles' values)
     * @param valid validity or {@code null}
     * @return the array
     */
    public static PrimitiveArray primitive(PType ptype, boolean nullable, long[] values, boolean[] valid) {
        MemorySegment seg = MemorySegment.ofArray(new byte[values.length * ptype.byteWidth()]);
        for (int i = 0; i < values.length; i++) {
            long v = values[i];
            switch (ptype) {
                case I8, U8 -> seg.set(ValueLayout.JAVA_BYTE, i, (byte) v);
                case I16, U16, F16 -> seg.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) v);
                case I32, U32, F32 -> seg.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) v);
                case I64, U64, F64 -> seg.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, v);
            }
        }
        return new PrimitiveArray(new DType.Primitive(ptype, nullable), seg, values.length, validity(valid));
    }

    /** @return an i64 array */
    public static PrimitiveArray i64(long... values) {
        return primitive(PType.I64, false, values, null);
    }

    /** @return an i32 array */
    public static PrimitiveArray i32(int... values) {
        long[] v = new long[values.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = values[i];
        }
        return primitive(PType.I32, false, v, null);
    }

    /** @return an f64 array with the given validity */
    public static PrimitiveArray f64(double[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = Double.doubleToRawLongBits(values[i]);
        }
        return primitive(PType.F64, valid != null, bits, valid);
    }

    /** @return an f32 array with the given validity */
    public static PrimitiveArray f32(float[] values, boolean[] valid) {
        long[] bits = new long[values.length];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = Float.floatToRawIntBits(values[i]);
        }
        return primitive(PType.F32, valid != null, bits, valid);
    }

    /** @return a bool array with the given validity */
    public static BoolArray bools(boolean[] values, boolean[] valid) {
        int offset = 5;
        MemorySegment bits = MemorySegment.ofArray(new byte[(values.length + offset + 7) / 8 + 1]);
        for (int i = 0; i < values.length; i++) {
            Validity.Bits.set(bits, offset + i, values[i]);
        }
        return new BoolArray(new DType.Bool(valid != null), bits, offset, values.length, validity(valid));
    }

    /** @return utf8 strings as offsets + bytes (offsets start at 2); null entries are null rows */
    public static VarBinArray varBin(boolean utf8, String... values) {
        boolean nullable = false;
        List<byte[]> parts = new ArrayList<>();
        boolean[] valid = new boolean[values.length];
        for (int i = 0; i < values.length; i++) {
            valid[i] = values[i] != null;
            nullable |= values[i] == null;
            parts.add(values[i] == null ? new byte[0] : values[i].getBytes(StandardCharsets.UTF_8));
        }
        int total = 2 + parts.stream().mapToInt(b -> b.length).sum();
        MemorySegment bytes = MemorySegment.ofArray(new byte[total]);
        long[] offsets = new long[values.length + 1];
        long pos = 2;
        for (int i = 0; i < values.length; i++) {
            offsets[i] = pos;
            MemorySegment.copy(MemorySegment.ofArray(parts.get(i)), 0, bytes, pos, parts.get(i).length);
            pos += parts.get(i).length;
        }
        offsets[values.length] = pos;
        DType dtype = utf8 ? new DType.Utf8(nullable) : new DType.Binary(nullable);
        return new VarBinArray(dtype, primitive(PType.U32, false, offsets, null), bytes, values.length,
                nullable ? validity(valid) : Validity.ALL_VALID);
    }

    /** Long values per data buffer of {@link #varBinView}: several buffers, never more than a node may hold. */
    private static final int VALUES_PER_BUFFER = 1000;

    /**
     * @return utf8 strings as 16-byte views; long values go to data buffers of up to
     *     {@value #VALUES_PER_BUFFER} values each, after 7 bytes of padding (so offsets are not 0); null
     *     entries are null rows
     */
    public static VarBinViewArray varBinView(boolean utf8, String... values) {
        boolean nullable = false;
        boolean[] valid = new boolean[values.length];
        MemorySegment views = MemorySegment.ofArray(new byte[16 * values.length]);
        List<MemorySegment> buffers = new ArrayList<>();
        java.io.ByteArrayOutputStream current = null;
        int inCurrent = 0;
        for (int i = 0; i < values.length; i++) {
            valid[i] = values[i] != null;
            nullable |= values[i] == null;
            byte[] b = values[i] == null ? new byte[0] : values[i].getBytes(StandardCharsets.UTF_8);
            long v = 16L * i;
            views.set(ValueLayout.JAVA_INT_UNALIGNED, v, b.length);
            if (b.length <= VarBinViewArray.MAX_INLINE) {
                MemorySegment.copy(MemorySegment.ofArray(b), 0, views, v + 4, b.length);
            } else {
                if (current == null || inCurrent == VALUES_PER_BUFFER) {
                    if (current != null) {
                        buffers.add(MemorySegment.ofArray(current.toByteArray()));
                    }
                    current = new java.io.ByteArrayOutputStream();
                    current.writeBytes(new byte[7]);
                    inCurrent = 0;
                }
                MemorySegment.copy(MemorySegment.ofArray(b), 0, views, v + 4, 4);
                views.set(ValueLayout.JAVA_INT_UNALIGNED, v + 8, buffers.size());
                views.set(ValueLayout.JAVA_INT_UNALIGNED, v + 12, current.size());
                current.writeBytes(b);
                inCurrent++;
            }
        }
        if (current != null) {
            buffers.add(MemorySegment.ofArray(current.toByteArray()));
        }
        DType dtype = utf8 ? new DType.Utf8(nullable) : new DType.Binary(nullable);
        return new VarBinViewArray(dtype, views, buffers, values.length,
                nullable ? validity(valid) : Validity.ALL_VALID);
    }

    /** @return a struct of the given named fields */
    public static StructArray struct(List<String> names, List<Canonical> fields, Validity validity) {
        int length = fields.isEmpty() ? 0 : fields.get(0).length();
        boolean nullable = !(validity instanceof Validity.AllValid);
        return new StructArray(new DType.Struct(names, fields.stream().map(Canonical::dtype).toList(), nullable),
                fields, length, validity);
    }

    /** @return a non-nullable struct of the given named fields */
    public static StructArray struct(List<String> names, Canonical... fields) {
        return struct(names, List.of(fields), Validity.ALL_VALID);
    }

    /** @return a list array with u32 offsets */
    public static ListArray list(Canonical elements, long[] offsets, boolean[] valid) {
        return new ListArray(new DType.List(elements.dtype(), valid != null), elements,
                primitive(PType.U32, false, offsets, null), offsets.length - 1, validity(valid));
    }

    /** @return a decimal array of the given width */
    public static DecimalArray decimal(int precision, int scale, int width, java.math.BigInteger[] unscaled) {
        MemorySegment seg = MemorySegment.ofArray(new byte[width * unscaled.length]);
        boolean[] valid = new boolean[unscaled.length];
        boolean nullable = false;
        for (int i = 0; i < unscaled.length; i++) {
            valid[i] = unscaled[i] != null;
            nullable |= unscaled[i] == null;
            java.math.BigInteger v = unscaled[i] == null ? java.math.BigInteger.ZERO : unscaled[i];
            byte[] be = v.toByteArray();
            for (int k = 0; k < width; k++) {
                byte b = k < be.length ? be[be.length - 1 - k] : (byte) (v.signum() < 0 ? -1 : 0);
                seg.set(ValueLayout.JAVA_BYTE, (long) i * width + k, b);
            }
        }
        return new DecimalArray(new DType.Decimal(precision, scale, nullable), width, seg, unscaled.length,
                nullable ? validity(valid) : Validity.ALL_VALID);
    }
}
