package io.jvortex.internal.encodings.fsst;

import static io.jvortex.internal.encodings.varbin.RandomStrings.decodedRows;
import static io.jvortex.internal.encodings.varbin.RandomStrings.roundTrip;
import static io.jvortex.internal.encodings.varbin.RandomStrings.rows;
import static io.jvortex.internal.encodings.varbin.RandomStrings.value;
import static io.jvortex.internal.encodings.varbin.RandomStrings.varBin;
import static io.jvortex.internal.encodings.varbin.RandomStrings.views;
import static org.assertj.core.api.Assertions.assertThat;

import io.jvortex.array.Canonical;
import io.jvortex.array.TestSupport;
import io.jvortex.internal.compress.Compressor;
import io.jvortex.dtype.DType;
import io.jvortex.internal.encodings.varbin.FlatStrings;
import io.jvortex.internal.encodings.varbin.RandomStrings.Kind;
import io.jvortex.internal.encodings.varbin.RandomStrings.Nulls;
import io.jvortex.internal.encodings.varbin.VarBinScheme;
import io.jvortex.spi.WriteNode;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The FSST encoder against our decoder: every row of seeded random inputs (text of several shapes,
 * random bytes with 0x00 and 0xFF, empty and long repetitive rows, nulls none / some / all, lengths
 * around the 1024-row boundaries) comes back byte-exact, both from the raw codes and from the
 * serialized {@code vortex.fsst} node the scheme writes.
 */
class FsstEncoderTest {
    /** Raw encoder check: each row's codes decode to the row's bytes. */
    static void assertCodesDecode(List<byte[]> values) {
        Canonical array = views(new DType.Binary(true), values);
        FlatStrings rows = FlatStrings.of(array);
        FsstEncoder encoder = FsstEncoder.train(rows.data(), rows.offsets(), rows.length());
        assertThat(encoder.symbolCount()).isLessThanOrEqualTo(255);
        FsstScheme.Encoded encoded = FsstScheme.encode(encoder, rows);
        FsstDecoder decoder = new FsstDecoder(encoder.symbols(), encoder.symbolLengths());
        for (int i = 0; i < values.size(); i++) {
            byte[] expected = values.get(i) == null ? new byte[0] : values.get(i);
            MemorySegment out = MemorySegment.ofArray(new byte[expected.length]);
            long produced = decoder.decompress(encoded.codes(), encoded.offsets()[i], encoded.offsets()[i + 1], out,
                    expected.length);
            assertThat(produced).as("row %d", i).isEqualTo(expected.length);
            assertThat(out.asSlice(0, expected.length).toArray(ValueLayout.JAVA_BYTE)).as("row %d", i)
                    .isEqualTo(expected);
        }
    }

