package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Seeded generators of canonical arrays in all their physical variants (bit offsets, slices,
 * offset-based and view-based strings and lists, several data buffers, every validity kind), for
 * comparing the array utilities with naive references.
 */
public final class RandomArrays {
    private final SplittableRandom r;
    private final Allocator alloc;

    /**
     * @param r the random source
     * @param alloc where to allocate
     */
    public RandomArrays(SplittableRandom r, Allocator alloc) {
        this.r = r;
        this.alloc = alloc;
    }

    /**
     * @param depth how deep nested types may go
     * @return a random dtype (no variant/union/map)
     */
    public DType dtype(int depth) {
        boolean n = r.nextBoolean();
        int kind = r.nextInt(depth > 0 ? 11 : 7);
        return switch (kind) {
            case 0 -> new DType.Null();
            case 1 -> new DType.Bool(n);
            case 2, 3 -> new DType.Primitive(PType.values()[r.nextInt(PType.values().length)], n);
            case 4 -> new DType.Decimal(1 + r.nextInt(76), 0, n);
            case 5 -> new DType.Utf8(n);
            case 6 -> new DType.Binary(n);
            case 7 -> {
                int k = r.nextInt(4);
                List<String> names = new ArrayList<>();
                List<DType> fields = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    names.add("f" + i);
                    fields.add(dtype(depth - 1));
                }
                yield new DType.Struct(names, fields, n);
            }
            case 8 -> new DType.List(dtype(depth - 1), n);
            case 9 -> new DType.FixedSizeList(dtype(depth - 1), r.nextInt(4), n);
            default -> new DType.Extension("test.ext", dtype(depth - 1).withNullable(n), new byte[] {1});
        };
    }

    /**
     * @param dtype the type
     * @param length rows
     * @return a random array of that type and length, possibly a slice of a larger one
     */
    public Canonical array(DType dtype, int length) {
        if (r.nextInt(4) == 0) {
            int before = r.nextInt(5);
            int after = r.nextInt(5);
            return raw(dtype, before + length + after).slice(before, length);
        }
        return raw(dtype, length);
    }

    /**
     * @param dtype the type
     * @param length rows
     * @return a validity for those rows (all valid for non-nullable types)
     */
    public Validity validity(DType dtype, int length) {
        if (!dtype.nullable()) {
            return Validity.ALL_VALID;
        }
        return switch (r.nextInt(5)) {
            case 0 -> Validity.ALL_VALID;
            case 1 -> Validity.ALL_INVALID;
            default -> {
                int off = r.nextInt(9);
                MemorySegment bits = BitBuffers.allocate(off + length, alloc);
                int density = r.nextInt(101);
                for (int i = 0; i < length + off; i++) {
                    Validity.Bits.set(bits, i, r.nextInt(100) < density);
                }
                yield new Validity.Bitmap(bits, off);
            }
        };
    }

    private MemorySegment randomBytes(long n) {
        MemorySegment s = alloc.allocate(n);
        for (long i = 0; i < n; i++) {
            s.set(ValueLayout.JAVA_BYTE, i, (byte) r.nextInt(256));
        }
        return s;
    }

    private Canonical raw(DType dtype, int length) {
        Validity v = validity(dtype, length);
        return switch (dtype) {
            case DType.Null n -> new NullArray(length);
            case DType.Bool b -> {
                int off = r.nextInt(9);
                yield new BoolArray(b, randomBytes(BitBuffers.bytesFor(off + length)), off, length, v);
            }
            case DType.Primitive p -> new PrimitiveArray(p, randomBytes((long) length * p.ptype().byteWidth()), length, v);
            case DType.Decimal d -> {
                int w = Canonicals.decimalByteWidth(d.precision());
                if (w < 32 && r.nextBoolean()) {
                    w *= 2;
                }
                MemorySegment values = alloc.allocate((long) length * w);
                for (int i = 0; i < length; i++) {
                    BigInteger x = new BigInteger(Math.min(8 * w - 1, 4 * d.precision()), new java.util.Random(r.nextLong()));
                    if (r.nextBoolean()) {
                        x = x.negate();
                    }
                    writeLe(values, (long) i * w, w, x);
                }
                yield new DecimalArray(d, w, values, length, v);
            }
            case DType.Utf8 u -> strings(dtype, length, v);
            case DType.Binary b -> strings(dtype, length, v);
            case DType.Struct s -> {
                List<Canonical> fields = new ArrayList<>();
                for (DType f : s.fields()) {
                    fields.add(array(f, length));
                }
                yield new StructArray(s, fields, length, v);
            }
            case DType.List l -> {
                int elements = r.nextInt(3 * length + 2);
                Canonical el = array(l.element(), elements);
                if (r.nextBoolean()) {
                    long[] offs = new long[length + 1];
                    offs[0] = r.nextInt(Math.min(elements, 3) + 1);
                    for (int i = 1; i <= length; i++) {
                        offs[i] = Math.min(elements, offs[i - 1] + r.nextInt(4));
                    }
                    yield new ListArray(l, el, ints(offs, PType.I64), length, v);
                }
                long[] starts = new long[length];
                long[] sizes = new long[length];
                for (int i = 0; i < length; i++) {
                    starts[i] = r.nextInt(elements + 1);
                    // Views overlap freely but stay short: nested list views of unbounded views
                    // expand to billions of values when tests materialize their rows.
                    sizes[i] = r.nextInt((int) Math.min(elements - starts[i], 8) + 1);
                }
                yield new ListViewArray(l, el, ints(starts, PType.U32), ints(sizes, PType.U16), length, v);
            }
            case DType.FixedSizeList f -> new FixedSizeListArray(f, array(f.element(), length * f.size()), length, v);
            case DType.Extension e -> new ExtensionArray(e, array(e.storage(), length));
            default -> throw new IllegalArgumentException(dtype.display());
        };
    }

    private PrimitiveArray ints(long[] values, PType ptype) {
        PType t = ptype;
        long max = 0;
        for (long x : values) {
            max = Math.max(max, x);
        }
        if (max > 0xFFFF && t == PType.U16) {
            t = PType.U32;
        }
        MemorySegment s = alloc.allocate((long) values.length * t.byteWidth());
        for (int i = 0; i < values.length; i++) {
            switch (t.byteWidth()) {
                case 2 -> s.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) values[i]);
                case 4 -> s.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) values[i]);
                default -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, values[i]);
            }
        }
        return new PrimitiveArray(new DType.Primitive(t, false), s, values.length, Validity.ALL_VALID);
    }

    private byte[] randomString() {
        int len = switch (r.nextInt(3)) {
            case 0 -> r.nextInt(13);
            case 1 -> 13 + r.nextInt(20);
            default -> r.nextInt(4);
        };
        byte[] b = new byte[len];
        for (int i = 0; i < len; i++) {
            b[i] = (byte) ('a' + r.nextInt(26));
        }
        return b;
    }

    private Canonical strings(DType dtype, int length, Validity v) {
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < length; i++) {
            values.add(randomString());
        }
        if (r.nextBoolean()) {
            long total = 0;
            int lead = r.nextInt(5);
            for (byte[] b : values) {
                total += b.length;
            }
            MemorySegment bytes = alloc.allocate(lead + total + r.nextInt(5));
            long[] offs = new long[length + 1];
            long at = lead;
            offs[0] = at;
            for (int i = 0; i < length; i++) {
                MemorySegment.copy(MemorySegment.ofArray(values.get(i)), 0, bytes, at, values.get(i).length);
                at += values.get(i).length;
                offs[i + 1] = at;
            }
            PType t = r.nextBoolean() ? PType.I64 : PType.U16;
            return new VarBinArray(dtype, ints(offs, t), bytes, length, v);
        }
        int nbuf = 1 + r.nextInt(3);
        List<MemorySegment> buffers = new ArrayList<>();
        for (int k = 0; k < nbuf; k++) {
            buffers.add(alloc.allocate(40L * length + 8));
        }
        long[] used = new long[nbuf];
        MemorySegment views = alloc.allocate(16L * length);
        for (int i = 0; i < length; i++) {
            byte[] b = values.get(i);
            int k = r.nextInt(nbuf);
            MemorySegment.copy(MemorySegment.ofArray(b), 0, buffers.get(k), used[k], b.length);
            Canonicals.writeView(views, i, buffers.get(k), used[k], b.length, k);
            used[k] += b.length + r.nextInt(3);
        }
        return new VarBinViewArray(dtype, views, buffers, length, v);
    }

    private static void writeLe(MemorySegment out, long at, int w, BigInteger x) {
        byte[] be = x.toByteArray();
        byte sign = x.signum() < 0 ? (byte) -1 : 0;
        for (int k = 0; k < w; k++) {
            int from = be.length - 1 - k;
            out.set(ValueLayout.JAVA_BYTE, at + k, from >= 0 ? be[from] : sign);
        }
    }

    /**
     * The scalar of one row, in {@link Scalar}'s conventions.
     *
     * @param array an array
     * @param i a row
     * @return the row's scalar, of the array's dtype
     */
    public static Scalar scalarAt(Canonical array, int i) {
        DType dtype = array.dtype();
        if (!array.isValid(i)) {
            return Scalar.nullOf(dtype);
        }
        return new Scalar(dtype, switch (array) {
            case BoolArray b -> b.value(i);
            case PrimitiveArray p -> switch (p.ptype()) {
                case F16 -> (short) p.getLong(i);
                case F32 -> Float.intBitsToFloat((int) p.getLong(i));
                case F64 -> Double.longBitsToDouble(p.getLong(i));
                default -> p.getLong(i);
            };
            case DecimalArray d -> d.getUnscaled(i);
            case VarBinArray s -> s.value(i);
            case VarBinViewArray s -> s.value(i);
            case StructArray s -> s.fields().stream().map(f -> scalarAt(f, i)).toList();
            case ListArray l -> elements(l.elements(), l.start(i), l.size(i));
            case ListViewArray l -> elements(l.elements(), l.start(i), l.size(i));
            case FixedSizeListArray f -> elements(f.elements(), (long) i * f.dtype().size(), f.dtype().size());
            case ExtensionArray e -> scalarAt(e.storage(), i).value();
            case MapArray m -> elements(m.entryStructs(), m.start(i), m.size(i));
            default -> null;
        });
    }

    private static List<Scalar> elements(Canonical elements, long start, long size) {
        List<Scalar> out = new ArrayList<>();
        for (long k = 0; k < size; k++) {
            out.add(scalarAt(elements, (int) (start + k)));
        }
        return out;
    }
}
