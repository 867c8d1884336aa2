package io.jvortex.array;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jvortex.error.VortexException;
import io.jvortex.dtype.DType;
import io.jvortex.dtype.PType;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class TakeTest {
    private final Arena arena = Arena.ofAuto();
    private final Allocator alloc = TestSupport.allocator(arena);

    static PrimitiveArray indices(Allocator alloc, PType ptype, long[] values, Validity validity) {
        MemorySegment s = alloc.allocate((long) values.length * ptype.byteWidth());
        for (int i = 0; i < values.length; i++) {
            switch (ptype.byteWidth()) {
                case 1 -> s.set(ValueLayout.JAVA_BYTE, i, (byte) values[i]);
                case 2 -> s.set(ValueLayout.JAVA_SHORT_UNALIGNED, 2L * i, (short) values[i]);
                case 4 -> s.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) values[i]);
                default -> s.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, values[i]);
            }
        }
        boolean nullable = !(validity instanceof Validity.AllValid);
        return new PrimitiveArray(new DType.Primitive(ptype, nullable), s, values.length, validity);
    }

    /**
     * Indices are range-checked a word at a time: an index at or above the value count, or a
     * negative signed one, must be caught wherever it sits (any lane of a word, or the tail), for
     * every index type and for value counts around the half- and full-range edges.
     */
    @Test
    void outOfRangeIndicesAreCaughtAnywhere() {
        SplittableRandom r = TestSupport.random("TakeTest.outOfRangeIndicesAreCaughtAnywhere");
        PType[] types = {PType.U8, PType.I8, PType.U16, PType.I16, PType.U32, PType.I32, PType.U64, PType.I64};
        for (int iter = 0; iter < 4000; iter++) {
            PType ptype = types[r.nextInt(types.length)];
            boolean signed = ptype.isSigned();
            int bits = ptype.bitWidth();
            long half = bits >= 32 ? 1L << 10 : 1L << (bits - 1); // wide types: keep the value arrays small
            int n = (int) switch (r.nextInt(4)) {
                case 0 -> r.nextLong(1, 8);
                case 1 -> r.nextLong(Math.max(1, half - 8), half + 8);
                case 2 -> bits <= 16 ? r.nextLong(2 * half - 6, 2 * half + 6) : r.nextLong(1, 300);
                default -> r.nextLong(1, 300);
            };
            int len = r.nextInt(1, 40);
            long[] idx = new long[len];
            long valid = signed ? Math.min(n, half) : Math.min(n, bits >= 32 ? n : 2 * half);
            for (int i = 0; i < len; i++) {
                idx[i] = r.nextLong(valid);
            }
            // an unsigned 8- or 16-bit index cannot exceed its range: past it nothing is out of range
            boolean bad = r.nextBoolean() && (signed || bits >= 32 || n < 2 * half);
            if (bad) {
                long v;
                do {
                    v = switch (r.nextInt(3)) {
                        case 0 -> signed ? -r.nextLong(1, bits == 64 ? Long.MAX_VALUE : 1L << (bits - 1)) : r.nextLong(n, bits >= 32 ? n + 1000 : 2 * half);
                        case 1 -> n + r.nextLong(0, 3);
                        default -> bits == 64 ? r.nextLong() : r.nextLong(signed ? -(1L << (bits - 1)) : 0,
                                signed ? 1L << (bits - 1) : 1L << bits);
                    };
                } while (v >= 0 && v < n || !signed && bits < 64 && v >= 1L << bits || signed && bits < 64
                        && v >= 1L << (bits - 1));
                idx[r.nextInt(len)] = v;
            }
            // every value width: a small source of 4- or 8-byte values is staged on the heap, where the
            // JVM's bounds check is what finds a bad index
            PType valueType = new PType[] {PType.I8, PType.I16, PType.I32, PType.I64}[r.nextInt(4)];
            PrimitiveArray values = TestArrays.primitive(valueType, false, new long[n], null);
            PrimitiveArray indices = indices(alloc, ptype, idx, Validity.ALL_VALID);
            if (bad) {
                assertThatThrownBy(() -> Take.take(values, indices, alloc)).as("%s %s n=%d idx=%s", valueType, ptype, n,
                        java.util.Arrays.toString(idx)).isInstanceOf(VortexException.class)
                        .hasMessageContaining("out of range");
            } else {
                assertThat(Take.take(values, indices, alloc).length()).as("%s %s n=%d idx=%s", valueType, ptype, n,
                        java.util.Arrays.toString(idx)).isEqualTo(len);
            }
        }
    }

    @Test
    void randomTakesMatchNaiveGather() {
        SplittableRandom r = TestSupport.random("TakeTest.randomTakesMatchNaiveGather");
        RandomArrays gen = new RandomArrays(r, alloc);
        PType[] intTypes = {PType.U8, PType.U16, PType.U32, PType.U64, PType.I8, PType.I16, PType.I32, PType.I64};
        for (int iter = 0; iter < 400; iter++) {
            DType dtype = gen.dtype(2);
            int n = r.nextInt(1, 120);
            Canonical values = gen.array(dtype, n);
            PType ptype = intTypes[r.nextInt(intTypes.length)];
            long maxIndex = ptype.isSigned() ? (1L << (ptype.bitWidth() - 1)) - 1 : Long.MAX_VALUE;
            if (ptype.byteWidth() < 8 && !ptype.isSigned()) {
                maxIndex = (1L << ptype.bitWidth()) - 1;
            }
            int bound = (int) Math.min(n, maxIndex == Long.MAX_VALUE ? n : maxIndex + 1);
            int len = r.nextInt(10) == 0 ? r.nextInt(1000, 3000) : r.nextInt(0, 200); // some span several blocks
            long[] idx = new long[len];
            boolean nullable = r.nextBoolean();
            Validity iv = nullable ? gen.validity(new DType.Bool(true), len) : Validity.ALL_VALID;
            for (int i = 0; i < len; i++) {
                // Null index slots hold garbage, possibly out of range.
                idx[i] = iv.isValid(i) ? r.nextInt(bound) : r.nextInt(1000) - 500;
            }
            PrimitiveArray indices = indices(alloc, ptype, idx, iv);
            if (nullable && iv instanceof Validity.AllValid) {
                indices = new PrimitiveArray(new DType.Primitive(ptype, true), indices.values(), len, iv);
            }
            Canonical out = Take.take(values, indices, alloc);
            List<Object> expected = new ArrayList<>();
            List<Object> all = TestSupport.rows(values);
            for (int i = 0; i < len; i++) {
                expected.add(iv.isValid(i) ? all.get((int) idx[i]) : null);
            }
            assertThat(out.length()).isEqualTo(len);
            assertThat(out.dtype()).isEqualTo(nullable ? dtype.withNullable(true) : dtype);
            assertThat(TestSupport.rows(out)).as("iteration %d, %s", iter, dtype.display()).isEqualTo(expected);
        }
    }

    /**
     * Gathers run a block of rows at a time: rows spanning several blocks, unsigned index values
     * with their top bit set, and 16- and 32-byte values from a source too large to stage on the heap
     * must all come out byte for byte.
     */
    @Test
    void blockedGathersKeepEveryByteForEveryIndexWidth() {
        SplittableRandom r = TestSupport.random("TakeTest.blockedGathersKeepEveryByteForEveryIndexWidth");
        // a big source read by few rows, and a small one (a dictionary's values) read by many
        for (int n : new int[] {70_000, 300}) {
        for (int width : new int[] {1, 2, 4, 8, 16, 32}) {
            MemorySegment whole = alloc.allocate(((long) n * width + 7) & ~7L);
            for (long b = 0; b < whole.byteSize(); b += 8) {
                whole.set(ValueLayout.JAVA_LONG_UNALIGNED, b, r.nextLong());
            }
            MemorySegment v = whole.asSlice(0, (long) n * width);
            Canonical values = switch (width) {
                case 1 -> new PrimitiveArray(new DType.Primitive(PType.U8, false), v, n, Validity.ALL_VALID);
                case 2 -> new PrimitiveArray(new DType.Primitive(PType.U16, false), v, n, Validity.ALL_VALID);
                case 4 -> new PrimitiveArray(new DType.Primitive(PType.U32, false), v, n, Validity.ALL_VALID);
                case 8 -> new PrimitiveArray(new DType.Primitive(PType.U64, false), v, n, Validity.ALL_VALID);
                default -> new DecimalArray(new DType.Decimal(width == 16 ? 38 : 76, 0, false), width, v, n,
                        Validity.ALL_VALID);
            };
            for (PType it : new PType[] {PType.U8, PType.U16, PType.U32, PType.U64}) {
                int bound = Math.min(n, it == PType.U8 ? 256 : it == PType.U16 ? 65_536 : n);
                long[] idx = new long[n > 1_000 ? 2_600 : 5_000];
                for (int i = 0; i < idx.length; i++) {
                    // the top of the range often: the sign bit of a byte or short index
                    idx[i] = r.nextInt(4) == 0 ? bound - 1 - r.nextInt(8) : r.nextInt(bound);
                }
                Canonical out = Take.take(values, indices(alloc, it, idx, Validity.ALL_VALID), alloc);
                MemorySegment got = out instanceof PrimitiveArray p ? p.values() : ((DecimalArray) out).values();
                for (int i = 0; i < idx.length; i++) {
                    assertThat(got.asSlice((long) i * width, width).toArray(ValueLayout.JAVA_BYTE))
                            .as("%d values of width %d, %s index %d at %d", n, width, it, idx[i], i)
                            .isEqualTo(v.asSlice(idx[i] * width, width).toArray(ValueLayout.JAVA_BYTE));
                }
            }
        }
        }
    }

    @Test
    void primitiveFastPathsForEveryIndexAndValueWidth() {
        for (PType vt : PType.values()) {
            for (PType it : new PType[] {PType.U8, PType.I16, PType.U32, PType.I64}) {
                int n = 100;
                MemorySegment v = alloc.allocate((long) n * vt.byteWidth());
                for (int i = 0; i < n * vt.byteWidth(); i++) {
                    v.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 7 + 3));
                }
                PrimitiveArray values = new PrimitiveArray(new DType.Primitive(vt, false), v, n, Validity.ALL_VALID);
                long[] idx = {99, 0, 5, 5, 42};
                Canonical out = Take.take(values, indices(alloc, it, idx, Validity.ALL_VALID), alloc);
                for (int i = 0; i < idx.length; i++) {
                    assertThat(((PrimitiveArray) out).getLong(i)).isEqualTo(values.getLong((int) idx[i]));
                }
            }
        }
    }

    @Test
    void outOfRangeIndexIsAVortexException() {
        PrimitiveArray values = (PrimitiveArray) Constant.expand(new io.jvortex.scalar.Scalar(
                new DType.Primitive(PType.I32, false), 7L), 3, alloc);
        assertThatThrownBy(() -> Take.take(values, indices(alloc, PType.U8, new long[] {0, 3}, Validity.ALL_VALID), alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("index 3 at row 1");
        assertThatThrownBy(() -> Take.take(values, indices(alloc, PType.I32, new long[] {-1}, Validity.ALL_VALID), alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("index -1");
        assertThatThrownBy(() -> Take.take(values, indices(alloc, PType.U64, new long[] {-1}, Validity.ALL_VALID), alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("18446744073709551615");
        MemorySegment bits = BitBuffers.allocate(2, alloc);
        Validity.Bits.set(bits, 1, true);
        assertThatThrownBy(() -> Take.take(values,
                indices(alloc, PType.U16, new long[] {1000, 3}, new Validity.Bitmap(bits, 0)), alloc))
                .isInstanceOf(VortexException.class).hasMessageContaining("index 3 at row 1");
        assertThatThrownBy(() -> Take.take(values, new PrimitiveArray(new DType.Primitive(PType.F32, false),
                alloc.allocate(4), 1, Validity.ALL_VALID), alloc)).isInstanceOf(VortexException.class);
    }

    @Test
    void takeFromEmptyValuesWithAllNullIndicesGivesNulls() {
        Canonical values = Canonicals.zeros(new DType.Utf8(false), 0, Validity.ALL_VALID, alloc);
        MemorySegment bits = BitBuffers.allocate(3, alloc);
        Canonical out = Take.take(values, indices(alloc, PType.U8, new long[] {9, 9, 9}, new Validity.Bitmap(bits, 0)),
                alloc);
        assertThat(TestSupport.rows(out)).containsExactly(null, null, null);
        assertThat(out.dtype()).isEqualTo(new DType.Utf8(true));
        assertThatThrownBy(() -> Take.take(values, indices(alloc, PType.U8, new long[] {0}, Validity.ALL_VALID), alloc))
                .isInstanceOf(VortexException.class);
    }

    @Test
    void emptyIndices() {
        Canonical values = Canonicals.zeros(new DType.Bool(false), 5, Validity.ALL_VALID, alloc);
        assertThat(Take.take(values, indices(alloc, PType.U8, new long[0], Validity.ALL_VALID), alloc).length())
                .isZero();
    }
}
