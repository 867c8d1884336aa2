package io.jvortex.array;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

/**
 * Small conversions between canonical forms shared by the array utilities ({@link Take},
 * {@link Concat}, {@link Constant}, {@link Scatter}) and by decoders: zero-filled arrays of any
 * type, replacing validity, strings as views, and the decimal storage width for a precision.
 */
public final class Canonicals {
    /** Largest row count of one array the utilities produce (the decoders' limit too). */
    public static final int MAX_ROWS = Integer.MAX_VALUE - 64;

    private static final DType.Primitive I32 = new DType.Primitive(PType.I32, false);
    private static final DType.Primitive I64 = new DType.Primitive(PType.I64, false);

    private Canonicals() {
    }

    /**
     * Checks a row count computed by a utility.
     *
     * @param rows the count
     * @param what what it counts, for the message
     * @return the count as an int
     * @throws VortexException when it exceeds {@link #MAX_ROWS}
     */
    static int checkRows(long rows, String what) {
        if (rows < 0 || rows > MAX_ROWS) {
            throw new VortexException(what + " of " + rows + " rows exceeds the limit of " + MAX_ROWS);
        }
        return (int) rows;
    }

    /**
     * The smallest decimal storage width, in bytes, for a precision (1–2 digits: 1 byte, 3–4: 2,
     * 5–9: 4, 10–18: 8, 19–38: 16, 39–76: 32).
     *
     * @param precision decimal precision, 1..76
     * @return bytes per value
     */
    public static int decimalByteWidth(int precision) {
        if (precision <= 2) {
            return 1;
        }
        if (precision <= 4) {
            return 2;
        }
        if (precision <= 9) {
            return 4;
        }
        if (precision <= 18) {
            return 8;
        }
        return precision <= 38 ? 16 : 32;
    }

    /**
     * An array of zero values ({@code 0}, {@code false}, empty strings and lists, zero-filled
     * fixed-size lists, structs of zero fields) with the given top-level validity. Nested children
     * are all valid.
     *
     * @param dtype the type
     * @param length rows
     * @param validity the top-level validity ({@link Validity#ALL_VALID} for non-nullable types)
     * @param alloc where to allocate
     * @return the array
     * @throws VortexException never for valid dtypes (kept for API stability)
     */
    public static Canonical zeros(DType dtype, int length, Validity validity, Allocator alloc) {
        Validity v = dtype.nullable() ? validity : Validity.ALL_VALID;
        return switch (dtype) {
            case DType.Null n -> new NullArray(length);
            case DType.Bool b -> new BoolArray(b, BitBuffers.allocate(length, alloc), 0, length, v);
            case DType.Primitive p ->
                    new PrimitiveArray(p, alloc.allocate((long) length * p.ptype().byteWidth()), length, v);
            case DType.Decimal d -> {
                int w = decimalByteWidth(d.precision());
                yield new DecimalArray(d, w, alloc.allocate((long) length * w), length, v);
            }
            case DType.Utf8 u -> new VarBinViewArray(u, alloc.allocate(16L * length), List.of(), length, v);
            case DType.Binary b -> new VarBinViewArray(b, alloc.allocate(16L * length), List.of(), length, v);
            case DType.Struct s -> {
                List<Canonical> fields = new ArrayList<>(s.fields().size());
                for (DType f : s.fields()) {
                    fields.add(zeros(f, length, Validity.ALL_VALID, alloc));
                }
                yield new StructArray(s, fields, length, v);
            }
            case DType.List l -> new ListArray(l, zeros(l.element(), 0, Validity.ALL_VALID, alloc),
                    new PrimitiveArray(I32, alloc.allocate(4L * (length + 1L)), length + 1, Validity.ALL_VALID),
                    length, v);
            case DType.FixedSizeList f -> {
                int elements = checkRows((long) length * f.size(), "fixed-size list elements");
                yield new FixedSizeListArray(f, zeros(f.element(), elements, Validity.ALL_VALID, alloc), length, v);
            }
            case DType.Extension e -> new ExtensionArray(e, zeros(e.storage(), length, validity, alloc));
            case DType.Variant x -> new VariantArray(x, length, v, zeros(new DType.Binary(false), length,
                    Validity.ALL_VALID, alloc), zeros(new DType.Binary(true), length, Validity.ALL_INVALID, alloc),
                    null, null);
            case DType.Union u -> {
                // placeholder rows select the first declared variant, so that every valid row is readable
                List<Canonical> children = new ArrayList<>(u.variants().size());
                for (DType c : u.variants()) {
                    children.add(zeros(c, length, Validity.ALL_VALID, alloc));
                }
                PrimitiveArray ids = new PrimitiveArray(new DType.Primitive(PType.U8, u.nullable()),
                        alloc.allocate(length), length, v);
                if (!u.typeIds().isEmpty()) {
                    ids.values().fill(u.typeIds().getFirst().byteValue());
                }
                yield new UnionArray(u, ids, children);
            }
            case DType.Map m -> new MapArray(m, Canonicals.toListView(
                    (ListArray) zeros(m.entries(), length, validity, alloc), alloc));
        };
    }

    static VortexException unsupported(DType dtype) {
        return new VortexException("no canonical array form for " + dtype.display() + " yet");
    }

    /**
     * The same values with a new validity and a nullable dtype. The array's own validity is
     * replaced, not intersected.
     *
     * @param array the values
     * @param validity the new validity
     * @return the array, nullable, with that validity
     */
    public static Canonical withValidity(Canonical array, Validity validity) {
        return Validities.withValidity(array, validity, true);
    }

