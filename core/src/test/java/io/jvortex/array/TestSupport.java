package io.jvortex.array;

import io.jvortex.dtype.DType;
import io.jvortex.scalar.Scalar;
import io.jvortex.testing.Seeds;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Test helpers for canonical arrays: a reference view of any array as plain Java values, a
 * budget-free allocator, and a seeded generator (through {@link Seeds}).
 */
public final class TestSupport {
    private TestSupport() {
    }

    /**
     * @param arena where to allocate
     * @return an allocator without budget
     */
    public static Allocator allocator(Arena arena) {
        return bytes -> arena.allocate(Math.max(bytes, 1), 8).asSlice(0, bytes);
    }

    /**
     * A seeded generator for a randomized test, from {@link Seeds#random(String)}: the seed is printed
     * and {@code -Djvortex.test.seed=N} replays it.
     *
     * @param test the test name, printed with the seed
     * @return a seeded random
     */
    public static SplittableRandom random(String test) {
        return Seeds.random(test);
    }

    /**
     * Every row of an array as a plain Java value: {@code null} for null rows; {@link Boolean};
     * {@link Long} for integers (raw two's-complement, u64 as raw bits) and floats (raw IEEE bits, so
     * comparisons are bit-exact); {@link BigInteger} for decimals; {@link String} for utf8; hex
     * {@code String} prefixed {@code 0x} for binary; {@code List} for lists, fixed-size lists and
     * structs; extension rows as their storage values.
     *
     * @param array the array
     * @return its rows
     */
    public static List<Object> rows(Canonical array) {
        List<Object> out = new ArrayList<>(array.length());
        for (int i = 0; i < array.length(); i++) {
            out.add(row(array, i));
        }
        return out;
    }

    /**
     * @param array an array
     * @param i a row
     * @return the row as described in {@link #rows(Canonical)}
     */
    public static Object row(Canonical array, int i) {
        if (!array.isValid(i)) {
            return null;
        }
        return switch (array) {
            case NullArray n -> null;
            case OpaqueArray o -> null;
            case BoolArray b -> b.value(i);
            case PrimitiveArray p -> p.getLong(i);
            case DecimalArray d -> d.getUnscaled(i);
            case VarBinArray s -> bytes(s.dtype(), s.value(i));
            case VarBinViewArray s -> bytes(s.dtype(), s.value(i));
            case StructArray s -> {
                List<Object> fields = new ArrayList<>();
                for (Canonical f : s.fields()) {
                    fields.add(row(f, i));
                }
                yield fields;
            }
            case ListArray l -> slice(l.elements(), l.start(i), l.size(i));
            case ListViewArray l -> slice(l.elements(), l.start(i), l.size(i));
            case FixedSizeListArray f -> slice(f.elements(), (long) i * f.dtype().size(), f.dtype().size());
            case UnionArray u -> java.util.Arrays.asList((long) u.typeId(i), row(u.children().get(u.variantIndex(i)), i));
            case VariantArray v -> java.util.Arrays.asList(row(v.metadata(), i),
                    v.value() == null ? null : row(v.value(), i), v.typedValue() == null ? null : row(v.typedValue(), i),
                    v.shredded() == null ? null : row(v.shredded(), i));
            case MapArray m -> slice(m.entryStructs(), m.start(i), m.size(i));
            case ExtensionArray e -> row(e.storage(), i);
        };
    }

    private static List<Object> slice(Canonical elements, long start, long size) {
        List<Object> out = new ArrayList<>();
        for (long k = 0; k < size; k++) {
            out.add(row(elements, (int) (start + k)));
        }
        return out;
    }

    private static Object bytes(DType dtype, byte[] b) {
        return dtype instanceof DType.Utf8 ? new String(b, StandardCharsets.UTF_8) : "0x" + HexFormat.of().formatHex(b);
    }

    /**
     * A scalar as the plain Java value {@link #rows(Canonical)} would give for a row holding it.
     *
     * @param s the scalar
     * @return its value
     */
    public static Object value(Scalar s) {
        if (s.isNull()) {
            return null;
        }
        DType d = s.dtype();
        while (d instanceof DType.Extension e) {
            d = e.storage();
        }
        Object v = s.value();
        return switch (d) {
            case DType.Primitive p -> switch (v) {
                case Float f -> (long) Float.floatToRawIntBits(f) & 0xFFFF_FFFFL;
                case Double x -> Double.doubleToRawLongBits(x);
                case Short x -> (long) x & 0xFFFF;
                case Long x -> p.ptype().byteWidth() == 8 ? x
                        : p.ptype().isSigned() ? x : x & ((1L << (8 * p.ptype().byteWidth())) - 1);
                default -> throw new IllegalArgumentException(String.valueOf(v));
            };
            case DType.Utf8 u -> new String((byte[]) v, StandardCharsets.UTF_8);
            case DType.Binary b -> "0x" + HexFormat.of().formatHex((byte[]) v);
            case DType.List l -> ((List<?>) v).stream().map(x -> value((Scalar) x)).toList();
            case DType.FixedSizeList l -> ((List<?>) v).stream().map(x -> value((Scalar) x)).toList();
            case DType.Struct l -> ((List<?>) v).stream().map(x -> value((Scalar) x)).toList();
            case DType.Decimal x -> v instanceof Long l ? BigInteger.valueOf(l) : v;
            default -> v;
        };
    }

    /**
     * Raw bits of a double, as {@link #rows(Canonical)} reports f64 rows.
     *
     * @param d a double
     * @return its bits
     */
    public static long f64(double d) {
        return Double.doubleToRawLongBits(d);
    }

    /**
     * Raw bits of a float, as {@link #rows(Canonical)} reports f32 rows.
     *
     * @param f a float
     * @return its bits
     */
    public static long f32(float f) {
        return Integer.toUnsignedLong(Float.floatToRawIntBits(f));
    }

    /**
     * Copies bytes into a fresh segment of an arena.
     *
     * @param arena the arena
     * @param bytes the bytes
     * @return the segment
     */
    public static MemorySegment segment(Arena arena, byte[] bytes) {
        MemorySegment s = arena.allocate(Math.max(1, bytes.length), 16).asSlice(0, bytes.length);
        MemorySegment.copy(MemorySegment.ofArray(bytes), 0, s, 0, bytes.length);
        return s;
    }
}