    @Test
    void everyShapeRoundTripsThroughTheSchemeAndOurDecoder() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.everyShapeRoundTripsThroughTheSchemeAndOurDecoder");
        Compressor compressor = new Compressor(List.of(new FsstScheme()), id -> true);
        int[] lengths = {0, 1, 1023, 1024, 1025};
        try (Arena arena = Arena.ofConfined()) {
            for (Kind kind : Kind.values()) {
                for (Nulls nulls : Nulls.values()) {
                    for (int n : lengths) {
                        List<byte[]> values = rows(r, kind, nulls, n);
                        assertCodesDecode(values);
                        boolean text = kind != Kind.RANDOM_BYTES;
                        DType dtype = text ? new DType.Utf8(nulls != Nulls.NONE) : new DType.Binary(nulls != Nulls.NONE);
                        Canonical array = r.nextBoolean() ? views(dtype, values) : varBin(dtype, values);
                        WriteNode node = compressor.compress(array);
                        Canonical back = roundTrip(node, dtype, n, arena);
                        assertThat(decodedRows(back)).as("%s %s %d", kind, nulls, n)
                                .usingElementComparator(Arrays::compare).isEqualTo(values);
                        if (n >= 1023 && nulls != Nulls.ALL && kind != Kind.EMPTY && kind != Kind.RANDOM_BYTES) {
                            assertThat(node.encodingId()).as("%s %s %d", kind, nulls, n).isEqualTo(FsstEncoding.ID);
                        }
                    }
                }
            }
        }
    }

    @Test
    void largeAndMixedInputs() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.largeAndMixedInputs");
        List<byte[]> values = new ArrayList<>();
        for (int i = 0; i < 65537; i++) {
            values.add(r.nextInt(10) == 0 ? null : value(r, Kind.values()[r.nextInt(Kind.values().length)]));
        }
        assertCodesDecode(values);
        DType dtype = new DType.Binary(true);
        WriteNode node = new Compressor(List.of(new FsstScheme()), id -> true).compress(views(dtype, values));
        assertThat(node.encodingId()).isEqualTo(FsstEncoding.ID);
        try (Arena arena = Arena.ofConfined()) {
            assertThat(decodedRows(roundTrip(node, dtype, values.size(), arena)))
                    .usingElementComparator(Arrays::compare).isEqualTo(values);
        }
    }

    @Test
    void compressesRepetitiveTextWell() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.compressesRepetitiveTextWell");
        List<byte[]> values = rows(r, Kind.URLS, Nulls.NONE, 4096);
        FlatStrings rows = FlatStrings.of(views(new DType.Utf8(false), values));
        FsstEncoder encoder = FsstEncoder.train(rows.data(), rows.offsets(), rows.length());
        FsstScheme.Encoded encoded = FsstScheme.encode(encoder, rows);
        // URLs built from a few words and digits: well under half the bytes (FSST reaches ~2.5-3x).
        assertThat(encoded.codes().byteSize()).isLessThan(rows.data().length / 2);
        assertThat(encoder.symbolCount()).isBetween(100, 255);
    }

    @Test
    void symbolTableFollowsTheReferenceOrder() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.symbolTableFollowsTheReferenceOrder");
        List<byte[]> values = rows(r, r.nextBoolean() ? Kind.WORDS : Kind.URLS, Nulls.NONE, 3000);
        FlatStrings rows = FlatStrings.of(views(new DType.Utf8(false), values));
        FsstEncoder encoder = FsstEncoder.train(rows.data(), rows.offsets(), rows.length());
        byte[] lengths = encoder.symbolLengths().toArray(ValueLayout.JAVA_BYTE);
        long[] symbols = encoder.symbols().toArray(ValueLayout.JAVA_LONG);
        // The reference rebuilds a compressor from the table to compare constants with codes: it
        // panics when two symbols of 3+ bytes share its hash slot (fsst_hash of the first three bytes,
        // mod 2048), and emits a two-byte code without looking further when no longer symbol starts
        // with those two bytes, so those two-byte symbols must come first.
        boolean[] slotUsed = new boolean[2048];
        java.util.Set<Integer> extended = new java.util.HashSet<>();
        for (int c = 0; c < lengths.length; c++) {
            if (lengths[c] >= 3) {
                long prefix = symbols[c] & 0xFF_FFFFL;
                int slot = (int) ((prefix * 2971215073L) ^ (prefix >>> 15)) & 2047;
                assertThat(slotUsed[slot]).as("slot of symbol %d", c).isFalse();
                slotUsed[slot] = true;
                extended.add((int) (symbols[c] & 0xFFFF));
            }
        }
        boolean seenExtended = false;
        for (int c = 0; c < lengths.length && lengths[c] == 2; c++) {
            boolean e = extended.contains((int) (symbols[c] & 0xFFFF));
            assertThat(!e && seenExtended).as("two-byte symbol %d without suffix after one with", c).isFalse();
            seenExtended |= e;
        }
        int[] rank = {-1, 8, 0, 1, 2, 3, 4, 5, 6}; // indexed by length: 2, 3..8, then 1
        for (int c = 1; c < lengths.length; c++) {
            assertThat(rank[lengths[c]]).isGreaterThanOrEqualTo(rank[lengths[c - 1]]);
        }
        for (int c = 0; c < lengths.length; c++) {
            assertThat(lengths[c]).isBetween((byte) 1, (byte) 8);
            assertThat(symbols[c] >>> (8 * lengths[c]) == 0 || lengths[c] == 8).isTrue();
            if (lengths[c] > 1) {
                assertThat((symbols[c] >>> (8 * (lengths[c] - 1))) & 0xFF).isNotZero();
            }
        }
    }

    @Test
    void varbinFallbackRoundTrips() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.varbinFallbackRoundTrips");
        Compressor compressor = new Compressor(List.of(new VarBinScheme()), id -> true);
        try (Arena arena = Arena.ofConfined()) {
            for (Nulls nulls : Nulls.values()) {
                for (int n : new int[] {1, 1025, 70000}) {
                    List<byte[]> values = rows(r, Kind.RANDOM_BYTES, nulls, n);
                    DType dtype = new DType.Binary(nulls != Nulls.NONE);
                    WriteNode node = compressor.compress(views(dtype, values));
                    if (nulls != Nulls.ALL && n > 1) {
                        assertThat(node.encodingId()).isEqualTo("vortex.varbin");
                    }
                    assertThat(decodedRows(roundTrip(node, dtype, n, arena)))
                            .usingElementComparator(Arrays::compare).isEqualTo(values);
                }
            }
        }
    }
    /**
     * The selection that lets training sort only the head of its candidates: the k-th largest of
     * seeded arrays (few distinct values, many, sorted, reversed, all equal) equals the sorted array's.
     */
    @Test
    void kthLargestMatchesSorting() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.kthLargestMatchesSorting");
        for (int trial = 0; trial < 400; trial++) {
            int n = 1 + r.nextInt(trial < 200 ? 40 : 5000);
            int shape = trial % 5;
            long spread = shape == 0 ? 3 : shape == 1 ? Long.MAX_VALUE : 1000;
            long[] a = new long[n];
            for (int i = 0; i < n; i++) {
                a[i] = shape == 4 ? 7 : r.nextLong(spread) - (shape == 1 ? spread / 2 : 0);
            }
            if (shape == 2) {
                Arrays.sort(a);
            } else if (shape == 3) {
                Arrays.sort(a);
                for (int i = 0; i < n / 2; i++) {
                    long t = a[i];
                    a[i] = a[n - 1 - i];
                    a[n - 1 - i] = t;
                }
            }
            long[] sorted = a.clone();
            Arrays.sort(sorted);
            int k = 1 + r.nextInt(n);
            assertThat(FsstEncoder.kthLargest(a.clone(), n, k)).as("trial %d: n %d, k %d", trial, n, k)
                    .isEqualTo(sorted[n - k]);
        }
    }
    /**
     * Training's candidate order (descending gain, descending length, ascending unsigned word) from
     * the packed primitive sort equals a comparison sort's, with many ties of gain and length, words
     * with the sign bit set, and gains large enough to take the comparison path.
     */
    @Test
    void candidateOrderMatchesAComparisonSort() {
        SplittableRandom r = TestSupport.random("FsstEncoderTest.candidateOrderMatchesAComparisonSort");
        for (int trial = 0; trial < 300; trial++) {
            int k = r.nextInt(trial < 100 ? 20 : 3000);
            long gainRange = trial % 3 == 0 ? 4 : trial % 3 == 1 ? 1_000_000 : Long.MAX_VALUE / 2;
            java.util.Set<Long> seen = new java.util.HashSet<>();
            long[] symbols = new long[k];
            long[] gain = new long[k];
            for (int i = 0; i < k; i++) {
                long word;
                do {
                    int len = 1 + r.nextInt(8);
                    word = len == 8 ? r.nextLong() : r.nextLong(1L << (8 * len));
                    word |= (1L + r.nextInt(255)) << (8 * (len - 1));
                } while (!seen.add(word));
                symbols[i] = word;
                gain[i] = r.nextLong(gainRange);
            }
            Integer[] perm = new Integer[k];
            for (int i = 0; i < k; i++) {
                perm[i] = i;
            }
            Arrays.sort(perm, (a, b) -> {
                int c = Long.compare(gain[b], gain[a]);
                if (c != 0) {
                    return c;
                }
                c = Integer.compare(FsstEncoder.symbolLength(symbols[b]), FsstEncoder.symbolLength(symbols[a]));
                return c != 0 ? c : Long.compareUnsigned(symbols[a], symbols[b]);
            });
            long[] expected = new long[k];
            for (int i = 0; i < k; i++) {
                expected[i] = symbols[perm[i]];
            }
            assertThat(FsstEncoder.order(symbols, gain, k)).as("trial %d, %d candidates", trial, k)
                    .isEqualTo(expected);
        }
    }
}
