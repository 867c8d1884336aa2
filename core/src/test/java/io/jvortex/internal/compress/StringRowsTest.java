package io.jvortex.internal.compress;

import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.Validity;
import io.jvortex.array.VarBinViewArray;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.varbin.FlatStrings;
import io.jvortex.internal.encodings.varbin.RandomStrings;
import io.jvortex.internal.write.ColumnArrays;
import io.jvortex.testing.Seeds;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The bulk string paths of the writer ({@link StringRows}, {@link FlatStrings#of}, string copies,
 * distinct and run counts) against per-row reads, on views that point anywhere: several buffers,
 * out of order, shared bytes, slices, nulls whose views hold junk.
 */
class StringRowsTest {
    @Test
    void bulkStringPathsAgreeWithPerRowReads() {
        SplittableRandom r = Seeds.random("StringRowsTest.bulkStringPathsAgreeWithPerRowReads");
        for (int round = 0; round < 300; round++) {
            int n = r.nextInt(1, 9000);
            RandomStrings.Kind kind = RandomStrings.Kind.values()[r.nextInt(RandomStrings.Kind.values().length)];
            boolean nullable = r.nextBoolean();
            List<byte[]> rows = RandomStrings.rows(r, kind, nullable ? RandomStrings.Nulls.SOME : RandomStrings.Nulls.NONE, n);
            if (r.nextInt(4) == 0) { // few distinct values, long runs
                for (int i = 1; i < n; i++) {
                    if (r.nextInt(5) != 0) {
                        rows.set(i, rows.get(i - 1));
                    }
                }
            }
            DType dtype = new DType.Utf8(nullable);
            VarBinViewArray whole = scattered(r, dtype, rows);
            int from = r.nextInt(Math.max(1, n / 3));
            int len = r.nextInt(n - from + 1);
            Canonical array = r.nextBoolean() ? whole.slice(from, len) : whole;
            List<byte[]> expected = new ArrayList<>();
            for (int i = 0; i < array.length(); i++) {
                expected.add(array.isValid(i) ? ((VarBinViewArray) array).value(i) : null);
            }
            String where = "round " + round + " rows " + array.length();

            StringRows reader = new StringRows(array);
            for (int k = 0; k < 200 && array.length() > 0; k++) { // random order too
                int i = k < 100 ? Math.min(k, array.length() - 1) : r.nextInt(array.length());
                int size = reader.load(i);
                assertThat(Arrays.copyOf(reader.bytes(), size)).as(where + " row " + i)
                        .isEqualTo(((VarBinViewArray) array).value(i));
                assertThat(reader.length(i)).isEqualTo(size);
            }

            for (int k = 0; k < 300 && array.length() > 1; k++) {
                int a = r.nextInt(array.length());
                int b = r.nextInt(array.length());
                long ka = reader.prefixKey(a);
                long kb = reader.prefixKey(b);
                int order = Arrays.compareUnsigned(((VarBinViewArray) array).value(a), ((VarBinViewArray) array).value(b));
                if (ka != kb) {
                    assertThat(Long.signum(ka - kb)).as(where + " keys of rows " + a + ", " + b).isEqualTo(Integer.signum(order));
                }
            }

            FlatStrings flat = FlatStrings.of(array);
            for (int i = 0; i < array.length(); i++) {
                byte[] got = Arrays.copyOfRange(flat.data(), flat.offsets()[i], flat.offsets()[i + 1]);
                assertThat(got).as(where + " flat row " + i).isEqualTo(expected.get(i) == null ? new byte[0] : expected.get(i));
            }
            assertThat(flat.offsets()[array.length()]).isEqualTo(flat.data().length);

            VarBinViewArray copy = (VarBinViewArray) ColumnArrays.copy(array);
            assertThat(copy.dataBuffers()).hasSizeLessThanOrEqualTo(1);
            for (int i = 0; i < array.length(); i++) {
                assertThat(copy.isValid(i)).isEqualTo(expected.get(i) != null);
                if (expected.get(i) != null) {
                    assertThat(copy.value(i)).as(where + " copied row " + i).isEqualTo(expected.get(i));
                    byte[] view = copy.views().asSlice(16L * i + 4, 4).toArray(ValueLayout.JAVA_BYTE);
                    byte[] prefix = Arrays.copyOf(expected.get(i), 4);
                    if (expected.get(i).length > VarBinViewArray.MAX_INLINE) {
                        assertThat(view).as(where + " prefix of row " + i).isEqualTo(prefix);
                    }
                }
            }

            Set<ByteBuffer> distinct = new HashSet<>();
            int runs = 0;
            byte[] prev = null;
            for (byte[] v : expected) {
                if (v != null) {
                    distinct.add(ByteBuffer.wrap(v));
                    if (prev == null || !Arrays.equals(prev, v)) {
                        runs++;
                    }
                    prev = v;
                }
            }
            ArrayFacts facts = new ArrayFacts(array);
            assertThat(facts.distinctCount(Integer.MAX_VALUE - 1)).as(where).isEqualTo(distinct.size());
            assertThat(facts.runCount()).as(where).isEqualTo(runs);
            int cap = r.nextInt(1, 50);
            assertThat(new ArrayFacts(array).distinctCount(cap)).isEqualTo(Math.min(distinct.size(), cap + 1));
        }
    }

    /**
     * Rows of a {@link io.jvortex.array.VarBinArray} read through offsets of every width the reader
     * copies in bulk (i32, u32, i64), from arrays that cross the 4096-row block and start mid-buffer,
     * in order and at random: bytes, lengths and prefix keys agree with the values.
     */
    @Test
    void varBinRowsAgreeWithTheirValues() {
        SplittableRandom r = Seeds.random("StringRowsTest.varBinRowsAgreeWithTheirValues");
        for (int round = 0; round < 60; round++) {
            int n = r.nextInt(0, 9000);
            RandomStrings.Kind kind = RandomStrings.Kind.values()[r.nextInt(RandomStrings.Kind.values().length)];
            List<byte[]> rows = RandomStrings.rows(r, kind, RandomStrings.Nulls.NONE, n);
            io.jvortex.array.VarBinArray narrow = RandomStrings.varBin(new DType.Binary(false), rows);
            io.jvortex.dtype.PType ptype = List.of(io.jvortex.dtype.PType.I32, io.jvortex.dtype.PType.U32,
                    io.jvortex.dtype.PType.I64).get(r.nextInt(3));
            int width = ptype.byteWidth();
            MemorySegment offsets = MemorySegment.ofArray(new byte[width * (n + 1)]);
            for (int i = 0; i <= n; i++) {
                long o = narrow.offset(i);
                if (width == 8) {
                    offsets.set(ValueLayout.JAVA_LONG_UNALIGNED, 8L * i, o);
                } else {
                    offsets.set(ValueLayout.JAVA_INT_UNALIGNED, 4L * i, (int) o);
                }
            }
            io.jvortex.array.VarBinArray array = new io.jvortex.array.VarBinArray(narrow.dtype(),
                    new io.jvortex.array.PrimitiveArray(new DType.Primitive(ptype, false), offsets, n + 1,
                            Validity.ALL_VALID), narrow.bytes(), n, Validity.ALL_VALID);
            int from = n == 0 ? 0 : r.nextInt(n);
            io.jvortex.array.VarBinArray slice = array.slice(from, n - from);
            String where = "round " + round + " " + ptype + " rows " + n + " from " + from;
            StringRows reader = new StringRows(slice);
            for (int k = 0; k < 2 * slice.length(); k++) {
                int i = k < slice.length() ? k : r.nextInt(slice.length());
                byte[] expected = rows.get(from + i);
                assertThat(reader.length(i)).as(where + " length of row " + i).isEqualTo(expected.length);
                long key = 0;
                for (int b = 0; b < 4; b++) {
                    key = (key << 8) | (b < expected.length ? expected[b] & 0xFF : 0);
                }
                assertThat(reader.prefixKey(i)).as(where + " key of row " + i).isEqualTo(key);
                int size = reader.load(i);
                assertThat(Arrays.copyOf(reader.bytes(), size)).as(where + " row " + i).isEqualTo(expected);
            }
        }
    }

    @Test
    void majorityIsTheMostFrequentValueWheneverOneHoldsMoreThanHalf() {
        SplittableRandom r = Seeds.random("StringRowsTest.majorityIsTheMostFrequentValueWheneverOneHoldsMoreThanHalf");
        for (int round = 0; round < 2000; round++) {
            int n = r.nextInt(1, 300);
            int distinct = r.nextInt(1, 6);
            double share = r.nextDouble();
            long common = r.nextLong();
            long[] values = new long[n];
            boolean[] valid = new boolean[n];
            for (int i = 0; i < n; i++) {
                values[i] = r.nextDouble() < share ? common : r.nextInt(distinct);
                valid[i] = r.nextInt(5) != 0;
            }
            MemorySegment bits = MemorySegment.ofArray(new byte[(n + 7) / 8]);
            for (int i = 0; i < n; i++) {
                Validity.Bits.set(bits, i, valid[i]);
            }
            var array = Primitives.fromLongs(new DType.Primitive(io.jvortex.dtype.PType.I64, true), values, n,
                    new Validity.Bitmap(bits, 0));
            java.util.Map<Long, Integer> counts = new java.util.HashMap<>();
            int validCount = 0;
            for (int i = 0; i < n; i++) {
                if (valid[i]) {
                    counts.merge(values[i], 1, Integer::sum);
                    validCount++;
                }
            }
            ArrayFacts facts = new ArrayFacts(array);
            int top = counts.values().stream().mapToInt(Integer::intValue).max().orElse(0);
            if (2 * top > validCount) {
                assertThat(facts.majorityCount()).as("round " + round).isEqualTo(top);
                assertThat(counts.get(facts.majorityValue())).isEqualTo(top);
            } else {
                assertThat(2 * facts.majorityCount()).as("round " + round).isLessThanOrEqualTo(validCount);
            }
        }
    }

    /**
     * Views over three buffers: long values placed at random, some sharing bytes with an earlier
     * row, junk between values; null rows get the view of some other value.
     */
    private static VarBinViewArray scattered(SplittableRandom r, DType dtype, List<byte[]> rows) {
        int n = rows.size();
        byte[][] buffers = new byte[3][];
        int[] used = new int[3];
        for (int b = 0; b < 3; b++) {
            buffers[b] = new byte[rows.stream().mapToInt(v -> v == null ? 0 : v.length + 3).sum() + 16];
        }
        MemorySegment views = MemorySegment.ofArray(new byte[16 * n]);
        long[] placed = new long[n];
        for (int i = 0; i < n; i++) {
            byte[] v = rows.get(i) == null ? rows.get(r.nextInt(n)) : rows.get(i);
            if (v == null) {
                v = new byte[] {1, 2, 3};
            }
            long at = 16L * i;
            views.set(ValueLayout.JAVA_INT_UNALIGNED, at, v.length);
            if (v.length <= VarBinViewArray.MAX_INLINE) {
                MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, v.length);
                continue;
            }
            MemorySegment.copy(MemorySegment.ofArray(v), 0, views, at + 4, 4);
            int b;
            int offset;
            if (i > 0 && rows.get(i) != null && Arrays.equals(rows.get(i), rows.get(i - 1)) && placed[i - 1] >= 0
                    && r.nextBoolean()) {
                b = (int) (placed[i - 1] >>> 32);
                offset = (int) placed[i - 1];
            } else {
                b = r.nextInt(3);
                used[b] += r.nextInt(3) == 0 ? r.nextInt(3) : 0; // sometimes a gap
                offset = used[b];
                System.arraycopy(v, 0, buffers[b], offset, v.length);
                used[b] += v.length;
            }
            placed[i] = (long) b << 32 | offset;
            views.set(ValueLayout.JAVA_INT_UNALIGNED, at + 8, b);
            views.set(ValueLayout.JAVA_INT_UNALIGNED, at + 12, offset);
        }
        List<MemorySegment> segments = new ArrayList<>();
        for (byte[] b : buffers) {
            segments.add(MemorySegment.ofArray(b));
        }
        Validity validity = dtype.nullable() ? RandomStrings.validity(rows) : Validity.ALL_VALID;
        return new VarBinViewArray(dtype, views, segments, n, validity);
    }
}
