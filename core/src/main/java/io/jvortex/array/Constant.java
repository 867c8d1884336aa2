package io.jvortex.array;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Expands one scalar into a canonical array repeating it, for any dtype.
 *
 * <p>Fixed-width values are written once and replicated by doubling copies. Strings share one
 * data buffer holding the value once. A null scalar yields an all-null array of its (nullable) dtype.
 * Lists come back as a {@link ListViewArray} whose rows all view the same elements.
 */
public final class Constant {
    private Constant() {
    }

    /**
     * Expands a scalar.
     *
     * @param scalar the value and its dtype
     * @param length rows
     * @param alloc where to allocate
     * @return {@code length} copies of the value, of {@code scalar.dtype()}
     * @throws VortexException when the value does not fit its dtype or the dtype has no canonical form
     */
    public static Canonical expand(Scalar scalar, int length, Allocator alloc) {
        DType dtype = scalar.dtype();
        if (length < 0 || length > Canonicals.MAX_ROWS) {
            throw new IllegalArgumentException("length " + length);
        }
        if (scalar.isNull()) {
            if (!dtype.nullable()) {
                throw new VortexException("null scalar for non-nullable " + dtype.display());
            }
            return Canonicals.zeros(dtype, length, Validity.ALL_INVALID, alloc);
        }
        Object value = scalar.value();
        return switch (dtype) {
            case DType.Null n -> new NullArray(length);
            case DType.Bool b -> {
                MemorySegment bits = BitBuffers.allocate(length, alloc);
                if (as(Boolean.class, value, dtype)) {
                    bits.fill((byte) -1);
                }
                yield new BoolArray(b, bits, 0, length, Validity.ALL_VALID);
            }
            case DType.Primitive p -> {
                int w = p.ptype().byteWidth();
                MemorySegment out = alloc.allocate((long) length * w);
                if (length > 0) {
                    writePrimitive(out, w, value, dtype);
                    Canonicals.replicate(out, w);
                }
                yield new PrimitiveArray(p, out, length, Validity.ALL_VALID);
            }
            case DType.Decimal d -> decimal(d, decimalValue(value, dtype), length, alloc);
            case DType.Utf8 u -> string(dtype, bytes(value, dtype), length, alloc);
            case DType.Binary u -> string(dtype, bytes(value, dtype), length, alloc);
            case DType.Struct s -> {
                List<Scalar> items = items(value, dtype, s.fields().size());
                List<Canonical> fields = new ArrayList<>(items.size());
                for (int i = 0; i < items.size(); i++) {
                    fields.add(expand(retype(items.get(i), s.fields().get(i)), length, alloc));
                }
                yield new StructArray(s, fields, length, Validity.ALL_VALID);
            }
            case DType.List l -> {
                List<Scalar> items = items(value, dtype, -1);
                Canonical elements = fromScalars(l.element(), items, alloc);
                MemorySegment offsets = alloc.allocate(4L * length);
                MemorySegment sizes = alloc.allocate(4L * length);
                if (length > 0 && !items.isEmpty()) {
                    sizes.set(ValueLayout.JAVA_INT_UNALIGNED, 0, items.size());
                    Canonicals.replicate(sizes, 4);
                }
                yield new ListViewArray(l, elements,
                        new PrimitiveArray(Canonicals.i32(), offsets, length, Validity.ALL_VALID),
                        new PrimitiveArray(Canonicals.i32(), sizes, length, Validity.ALL_VALID), length,
                        Validity.ALL_VALID);
            }
            case DType.FixedSizeList f -> {
                int size = f.size();
                List<Scalar> items = items(value, dtype, size);
                int count = Canonicals.checkRows((long) length * size, "fixed-size list elements");
                Canonical one = fromScalars(f.element(), items, alloc);
                Canonical elements = one;
                if (length != 1) {
                    MemorySegment idx = alloc.allocate(4L * count);
                    for (int i = 0; i < Math.min(size, count); i++) {
                        idx.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, i);
                    }
                    Canonicals.replicate(idx, 4L * size);
                    elements = Take.take(one, new PrimitiveArray(Canonicals.i32(), idx, count, Validity.ALL_VALID),
                            alloc);
                }
                yield new FixedSizeListArray(f, elements, length, Validity.ALL_VALID);
            }
            case DType.Extension e -> new ExtensionArray(e, expand(new Scalar(e.storage(), value), length, alloc));
            case DType.Variant x -> throw Canonicals.unsupported(dtype);
            case DType.Union u -> {
                io.jvortex.scalar.UnionValue uv = as(io.jvortex.scalar.UnionValue.class, value, dtype);
                int selected = u.typeIds().indexOf(uv.typeId());
                if (selected < 0 || selected >= u.variants().size()) {
                    throw new VortexException("union scalar type id " + uv.typeId() + " is not declared by "
                            + dtype.display());
                }
                List<Canonical> children = new ArrayList<>(u.variants().size());
                for (int k = 0; k < u.variants().size(); k++) {
                    DType variant = u.variants().get(k);
                    children.add(k == selected ? expand(retype(uv.value(), variant), length, alloc)
                            : Canonicals.zeros(variant, length, Validity.ALL_VALID, alloc));
                }
                MemorySegment ids = alloc.allocate(length);
                ids.fill((byte) uv.typeId());
                yield new UnionArray(u, new PrimitiveArray(new DType.Primitive(io.jvortex.dtype.PType.U8,
                        u.nullable()), ids, length, Validity.ALL_VALID), children);
            }
            case DType.Map m -> new MapArray(m, (ListViewArray) expand(new Scalar(m.entries(), value), length, alloc));
        };
    }

    /**
     * Builds an array from individual scalars (for list and fixed-size-list elements).
     *
     * @param dtype the element type
     * @param items the values, each of {@code dtype} (or its non-nullable version)
     * @param alloc where to allocate
     * @return an array of {@code items.size()} rows
     */
    public static Canonical fromScalars(DType dtype, List<Scalar> items, Allocator alloc) {
        List<Canonical> parts = new ArrayList<>(items.size());
        for (Scalar s : items) {
            parts.add(expand(retype(s, dtype), 1, alloc));
        }
        return Concat.concat(dtype, parts, alloc);
    }

    private static Scalar retype(Scalar s, DType dtype) {
        return s.dtype().equals(dtype) ? s : new Scalar(dtype, s.value());
    }

    private static <T> T as(Class<T> type, Object value, DType dtype) {
        if (!type.isInstance(value)) {
            throw new VortexException("scalar of " + dtype.display() + " holds a "
                    + value.getClass().getSimpleName() + ", expected " + type.getSimpleName());
        }
        return type.cast(value);
    }

    @SuppressWarnings("unchecked")
    private static List<Scalar> items(Object value, DType dtype, int expected) {
        List<?> list = as(List.class, value, dtype);
        if (expected >= 0 && list.size() != expected) {
            throw new VortexException("scalar of " + dtype.display() + " has " + list.size() + " items, expected "
                    + expected);
        }
        for (Object o : list) {
            as(Scalar.class, o, dtype);
        }
        return (List<Scalar>) list;
    }

    private static byte[] bytes(Object value, DType dtype) {
        return value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : as(byte[].class, value, dtype);
    }

    private static void writePrimitive(MemorySegment out, int width, Object value, DType dtype) {
        long bits = switch (value) {
            case Long l -> l;
            case Integer i -> i;
            case Short s -> s;
            case Byte b -> b;
            case Float f -> Float.floatToRawIntBits(f);
            case Double d -> Double.doubleToRawLongBits(d);
            default -> throw new VortexException("scalar of " + dtype.display() + " holds a "
                    + value.getClass().getSimpleName());
        };
        switch (width) {
            case 1 -> out.set(ValueLayout.JAVA_BYTE, 0, (byte) bits);
            case 2 -> out.set(ValueLayout.JAVA_SHORT_UNALIGNED, 0, (short) bits);
            case 4 -> out.set(ValueLayout.JAVA_INT_UNALIGNED, 0, (int) bits);
            default -> out.set(ValueLayout.JAVA_LONG_UNALIGNED, 0, bits);
        }
    }

    private static BigInteger decimalValue(Object value, DType dtype) {
        return switch (value) {
            case BigInteger b -> b;
            case Long l -> BigInteger.valueOf(l);
            default -> throw new VortexException("scalar of " + dtype.display() + " holds a "
                    + value.getClass().getSimpleName());
        };
    }

    private static DecimalArray decimal(DType.Decimal d, BigInteger value, int length, Allocator alloc) {
        int w = Canonicals.decimalByteWidth(d.precision());
        // A value wider than its precision allows still round-trips: widen the storage to fit it.
        while (value.bitLength() + 1 > 8 * w) {
            if (w == 32) {
                throw new VortexException("decimal scalar " + value + " does not fit 256 bits");
            }
            w *= 2;
        }
        MemorySegment out = alloc.allocate((long) length * w);
        if (length > 0) {
            byte[] be = value.toByteArray();
            byte sign = value.signum() < 0 ? (byte) -1 : 0;
            for (int k = 0; k < w; k++) {
                int from = be.length - 1 - k;
                out.set(ValueLayout.JAVA_BYTE, k, from >= 0 ? be[from] : sign);
            }
            Canonicals.replicate(out, w);
        }
        return new DecimalArray(d, w, out, length, Validity.ALL_VALID);
    }

    private static VarBinViewArray string(DType dtype, byte[] value, int length, Allocator alloc) {
        MemorySegment views = alloc.allocate(16L * length);
        List<MemorySegment> buffers = List.of();
        if (length > 0) {
            MemorySegment bytes = MemorySegment.ofArray(value);
            if (value.length > VarBinViewArray.MAX_INLINE) {
                MemorySegment data = alloc.allocate(value.length);
                MemorySegment.copy(bytes, 0, data, 0, value.length);
                buffers = List.of(data);
                bytes = data;
            }
            Canonicals.writeView(views, 0, bytes, 0, value.length, 0);
            Canonicals.replicate(views, 16);
        }
        return new VarBinViewArray(dtype, views, buffers, length, Validity.ALL_VALID);
    }
}
