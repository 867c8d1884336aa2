package io.jvortex.internal.compress;

import io.jvortex.internal.registry.BuiltinSchemes;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.PrimitiveArray;
import io.jvortex.array.TestSupport;
import io.jvortex.array.Validity;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import io.jvortex.spi.DecodeContext;
import io.jvortex.registry.EncodingRegistry;
import io.jvortex.spi.SerializedArray;
import io.jvortex.internal.write.ArrayIds;
import io.jvortex.internal.write.ArraySerializer;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Predicate;

/** Test helpers: node trees through the serializer and our decoders, and random integer inputs. */
final class Roundtrip {
    /** The integer types. */
    static final List<PType> INTS = List.of(PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16,
            PType.I32, PType.I64);
    /** The lengths every encoder is tried at. */
    static final int[] LENGTHS = {1, 2, 1023, 1024, 1025, 65537};

    private Roundtrip() {
    }

    /** A context at the top of the cascade for the given permitted ids. */
    static CompressContext context(Predicate<String> allowed) {
        return new CompressContext(new Compressor(BuiltinSchemes.defaults(), allowed), 0, java.util.Set.of());
    }

    /** Serializes {@code node} as one segment and decodes it with our decoders. */
    static Canonical decode(WriteNode node, DType dtype, int length, Arena arena) {
        ArrayIds ids = new ArrayIds(List.of());
        ArraySerializer.Segment segment = ArraySerializer.serialize(node, ids);
        MemorySegment seg = arena.allocate(Math.max(1, segment.byteLength()), segment.alignment())
                .asSlice(0, segment.byteLength());
        MemorySegment.copy(MemorySegment.ofArray(segment.toByteArray()), 0, seg, 0, segment.byteLength());
        SerializedArray parsed = SerializedArray.parse(seg, 0, ids.ids(), "test", "root");
        return new DecodeContext(EncodingRegistry.defaults(), arena, false, 1L << 30).decode(parsed.root(), dtype,
                length);
    }

    /** Asserts that the node decodes to exactly the array's rows (nulls and bit patterns). */
    static void assertDecodesTo(WriteNode node, Canonical expected, String what) {
        try (Arena arena = Arena.ofConfined()) {
            Canonical actual = decode(node, expected.dtype(), expected.length(), arena);
            assertThat(actual.length()).as(what).isEqualTo(expected.length());
            assertThat(TestSupport.rows(actual)).as(what).isEqualTo(TestSupport.rows(expected));
        }
    }

    /** @return the encoding ids in a node tree, pre-order */
    static List<String> ids(WriteNode node) {
        List<String> out = new java.util.ArrayList<>();
        collect(node, out);
        return out;
    }

    private static void collect(WriteNode node, List<String> out) {
        out.add(node.encodingId());
        node.children().forEach(c -> collect(c, out));
    }

    /** Null patterns. */
    enum Nulls { NON_NULLABLE, NONE, SOME, MOSTLY }

    /** Value shapes. */
    enum Shape { SMALL_WITH_OUTLIERS, NARROW_RANGE, NEGATIVE_SMALL, RUNS, DOMINANT, LOW_CARDINALITY, SEQUENCE,
        FULL_RANGE, CONSTANT }

    /** A random integer array of the given type, length, shape and null pattern. */
    static PrimitiveArray ints(PType t, int len, Shape shape, Nulls nulls, SplittableRandom rnd) {
        int bits = t.bitWidth();
        long min = t.isSigned() ? (bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1))) : 0;
        long max = t.isSigned() ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1)
                : (bits == 64 ? -1L : (1L << bits) - 1);
        long[] v = new long[len];
        int w = 1 + rnd.nextInt(bits - 1);
        long base = rnd.nextLong();
        long[] pool = new long[1 + rnd.nextInt(10)];
        for (int k = 0; k < pool.length; k++) {
            pool[k] = rnd.nextLong();
        }
        long step = 1 + rnd.nextInt(3);
        for (int i = 0; i < len; i++) {
            v[i] = switch (shape) {
                case SMALL_WITH_OUTLIERS -> rnd.nextInt(100) == 0 ? (rnd.nextBoolean() ? max : min)
                        : rnd.nextLong() & (-1L >>> (64 - Math.min(w, bits - 1)));
                case NARROW_RANGE -> (rnd.nextBoolean() ? max - 200 : min + 3) + rnd.nextInt(100);
                case NEGATIVE_SMALL -> t.isSigned() ? rnd.nextInt(41) - 20 : rnd.nextInt(41);
                case RUNS -> i > 0 && rnd.nextInt(8) != 0 ? v[i - 1] : pool[rnd.nextInt(pool.length)];
                case DOMINANT -> rnd.nextInt(20) == 0 ? rnd.nextLong() : base;
                case LOW_CARDINALITY -> pool[rnd.nextInt(pool.length)];
                case SEQUENCE -> (bits == 64 ? 5 : 0) + (long) i * step;
                case FULL_RANGE -> rnd.nextLong();
                case CONSTANT -> base;
            };
        }
        if (shape == Shape.SEQUENCE && bits < 64) {
            // keep the progression inside the type: restart small when the length would overflow it
            long room = t.isSigned() ? (1L << (bits - 1)) - 1 : (1L << bits) - 1;
            if ((long) (len - 1) * step > room) {
                for (int i = 0; i < len; i++) {
                    v[i] = i % 3;
                }
            }
        }
        Validity validity = switch (nulls) {
            case NON_NULLABLE, NONE -> Validity.ALL_VALID;
            case SOME -> bitmap(len, 0.1, rnd);
            case MOSTLY -> bitmap(len, 0.95, rnd);
        };
        return io.jvortex.internal.compress.Primitives.fromLongs(new DType.Primitive(t, nulls != Nulls.NON_NULLABLE), v, len,
                validity);
    }

    /** A validity bitmap with about {@code nullShare} nulls and at least one valid row. */
    static Validity bitmap(int len, double nullShare, SplittableRandom rnd) {
        MemorySegment bits = MemorySegment.ofArray(new byte[(len + 7) / 8]);
        for (int i = 0; i < len; i++) {
            Validity.Bits.set(bits, i, rnd.nextDouble() >= nullShare);
        }
        Validity.Bits.set(bits, rnd.nextInt(len), true);
        return new Validity.Bitmap(bits, 0);
    }
}