    /**
     * Converts offset-based strings to views. Strings of up to 12 bytes are inlined; longer ones
     * point into the original byte buffer, which becomes the only data buffer (zero-copy).
     *
     * @param array offset-based strings (offsets trusted: monotone, within the byte buffer)
     * @param alloc where to allocate the views
     * @return the same strings as views
     * @throws VortexException when the byte buffer is larger than 4 GiB (views hold 32-bit offsets)
     */
    public static VarBinViewArray toViews(VarBinArray array, Allocator alloc) {
        MemorySegment bytes = array.bytes();
        if (bytes.byteSize() > 0xFFFF_FFFFL) {
            throw new VortexException("string data of " + bytes.byteSize() + " bytes does not fit 32-bit view offsets");
        }
        int n = array.length();
        MemorySegment views = alloc.allocate(16L * n);
        PrimitiveArray offsets = array.offsets();
        MemorySegment off = offsets.values();
        switch (offsets.ptype().byteWidth()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    writeView(views, i, bytes, off.get(ValueLayout.JAVA_BYTE, i) & 0xFF,
                            off.get(ValueLayout.JAVA_BYTE, i + 1) & 0xFF);
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    writeView(views, i, bytes, off.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i) & 0xFFFF,
                            off.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i + 2) & 0xFFFF);
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    writeView(views, i, bytes,
                            Integer.toUnsignedLong(off.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i)),
                            Integer.toUnsignedLong(off.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i + 4)));
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    writeView(views, i, bytes, off.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i),
                            off.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i + 8));
                }
            }
        }
        return new VarBinViewArray(array.dtype(), views, List.of(bytes), n, array.validity());
    }

    private static void writeView(MemorySegment views, int row, MemorySegment bytes, long start, long end) {
        writeView(views, row, bytes, start, (int) (end - start), 0);
    }

    /**
     * Writes one 16-byte view for {@code bytes[start, start + size)} of data buffer
     * {@code bufferIndex}: inline when {@code size <= 12}, else prefix + buffer index + offset.
     *
     * @param views the views buffer
     * @param row the row to write
     * @param bytes the data buffer the value lives in
     * @param start the value's byte offset in it (must fit 32 bits unsigned when inlined is false)
     * @param size the value's length
     * @param bufferIndex the index of {@code bytes} among the array's data buffers
     */
    public static void writeView(MemorySegment views, int row, MemorySegment bytes, long start, int size,
                                 int bufferIndex) {
        long v = 16L * row;
        views.set(ValueLayout.JAVA_INT_UNALIGNED, v, size);
        if (size <= VarBinViewArray.MAX_INLINE) {
            MemorySegment.copy(bytes, start, views, v + 4, size);
        } else {
            MemorySegment.copy(bytes, start, views, v + 4, 4);
            views.set(ValueLayout.JAVA_INT_UNALIGNED, v + 8, bufferIndex);
            views.set(ValueLayout.JAVA_INT_UNALIGNED, v + 12, (int) start);
        }
    }

    /**
     * Converts offset-based lists to views over the same elements (zero-copy elements and starts).
     *
     * @param array lists with {@code length + 1} offsets (trusted: monotone, within the elements)
     * @param alloc where to allocate the sizes
     * @return the same lists as views
     */
    public static ListViewArray toListView(ListArray array, Allocator alloc) {
        int n = array.length();
        PrimitiveArray offsets = array.offsets();
        PrimitiveArray starts = offsets.slice(0, n);
        PrimitiveArray sizes = new PrimitiveArray(new DType.Primitive(offsets.ptype(), false),
                alloc.allocate((long) n * offsets.ptype().byteWidth()), n, Validity.ALL_VALID);
        MemorySegment o = offsets.values();
        MemorySegment s = sizes.values();
        switch (offsets.ptype().byteWidth()) {
            case 1 -> {
                for (int i = 0; i < n; i++) {
                    s.set(ValueLayout.JAVA_BYTE, i,
                            (byte) (o.get(ValueLayout.JAVA_BYTE, i + 1) - o.get(ValueLayout.JAVA_BYTE, i)));
                }
            }
            case 2 -> {
                for (int i = 0; i < n; i++) {
                    s.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i,
                            (short) (o.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i + 2)
                                    - o.get(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i)));
                }
            }
            case 4 -> {
                for (int i = 0; i < n; i++) {
                    s.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, o.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i + 4)
                            - o.get(ValueLayout.JAVA_INT_UNALIGNED, 4L * i));
                }
            }
            default -> {
                for (int i = 0; i < n; i++) {
                    s.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, o.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i + 8)
                            - o.get(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i));
                }
            }
        }
        return new ListViewArray(array.dtype(), array.elements(), starts, sizes, n, array.validity());
    }

    /** @return the non-nullable i32 type used for generated index and offset arrays */
    static DType.Primitive i32() {
        return I32;
    }

    /** @return the non-nullable i64 type used for generated offset arrays */
    static DType.Primitive i64() {
        return I64;
    }

    /**
     * Replicates the first {@code patternBytes} bytes of {@code dst} over the whole segment by
     * doubling copies.
     */
    static void replicate(MemorySegment dst, long patternBytes) {
        long total = dst.byteSize();
        long filled = Math.min(patternBytes, total);
        while (filled < total) {
            long n = Math.min(filled, total - filled);
            MemorySegment.copy(dst, 0, dst, filled, n);
            filled += n;
        }
    }
}
